"""Text into boxes: one line or a wrapped block, shrunk to fit, and a record of where it all went.

Every piece of text on a Climax picture and on a card drawn large (``render.core.cardsheet``) is
drawn into a box with ``Pen.line`` or ``Pen.block``, and every zone is registered with
``Pen.zone``. The record (``placed``, ``zones``) is what the tests check: each text's glyphs lie
inside its box, and zones do not overlap. Text is laid out for the picture's language
(``render.core.text``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from render.core.canvas import text_width
from render.core.indexed_canvas import IndexedCanvas
from render.core.marks import Box
from render.core.named_lines import fitted_name, named_line
from render.core.palette import RGB
from render.core.stamps import ink_box
from render.core.text import face, runs, shorten, width, wrap

#: the baseline sits this far (in em) below a line's middle, so Latin capitals and kanji look centred
BASELINE = 0.36
#: a single line asks for this much height per px of font size (glyphs reach from about -1.0 to +0.29 em)
LINE = 1.25
#: the distance between wrapped lines, per px of font size
PITCH = {"en": 1.25, "ja": 1.32}
#: boxes are laid out in floats: a height measured by ``block_height`` must still fit after adding offsets
EPSILON = 0.01


@dataclass(frozen=True)
class Placed:
    """One drawn text: the box it had, where its glyphs landed, its size, and whether it was cut."""

    text: str
    box: Box
    ink: Box
    size: int
    cut: bool


@dataclass
class Pen:
    """Draws language-aware text on a canvas and remembers every box (see the module docstring)."""

    canvas: IndexedCanvas
    lang: str
    placed: list[Placed] = field(default_factory=list)
    zones: list[tuple[str, Box]] = field(default_factory=list)

    def zone(self, name: str, box: Box) -> Box:
        """Register a zone (a panel or card) for the overlap checks; return its box."""
        self.zones.append((name, box))
        return box

    def weight(self, bold: bool = False) -> str:
        """The main face of this picture's language."""
        return face(self.lang, bold)

    def width(self, text: str, size: int, bold: bool = False) -> float:
        """Advance width of one line of ``text``."""
        return width(text, size, self.weight(bold))

    def line(
        self,
        box: Box,
        text: str,
        size: int,
        fill: RGB,
        *,
        bold: bool = False,
        align: str = "left",
        min_size: int = 14,
    ) -> float:
        """One line centred vertically in ``box``, shrunk (then shortened with "…") to fit; its width."""
        x0, y0, x1, y1 = box
        weight = self.weight(bold)
        size = max(min(size, int((y1 - y0) / LINE)), 1)
        shown, size, used = fitted_line(text, size, x1 - x0, weight, min(min_size, size))
        x = x0 if align == "left" else x1 - used if align == "right" else (x0 + x1 - used) / 2
        baseline = (y0 + y1) / 2 + BASELINE * size
        ink = self._draw(x, baseline, shown, size, fill, weight)
        self.placed.append(Placed(text, box, ink, size, shown != text))
        return used

    def chip(
        self, box: Box, text: str, size: int, fill: RGB, ink: RGB, *, radius: int = 8, min_size: int = 14
    ) -> float:
        """A badge: a filled rounded ``box`` with ``text`` on one bold line centred in it; its width."""
        self.canvas.draw.rounded_rectangle(box, radius=radius, fill=fill)
        return self.line(box, text, size, ink, bold=True, align="centre", min_size=min_size)

    def named(
        self,
        box: Box,
        template: str,
        names: Sequence[str],
        size: int,
        fill: RGB,
        *,
        bold: bool = False,
        align: str = "left",
        min_size: int = 14,
    ) -> float:
        """One line of ``{P1}``-style name slots and words (``named_line``): a name's size is its own.

        The words take a size from the template alone and each name is fitted to its slot, so a new
        player's name never draws the words around it at a new size. Returns the line's width.
        """
        x0, y0, x1, y1 = box
        weight = self.weight(bold)
        size = max(min(size, int((y1 - y0) / LINE)), 1)
        segments = named_line(template, names, size, x1 - x0, weight, min(min_size, size), width)
        if not segments:
            return 0.0
        used = segments[-1].x + width(segments[-1].text, segments[-1].size, weight)
        x = x0 if align == "left" else x1 - used if align == "right" else (x0 + x1 - used) / 2
        top = max(piece.size for piece in segments)  # the words' size: names are never bigger
        baseline = (y0 + y1) / 2 + BASELINE * top
        inks = [self._draw(x + piece.x, baseline, piece.text, piece.size, fill, weight) for piece in segments]
        ink = _union(inks)
        shown = "".join(piece.text for piece in segments)
        self.placed.append(Placed(shown, box, ink, top, shown.endswith("…")))
        return used

    def name(
        self, box: Box, name: str, size: int, fill: RGB, *, bold: bool = False, min_size: int = 14
    ) -> float:
        """A player's name alone, left in ``box``, at one of three sizes (``fitted_name``); its width."""
        x0, y0, x1, y1 = box
        weight = self.weight(bold)
        size = max(min(size, int((y1 - y0) / LINE)), 1)
        shown, size = fitted_name(name, size, x1 - x0, weight, min(min_size, size), width)
        ink = self._draw(x0, (y0 + y1) / 2 + BASELINE * size, shown, size, fill, weight)
        self.placed.append(Placed(name, box, ink, size, shown != name))
        return width(shown, size, weight)

    def fit_block(
        self, text: str, size: int, box_w: float, box_h: float, *, bold: bool = False, min_size: int = 14
    ) -> tuple[list[str], int]:
        """The lines and size at which ``text`` wraps into ``box_w`` x ``box_h`` (largest size first).

        At ``min_size`` the lines are returned even if too many: ``block`` then drops the rest.
        """
        weight = self.weight(bold)
        pitch = PITCH.get(self.lang, PITCH["en"])
        for trial in range(size, min_size - 1, -1):
            lines = wrap(text, trial, box_w, weight)
            if len(lines) * trial * pitch <= box_h + EPSILON and all(
                width(li, trial, weight) <= box_w for li in lines
            ):
                return lines, trial
        return wrap(text, min_size, box_w, weight), min_size

    def block_height(self, text: str, size: int, box_w: float, bold: bool = False) -> float:
        """Height ``text`` takes wrapped at ``size`` into ``box_w`` (for laying out before drawing)."""
        lines = wrap(text, size, box_w, self.weight(bold))
        return len(lines) * size * PITCH.get(self.lang, PITCH["en"])

    def block(
        self,
        box: Box,
        text: str,
        size: int,
        fill: RGB,
        *,
        bold: bool = False,
        align: str = "left",
        valign: str = "top",
        min_size: int = 14,
    ) -> float:
        """Wrapped text in ``box``, shrunk until every line fits; return the y just below it."""
        x0, y0, x1, y1 = box
        weight = self.weight(bold)
        lines, size = self.fit_block(text, size, x1 - x0, y1 - y0, bold=bold, min_size=min_size)
        pitch = size * PITCH.get(self.lang, PITCH["en"])
        room = max(1, int((y1 - y0 + EPSILON) // pitch))
        cut = len(lines) > room
        if cut:  # only for text longer than any card's: keep what fits and say so
            lines = lines[:room]
            lines[-1] = shorten(lines[-1] + " …", size, x1 - x0, weight)
        top = (
            y0
            if valign == "top"
            else y1 - len(lines) * pitch
            if valign == "bottom"
            else (y0 + y1 - len(lines) * pitch) / 2
        )
        inks: list[Box] = []
        for index, shown in enumerate(lines):
            used = width(shown, size, weight)
            x = x0 if align == "left" else x1 - used if align == "right" else (x0 + x1 - used) / 2
            baseline = top + (index + 0.5) * pitch + BASELINE * size
            inks.append(self._draw(x, baseline, shown, size, fill, weight))
        self.placed.append(Placed(text, box, _union(inks), size, cut))
        return top + len(lines) * pitch

    def _draw(self, x: float, baseline: float, text: str, size: int, fill: RGB, weight: str) -> Box:
        """Draw one line run by run on a shared baseline; return its glyphs' bounding box."""
        left, top, right, bottom = x, baseline, x, baseline
        put, line = self.canvas.put, round(baseline)
        for part, face_key, advance, (bx0, by0, bx1, by1) in laid_runs(text, size, weight):
            at = round(x)
            put((at, line), part, size, fill, face_key, "ls")
            if bx1 > bx0:
                left = min(left, at + bx0)
                right = max(right, at + bx1)
                top = min(top, line + by0)
                bottom = max(bottom, line + by1)
            x += advance
        return (left, top, right, bottom)


@lru_cache(maxsize=8192)
def fitted_line(text: str, size: int, room: float, weight: str, min_size: int) -> tuple[str, int, float]:
    """``text`` shrunk (down to ``min_size``) and then shortened with "…" to fit ``room`` px: the
    text shown, its size and its width (cached: pictures fit the same labels to the same boxes)."""
    while size > min_size and width(text, size, weight) > room:
        size -= 1
    shown = shorten(text, size, room, weight)
    return shown, size, width(shown, size, weight)


#: one run of a line: its text, its face, its advance and where its glyphs land around its start
LaidRun = tuple[str, str, float, tuple[int, int, int, int]]


@lru_cache(maxsize=8192)
def laid_runs(text: str, size: int, weight: str) -> tuple[LaidRun, ...]:
    """Each run of ``text`` (``runs``) with what drawing it needs besides its place (cached)."""
    return tuple(
        (part, face_key, text_width(part, size, face_key), ink_box(part, size, face_key, "ls"))
        for part, face_key in runs(text, weight)
    )


def _union(inks: list[Box]) -> Box:
    """The box around every one of ``inks``."""
    lefts, tops, rights, bottoms = zip(*inks, strict=True)
    return (min(lefts), min(tops), max(rights), max(bottoms))
