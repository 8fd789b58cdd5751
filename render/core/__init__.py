"""Drawing helpers every game renderer shares: fonts, seat colours, text fitting, PNG output."""

from render.core.canvas import Canvas, encode_png, encode_png_indexed, font
from render.core.palette import INK, MUTED, PAPER, SEAT_COLOURS, seat_colour
from render.core.renderer import Renderer

__all__ = [
    "INK",
    "MUTED",
    "PAPER",
    "SEAT_COLOURS",
    "Canvas",
    "Renderer",
    "encode_png",
    "encode_png_indexed",
    "font",
    "seat_colour",
]
