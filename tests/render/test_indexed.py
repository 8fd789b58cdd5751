"""Drawing straight onto the palette gives exactly the pixels of an RGB drawing quantized afterwards."""

from __future__ import annotations

import io
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.bench.samples import bench_config, sample_states
from engines.core import GameConfig
from engines.registry import get as get_rules
from render.arclash import board as arclash_board
from render.arclash import hand as arclash_hand
from render.arclash.palette import indexed_palette as arclash_palette
from render.clashofdecks import board as clash_board
from render.clashofdecks import hand as clash_hand
from render.clashofdecks.palette import indexed_palette as clash_palette
from render.core.canvas import encode_png_indexed
from render.core.indexed import IndexedPalette
from render.core.indexed_canvas import IndexedCanvas
from render.core.palette import INK, PAPER, RGB
from render.core.stamps import StampCanvas
from render.hackclad import _named
from render.hackclad import board as hack_board
from render.hackclad import hand as hack_hand
from render.hackclad.palette import indexed_palette as hack_palette
from tests.render.reference import draw_in_rgb

PALETTES: dict[str, Callable[[], IndexedPalette]] = {
    "clashofdecks": clash_palette,
    "arclash": arclash_palette,
    "hackclad": hack_palette,
}


def same_pixels(drawn: Image.Image, reference: Image.Image, palette: IndexedPalette) -> None:
    """``drawn`` (P) holds the indices ``reference`` (RGB) is quantized to, pixel for pixel."""
    assert drawn.mode == "P" and reference.mode == "RGB"
    expected = palette.quantize(reference)
    assert drawn.size == expected.size
    # compare indices, not colours (two entries may hold one colour)
    where = ImageChops.difference(drawn.convert("RGB"), expected.convert("RGB")).getbbox()
    assert drawn.tobytes() == expected.tobytes(), where


@pytest.mark.parametrize("slug", sorted(PALETTES))
def test_index_is_what_quantize_gives(slug: str) -> None:
    palette = PALETTES[slug]()
    colours: list[RGB] = [*palette.colours[:80], (0, 0, 0), (255, 255, 255), (1, 2, 3), (252, 250, 246)]
    colours += [(r, g, b) for r in range(0, 256, 51) for g in range(0, 256, 85) for b in (7, 130, 250)]
    strip = Image.new("RGB", (len(colours), 1))
    for x, colour in enumerate(colours):
        strip.putpixel((x, 0), colour)
    mapped = palette.quantize(strip)
    assert [palette.index(c) for c in colours] == [mapped.getpixel((x, 0)) for x in range(len(colours))]


def _scene(canvas: StampCanvas) -> None:
    """Shapes in palette and off-palette colours, and text on flat, mixed and cut-off backgrounds."""
    d = canvas.draw
    d.rectangle((10, 10, 200, 80), fill=(0, 114, 178), outline=INK)
    d.rounded_rectangle(
        (220.4, 10.6, 390.5, 90), radius=12, fill=(232, 227, 216), outline=(213, 94, 0), width=3
    )
    d.rounded_rectangle((400, 10, 430, 32), 6, fill=(176, 52, 40))
    d.ellipse((20, 100, 60, 140), fill=(40, 60, 120))
    d.line((0, 150, 400, 150), fill=(110, 78, 46), width=2)
    d.polygon([(300, 100), (320, 130), (280, 130)], fill=(128, 70, 190), outline=(255, 255, 255))
    d.rectangle((450, 0, 599, 199), fill=(252, 250, 246))  # shares an index with (250, 248, 244) in HackClad
    canvas.text((20, 20), "Flat background", 22, (255, 255, 255), "bold")
    canvas.text((230, 30), "On a panel", 18, INK)
    canvas.text((180, 60), "Across an edge", 20, INK, "bold")  # starts on blue, ends on paper
    canvas.text((460, 20), "Card text", 17, (110, 108, 104))
    canvas.text((590, 180), "cut off", 20, INK)  # runs off the right edge
    canvas.text((300, 170), "mm anchor", 16, (0, 158, 115), anchor="mm")
    canvas.text((10, 160), "A long line that has to shrink to fit", 24, INK, max_width=200, min_size=12)


@pytest.mark.parametrize("slug", sorted(PALETTES))
def test_a_palette_canvas_draws_what_an_rgb_canvas_quantizes_to(slug: str) -> None:
    palette = PALETTES[slug]()
    drawn = IndexedCanvas(600, 200, palette)
    reference = StampCanvas(600, 200)
    _scene(drawn)
    _scene(reference)
    same_pixels(drawn.image, reference.image, palette)
    # saved as it is, with the same bytes as the quantized RGB drawing
    assert encode_png_indexed(drawn.image, palette.image) == encode_png_indexed(
        reference.image, palette.image
    )


def test_a_canvas_on_a_layer_leaves_the_layer_alone() -> None:
    palette = clash_palette()
    base = IndexedCanvas(300, 100, palette)
    base.draw.rectangle((0, 0, 150, 100), fill=(0, 114, 178))
    layer = base.image.copy()
    canvas = IndexedCanvas.on(layer, palette, base.surfaces)
    canvas.text((10, 10), "on top", 20, PAPER)
    assert layer.tobytes() == base.image.tobytes()
    fresh = IndexedCanvas(300, 100, palette)
    fresh.draw.rectangle((0, 0, 150, 100), fill=(0, 114, 178))
    fresh.text((10, 10), "on top", 20, PAPER)
    assert canvas.image.tobytes() == fresh.image.tobytes()


# ---------------------------------------------------------------- every game, real states

DRAWERS: dict[str, tuple[Callable[[Any, Any], Any], Callable[[Any, Any], Any], Callable[[Any, Any], Any]]] = {
    "clashofdecks": (clash_board.render_board, clash_hand.render_hand, lambda view, names: ()),
    "arclash": (arclash_board.render_board, arclash_hand.render_hand, lambda view, names: ()),
    "hackclad": (hack_board.render_board, hack_hand.render_hand, _named),
}
MODES = [
    ("clashofdecks", "duel"),
    ("clashofdecks", "duel/draft"),  # the draft panel on the board and in the hand
    ("clashofdecks", "2v2"),
    ("clashofdecks", "solo"),
    ("arclash", "standard"),
    ("hackclad", "basic"),
    ("hackclad", "team"),
]


def _pictures(slug: str, mode: str) -> list[tuple[str, str, Any]]:
    """(game, picture kind, view) for a spread of states: the board and two seats' hands each."""
    rules = get_rules(slug)
    mode, _, fmt = mode.partition("/")
    config = bench_config(rules, mode)
    if fmt:
        config = rules.resolve_config(GameConfig(mode, config.players, {"format": fmt}))
    views: list[tuple[str, str, Any]] = []
    # from the start of each game too: a draft is over after its first moves
    for state in sample_states(rules, config, 8, per_game=4, first_seed=21) + [
        rules.setup(config, seed) for seed in (3, 4)
    ]:
        views.append((slug, "board", rules.view(state, None)))
        views += [(slug, "hand", rules.view(state, seat)) for seat in range(min(config.players, 2))]
    return views


def _draw(slug: str, kind: str, view: Any) -> Any:
    board, hand, names = DRAWERS[slug]
    if kind == "hand" and slug == "hackclad" and (view.viewer is None or view.phase == "missions"):
        return None
    return (board if kind == "board" else hand)(view, names(view, ()))


@pytest.mark.parametrize(("slug", "mode"), MODES, ids=[f"{s}-{m}" for s, m in MODES])
def test_every_game_draws_on_its_palette_what_its_rgb_drawing_quantizes_to(
    monkeypatch: pytest.MonkeyPatch, slug: str, mode: str
) -> None:
    palette = PALETTES[slug]()
    for _, kind, view in _pictures(slug, mode):
        drawn = _draw(slug, kind, view)
        draw_in_rgb(monkeypatch)
        reference = _draw(slug, kind, view)
        monkeypatch.undo()
        assert (drawn is None) == (reference is None)
        if drawn is not None:
            same_pixels(drawn.image, reference.image, palette)


def test_pictures_drawn_in_threads_are_the_same() -> None:
    items = (
        _pictures("arclash", "standard") + _pictures("clashofdecks", "duel") + _pictures("hackclad", "team")
    )

    def png(item: tuple[str, str, Any]) -> bytes | None:
        slug, kind, view = item
        canvas = _draw(slug, kind, view)
        return None if canvas is None else encode_png_indexed(canvas.image, PALETTES[slug]().image)

    alone = [png(item) for item in items]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(png, items * 3))
    assert together == alone * 3
    assert all(p is None or Image.open(io.BytesIO(p)).mode == "P" for p in alone)


def _lab(colour: tuple[int, int, int]) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (D65), for colour differences as the eye sees them."""

    def linear(u: float) -> float:
        u /= 255
        return ((u + 0.055) / 1.055) ** 2.4 if u > 0.04045 else u / 12.92

    r, g, b = (linear(c) for c in colour)
    x = (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047
    y = r * 0.2126 + g * 0.7152 + b * 0.0722
    z = (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_six_seat_colours_are_far_apart() -> None:
    """Issue: seats 1/6 and 2/5 were hard to tell apart at six players (blue/sky, vermilion/orange)."""
    from render.core.palette import SEAT_COLOURS

    def delta(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
        return float(sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b), strict=True)) ** 0.5)

    closest = min(delta(a, b) for i, a in enumerate(SEAT_COLOURS) for b in SEAT_COLOURS[i + 1 :])
    assert closest > 35  # CIE76 ΔE; the old sky blue sat 26 from blue, the old orange 33 from vermilion
