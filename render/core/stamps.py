"""Text drawn from cached glyph masks: the same words at the same size are rasterised only once.

Board images repeat most of their text (numbers, badge codes, player names, labels) on every
turn, and rasterising text is the largest drawing cost. A mask is an "L" image of the text in
white; drawing it is one paste of a flat colour through the mask, which blends exactly like
``ImageDraw.text``. Positions are whole pixels (no sub-pixel start), which is invisible at 16 px+.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.core.canvas import Canvas, fit, font, text_width
from render.core.palette import RGB

__all__ = ["StampCanvas", "fit", "stamp", "stamp_fitted", "text_mask", "text_width"]

_MASKS = 8192


@lru_cache(maxsize=_MASKS)
def text_mask(
    text: str, size: int, weight: str = "regular", anchor: str = "la"
) -> tuple[Image.Image, int, int]:
    """The text's coverage mask and its offset from the anchor point."""
    face = font(size, weight)
    box = face.getbbox(text, anchor=anchor)
    left, top, right, bottom = (int(v) for v in box)
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


def stamp(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    weight: str = "regular",
    anchor: str = "la",
) -> None:
    """Draw one line of text on ``image`` at ``xy`` (anchor as in Pillow) from the mask cache."""
    if not text:
        return
    mask, left, top = text_mask(text, size, weight, anchor)
    image.paste(fill, (int(xy[0]) + left, int(xy[1]) + top), mask)


def stamp_fitted(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    max_width: float,
    weight: str = "regular",
    anchor: str = "la",
    min_size: int = 16,
) -> None:
    """``stamp`` after ``fit``: never wider than ``max_width``, never smaller than ``min_size``."""
    fitted, fitted_size = fit(text, size, max_width, weight, min_size)
    stamp(image, xy, fitted, fitted_size, fill, weight, anchor)


class StampCanvas(Canvas):
    """A ``Canvas`` whose single-line text comes from the mask cache; same drawing API."""

    def put(self, xy: tuple[float, float], text: str, size: int, fill: RGB, weight: str, anchor: str) -> None:
        """Draw one line exactly as given, from the mask cache."""
        stamp(self.image, xy, text, size, fill, weight, anchor)
