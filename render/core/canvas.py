"""A thin layer over Pillow: cached fonts, text that fits its box, and fast PNG encoding."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

# the measuring and named-line kit stays importable from here, where the games look for it
from render.core.measure import _advance as _advance
from render.core.measure import fit as fit
from render.core.measure import font as font
from render.core.measure import text_width as text_width
from render.core.measure import word_starts as word_starts
from render.core.named_lines import NAME_EM as NAME_EM
from render.core.named_lines import Segment as Segment
from render.core.named_lines import fitted_name as fitted_name
from render.core.named_lines import named_line as named_line
from render.core.palette import INK, PAPER, RGB
from render.core.png import encode_palette_png

_PIECE = re.compile(r"[^-]*-+|[^-]+")  # a word's parts, each hyphen kept with the part before it


def line_step(size: int) -> int:
    """The distance from one line of ``size`` px text to the next."""
    return int(size * 1.2 + 0.5)


def pieces(text: str) -> list[tuple[str, bool]]:
    """Where ``text`` may break: its words, and the parts of hyphenated words ("Standard-", "Bearer").

    Each piece comes with whether a space stands before it (so a line joins them back exactly).
    """
    found: list[tuple[str, bool]] = []
    for word in text.split(" "):
        found += [(part, index == 0) for index, part in enumerate(_PIECE.findall(word))]
    return found


class Wrapped(NamedTuple):
    """Text laid out in lines: the lines, their size, and whether every word stayed whole."""

    lines: list[str]
    size: int
    whole: bool


def wrap_lines(
    text: str, size: int, width: float, weight: str = "regular", first: float | None = None
) -> Wrapped:
    """Greedy lines no wider than ``width`` (``first``: the first line's own width), never cut short.

    Lines break at spaces and after hyphens; a piece wider than a whole line (a long name with no
    space) is split between characters as a last resort, and ``whole`` says it had to be.
    """
    lines, whole = _wrapped_lines(text, size, width, weight, first)
    return Wrapped(list(lines), size, whole)


@lru_cache(maxsize=4096)
def _wrapped_lines(
    text: str, size: int, width: float, weight: str, first: float | None
) -> tuple[tuple[str, ...], bool]:
    """``wrap_lines``, remembered: ``fit_lines`` tries a text at several sizes, turn after turn.

    A line's width is kept as it grows, as ``text_width`` measures a line (its words' advances
    a space apart, all in 1/64 px, so the sums are exact), instead of measuring the line so far
    again for every piece.
    """
    lines: list[str] = []
    whole = True
    current = ""
    used = 0.0  # text_width(current)
    last = ""  # the last word of ``current``: a hyphen's next part joins it
    space = _advance(" ", size, weight)
    for piece, spaced in pieces(text):
        room = first if first is not None and not lines else width
        if current and spaced:
            grown, word = used + space + _advance(piece, size, weight), piece
        else:
            word = last + piece if current else piece
            grown = used - (_advance(last, size, weight) if current else 0.0) + _advance(word, size, weight)
        if grown <= room:
            current, used, last = (
                (f"{current} {piece}" if current and spaced else current + piece),
                grown,
                word,
            )
            continue
        if current:
            lines.append(current)
            current = ""
            room = width
        while len(piece) > 1 and text_width(piece, size, weight) > room:  # split the piece itself
            whole = False
            cut = len(piece) - 1
            while cut > 1 and text_width(piece[:cut], size, weight) > room:
                cut -= 1
            lines.append(piece[:cut])
            piece = piece[cut:]
        current, used, last = piece, _advance(piece, size, weight), piece
    if current or not lines:
        lines.append(current)
    return tuple(lines), whole


def fit_lines(
    text: str,
    size: int,
    width: float,
    weight: str = "regular",
    min_size: int = 16,
    max_lines: int = 2,
    first: float | None = None,
    fewest: bool = True,
) -> Wrapped:
    """``text`` whole, in as few lines as it takes (up to ``max_lines``), shrunk no lower than ``min_size``.

    One line at the largest size that holds it is preferred, then two, and so on; when no size
    down to ``min_size`` keeps every word whole in ``max_lines`` lines, a word too long for any
    line is split (at the largest size that then fits ``max_lines``, else at ``min_size`` in as
    many lines as it takes) rather than losing anything to an ellipsis. ``fewest=False`` takes the
    largest size that fits ``max_lines`` lines instead of the fewest lines.
    """
    for count in range(1, max_lines + 1) if fewest else (max_lines,):
        for trial in range(size, min_size - 1, -1):
            wrapped = wrap_lines(text, trial, width, weight, first)
            if wrapped.whole and len(wrapped.lines) <= count:
                return wrapped
    for trial in range(size, min_size - 1, -1):  # a word wider than a line: split it, as big as fits
        wrapped = wrap_lines(text, trial, width, weight, first)
        if len(wrapped.lines) <= max_lines:
            return wrapped
    return wrap_lines(text, min_size, width, weight, first)


def join_lines(
    items: Sequence[str], size: int, width: float, weight: str = "regular", sep: str = " · "
) -> list[str]:
    """Short items joined by ``sep`` into as few lines as fit ``width``; an item is never split."""
    lines: list[str] = []
    for item in items:
        trial = f"{lines[-1]}{sep}{item}" if lines else item
        if lines and text_width(trial, size, weight) <= width:
            lines[-1] = trial
        else:
            lines.append(item)
    return lines


@lru_cache(maxsize=4096)
def wrap_words(text: str, size: int, max_width: float, weight: str = "regular") -> tuple[str, ...]:
    """Each paragraph of ``text`` in greedy lines of whole words no wider than ``max_width`` (cached).

    A word wider than a line gets a line of its own. The line's width grows by a space and the
    word's advance, as ``text_width`` measures it, rather than the line being measured again.
    """
    lines: list[str] = []
    space = _advance(" ", size, weight)
    for paragraph in text.split("\n"):
        current, used = "", 0.0
        for word in paragraph.split():
            wide = _advance(word, size, weight)
            if not current:
                current, used = word, wide
            elif used + space + wide <= max_width:
                current, used = f"{current} {word}", used + space + wide
            else:
                lines.append(current)
                current, used = word, wide
        lines.append(current)
    return tuple(lines)


def encode_png(image: Image.Image, compress_level: int = 3) -> bytes:
    """PNG bytes of ``image``; level 3 is the knee of size vs time for flat board art."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=compress_level)
    return buffer.getvalue()


def encode_png_indexed(image: Image.Image, palette: Image.Image) -> bytes:
    """PNG bytes of ``image`` mapped, without dithering, onto the fixed palette of ``palette``.

    For flat board art this is about a third of the bytes of RGB and several times faster to
    encode. Colours in the palette come through exactly; others go to their nearest entry, so put
    every fill colour in it and leave the rest for anti-aliased text edges. A "P" image is taken to
    be drawn in that palette already (``render.core.indexed``) and is saved as it is. The bytes
    come from ``render.core.png`` (a fast deflate), not Pillow's encoder.
    """
    if image.mode != "P":
        image = image.quantize(palette=palette, dither=Image.Dither.NONE)
    return encode_palette_png(image)


def fixed_palette(colours: Sequence[RGB], spare: RGB | None = None) -> Image.Image:
    """A 1x1 "P" image whose palette is the first 256 of ``colours``, for ``encode_png_indexed`` above.

    Unused entries repeat the first colour, or hold ``spare`` when given; which one changes the
    saved bytes, so a game keeps the choice its pictures were made with.
    """
    kept = list(colours[:256])
    kept += [kept[0] if spare is None else spare] * (256 - len(kept))
    image = Image.new("P", (1, 1))
    image.putpalette([value for colour in kept for value in colour])
    return image


class Canvas:
    """An RGB image with a drawing context and text helpers."""

    def __init__(self, width: int, height: int, background: RGB = PAPER) -> None:
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)

    @property
    def width(self) -> int:
        """Image width in px."""
        return self.image.width

    @property
    def height(self) -> int:
        """Image height in px."""
        return self.image.height

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int = 20,
        fill: RGB = INK,
        weight: str = "regular",
        anchor: str = "la",
        max_width: float | None = None,
        min_size: int = 10,
    ) -> None:
        """Draw one line; shrink it (down to ``min_size`` px) and then ellipsise it to fit ``max_width``."""
        if max_width is not None:
            text, size = fit(text, size, max_width, weight, min_size)
        self.put(xy, text, size, fill, weight, anchor)

    def named(
        self,
        xy: tuple[float, float],
        template: str,
        names: Sequence[str],
        size: int,
        fill: RGB = INK,
        weight: str = "regular",
        anchor: str = "la",
        max_width: float | None = None,
        min_size: int = 16,
    ) -> None:
        """One line with ``{P1}``-style player names, fitted by ``named_line`` (anchor "la" or "ra").

        A name's size depends on the name alone, so each new player costs one rasterised word per
        size; the pieces share one baseline, at the line's top plus the tallest piece's ascent.
        """
        room = max_width if max_width is not None else float(self.width)
        segments = named_line(template, names, size, room, weight, min_size)
        if not segments:
            return
        end = segments[-1].x + text_width(segments[-1].text, segments[-1].size, weight)
        left = xy[0] - end if anchor[0] == "r" else xy[0]
        baseline = xy[1] + max(font(piece.size, weight).getmetrics()[0] for piece in segments)
        for piece in segments:
            self.put((left + piece.x, baseline), piece.text, piece.size, fill, weight, "ls")

    def name(
        self,
        xy: tuple[float, float],
        name: str,
        size: int,
        fill: RGB = INK,
        weight: str = "regular",
        anchor: str = "la",
        max_width: float | None = None,
        min_size: int = 14,
    ) -> None:
        """A player's name alone, fitted to ``max_width`` by ``fitted_name`` (three sizes at most)."""
        if max_width is not None:
            name, size = fitted_name(name, size, max_width, weight, min_size)
        self.put(xy, name, size, fill, weight, anchor)

    def put(self, xy: tuple[float, float], text: str, size: int, fill: RGB, weight: str, anchor: str) -> None:
        """Draw one line exactly as given (no fitting); subclasses change how glyphs are drawn."""
        self.draw.text(xy, text, font=font(size, weight), fill=fill, anchor=anchor)

    def textlength(self, text: str, size: int, weight: str = "regular") -> float:
        """Advance width of ``text`` in px at this size (cached)."""
        return text_width(text, size, weight)

    def lines(
        self,
        xy: tuple[float, float],
        lines: Sequence[str],
        size: int,
        fill: RGB = INK,
        weight: str = "regular",
        anchor: str = "la",
        step: int | None = None,
    ) -> float:
        """Draw ``lines`` one under another from ``xy`` (no fitting); return the y below the last.

        ``step``: the distance between lines, when a layout keeps it the same whatever the size.
        """
        x, y = xy
        for line in lines:
            self.put((x, y), line, size, fill, weight, anchor)
            y += step if step is not None else line_step(size)
        return y

    def wrap(self, text: str, size: int, max_width: int, weight: str = "regular") -> list[str]:
        """Split ``text`` into lines no wider than ``max_width`` at this font size."""
        return list(wrap_words(text, size, max_width, weight))

    def paragraph(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        max_width: int,
        fill: RGB = INK,
        weight: str = "regular",
        max_lines: int | None = None,
        spacing: float = 1.2,
    ) -> float:
        """Draw wrapped text; return the y just below it."""
        x, y = xy
        lines = self.wrap(text, size, max_width, weight)
        if max_lines is not None and len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = lines[-1].rstrip() + "…"
        for line in lines:
            self.text((x, y), line, size=size, fill=fill, weight=weight)  # one line each, no fitting
            y += size * spacing
        return y

    def box(
        self,
        xy: tuple[float, float, float, float],
        fill: RGB | None = None,
        outline: RGB | None = INK,
        width: int = 2,
        radius: int = 8,
    ) -> None:
        """A rounded rectangle."""
        self.draw.rounded_rectangle(xy, radius=radius, fill=fill, outline=outline, width=width)

    def chip(
        self,
        box: tuple[float, float, float, float],
        text: str,
        size: int,
        fill: RGB,
        ink: RGB,
        weight: str = "bold",
        radius: int = 6,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        """A badge or tag: ``text`` centred on a filled rounded ``box``, at exactly ``size`` px."""
        self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
        x0, y0, x1, y1 = box
        self.put(((x0 + x1) / 2, (y0 + y1) / 2), text, size, ink, weight, "mm")

    def png(self, compress_level: int = 3) -> bytes:
        """Encode the canvas as PNG."""
        return encode_png(self.image, compress_level)
