"""A thin layer over Pillow: cached fonts, text that fits its box, and fast PNG encoding."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from functools import cache, lru_cache
from importlib import resources
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

from render.core.palette import INK, PAPER, RGB
from render.core.png import encode_palette_png

_FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    # Japanese pictures: subsets of Noto Sans CJK JP (kana, common kanji, Latin; see
    # scripts/subset_jp_font.py), shipped so that a plain install renders Japanese.
    "ja": "NotoSansCJKjp-Regular-subset.otf",
    "ja-bold": "NotoSansCJKjp-Bold-subset.otf",
}


@cache
def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    """A shipped font at ``size`` px (cached: loading a font costs more than drawing)."""
    data = resources.files("render.core.fonts").joinpath(_FONT_FILES[weight]).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size)


@lru_cache(maxsize=16384)
def _advance(word: str, size: int, weight: str) -> float:
    """Advance width of ``word`` shaped on its own."""
    return font(size, weight).getlength(word)


@lru_cache(maxsize=8192)
def word_starts(text: str, size: int, weight: str = "regular") -> tuple[float, ...]:
    """Where each word of ``text.split(" ")`` starts, then where the text ends, in px from its left.

    A line is laid out word by word: each word shaped on its own (kerning inside it kept) and the
    words a space's advance apart. None of the shipped fonts kerns across a space, so this is the
    whole line's layout; but a line never seen before, made of words seen before (a new player's
    name in a familiar sentence), then costs lookups instead of shaping (``render.core.stamps``).
    """
    space = _advance(" ", size, weight)
    starts = [0.0]
    for word in text.split(" "):
        starts.append(starts[-1] + (_advance(word, size, weight) if word else 0.0) + space)
    starts[-1] -= space  # no space after the last word
    return tuple(starts)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, weight: str = "regular") -> float:
    """Advance width of ``text`` in px (cached: boards measure the same words every turn)."""
    if " " not in text:
        return _advance(text, size, weight)
    return word_starts(text, size, weight)[-1]


def fit(
    text: str, size: int, max_width: float, weight: str = "regular", min_size: int = 16
) -> tuple[str, int]:
    """Shrink ``text`` down to ``min_size`` px and then ellipsise it so it fits ``max_width``."""
    while size > min_size and text_width(text, size, weight) > max_width:
        size -= 1
    if text_width(text, size, weight) > max_width:
        while text and text_width(text + "…", size, weight) > max_width:
            text = text[:-1]
        text = text.rstrip() + "…"
    return text, size


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


_NAME_REF = re.compile(r"\{P(\d+)\}")
#: a name's room in a line of names and words, in em of the line's size (a typical name is 6)
NAME_EM = 8.0


class Segment(NamedTuple):
    """One piece of a line of names and words: its text, size and where it starts (px from the left)."""

    text: str
    size: int
    x: float


def fitted_name(
    name: str, size: int, slot: float, weight: str = "regular", min_size: int = 14
) -> tuple[str, int]:
    """``name`` at the first of ``_steps`` (``size``, halfway, ``min_size``) that fits ``slot``.

    Then ellipsised at ``min_size``. It depends on nothing else on its line, and the steps are
    few so a name's words come in at most three sizes per slot, not a new one per name length.
    """
    for step in _steps(size, min_size):
        if text_width(name, step, weight) <= slot:
            return name, step
    return fit(name, min(min_size, size), slot, weight, min(min_size, size))


def _steps(size: int, min_size: int) -> tuple[int, ...]:
    """The sizes a line of names and words may take: ``size``, halfway down, ``min_size``."""
    min_size = min(min_size, size)
    return tuple(dict.fromkeys((size, (size + min_size) // 2, min_size)))


@lru_cache(maxsize=4096)
def _literal_plan(
    template: str, size: int, max_width: float, weight: str, min_size: int
) -> tuple[int, float] | None:
    """The line's size and each name's slot for ``template``, or None when no size leaves room.

    Worked out from the template alone: the first of ``_steps`` at which the words leave each
    name ``NAME_EM`` em (else the smallest, with what is left shared out). So neither the words'
    size nor a name's depends on the other names: a new name costs one mask per size, and old
    words keep theirs.
    """
    parts = _NAME_REF.split(template)
    words, count = parts[0::2], len(parts) // 2
    if not count:
        return None
    for trial in _steps(size, min_size):
        slot = (max_width - sum(text_width(part, trial, weight) for part in words if part)) / count
        if slot >= NAME_EM * trial:
            return trial, slot
    return (trial, slot) if slot >= 2 * trial else None  # not even a short name would fit


def named_line(
    template: str,
    names: Sequence[str],
    size: int,
    max_width: float,
    weight: str = "regular",
    min_size: int = 16,
) -> list[Segment]:
    """A line of ``{P1}``-style name slots and words, each fitted apart (see ``_literal_plan``).

    The words take one of three sizes from the template alone; each name is fitted to its slot
    from that size down. A template that cannot leave a slot for each name is fitted whole.
    """
    plan = _literal_plan(template, size, max_width, weight, min_size)
    parts = _NAME_REF.split(template)
    if plan is None:
        filled = "".join(part if n % 2 == 0 else _name(names, part) for n, part in enumerate(parts))
        text, fitted = fit(filled, size, max_width, weight, min_size)
        return [Segment(text, fitted, 0.0)]
    words_size, slot = plan
    segments: list[Segment] = []
    x = 0.0
    for n, part in enumerate(parts):
        if n % 2 == 0:
            text, at = part, words_size
        else:
            text, at = fitted_name(_name(names, part), words_size, slot, weight, min_size)
        if text:
            segments.append(Segment(text, at, x))
            x += text_width(text, at, weight)
    return segments


def _name(names: Sequence[str], number: str) -> str:
    """The name of seat ``number`` (counted from 1), or "Player N"."""
    index = int(number) - 1
    return names[index] if 0 <= index < len(names) and names[index] else f"Player {index + 1}"


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

    def png(self, compress_level: int = 3) -> bytes:
        """Encode the canvas as PNG."""
        return encode_png(self.image, compress_level)
