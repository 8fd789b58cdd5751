"""Arclash colours, the image width and the fixed palette every Arclash picture is drawn in.

The words for each seat's status are in ``status.py``.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from render.core.canvas import fixed_palette
from render.core.indexed import IndexedPalette
from render.core.palette import DANGER, GOOD, HIGHLIGHT, INK, MUTED, PANEL, PAPER, RGB, SEAT_COLOURS, tint

WIDTH = 1280
WHITE: RGB = (255, 255, 255)
CARD: RGB = (253, 251, 246)


@cache
def palette_image() -> Image.Image:
    """A fixed palette holding every fill colour, plus greys and seat ramps for text edges."""
    colours: list[RGB] = [PAPER, PANEL, INK, MUTED, HIGHLIGHT, DANGER, GOOD, WHITE, CARD]
    for colour in SEAT_COLOURS:
        colours += [colour, tint(colour, 0.35), tint(colour, 0.6), tint(colour, 0.85)]
    for base in (INK, DANGER, GOOD, MUTED):
        colours += [tint(base, a / 8) for a in range(1, 8)]
    colours += [(v, v, v) for v in range(0, 256, 8)]
    for colour in SEAT_COLOURS:
        colours += [tint(colour, a / 10) for a in (1, 2, 4, 5, 7, 9)]
    return fixed_palette(colours, spare=(0, 0, 0))


@cache
def indexed_palette() -> IndexedPalette:
    """The palette every Arclash picture is drawn in, with its colour -> index mapping."""
    return IndexedPalette(palette_image())
