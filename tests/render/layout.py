"""Layout checks shared by the pictures drawn with a ``render.core.pen.Pen``: text stays in its box."""

from __future__ import annotations

from collections.abc import Iterable

from render.core.marks import Box
from render.core.pen import Pen

SLACK = 1  # px: glyph edges are measured on whole pixels


def inside(inner: Box, outer: Box, slack: float = SLACK) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def overlap(a: Box, b: Box, slack: float = SLACK) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def problems(pen: Pen, *, cut_ok: Iterable[str] = (), slack: float = SLACK) -> list[str]:
    """Everything wrong with one picture's layout, as readable lines (``slack``: px a glyph may overhang)."""
    found: list[str] = []
    width_, height = pen.canvas.width, pen.canvas.height
    whole = (0, 0, width_, height)
    allowed = set(cut_ok)
    for placed in pen.placed:
        if not inside(placed.ink, placed.box, slack):
            found.append(f"{placed.text!r} at {placed.ink} leaves its box {placed.box}")
        if not inside(placed.ink, whole, 0):
            found.append(f"{placed.text!r} leaves the picture")
        if placed.cut and placed.text not in allowed:
            found.append(f"{placed.text!r} was cut")
        if placed.size < 10:
            found.append(f"{placed.text!r} shrank to {placed.size}px")
    inks = [p for p in pen.placed if p.ink[2] > p.ink[0]]
    for index, one in enumerate(inks):
        for other in inks[index + 1 :]:
            if overlap(one.ink, other.ink, slack):
                found.append(f"{one.text!r} {one.ink} overlaps {other.text!r} {other.ink}")
    for name, box in pen.zones:
        if not inside(box, whole, 0):
            found.append(f"zone {name} {box} leaves the picture")
    return found
