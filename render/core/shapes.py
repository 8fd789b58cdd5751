"""Rounded rectangles from a cache: the same size, radius and colours are rasterised only once.

Pillow draws a rounded rectangle as a dozen pieslices, arcs and rectangles, and pictures repeat
the same panels, tiles and badges many times. A ``RoundedStamp`` keeps the rows that differ (the
curved top and bottom, as a palette tile with its coverage mask) and, for the straight middle,
the runs of one colour that every middle row repeats. Drawing it is two masked pastes and a few
rectangle fills, giving exactly the pixels Pillow's own ``rounded_rectangle`` would.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

_STAMPS = 512
_COVERED = [0] + [255] * 255


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


def exact_box(xy: Sequence[Any], radius: float, corners: Any) -> tuple[int, int, int, int] | None:
    """The whole-pixel box a stamp reproduces ``rounded_rectangle(xy, radius)`` in, or None if it cannot.

    Pillow rounds the corners of the box, but sizes the curves from the unrounded box; a stamp is
    exact when the curves are the full ``radius`` and do not meet (no pill or circle shapes).
    """
    if corners is not None and not all(corners):
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
    """The stamp of ``rounded_rectangle((0, 0, width, height), radius, fill, outline, line)`` in indices."""
    size = (width + 1, height + 1)
    box = (0, 0, width, height)
    tile = Image.new("P", size, 0)
    ImageDraw.Draw(tile).rounded_rectangle(box, radius, fill=fill, outline=outline, width=line)
    # which pixels it touches: Pillow skips the outline when it has the fill's colour
    edge = 2 if outline is not None and outline != fill and line != 0 else None
    cover = Image.new("L", size, 0)
    ImageDraw.Draw(cover).rounded_rectangle(
        box, radius, fill=None if fill is None else 1, outline=edge, width=line
    )
    pixels, covered = tile.tobytes(), cover.tobytes()
    row = size[0]

    def same_as_middle(y: int) -> bool:
        a, b = y * row, middle * row
        return pixels[a : a + row] == pixels[b : b + row] and covered[a : a + row] == covered[b : b + row]

    middle = height // 2
    first, last = middle, middle
    while first > 0 and same_as_middle(first - 1):
        first -= 1
    while last < height and same_as_middle(last + 1):
        last += 1
    mask = cover.point(_COVERED, "1")

    def rows(top: int, bottom: int) -> tuple[Any, Any] | None:
        if top >= bottom:
            return None
        return tile.crop((0, top, row, bottom)).im, mask.crop((0, top, row, bottom)).im

    runs = _runs(pixels, covered, middle * row, row)
    return RoundedStamp(size[0], size[1], rows(0, first), rows(last + 1, size[1]), (first, last), runs)


def _runs(pixels: bytes, covered: bytes, start: int, length: int) -> tuple[tuple[int, int, int], ...]:
    """Runs of one index among the covered pixels of one row."""
    runs: list[tuple[int, int, int]] = []
    for x in range(length):
        if not covered[start + x]:
            continue
        ink = pixels[start + x]
        if runs and runs[-1][1] == x - 1 and runs[-1][2] == ink:
            runs[-1] = (runs[-1][0], x, ink)
        else:
            runs.append((x, x, ink))
    return tuple(runs)
