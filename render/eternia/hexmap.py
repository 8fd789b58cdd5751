"""Where the Battlefield's hexes go on the picture: pointy-top hexes in "odd-r" rows, as labels name them.

A hex's pixel centre comes from its offset ``(col, row)`` (``engines.eternia.hexes``), so the
picture's rows are the rows players read in labels ("C4": column C, row 4). The hex size shrinks
only if a Scenario's map would not fit the picture's width.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engines.eternia.hexes import Hex, axial_to_offset

SQRT3 = math.sqrt(3)
MAX_SIZE = 62  # hex radius (centre to corner) in px: 12 columns fill a 1400 px picture
Point = tuple[float, float]
#: the corners of a unit pointy-top hexagon, top first, clockwise (worked out once: a board has hundreds)
_UNIT = tuple((math.cos(math.radians(a)), math.sin(math.radians(a))) for a in (-90, -30, 30, 90, 150, 210))


@dataclass(frozen=True)
class MapLayout:
    """The pixel geometry of one Battlefield: hex radius, origin and the offset ranges it spans."""

    size: float
    left: float  # x of the left edge of column ``col0`` on an even row
    top: float  # y of the top corner of row ``row0``
    col0: int
    row0: int
    cols: int
    rows: int

    @property
    def width(self) -> float:
        """Hex width (flat side to flat side)."""
        return SQRT3 * self.size

    @property
    def pixel_width(self) -> float:
        """The width the map takes, from its leftmost to its rightmost hex edge."""
        return self.width * (self.cols + (0.5 if self.rows > 1 else 0.0))

    @property
    def pixel_height(self) -> float:
        """The height the map takes, from the top corner of the first row to the bottom corner of the last."""
        return self.size * (2 + 1.5 * (self.rows - 1))

    def centre(self, h: Hex) -> Point:
        """The pixel centre of hex ``h``."""
        col, row = axial_to_offset(h)
        shift = 0.5 if row & 1 else 0.0
        x = self.left + self.width * (col - self.col0 + shift + 0.5)
        y = self.top + self.size * (1 + 1.5 * (row - self.row0))
        return (x, y)

    def row_y(self, row: int) -> float:
        """The y of the centres of offset row ``row``."""
        return self.top + self.size * (1 + 1.5 * (row - self.row0))

    def corners(self, h: Hex, inset: float = 0.0) -> list[Point]:
        """The six corners of ``h`` (top first, clockwise), ``inset`` px in from its edges."""
        return hexagon(self.centre(h), self.size - inset * 2 / SQRT3)


def hexagon(centre: Point, radius: float) -> list[Point]:
    """The corners of a pointy-top hexagon of ``radius`` around ``centre``, top first, clockwise."""
    cx, cy = centre
    return [(cx + radius * dx, cy + radius * dy) for dx, dy in _UNIT]


def fit_layout(board: list[Hex], left: float, top: float, max_width: float) -> MapLayout:
    """The layout of ``board`` from (``left``, ``top``): hexes as big as fit ``max_width`` (<= MAX_SIZE)."""
    cells = [axial_to_offset(h) for h in board] or [(0, 0)]
    col0 = min(c for c, _ in cells)
    row0 = min(r for _, r in cells)
    cols = max(c for c, _ in cells) - col0 + 1
    rows = max(r for _, r in cells) - row0 + 1
    span = cols + (0.5 if rows > 1 else 0.0)
    size = min(MAX_SIZE, max_width / (span * SQRT3))
    # an odd first row would start half a hex in: shift so the even rows stay at the left edge
    return MapLayout(size, left, top, col0, row0 - (row0 & 1), cols, rows + (row0 & 1))


def inset_hexagon(centre: Point, radius: float, inset: float) -> list[Point]:
    """The corners of the hexagon of ``radius`` around ``centre``, ``inset`` px in from its edges."""
    return hexagon(centre, radius - inset * 2 / SQRT3)
