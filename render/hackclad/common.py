"""Colours, sizes and small drawings every HackClad picture shares."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image

from engines.hackclad.state import HackView, WitchView
from render.core.canvas import Canvas, fixed_palette
from render.core.indexed import IndexedPalette
from render.core.names import seat_name
from render.core.palette import AUTOMATON, INK, MUTED, PANEL, PAPER, RGB, SEAT_COLOURS, mix, tint
from render.core.patches import draw_patch

CELL_BG: RGB = (236, 232, 222)
GRID: RGB = (170, 163, 150)
DANGER_SOFT: RGB = (246, 196, 190)
DANGER: RGB = (205, 55, 45)
SHARD: RGB = (128, 70, 190)
CLAD: RGB = (62, 62, 70)
GOLD: RGB = (214, 160, 20)
TYPE_COLOURS: dict[str, RGB] = {
    "attack": (196, 64, 48),
    "attack_magic": (170, 60, 150),
    "support": (60, 130, 70),
    "support_magic": (40, 140, 150),
    "reaction": (50, 90, 170),
    "reaction_magic": (100, 80, 190),
}


def player_of(w: WitchView) -> int:
    """The seat that runs witch ``w`` (her own number unless the view names another player)."""
    player: int = getattr(w, "player", w.seat)
    return player


def player_name(w: WitchView, names: Sequence[str]) -> str:
    """The drawable name of the person running witch ``w`` ("Player N" when unnamed)."""
    return seat_name(player_of(w), names)


def arrow(c: Canvas, cx: float, cy: float, facing: int, size: float, fill: RGB) -> None:
    """A filled triangle pointing along ``facing`` (0 up, 1 right, 2 down, 3 left)."""
    tip, left, right = (0.0, -1.0), (-0.6, 0.35), (0.6, 0.35)
    pts = []
    for px, py in (tip, left, right):
        for _ in range(facing):
            px, py = -py, px
        pts.append((cx + px * size, cy + py * size))
    c.draw.polygon(pts, fill=fill)


def range_grid(
    c: Canvas, x: float, y: float, cell: int, cells: list[tuple[int, int]], mark: RGB = DANGER, pin: RGB = INK
) -> None:
    """A 5x5 mini grid: the figure (pin) in the middle facing up, the card's cells shaded (pre-drawn once)."""
    key = ("range", cell, tuple(map(tuple, cells)), mark, pin)
    draw_patch(
        c, key, (x, y), (5 * cell, 5 * cell), lambda p, gx, gy: _range_grid(p, gx, gy, cell, cells, mark, pin)
    )


def _range_grid(
    c: Canvas, x: float, y: float, cell: int, cells: list[tuple[int, int]], mark: RGB, pin: RGB
) -> None:
    marked = {(2 + dx, 2 - dy) for dx, dy in cells}
    for gy in range(5):
        for gx in range(5):
            x0, y0 = x + gx * cell, y + gy * cell
            fill = mark if (gx, gy) in marked else (250, 248, 244)
            c.draw.rectangle((x0, y0, x0 + cell - 1, y0 + cell - 1), fill=fill, outline=GRID)
    cx, cy = x + 2.5 * cell, y + 2.5 * cell
    arrow(c, cx, cy, 0, cell * 0.38, pin)


def pips(c: Canvas, x: float, y: float, value: int, top: int, colour: RGB, size: int = 12) -> float:
    """A gauge drawn as ``top`` small squares, ``value`` of them filled; returns the x after it."""
    key = ("pips", value, top, colour, size)
    draw_patch(
        c,
        key,
        (x, y),
        (top * (size + 3) - 2, size + 1),
        lambda p, px, py: _pips(p, px, py, value, top, colour, size),
    )
    return x + top * (size + 3)


def _pips(c: Canvas, x: float, y: float, value: int, top: int, colour: RGB, size: int) -> None:
    for i in range(top):
        x0 = x + i * (size + 3)
        c.draw.rectangle(
            (x0, y, x0 + size, y + size), fill=colour if i < value else tint(colour, 0.8), outline=colour
        )


def headline(view: HackView) -> str:
    """The round / phase line."""
    stage = {"forecast": "Forecast", "draw": "Draw", "draft": "Draft", "action": "Action"}.get(view.stage, "")
    if view.phase == "missions":
        return "Setup: mission draft"
    if view.phase == "enhanced":
        return "Setup: secret enhanced cards"
    if view.over:
        return f"Game over after round {view.round}"
    return f"Round {view.round}/9 · {stage} phase"


__all__ = ["INK", "MUTED", "tint"]


@cache
def palette_image() -> Image.Image:
    """The fixed palette every HackClad picture is encoded with (fills exact, edges blended)."""
    white: RGB = (255, 255, 255)
    fills: list[RGB] = [
        PAPER,
        PANEL,
        INK,
        MUTED,
        CELL_BG,
        GRID,
        DANGER_SOFT,
        DANGER,
        SHARD,
        CLAD,
        GOLD,
        white,
        (250, 248, 244),
        (252, 250, 246),
        (250, 236, 230),
        (90, 90, 100),
        (60, 100, 200),
        AUTOMATON,
        *TYPE_COLOURS.values(),
    ]
    for seat_rgb in SEAT_COLOURS:
        fills += [
            seat_rgb,
            tint(seat_rgb, 0.55),
            tint(seat_rgb, 0.7),
            tint(seat_rgb, 0.75),
            tint(seat_rgb, 0.85),
        ]
    fills += [
        tint(GOLD, 0.8),
        tint((60, 100, 200), 0.8),
        tint(AUTOMATON, 0.55),
        tint(AUTOMATON, 0.7),
        tint(AUTOMATON, 0.85),
        tint(AUTOMATON, 0.75),
    ]
    colours: list[RGB] = list(dict.fromkeys(fills))
    # Anti-aliased edges: text and lines over the light backgrounds, and white text on dark fills.
    for ink in (INK, MUTED, white, DANGER, SHARD, CLAD, GOLD):
        for back in (PAPER, CELL_BG, white, CLAD, DANGER, SHARD):
            for t in (0.25, 0.5, 0.75):
                colours.append(mix(ink, back, t))
    return fixed_palette(list(dict.fromkeys(colours)))


@cache
def indexed_palette() -> IndexedPalette:
    """The palette every HackClad picture is drawn in, with its colour -> index mapping."""
    return IndexedPalette(palette_image())
