"""Text placed in boxes: shrunk or wrapped to fit, never cut, and recorded for layout checks.

Every word on an Eternia picture outside the map goes through :func:`text_in` or
:func:`lines_in` with the box it belongs to. Text shrinks (down to a floor) and, where the box is
tall enough, wraps at spaces and hyphens; it is never ellipsised. While :func:`recording` is on,
each placement is kept with the ink box it actually covers, so tests can check that every word
stays inside its box and no two boxes of words overlap.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from render.core.canvas import Canvas, Wrapped, text_width, wrap_lines
from render.core.canvas import fit_lines as _fit_lines
from render.core.marks import Box
from render.core.palette import INK, RGB
from render.core.patches import draw_patch
from render.core.stamps import ink_box

SEP = " · "  # between the items of a line of facts
FLOOR = 11  # the smallest text drawn (px): still legible at full size


@lru_cache(maxsize=8192)
def fit_lines(
    text: str, size: int, width: float, weight: str, *, min_size: int, max_lines: int, fewest: bool
) -> Wrapped:
    """``render.core.canvas.fit_lines``, remembered: a game redraws the same roster and card lines
    move after move, and wrapping them (measuring every word) was a fifth of a board's drawing."""
    return _fit_lines(text, size, width, weight, min_size=min_size, max_lines=max_lines, fewest=fewest)


@dataclass(frozen=True)
class Placed:
    """One line of text as drawn: the box it was given, the ink it covers, its words and size."""

    box: Box
    ink: Box
    text: str
    size: int


_RECORD: list[Placed] | None = None
_ANCHOR = {"l": "lm", "c": "mm", "r": "rm"}  # Pillow anchors, vertically centred


@contextmanager
def recording() -> Iterator[list[Placed]]:
    """Keep every placement made inside the ``with`` block (tests only: not thread-safe)."""
    global _RECORD
    kept: list[Placed] = []
    _RECORD = kept
    try:
        yield kept
    finally:
        _RECORD = None


def recording_now() -> bool:
    """Whether placements are being recorded (tests): parts are then drawn in place, not pasted."""
    return _RECORD is not None


C = TypeVar("C", bound=Canvas)


def cached_part(c: C, key: Hashable, box: Box, draw: Callable[[C, float, float], None]) -> None:
    """``draw(c, x0, y0)``, a part drawn inside ``box`` from its top-left corner, via the kit's patches.

    ``key`` must hold everything the part draws besides its size (and start with its kind): the
    same part is then pasted from ``render.core.patches`` instead of drawn again. While recording,
    it is drawn in place, so every word is recorded where it lands on the picture.
    """
    x0, y0, x1, y1 = box
    if _RECORD is not None:
        draw(c, x0, y0)
        return
    draw_patch(c, ("eternia", key), (x0, y0), (int(x1 - x0) + 1, int(y1 - y0) + 1), draw)


def fitted_size(text: str, size: int, room: float, weight: str = "regular", floor: int = FLOOR) -> int:
    """The largest size from ``size`` down to ``floor`` at which ``text`` fits ``room`` px."""
    while size > floor and text_width(text, size, weight) > room:
        size -= 1
    return size


def _put(
    c: Canvas, box: Box, x: float, y: float, text: str, size: int, fill: RGB, weight: str, anchor: str
) -> None:
    c.put((x, y), text, size, fill, weight, anchor)
    if _RECORD is not None and text:
        left, top, right, bottom = ink_box(text, size, weight, anchor)
        _RECORD.append(
            Placed(box, (int(x) + left, int(y) + top, int(x) + right, int(y) + bottom), text, size)
        )


def text_in(
    c: Canvas,
    box: Box,
    text: str,
    size: int,
    fill: RGB = INK,
    weight: str = "regular",
    align: str = "l",
    floor: int = FLOOR,
) -> int:
    """One line centred vertically in ``box``, aligned left, centre or right; returns the size used."""
    x0, y0, x1, y1 = box
    size = fitted_size(text, min(size, int(y1 - y0)), x1 - x0, weight, floor)
    x = {"l": x0, "c": (x0 + x1) / 2, "r": x1}[align]
    _put(c, box, x, (y0 + y1) / 2, text, size, fill, weight, _ANCHOR[align])
    return size


def lines_in(
    c: Canvas,
    box: Box,
    text: str,
    size: int,
    fill: RGB = INK,
    weight: str = "regular",
    align: str = "l",
    floor: int = FLOOR,
    valign: str = "t",
) -> int:
    """``text`` wrapped into as many lines as the box holds (shrinking first); returns the y below it."""
    x0, y0, x1, y1 = box
    # each size wrapped naturally (never shrunk to save a line); the largest whose lines fit the box
    for trial in range(size, floor - 1, -1):
        wrapped = fit_lines(text, trial, x1 - x0, weight, min_size=trial, max_lines=99, fewest=False)
        if len(wrapped.lines) * step(wrapped.size) <= y1 - y0 + 2:
            break
    else:  # nothing fits the box: the floor size, overflowing downwards rather than cut
        wrapped = fit_lines(text, floor, x1 - x0, weight, min_size=floor, max_lines=99, fewest=False)
    line = step(wrapped.size)
    y = y0 if valign == "t" else y0 + max(0.0, (y1 - y0 - len(wrapped.lines) * line) / 2)
    x = {"l": x0, "c": (x0 + x1) / 2, "r": x1}[align]
    for text_line in wrapped.lines:
        _put(c, box, x, y + line / 2, text_line, wrapped.size, fill, weight, _ANCHOR[align])
        y += line
    return int(y)


def step(size: int) -> int:
    """The distance between wrapped lines of ``size`` px."""
    return round(size * 1.22)


def lines_height(
    text: str, size: int, width: float, weight: str = "regular", floor: int = FLOOR, most: int = 3
) -> int:
    """The height ``text`` takes wrapped to ``width`` in at most ``most`` lines (shrinking if needed)."""
    # the largest size that fits ``most`` lines, not the fewest lines: wrapping beats shrinking
    wrapped = fit_lines(text, size, width, weight, min_size=floor, max_lines=most, fewest=False)
    return len(wrapped.lines) * step(wrapped.size)


# ------------------------------------------------------------------------------------------ items
# A line of facts ("HP 9/10 · Armor 0 · at G8") flows item by item: a line breaks only between
# items, never inside one. Drawing a line of items costs little however new the combination, as the
# kit puts every line together from word tiles (``render.core.stamps``).


def joiner(item: str) -> str:
    """What follows ``item`` on its line: a space after a comma (a list) or a colon (a heading), else SEP."""
    return " " if item.endswith((",", ":")) else SEP


def joined(items: Sequence[str]) -> str:
    """``items`` as one line of text, each followed by its ``joiner`` but the last."""
    return "".join(item + joiner(item) for item in items[:-1]) + (items[-1] if items else "")


def items_width(items: Sequence[str], size: int, weight: str = "regular") -> float:
    """The advance width of ``items`` drawn on one line."""
    return text_width(joined(items), size, weight)


def flow(items: Sequence[str], size: int, width: float, weight: str = "regular") -> list[list[str]]:
    """``items`` in lines no wider than ``width``, breaking only between items.

    An item wider than a whole line (a very long name) is wrapped on its own lines, at spaces
    and hyphens, and the items after it continue on its last line.
    """
    lines: list[list[str]] = []
    current: list[str] = []
    used = 0.0
    for item in items:
        wide = text_width(item, size, weight)
        gap = text_width(joiner(current[-1]), size, weight) if current else 0.0
        if current and used + gap + wide <= width:
            current.append(item)
            used += gap + wide
            continue
        if current:
            lines.append(current)
        if wide <= width:
            current, used = [item], wide
            continue
        parts = wrap_lines(item, size, width, weight).lines
        lines += [[part] for part in parts[:-1]]
        current, used = [parts[-1]], text_width(parts[-1], size, weight)
    if current or not lines:
        lines.append(current)
    return lines


def items_size(
    items: Sequence[str], size: int, width: float, weight: str = "regular", floor: int = FLOOR, most: int = 3
) -> int:
    """The largest size from ``size`` down to ``floor`` at which ``items`` flow into ``most`` lines."""
    while size > floor and len(flow(items, size, width, weight)) > most:
        size -= 1
    return size


def items_height(
    items: Sequence[str], size: int, width: float, weight: str = "regular", floor: int = FLOOR, most: int = 3
) -> int:
    """The height ``items`` take flowed to ``width`` in at most ``most`` lines (shrinking if needed)."""
    used = items_size(items, size, width, weight, floor, most)
    return len(flow(items, used, width, weight)) * step(used)


def items_in(
    c: Canvas,
    box: Box,
    items: Sequence[str],
    size: int,
    fill: RGB = INK,
    weight: str = "regular",
    floor: int = FLOOR,
) -> int:
    """``items`` flowed into the lines ``box`` holds (shrinking first), left-aligned; returns the y below."""
    x0, y0, x1, y1 = box
    for trial in range(size, floor - 1, -1):
        lines = flow(items, trial, x1 - x0, weight)
        if len(lines) * step(trial) <= y1 - y0 + 2:
            break
    else:  # nothing fits the box: the floor size, overflowing downwards rather than cut
        trial = floor
        lines = flow(items, trial, x1 - x0, weight)
    line = step(trial)
    y = y0
    for parts in lines:
        _put(c, box, x0, y + line / 2, joined(parts), trial, fill, weight, "lm")
        y += line
    return int(y)


def run_in(
    c: Canvas,
    box: Box,
    items: Sequence[str],
    size: int,
    fill: RGB = INK,
    weight: str = "regular",
    floor: int = FLOOR,
) -> int:
    """``items`` on one line centred vertically in ``box``, left-aligned, shrunk to fit; returns the size."""
    x0, y0, x1, y1 = box
    size = min(size, int(y1 - y0))
    while size > floor and items_width(items, size, weight) > x1 - x0:
        size -= 1
    _put(c, box, x0, (y0 + y1) / 2, joined(items), size, fill, weight, "lm")
    return size
