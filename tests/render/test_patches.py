"""Pre-drawn patches paste exactly what drawing the part in place gives, wherever they can."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from bot.bench.samples import bench_config, sample_states
from engines.registry import get as get_rules
from render.clashofdecks import hand as clash_hand
from render.clashofdecks import tiles as clash_tiles
from render.clashofdecks.palette import indexed_palette
from render.core import patches
from render.core.indexed_canvas import IndexedCanvas
from render.core.palette import INK, PANEL, RGB
from render.hackclad import marks
from render.hackclad.marks import pips, range_grid
from render.hackclad.palette import indexed_palette as hack_palette


def _part(canvas: Any, x: float, y: float) -> None:
    """A small drawing: a frame, a plank line and a word."""
    canvas.draw.rectangle((x, y, x + 40, y + 20), fill=(150, 110, 70), outline=INK)
    canvas.draw.line((x + 4, y + 10, x + 36, y + 10), fill=(110, 78, 46), width=2)
    canvas.text((x + 6, y + 3), "Hi", 14, (255, 255, 255), "bold")


def _both(xy: tuple[float, float], under: RGB | None = None) -> tuple[IndexedCanvas, IndexedCanvas]:
    cached, direct = IndexedCanvas(120, 60, indexed_palette()), IndexedCanvas(120, 60, indexed_palette())
    for canvas in (cached, direct):
        if under is not None:
            canvas.draw.rectangle((0, 0, 59, 59), fill=under)
    patches.draw_patch(cached, "part", xy, (41, 21), _part)
    _part(direct, *xy)
    return cached, direct


@pytest.mark.parametrize("xy", [(10, 10), (10.0, 30.0), (70, 5), (10.5, 10), (90, 50), (40, 20)])
def test_a_patch_is_what_drawing_in_place_gives(xy: tuple[float, float]) -> None:
    patches.clear_patches()
    for _ in range(2):  # drawn the first time, pasted the second
        cached, direct = _both(xy, under=PANEL)
        assert cached.image.tobytes() == direct.image.tobytes(), xy
        assert cached.surfaces == direct.surfaces


def test_a_patch_is_kept_per_background_and_reused() -> None:
    patches.clear_patches()
    _both((10, 10))
    _both((70, 10))  # the same key on the same paper: reused
    assert len(patches._patches) == 1
    _both((10, 10), under=PANEL)
    assert len(patches._patches) == 2
    _both((40, 20), under=PANEL)  # straddles panel and paper: drawn in place, nothing kept
    assert len(patches._patches) == 2


def test_hackclad_pips_and_grids_from_patches_match_in_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def draw(canvas: IndexedCanvas) -> float:
        after = pips(canvas, 10, 10, 3, 7, (60, 100, 200), 15)
        range_grid(canvas, 200, 40, 22, [(0, 1), (1, 1), (-1, 2)])
        return after

    patches.clear_patches()
    cached = [IndexedCanvas(400, 200, hack_palette()) for _ in range(2)]
    afters = [draw(canvas) for canvas in cached]  # drawn and kept, then pasted
    monkeypatch.setattr(marks, "draw_patch", lambda canvas, key, xy, size, part: part(canvas, *xy))
    direct = IndexedCanvas(400, 200, hack_palette())
    assert draw(direct) == afters[0] == afters[1]
    assert all(canvas.image.tobytes() == direct.image.tobytes() for canvas in cached)


def test_patches_drawn_from_many_threads_are_the_same() -> None:
    patches.clear_patches()

    def one(n: int) -> bytes:
        canvas = IndexedCanvas(300, 60, indexed_palette())
        for i in range(5):
            patches.draw_patch(canvas, ("part", i % 2), (10 + 50 * i, 10 + n % 3), (41, 21), _part)
        return canvas.image.tobytes()

    alone = [one(n) for n in range(12)]
    patches.clear_patches()
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(one, range(12))) == alone


def test_clash_hand_cards_from_patches_match_cards_drawn_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    # hands through a spread of games, each seat's: drawn with every card a patch (kept the first
    # time, pasted the second) and with every card drawn in place, byte for byte the same
    rules = get_rules("clashofdecks")
    views = []
    for mode in ("duel", "2v2", "solo"):
        config = bench_config(rules, mode)
        for state in sample_states(rules, config, 6, per_game=3, first_seed=31):
            views += [rules.view(state, seat) for seat in range(config.players)]
    names = ["Ada", "Bram", "Cleo", "Dov"]

    def hands() -> list[bytes | None]:
        return [None if (c := clash_hand.render_hand(v, names)) is None else c.image.tobytes() for v in views]

    patches.clear_patches()
    kept, pasted = hands(), hands()
    keys = [full[0] for full in patches._patches if isinstance(full, tuple)]  # (the caller's key, size...)
    assert any(isinstance(key, tuple) and key[0] == "clash hand card" for key in keys)
    monkeypatch.setattr(
        clash_hand,
        "pasted_hand_tile",
        lambda canvas, x, y, w, h, tile, playable: clash_tiles.hand_tile(canvas, x, y, w, h, tile, playable),
    )
    assert hands() == kept == pasted
