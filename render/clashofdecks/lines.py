"""One line of the play area: a kingdom's creatures, the Bridge, the other kingdom's creatures.

Creatures are drawn outward from the Bridge (the one nearest the Bridge is the one that gets hit),
so the picture keeps the table's geometry. Tiles narrow when a side gets crowded and, past a
legible minimum or where a long name would have to be split, continue on a second row further
from the Bridge; they never overlap. Every name is shown whole: a long one wraps to a second line
and the line's tiles grow taller to match.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.clashofdecks.palette import DECK, LINE_TINT, PLANK, PLANK_LINE, WHITE
from render.clashofdecks.tiles import MIN_TILE_W, Tile, creature_face, creature_height, creature_tile
from render.core.canvas import line_step, wrap_lines
from render.core.palette import MUTED, RGB, tint
from render.core.patches import draw_patch
from render.core.stamps import StampCanvas, text_width

BRIDGE_W = 64
TILE_W = 150
TILE_H = 158
TILE_GAP = 8
LABEL_H = 26
LABEL_STEP = line_step(16)

#: one side of a line: (kingdom label, colour, tiles nearest the Bridge first)
Half = tuple[str, RGB, list[Tile]]


def side_width(w: float) -> float:
    """Room for tiles on one side of the Bridge in a line ``w`` px wide."""
    return w / 2 - BRIDGE_W / 2 - 16


def _per_row(side_w: float) -> int:
    return max(1, int((side_w + TILE_GAP) // (MIN_TILE_W + TILE_GAP)))


def _tile_width(count: int, side_w: float) -> float:
    """The width each tile gets when ``count`` tiles share one row (full size unless crowded)."""
    if count <= 0:
        return TILE_W
    return min(TILE_W, (side_w - TILE_GAP * (count - 1)) / count)


def _rows(tiles: list[Tile], per_row: int, side_w: float) -> list[tuple[list[Tile], float]]:
    """The tiles in rows of ``per_row`` (nearest the Bridge first), each with its tiles' width."""
    rows = [tiles[start : start + per_row] for start in range(0, len(tiles), per_row)]
    return [(row, _tile_width(len(row), side_w)) for row in rows]


def plan_side(tiles: list[Tile], side_w: float) -> int:
    """How many tiles a row of this side holds: as many as fit while every name stays whole.

    A crowded side narrows its tiles down to ``MIN_TILE_W``; a long name ("Abomination") that
    would have to be split there gets wider tiles instead, the side taking another row.
    """
    for per_row in range(_per_row(side_w), 0, -1):
        if all(creature_face(t, w).whole for row, w in _rows(tiles, per_row, side_w) for t in row):
            return per_row
    return 1


@dataclass(frozen=True)
class LinePlan:
    """A line strip laid out before drawing: its labels' lines, each side's rows, its tiles' height."""

    label: str
    left: Half
    right: Half
    left_label: list[str]
    right_label: list[str]
    left_per_row: int
    right_per_row: int
    tile_h: int

    @property
    def label_h(self) -> int:
        """Room above the tiles for the kingdoms' labels (more when a long name wraps)."""
        return LABEL_H + LABEL_STEP * (max(len(self.left_label), len(self.right_label)) - 1)

    @property
    def rows(self) -> int:
        """Rows of tiles on the fuller side."""
        left = -(-len(self.left[2]) // self.left_per_row)
        right = -(-len(self.right[2]) // self.right_per_row)
        return max(1, left, right)

    @property
    def height(self) -> int:
        """The strip's height."""
        return self.label_h + self.rows * (self.tile_h + TILE_GAP)


def _label_room(label: str, w: float) -> float:
    """How wide each kingdom's label may be: it stops short of the Bridge label, however long."""
    return w / 2 - (text_width(label, 16, "bold") + 16) / 2 - 20


def plan_line(label: str, left: Half, right: Half, w: float) -> LinePlan:
    """Lay a line out at width ``w``: ``left``/``right`` are (kingdom label, colour, tiles nearest first)."""
    side_w = side_width(w)
    room = _label_room(label, w)
    per_left, per_right = plan_side(left[2], side_w), plan_side(right[2], side_w)
    heights = [TILE_H]
    for tiles, per_row in ((left[2], per_left), (right[2], per_right)):
        heights += [creature_height(t, tw, TILE_H) for row, tw in _rows(tiles, per_row, side_w) for t in row]
    return LinePlan(
        label,
        left,
        right,
        wrap_lines(left[0], 16, room, "bold").lines,
        wrap_lines(right[0], 16, room, "bold").lines,
        per_left,
        per_right,
        max(heights),
    )


def _bridge(canvas: StampCanvas, x: float, y: float, h: int) -> None:
    """A plank bridge ``h`` px tall, pre-drawn once per height (it is the same on every picture)."""
    draw_patch(canvas, "bridge", (x, y), (BRIDGE_W + 1, h + 1), lambda c, bx, by: _planks(c, bx, by, h))


def _planks(canvas: StampCanvas, x: float, y: float, h: int) -> None:
    """The bridge itself: brown deck with cross planks, drawn as flat rectangles."""
    canvas.draw.rectangle((x, y, x + BRIDGE_W, y + h), fill=PLANK)
    plank_y = y + 6
    while plank_y < y + h - 4:
        canvas.draw.line((x + 4, plank_y, x + BRIDGE_W - 4, plank_y), fill=PLANK_LINE, width=2)
        plank_y += 14
    canvas.draw.rectangle((x, y, x + 4, y + h), fill=DECK)
    canvas.draw.rectangle((x + BRIDGE_W - 4, y, x + BRIDGE_W, y + h), fill=DECK)


def _side(
    canvas: StampCanvas,
    tiles: list[Tile],
    per_row: int,
    tile_h: int,
    bridge_edge: float,
    top: float,
    side_w: float,
    outward: int,
) -> None:
    """Lay tiles out from ``bridge_edge`` in direction ``outward`` (-1 left, +1 right), row by row."""
    for number, (row, width) in enumerate(_rows(tiles, per_row, side_w)):
        y = top + number * (tile_h + TILE_GAP)
        for index, tile in enumerate(row):
            offset = 8 + index * (width + TILE_GAP)
            x = bridge_edge + offset if outward > 0 else bridge_edge - offset - width
            creature_tile(canvas, x, y, width, tile_h, tile)


def draw_line(canvas: StampCanvas, x: float, y: float, w: float, plan: LinePlan) -> float:
    """Draw a planned line strip at (x, y), ``w`` wide; return the y below it."""
    _, left_colour, left_tiles = plan.left
    _, right_colour, right_tiles = plan.right
    h = plan.height
    mid = x + w / 2
    canvas.draw.rounded_rectangle(
        (x, y, mid - BRIDGE_W / 2, y + h), radius=10, fill=tint(left_colour, LINE_TINT)
    )
    canvas.draw.rounded_rectangle(
        (mid + BRIDGE_W / 2, y, x + w, y + h), radius=10, fill=tint(right_colour, LINE_TINT)
    )
    label_w = canvas.textlength(plan.label, 16, "bold") + 16
    canvas.lines((x + 10, y + 4), plan.left_label, 16, left_colour, "bold")
    canvas.lines((x + w - 10, y + 4), plan.right_label, 16, right_colour, "bold", anchor="ra")
    canvas.draw.rounded_rectangle(
        (mid - label_w / 2, y, mid + label_w / 2, y + LABEL_H - 4), radius=6, fill=DECK
    )
    canvas.text((mid, y + 3), plan.label, size=16, weight="bold", fill=WHITE, anchor="ma")
    top = y + plan.label_h
    _bridge(canvas, mid - BRIDGE_W / 2, y + LABEL_H - 4, h - LABEL_H + 4)
    side_w = side_width(w)
    _side(canvas, left_tiles, plan.left_per_row, plan.tile_h, mid - BRIDGE_W / 2, top, side_w, -1)
    _side(canvas, right_tiles, plan.right_per_row, plan.tile_h, mid + BRIDGE_W / 2, top, side_w, +1)
    if not left_tiles:
        canvas.text((x + w / 4, top + plan.tile_h / 2), "no creatures", size=16, fill=MUTED, anchor="mm")
    if not right_tiles:
        canvas.text((x + 3 * w / 4, top + plan.tile_h / 2), "no creatures", size=16, fill=MUTED, anchor="mm")
    return y + h
