"""The 5x5 field that wraps at every edge: cells, facings and card-relative offsets.

Cells are numbered ``y * 5 + x`` with x growing to the right and y growing downward as drawn.
Facings are 0 north (up), 1 east, 2 south, 3 west; a card's offset ``(x, y)`` means x spaces to the
figure's right and y spaces ahead of it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

SIZE = 5
CELLS = SIZE * SIZE
CENTRE = 12
VECTORS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIR_NAMES = ("north", "east", "south", "west")
DIR_ARROWS = ("↑", "→", "↓", "←")
# Entry points A-D (from the components reference; a pinwheel around the centre).
ENTRIES: tuple[int, ...] = (0 * 5 + 1, 1 * 5 + 4, 4 * 5 + 3, 3 * 5 + 0)
ENTRY_NAMES = "ABCD"


def xy(cell: int) -> tuple[int, int]:
    """Column and row of a cell."""
    return cell % SIZE, cell // SIZE


def cell_at(x: int, y: int) -> int:
    """The cell at column x, row y, wrapping around the edges."""
    return (y % SIZE) * SIZE + (x % SIZE)


def _neighbour(cell: int, direction: int) -> int:
    x, y = xy(cell)
    dx, dy = VECTORS[direction]
    return cell_at(x + dx, y + dy)


# The field is tiny and fixed: every cell's neighbours and name are worked out once, not on each call.
NEIGHBOURS: tuple[tuple[int, int, int, int], ...] = tuple(
    (_neighbour(c, 0), _neighbour(c, 1), _neighbour(c, 2), _neighbour(c, 3)) for c in range(CELLS)
)


def step(cell: int, direction: int) -> int:
    """The neighbouring cell in ``direction`` (wrapping)."""
    return NEIGHBOURS[cell][direction]


def offset(cell: int, facing: int, rel: tuple[int, int]) -> int:
    """The cell at a card offset (right, ahead) from a figure on ``cell`` facing ``facing``."""
    x, y = xy(cell)
    fx, fy = VECTORS[facing]
    rx, ry = VECTORS[(facing + 1) % 4]
    return cell_at(x + rel[0] * rx + rel[1] * fx, y + rel[0] * ry + rel[1] * fy)


def area(cell: int, facing: int, rels: Iterable[tuple[int, int]]) -> list[int]:
    """The sorted distinct cells covered by offsets from a figure."""
    shape = tuple(rels)  # content shapes are tuples of tuples, and so are decoded attack frames
    try:
        return list(_area(cell, facing, shape))
    except TypeError:  # offsets given as lists
        return list(_area(cell, facing, tuple(map(tuple, shape))))


@cache
def _area(cell: int, facing: int, rels: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    # Card and Clad shapes are few and fixed, so each (cell, facing, shape) is worked out once.
    return tuple(sorted({offset(cell, facing, r) for r in rels}))


def delta(a: int, b: int) -> tuple[int, int]:
    """The shortest wrapped (dx, dy) from cell a to cell b, each in -2..2."""
    ax, ay = xy(a)
    bx, by = xy(b)
    return ((bx - ax + 2) % SIZE) - 2, ((by - ay + 2) % SIZE) - 2


def relative(origin: int, facing: int, target: int) -> tuple[int, int]:
    """Where ``target`` lies as (right, ahead) seen from a figure on ``origin`` facing ``facing``."""
    dx, dy = delta(origin, target)
    fx, fy = VECTORS[facing]
    rx, ry = VECTORS[(facing + 1) % 4]
    return dx * rx + dy * ry, dx * fx + dy * fy


def adjacent(a: int, b: int) -> bool:
    """Orthogonally next to each other (diagonals do not count)."""
    dx, dy = delta(a, b)
    return abs(dx) + abs(dy) == 1


def direction_to(a: int, b: int) -> int | None:
    """The facing that points from a to b along a row or column, if they share one."""
    dx, dy = delta(a, b)
    if dx == 0 and dy == 0:
        return None
    if dx == 0:
        return 0 if dy < 0 else 2
    if dy == 0:
        return 1 if dx > 0 else 3
    return None


def turned(facing: int, how: str) -> int:
    """A facing after turning left, right or around."""
    return (facing + {"left": 3, "right": 1, "back": 2}[how]) % 4


def _name(cell: int) -> str:
    x, y = xy(cell)
    return f"{'abcde'[x]}{y + 1}"


LABELS: tuple[str, ...] = tuple(_name(c) for c in range(CELLS))


def label(cell: int) -> str:
    """A human name for a cell: column letter a-e and row number 1-5."""
    return LABELS[cell]
