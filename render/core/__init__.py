"""Drawing helpers every game renderer shares: fonts, seat colours, text fitting, PNG output."""

from render.core.canvas import Canvas, encode_png, encode_png_indexed, font
from render.core.memo import ImageMemo, picture_key
from render.core.names import seat_names
from render.core.palette import INK, MUTED, PAPER, SEAT_COLOURS, seat_colour
from render.core.renderer import MemoRenderer, Renderer

__all__ = [
    "INK",
    "MUTED",
    "PAPER",
    "SEAT_COLOURS",
    "Canvas",
    "ImageMemo",
    "MemoRenderer",
    "Renderer",
    "encode_png",
    "encode_png_indexed",
    "font",
    "picture_key",
    "seat_colour",
    "seat_names",
]
