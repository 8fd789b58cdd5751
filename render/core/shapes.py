"""Rounded rectangles from a cache: the same size, radius and colours are rasterised only once.

Pillow draws a rounded rectangle as a dozen pieslices, arcs and rectangles, and pictures repeat
the same panels, tiles and badges many times. A ``RoundedStamp`` keeps the rows that differ (the
curved top and bottom, as a palette tile with its coverage mask) and, for the straight middle,
the runs of one colour that every middle row repeats. Drawing it is two masked pastes and a few
rectangle fills, giving exactly the pixels Pillow's own ``rounded_rectangle`` would.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

_STAMPS = 512


@dataclass(frozen=True)
class RoundedStamp:
    """One rounded rectangle, ``width`` x ``height`` px counting both edges, ready to draw anywhere."""

    width: int
    height: int
    top: tuple[Any, Any] | None  # (palette tile, "1" mask) of the rows above the straight band
    bottom: tuple[Any, Any] | None  # the same for the rows below it
    band: tuple[int, int]  # first and last row of the straight band (empty when first > last)
    runs: tuple[tuple[int, int, int], ...]  # (first x, last x, index) of each run in a band row

    def draw(self, core: Any, draw: Any, x: int, y: int) -> None:
        """Draw at (``x``, ``y``) on a palette image's core (``core``) and its drawing core (``draw``)."""
        first, last = self.band
        if self.top is not None:
            core.paste(self.top[0], (x, y, x + self.width, y + first), self.top[1])
        if first <= last:
            for left, right, ink in self.runs:
                draw.draw_rectangle((x + left, y + first, x + right, y + last), ink, 1)
        if self.bottom is not None:
            core.paste(self.bottom[0], (x, y + last + 1, x + self.width, y + self.height), self.bottom[1])


def exact_box(
    xy: Sequence[Any], radius: float, corners: Any, line: int = 1
) -> tuple[int, int, int, int] | None:
    """The whole-pixel box a stamp reproduces ``rounded_rectangle(xy, radius, width=line)`` in, or None.

    Pillow rounds the corners of the box, but sizes the curves from the unrounded box; a stamp is
    exact when the curves are the full ``radius`` and do not meet (no pill or circle shapes), and
    the edge lines are no thicker than the curves (thicker ones can spill outside the box).
    """
    if (corners is not None and not all(corners)) or line > radius:
        return None
    if len(xy) == 2:
        (x0, y0), (x1, y1) = xy
    else:
        x0, y0, x1, y1 = xy
    if radius <= 0 or radius != int(radius) or x1 < x0 or y1 < y0:
        return None
    if min(x1 - x0, y1 - y0) < radius * 2:
        return None
    box = (round(x0), round(y0), round(x1), round(y1))
    if radius * 2 >= box[2] - box[0] - 1 or radius * 2 >= box[3] - box[1] - 1:
        return None
    return box


@lru_cache(maxsize=_STAMPS)
def rounded_stamp(
    width: int, height: int, radius: int, line: int, fill: int | None, outline: int | None
) -> RoundedStamp:
    """The stamp of ``rounded_rectangle((0, 0, width, height), radius, fill, outline, line)`` in indices.

    Only boxes ``exact_box`` accepts (curves of the full radius that do not meet) are stamped.
    Their top and bottom rows do not depend on the height and every row between is the same, so
    a short box is drawn and its straight band stretched to ``height``.
    """
    short = min(height, 2 * (2 * radius + line) + 4)  # curves and edge lines, then a straight row
    # paint on an index neither colour uses, so the untouched pixels can be told apart
    blank = next(i for i in range(3) if i not in (fill, outline))
    tile = Image.new("P", (width + 1, short + 1), blank)
    ImageDraw.Draw(tile).rounded_rectangle(
        (0, 0, width, short), radius, fill=fill, outline=outline, width=line
    )
    pixels, row = tile.tobytes(), width + 1
    middle = short // 2
    band = pixels[middle * row : (middle + 1) * row]
    first, last = middle, middle
    while first > 0 and pixels[(first - 1) * row : first * row] == band:
        first -= 1
    while last < short and pixels[(last + 1) * row : (last + 2) * row] == band:
        last += 1
    mask = tile.im.point([0 if i == blank else 255 for i in range(256)], "1")

    def rows(top: int, bottom: int) -> tuple[Any, Any] | None:
        box = (0, top, row, bottom)
        return (tile.im.crop(box), mask.crop(box)) if top < bottom else None

    runs = tuple(
        (run.start(), run.end() - 1, run.group()[0])
        for run in re.finditer(rb"(.)\1*", band, re.DOTALL)
        if run.group()[0] != blank
    )
    stretch = height - short  # the extra rows of the straight band
    return RoundedStamp(
        row, height + 1, rows(0, first), rows(last + 1, short + 1), (first, last + stretch), runs
    )


@cache
def stamps_match_pillow() -> bool:
    """Whether this Pillow draws rounded rectangles as the stamps expect (checked once).

    Checked on whole and fractional boxes; if not, every rounded rectangle is left to Pillow.
    """
    for xy, radius, line in (
        ((3.4, 2.6, 60.5, 41.5), 6, 2),
        ((10, 7, 70, 30), 8, 1),
        ((0.5, 1.5, 40.5, 44.5), 5, 3),
    ):
        box = exact_box(xy, radius, None, line)
        if box is None:
            return False
        expected = Image.new("P", (80, 50), 0)
        ImageDraw.Draw(expected).rounded_rectangle(xy, radius, fill=5, outline=9, width=line)
        stamped = Image.new("P", (80, 50), 0)
        stamp = rounded_stamp(box[2] - box[0], box[3] - box[1], radius, line, 5, 9)
        stamp.draw(stamped.im, ImageDraw.Draw(stamped).draw, box[0], box[1])
        if stamped.tobytes() != expected.tobytes():
            return False
    return True
