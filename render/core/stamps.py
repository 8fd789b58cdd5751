"""Text drawn from cached glyph masks: the same words at the same size are rasterised only once.

Board images repeat most of their text (numbers, badge codes, player names, labels) on every
turn, and rasterising text is the largest drawing cost. A mask is an "L" image of the text in
white; drawing it is one paste of a flat colour through the mask, which blends exactly like
``ImageDraw.text``. Positions are whole pixels (no sub-pixel start), which is invisible at 16 px+.
"""

from __future__ import annotations

from functools import lru_cache
from math import floor

from PIL import Image

from render.core.canvas import Canvas, fit, font, text_width, word_starts
from render.core.glyphs import composable, word_mask
from render.core.palette import RGB

__all__ = ["StampCanvas", "fit", "ink_box", "stamp", "stamp_fitted", "text_mask", "text_width"]

_MASKS = 8192


@lru_cache(maxsize=_MASKS)
def text_mask(
    text: str, size: int, weight: str = "regular", anchor: str = "la"
) -> tuple[Image.Image, int, int]:
    """The text's coverage mask and its offset from the anchor point.

    A single word is the mask ``ImageDraw.text`` draws (it calls ``getmask2`` too), without laying
    the text out twice (``getbbox``) or setting up a drawing context. A line of several words is
    put together from its words' masks where ``word_starts`` lays them: boards keep writing new
    lines out of old words ("Ada summons Troll", "Bram summons Troll"), and shaping each such line
    whole was most of a board's drawing.
    """
    if " " not in text:
        composed = word_mask(text, size, weight, anchor)
        if composed is not None:  # a new player's name costs look-ups (``render.core.glyphs``)
            return composed
        glyphs, (left, top) = font(size, weight).getmask2(text, "L", anchor=anchor)
        width, height = glyphs.size
        mask = Image.new("L", (max(width, 1), max(height, 1)), 0)
        if width and height:
            mask.im.paste(glyphs, (0, 0, width, height))
        return mask, left, top
    words = _placed_words(text, size, weight, anchor)
    if not words:  # nothing but spaces: no ink, as ``getmask2`` gives
        return Image.new("L", (1, 1), 0), 0, 0
    left = min(x + m[1] for x, m in words)
    top = min(m[2] for _, m in words)
    right = max(x + m[1] + m[0].width for x, m in words)
    bottom = max(m[2] + m[0].height for _, m in words)
    mask = Image.new("L", (right - left, bottom - top), 0)
    core = mask.im  # the core's paste: the Image wrapper's checks cost more than the paste
    for x, (word, word_left, word_top) in words:
        at_x, at_y = x + word_left - left, word_top - top  # ink over ink: the union
        core.paste(255, (at_x, at_y, at_x + word.width, at_y + word.height), word.im)
    return mask, left, top


def _placed_words(
    text: str, size: int, weight: str, anchor: str
) -> list[tuple[int, tuple[Image.Image, int, int]]]:
    """Each non-empty word of ``text``: its whole-pixel start from the anchor point and its mask.

    Starts round down, so a line's ink never reaches further right than the line shaped whole.
    """
    starts = word_starts(text, size, weight)
    shift = {"l": 0.0, "m": -starts[-1] / 2, "r": -starts[-1]}[anchor[0]]
    word_anchor = "l" + anchor[1]  # the vertical anchors in use (a, m, s, d) do not depend on the text
    return [
        (floor(shift + start), text_mask(word, size, weight, word_anchor))
        for word, start in zip(text.split(" "), starts, strict=False)
        if word
    ]


@lru_cache(maxsize=_MASKS)
def ink_box(text: str, size: int, weight: str = "regular", anchor: str = "la") -> tuple[int, int, int, int]:
    """Where the glyphs of ``text`` land around the anchor point (as drawn by ``text_mask``), cached.

    Laying a line out again just to measure it costs about as much as drawing it (CJK most of
    all), and boards measure the same labels turn after turn.
    """
    if " " in text or composable(text):
        mask, left, top = text_mask(text, size, weight, anchor)
        return (left, top, left + mask.width, top + mask.height) if mask.getbbox() else (0, 0, 0, 0)
    box = font(size, weight).getbbox(text, anchor=anchor)
    return (int(box[0]), int(box[1]), int(box[2]), int(box[3]))


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
