"""Drawing primitives the games share: a ``Box``, a ``Shape`` in it, ``Words`` on a point, a ``Mark``.

Why as data: a board that lays out what stands on each cell (HackClad's field, Eternia's hexes)
returns its marks as values before drawing them, so a test can check geometrically that no mark
leaves its cell or covers another, and :func:`draw_marks` then draws exactly those values.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from render.core.canvas import Canvas
from render.core.palette import RGB

#: a rectangle as Pillow takes it: left, top, right, bottom in px
Box = tuple[float, float, float, float]

#: where a mark stands: a board's own cell type (a cell number, a hex)
P = TypeVar("P")


@dataclass(frozen=True)
class Shape:
    """One filled shape: an ellipse or rounded box (``points`` = a box) or a polygon (x, y pairs)."""

    kind: str  # "ellipse" | "rounded" | "polygon"
    points: tuple[float, ...]
    fill: RGB | None
    outline: RGB | None = None
    width: int = 1
    radius: int = 0


@dataclass(frozen=True)
class Words:
    """One line of text centred on ``xy`` (anchor "mm"), drawn at exactly ``size`` px."""

    xy: tuple[float, float]
    text: str
    size: int
    fill: RGB
    weight: str = "bold"


@dataclass(frozen=True)
class Mark(Generic[P]):
    """Everything drawn for one thing on a board, and the cells it must stay inside."""

    kind: str
    cells: tuple[P, ...]
    shapes: tuple[Shape, ...] = ()
    words: tuple[Words, ...] = ()

    @property
    def cell(self) -> P:
        """The cell of a mark that stands on one."""
        return self.cells[0]


def draw_shape(c: Canvas, shape: Shape) -> None:
    """Draw one shape."""
    if shape.kind == "ellipse":
        c.draw.ellipse(shape.points, fill=shape.fill, outline=shape.outline, width=shape.width)
    elif shape.kind == "rounded":
        c.draw.rounded_rectangle(
            shape.points, radius=shape.radius, fill=shape.fill, outline=shape.outline, width=shape.width
        )
    else:
        pairs = list(zip(shape.points[::2], shape.points[1::2], strict=True))
        c.draw.polygon(pairs, fill=shape.fill, outline=shape.outline)


def draw_marks(c: Canvas, marks: Iterable[Mark[P]]) -> None:
    """Draw ``marks`` in order: each one's shapes, then its words."""
    for mark in marks:
        for shape in mark.shapes:
            draw_shape(c, shape)
        for words in mark.words:
            c.put(words.xy, words.text, words.size, words.fill, words.weight, "mm")
