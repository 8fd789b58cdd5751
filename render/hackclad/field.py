"""The 5x5 field: cells, the Clad, the witches, entry letters and shard markers, laid out per cell.

Each thing on a cell keeps to its own part of it, so nothing ever covers anything else whatever
stands where: the entry letter in the upper-left corner, a shard marker in the lower-right
corner, and the Clad or a witch (only one figure per cell) in the middle, small enough to clear
both corners, with a witch's facing arrow kept inside her own cell. :func:`field_marks` returns
every shape and word as data, so the layout can be checked geometrically (tests do), and
:func:`draw_field` draws exactly those.
"""

from __future__ import annotations

from engines.hackclad import grid
from engines.hackclad.state import HackView, WitchView
from render.core.canvas import Canvas
from render.core.marks import Mark, Shape, Words, draw_marks
from render.core.palette import INK, MUTED, PAPER, RGB, seat_colour
from render.hackclad.marks import arrow, arrow_points
from render.hackclad.palette import CELL_BG, CLAD, DANGER, DANGER_SOFT, GOLD, GRID, SHARD

FX, FY, CELL = 44, 378, 112  # the field's top-left corner and cell size
WHITE: RGB = (255, 255, 255)

ENTRY_BOX = (3, 3, 25, 25)  # the entry letter's box, from the cell's corner
CLAD_INSET, CLAD_RADIUS = 22, 20  # the Clad block; its rounded corners clear both corner marks
WITCH_R = 29  # a witch's disc, centred in the cell
ARROW_GAP, ARROW_SIZE = 9, 12  # a witch's facing arrow just outside her disc, inside her cell
SHARD_AT, SHARD_HALF = (CELL - 17, CELL - 21), (13, 17)  # the shard diamond's centre and half sizes


#: one thing on the field (an entry letter, a shard marker, the Clad, a witch) on its cell
FieldMark = Mark[int]


def cell_box(cell: int) -> tuple[int, int, int, int]:
    """The cell's box in picture coordinates."""
    x, y = grid.xy(cell)
    return FX + x * CELL, FY + y * CELL, FX + (x + 1) * CELL, FY + (y + 1) * CELL


def entry_mark(cell: int, letter: str) -> FieldMark:
    """An entry point's letter in a small box in the cell's upper-left corner."""
    x0, y0, _, _ = cell_box(cell)
    left, top, right, bottom = ENTRY_BOX
    box = (x0 + left, y0 + top, x0 + right, y0 + bottom)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1)
    return Mark(
        "entry",
        (cell,),
        (Shape("rounded", box, PAPER, INK, 2, 5),),
        (Words(centre, letter, 17, INK),),
    )


def shard_mark(cell: int, amount: int) -> FieldMark:
    """A shard diamond with its VP in the cell's lower-right corner."""
    x0, y0, _, _ = cell_box(cell)
    cx, cy = x0 + SHARD_AT[0], y0 + SHARD_AT[1]
    hw, hh = SHARD_HALF
    diamond = (cx, cy - hh, cx + hw, cy, cx, cy + hh, cx - hw, cy)
    return Mark(
        "shard",
        (cell,),
        (Shape("polygon", diamond, SHARD, WHITE),),
        (Words((cx, cy + 1), str(amount), 16, WHITE),),
    )


def clad_mark(view: HackView) -> FieldMark:
    """The Clad: a dark block with its facing arrow (and "pinned" under it when it cannot move)."""
    x0, y0, x1, y1 = cell_box(view.clad_pos)
    box = (x0 + CLAD_INSET, y0 + CLAD_INSET, x1 - CLAD_INSET, y1 - CLAD_INSET)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    block = Shape("rounded", box, CLAD, radius=CLAD_RADIUS)
    if not view.clad_locked:
        head = Shape("polygon", arrow_points(cx, cy, view.clad_facing, 20), GOLD)
        return Mark("clad", (view.clad_pos,), (block, head))
    # pinned: a smaller arrow raised so the word fits under it inside the block
    head = Shape("polygon", arrow_points(cx, cy - 8, view.clad_facing, 15), GOLD)
    return Mark("clad", (view.clad_pos,), (block, head), (Words((cx, cy + 20), "pinned", 13, GOLD),))


def witch_mark(witch: WitchView) -> FieldMark:
    """A witch: a disc in her seat's colour with her seat and name, and her facing arrow."""
    x0, y0, x1, y1 = cell_box(witch.pos)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = WITCH_R
    dx, dy = grid.VECTORS[witch.facing]
    ahead = r + ARROW_GAP
    head = arrow_points(cx + dx * ahead, cy + dy * ahead, witch.facing, ARROW_SIZE)
    return Mark(
        "witch",
        (witch.pos,),
        (
            Shape("ellipse", (cx - r, cy - r, cx + r, cy + r), seat_colour(witch.seat), INK, 3),
            Shape("polygon", head, INK),
        ),
        (
            Words((cx, cy - 7), f"P{witch.seat + 1}", 21, WHITE),
            Words((cx, cy + 14), witch.name[:3], 14, WHITE),
        ),
    )


def field_marks(view: HackView) -> list[FieldMark]:
    """Everything drawn on the cells of ``view``'s field, in drawing order."""
    marks = [clad_mark(view)]
    marks += [witch_mark(w) for w in view.witches if w.pos >= 0]
    marks += [entry_mark(cell, grid.ENTRY_NAMES[i]) for i, cell in enumerate(grid.ENTRIES)]
    marks += [shard_mark(cell, amount) for cell, amount in enumerate(view.field) if amount]
    return marks


def draw_field(c: Canvas, view: HackView) -> None:
    """The grid, what the next Clad card hits, and every mark on it (``field_frame`` draws the rest)."""
    hits, live = set(view.next_hits), set(view.attack_cells)
    for cell in range(grid.CELLS):
        fill = DANGER if cell in live else DANGER_SOFT if cell in hits else CELL_BG
        c.draw.rectangle(cell_box(cell), fill=fill, outline=GRID, width=2)
    draw_marks(c, field_marks(view))


def field_frame(c: Canvas) -> None:
    """The field's coordinates beside the grid and its key under it: the same on every board."""
    for i in range(5):
        c.text((FX + i * CELL + CELL / 2, FY - 14), "abcde"[i], 18, fill=MUTED, anchor="mm")
        c.text((FX - 18, FY + i * CELL + CELL / 2), str(i + 1), 18, fill=MUTED, anchor="mm")
    _legend(c)


def _legend(c: Canvas) -> None:
    """The key under the field."""
    ly = FY + 5 * CELL + 24
    c.draw.rectangle((FX, ly, FX + 26, ly + 26), fill=DANGER_SOFT, outline=GRID)
    c.text((FX + 34, ly + 13), "next Clad card hits", 18, anchor="lm")
    c.draw.rectangle((FX + 250, ly, FX + 276, ly + 26), fill=DANGER, outline=GRID)
    c.text((FX + 284, ly + 13), "attack now", 18, anchor="lm")
    c.draw.polygon(
        [(FX + 420, ly), (FX + 432, ly + 13), (FX + 420, ly + 26), (FX + 408, ly + 13)], fill=SHARD
    )
    c.text((FX + 442, ly + 13), "shard VP", 18, anchor="lm")
    c.draw.rounded_rectangle((FX + 540, ly - 2, FX + 570, ly + 28), radius=6, fill=CLAD)
    arrow(c, FX + 555, ly + 13, 0, 10, GOLD)
    c.text((FX + 578, ly + 13), "the Clad", 18, anchor="lm")
