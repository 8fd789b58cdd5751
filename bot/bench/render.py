"""Render cost: public and private images (time, size, width) beside the cost of only encoding them."""

from __future__ import annotations

import io
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot.bench.samples import Names
from bot.bench.stats import median, percentile, ratio
from engines.core import AnyRuleset
from render.core import encode_png
from render.core.memo import clear_all
from render.core.renderer import Renderer


@dataclass(frozen=True)
class ImageFigures:
    """Figures for one kind of image (public board or private hand)."""

    images: int
    ms_p50: float
    ms_p95: float
    encode_floor_ms_p50: float  # re-encoding the very pixels shipped, in the PNG mode shipped
    to_floor: float
    rgb_encode_ms_p50: float  # for context: the shared RGB encoder on the same pixels
    mode: str  # PNG colour mode shipped (RGB, P for an indexed palette...)
    kb_p50: float
    kb_max: float
    width_min: int
    height_max: int


def encode_floor_ms(png: bytes) -> float:
    """Milliseconds to encode the very picture ``png`` holds, in its own colour mode.

    That is the least any renderer must spend to ship those pixels in that format; converting
    the drawn RGB canvas to a palette is a choice the renderer makes, so it counts as rendering.
    """
    image = Image.open(io.BytesIO(png))
    image.load()
    start = time.perf_counter()
    encode_png(image)
    return (time.perf_counter() - start) * 1000


def _rgb_encode(png: bytes) -> float:
    """Milliseconds for the shared RGB encoder on the same pixels (context beside the floor)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    start = time.perf_counter()
    encode_png(image)
    return (time.perf_counter() - start) * 1000


def _figures(times: list[float], floors: list[float], pngs: list[bytes]) -> ImageFigures | None:
    if not pngs:
        return None
    rgb = [_rgb_encode(p) for p in pngs[:: max(1, len(pngs) // 8)]]
    sizes = [len(p) / 1024 for p in pngs]
    dims = [Image.open(io.BytesIO(p)).size for p in pngs]
    return ImageFigures(
        images=len(pngs),
        ms_p50=median(times),
        ms_p95=percentile(times, 95),
        encode_floor_ms_p50=median(floors),
        to_floor=ratio(median(times), median(floors)),
        kb_p50=median(sizes),
        kb_max=max(sizes),
        rgb_encode_ms_p50=median(rgb),
        mode=Image.open(io.BytesIO(pngs[0])).mode,
        width_min=min(w for w, _ in dims),
        height_max=max(h for _, h in dims),
    )


def private_seat(ruleset: AnyRuleset, state: Any) -> int:
    """The seat whose private image to draw: one being asked, else seat 0."""
    prompts = ruleset.prompts(state)
    return min(prompts) if prompts else 0


def measure_render(
    ruleset: AnyRuleset,
    renderer: Renderer,
    states: list[Any],
    rounds: int = 1,
    warm: Sequence[Any] = (),
) -> tuple[ImageFigures | None, ImageFigures | None]:
    """Render every state's public and private image ``rounds`` times, each followed at once by
    its encode floor; return (public, private) figures.

    Renderers remember pictures (``render.core.memo``); every cache is emptied before each
    drawing so these figures are the cost of drawing, and the pipeline shows what the cache saves.
    The ``warm`` states (from other games than ``states``) are drawn first, untimed: a running bot
    has long since loaded its fonts and rasterised the labels every board repeats, so a figure
    from a cold process would mostly measure its first minute. Every picture is drawn with
    player names never drawn before (warm-up ones included): a busy bot meets new players all
    the time, and a name already rasterised would flatter the figure.
    """
    warm_names, new_names = Names("Warm "), Names("")
    for state in warm:
        clear_all()
        spectator = ruleset.view(state, None)
        names = warm_names.seats(spectator.players)
        renderer.board(spectator, names)
        renderer.hand(ruleset.view(state, private_seat(ruleset, state)), names)
    views = []
    for state in states:
        spectator = ruleset.view(state, None)
        own = ruleset.view(state, private_seat(ruleset, state))
        views.append((spectator, own, new_names.seats(spectator.players)))
    board_t: list[float] = []
    board_f: list[float] = []
    boards: list[bytes] = []
    hand_t: list[float] = []
    hand_f: list[float] = []
    hands: list[bytes] = []
    for round_ in range(rounds):
        for public_view, seat_view, names in views:
            if round_:  # each round meets new players too
                names = new_names.seats(len(names))
            clear_all()
            start = time.perf_counter()
            png = renderer.board(public_view, names)
            board_t.append((time.perf_counter() - start) * 1000)
            board_f.append(encode_floor_ms(png))
            boards.append(png)
            clear_all()
            start = time.perf_counter()
            hand = renderer.hand(seat_view, names)
            elapsed = (time.perf_counter() - start) * 1000
            if hand is not None:
                hand_t.append(elapsed)
                hand_f.append(encode_floor_ms(hand))
                hands.append(hand)
    return _figures(board_t, board_f, boards), _figures(hand_t, hand_f, hands)
