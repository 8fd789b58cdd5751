"""A rating history as a line chart: drawn at 1100 x 520, so Discord's ~550 px preview stays sharp.

Paper, ink and the first seat colour of the games' shared palette; the axis is labelled with
round numbers around the range, the newest point is marked and its value written beside it.
"""

from __future__ import annotations

from collections.abc import Sequence

from render.core.canvas import Canvas
from render.core.palette import INK, MUTED, PANEL, PAPER, SEAT_COLOURS, tint

WIDTH, HEIGHT = 1100, 520
_LEFT, _RIGHT, _TOP, _BOTTOM = 110, 60, 80, 70


def _steps(low: int, high: int) -> list[int]:
    """Round gridline values covering ``low``-``high`` (about four of them)."""
    span = max(high - low, 1)
    step = next(s for s in (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000) if span / s <= 5)
    first = (low // step) * step
    return list(range(first, high + step, step))


def rating_chart(values: Sequence[int], title: str) -> bytes:
    """A PNG of ``values`` (oldest first) as a line, with gridlines, a title and the latest value."""
    canvas = Canvas(WIDTH, HEIGHT, PAPER)
    line = SEAT_COLOURS[0]
    canvas.text((_LEFT, 24), title, size=30, fill=INK, weight="bold", max_width=WIDTH - _LEFT - _RIGHT)
    points = list(values) or [0]
    grid = _steps(min(points), max(points))
    low, high = grid[0], grid[-1]
    plot_w = WIDTH - _LEFT - _RIGHT
    plot_h = HEIGHT - _TOP - _BOTTOM

    def y_of(value: float) -> float:
        return _TOP + plot_h - (value - low) / max(high - low, 1) * plot_h

    def x_of(index: int) -> float:
        return _LEFT + (index / (len(points) - 1) * plot_w if len(points) > 1 else plot_w / 2)

    canvas.draw.rectangle((_LEFT, _TOP, _LEFT + plot_w, _TOP + plot_h), fill=tint(PANEL, 0.5))
    for value in grid:
        y = y_of(value)
        canvas.draw.line((_LEFT, y, _LEFT + plot_w, y), fill=PANEL, width=2)
        canvas.text((_LEFT - 14, y), str(value), size=24, fill=MUTED, anchor="rm")
    games = len(values)
    canvas.text((_LEFT, HEIGHT - 30), "oldest", size=22, fill=MUTED, anchor="lm")
    canvas.text(
        (_LEFT + plot_w, HEIGHT - 30),
        f"latest · {games} rated game{'s' if games != 1 else ''}",
        size=22,
        fill=MUTED,
        anchor="rm",
    )
    xy = [(x_of(i), y_of(v)) for i, v in enumerate(points)]
    if len(xy) > 1:
        canvas.draw.line(xy, fill=line, width=6, joint="curve")
    x, y = xy[-1]
    canvas.draw.ellipse((x - 10, y - 10, x + 10, y + 10), fill=line, outline=PAPER, width=3)
    canvas.text((x - 16, y - 30), str(points[-1]), size=30, fill=INK, weight="bold", anchor="rs")
    return canvas.png()
