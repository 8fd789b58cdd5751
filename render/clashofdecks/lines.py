"""One line of the play area: a kingdom's creatures, the Bridge, the other kingdom's creatures.

Creatures are drawn outward from the Bridge (the one nearest the Bridge is the one that gets hit),
so the picture keeps the table's geometry. Tiles narrow when a side gets crowded and, past a
legible minimum, continue on a second row further from the Bridge; they never overlap.
"""

from __future__ import annotations

import math

from render.clashofdecks.palette import DECK, LINE_TINT, PLANK, PLANK_LINE, WHITE
from render.clashofdecks.tiles import MIN_TILE_W, Tile, creature_tile
from render.core.palette import MUTED, RGB, tint
from render.core.patches import draw_patch
from render.core.stamps import StampCanvas

BRIDGE_W = 64
TILE_W = 150
TILE_H = 158
TILE_GAP = 8
LABEL_H = 26


def side_width(w: float) -> float:
    """Room for tiles on one side of the Bridge in a line ``w`` px wide."""
    return w / 2 - BRIDGE_W / 2 - 16


def _per_row(side_w: float) -> int:
    return max(1, int((side_w + TILE_GAP) // (MIN_TILE_W + TILE_GAP)))


def tile_rows(count: int, w: float) -> int:
    """How many rows ``count`` tiles need on one side of a line ``w`` px wide."""
    return max(1, math.ceil(count / _per_row(side_width(w))))


def line_height(left_count: int, right_count: int, w: float) -> int:
    """The height of a line strip holding these creature counts."""
    rows = max(tile_rows(left_count, w), tile_rows(right_count, w))
    return LABEL_H + rows * (TILE_H + TILE_GAP)


def _tile_width(count: int, side_w: float) -> float:
    """The width each tile gets when ``count`` tiles share one row (full size unless crowded)."""
    if count <= 0:
        return TILE_W
    return min(TILE_W, (side_w - TILE_GAP * (count - 1)) / count)


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
    canvas: StampCanvas, tiles: list[Tile], bridge_edge: float, top: float, side_w: float, outward: int
) -> None:
    """Lay tiles out from ``bridge_edge`` in direction ``outward`` (-1 left, +1 right), row by row."""
    per_row = _per_row(side_w)
    for row_start in range(0, len(tiles), per_row):
        row = tiles[row_start : row_start + per_row]
        width = _tile_width(len(row), side_w)
        y = top + (row_start // per_row) * (TILE_H + TILE_GAP)
        for index, tile in enumerate(row):
            offset = 8 + index * (width + TILE_GAP)
            x = bridge_edge + offset if outward > 0 else bridge_edge - offset - width
            creature_tile(canvas, x, y, width, TILE_H, tile)


def draw_line(
    canvas: StampCanvas,
    x: float,
    y: float,
    w: float,
    label: str,
    left: tuple[str, RGB, list[Tile]],
    right: tuple[str, RGB, list[Tile]],
) -> float:
    """Draw a line strip; return the y below it.

    ``left``/``right`` are (kingdom name, colour, tiles nearest the Bridge first).
    """
    left_name, left_colour, left_tiles = left
    right_name, right_colour, right_tiles = right
    h = line_height(len(left_tiles), len(right_tiles), w)
    mid = x + w / 2
    canvas.draw.rounded_rectangle(
        (x, y, mid - BRIDGE_W / 2, y + h), radius=10, fill=tint(left_colour, LINE_TINT)
    )
    canvas.draw.rounded_rectangle(
        (mid + BRIDGE_W / 2, y, x + w, y + h), radius=10, fill=tint(right_colour, LINE_TINT)
    )
    label_w = canvas.textlength(label, 16, "bold") + 16
    # each kingdom's label stops short of the Bridge label, however long the player's name
    room = w / 2 - label_w / 2 - 20
    canvas.text(
        (x + 10, y + 4), left_name, size=16, weight="bold", fill=left_colour, max_width=room, min_size=16
    )
    canvas.text(
        (x + w - 10, y + 4),
        right_name,
        size=16,
        weight="bold",
        fill=right_colour,
        anchor="ra",
        max_width=room,
        min_size=16,
    )
    canvas.draw.rounded_rectangle(
        (mid - label_w / 2, y, mid + label_w / 2, y + LABEL_H - 4), radius=6, fill=DECK
    )
    canvas.text((mid, y + 3), label, size=16, weight="bold", fill=WHITE, anchor="ma")
    _bridge(canvas, mid - BRIDGE_W / 2, y + LABEL_H - 4, h - LABEL_H + 4)
    top = y + LABEL_H
    side_w = side_width(w)
    _side(canvas, left_tiles, mid - BRIDGE_W / 2, top, side_w, -1)
    _side(canvas, right_tiles, mid + BRIDGE_W / 2, top, side_w, +1)
    if not left_tiles:
        canvas.text((x + w / 4, top + TILE_H / 2), "no creatures", size=16, fill=MUTED, anchor="mm")
    if not right_tiles:
        canvas.text((x + 3 * w / 4, top + TILE_H / 2), "no creatures", size=16, fill=MUTED, anchor="mm")
    return y + h
