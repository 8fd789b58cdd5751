"""Small drawings every HackClad picture shares: facing arrows, range grids and gauge pips."""

from __future__ import annotations

from render.core.canvas import Canvas
from render.core.palette import INK, RGB, tint
from render.core.patches import draw_patch
from render.hackclad.palette import DANGER, GRID


def arrow_points(cx: float, cy: float, facing: int, size: float) -> tuple[float, ...]:
    """The corners (x, y pairs) of a triangle pointing along ``facing`` (0 up, 1 right, 2 down, 3 left)."""
    tip, left, right = (0.0, -1.0), (-0.6, 0.35), (0.6, 0.35)
    pts: list[float] = []
    for px, py in (tip, left, right):
        for _ in range(facing):
            px, py = -py, px
        pts += [cx + px * size, cy + py * size]
    return tuple(pts)


def arrow(c: Canvas, cx: float, cy: float, facing: int, size: float, fill: RGB) -> None:
    """A filled triangle pointing along ``facing`` (0 up, 1 right, 2 down, 3 left)."""
    pts = arrow_points(cx, cy, facing, size)
    c.draw.polygon(list(zip(pts[::2], pts[1::2], strict=True)), fill=fill)


def range_grid(
    c: Canvas, x: float, y: float, cell: int, cells: list[tuple[int, int]], mark: RGB = DANGER, pin: RGB = INK
) -> None:
    """A 5x5 mini grid: the figure (pin) in the middle facing up, the card's cells shaded (pre-drawn once)."""
    key = ("range", cell, tuple(map(tuple, cells)), mark, pin)
    draw_patch(
        c, key, (x, y), (5 * cell, 5 * cell), lambda p, gx, gy: _range_grid(p, gx, gy, cell, cells, mark, pin)
    )


def _range_grid(
    c: Canvas, x: float, y: float, cell: int, cells: list[tuple[int, int]], mark: RGB, pin: RGB
) -> None:
    marked = {(2 + dx, 2 - dy) for dx, dy in cells}
    for gy in range(5):
        for gx in range(5):
            x0, y0 = x + gx * cell, y + gy * cell
            fill = mark if (gx, gy) in marked else (250, 248, 244)
            c.draw.rectangle((x0, y0, x0 + cell - 1, y0 + cell - 1), fill=fill, outline=GRID)
    cx, cy = x + 2.5 * cell, y + 2.5 * cell
    arrow(c, cx, cy, 0, cell * 0.38, pin)


def pips(c: Canvas, x: float, y: float, value: int, top: int, colour: RGB, size: int = 12) -> float:
    """A gauge drawn as ``top`` small squares, ``value`` of them filled; returns the x after it."""
    key = ("pips", value, top, colour, size)
    draw_patch(
        c,
        key,
        (x, y),
        (top * (size + 3) - 2, size + 1),
        lambda p, px, py: _pips(p, px, py, value, top, colour, size),
    )
    return x + top * (size + 3)


def _pips(c: Canvas, x: float, y: float, value: int, top: int, colour: RGB, size: int) -> None:
    for i in range(top):
        x0 = x + i * (size + 3)
        c.draw.rectangle(
            (x0, y, x0 + size, y + size), fill=colour if i < value else tint(colour, 0.8), outline=colour
        )
