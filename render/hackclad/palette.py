"""The colours every HackClad picture shares, and the fixed palette they are drawn in.

Small drawings are in ``marks.py``, shared words in ``words.py``.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from render.core.canvas import fixed_palette
from render.core.indexed import IndexedPalette
from render.core.palette import AUTOMATON, INK, MUTED, PANEL, PAPER, RGB, SEAT_COLOURS, mix, tint

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
