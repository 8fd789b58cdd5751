"""Words put together from cached glyphs: a word never seen before costs look-ups, not shaping.

A busy bot meets new players all the time, and every new name is a new word: shaping it and
rasterising it whole cost about as much as the rest of a board. In the scripts handled here
(Latin, Greek, Cyrillic, digits and punctuation), the shipped fonts lay a
word out as its glyphs' advances plus a kerning value for each pair of neighbours, and each glyph
is rasterised at a whole-pixel pen position. So a word is its glyphs' cached masks pasted where
those cached advances put them, overlapping ink blended over ink: what Pillow draws, pixel
for pixel (``tests/render/test_glyphs.py`` holds the two equal). Anything else (scripts that
join or reorder letters, combining marks, emoji, glyphs without ink) is shaped whole, as before.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from itertools import accumulate
from operator import add
from typing import Any, NamedTuple

from PIL import Image

from render.core.fonts import font

#: code points laid out glyph by glyph in the shipped fonts: no joining, reordering or marks
_SIMPLE_RANGES = (
    (0x0021, 0x007E),  # ASCII letters, digits and punctuation
    (0x00A1, 0x024F),  # Latin-1 and Latin Extended A/B
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x04FF),  # Cyrillic
    (0x2010, 0x2027),  # dashes, quotes, bullets, the ellipsis
)
# Kana and CJK are left to shaping: the Japanese face kerns many kana pairs, so a name would meet
# new pairs (each checked by drawing it) far more often than a Latin one does.


@lru_cache(maxsize=4096)
def _simple(char: str) -> bool:
    """Whether ``char`` is of the scripts laid out glyph by glyph."""
    code = ord(char)
    return any(low <= code <= high for low, high in _SIMPLE_RANGES) and not unicodedata.combining(char)


class Glyph(NamedTuple):
    """One glyph's ink (an "L" image core) and where it sits from the pen (baseline at 0)."""

    ink: Any  # the core image of the ink box; ``None`` for a glyph with no ink
    left: int
    top: int
    width: int
    height: int
    advance: int  # in 1/64 px, as FreeType lays it out
    box: tuple[int, int, int, int]  # the box Pillow puts around the glyph's bitmap, from the pen


@lru_cache(maxsize=8192)
def glyph(char: str, size: int, weight: str) -> Glyph:
    """``char`` at ``size`` px in ``weight``, rasterised once."""
    face = font(size, weight)
    mask, (left, top) = face.getmask2(char, "L", anchor="ls")
    advance = round(face.getlength(char) * 64)
    ink = mask.getbbox() if mask.size[0] and mask.size[1] else None
    if not ink:
        return Glyph(None, 0, 0, 0, 0, advance, (0, 0, 0, 0))
    x0, y0, x1, y1 = ink
    # Pillow widens a lone glyph's box to its advance; inside a word only the bitmap's own edge
    # counts, so past the advance the box is the bitmap's, short of it the ink's
    right = left + mask.size[0]
    right = right if right > _pixel(advance) else left + x1
    box = (left, top, right, top + mask.size[1])
    return Glyph(mask.crop(ink), left + x0, top + y0, x1 - x0, y1 - y0, advance, box)


@lru_cache(maxsize=65536)
def _kerning(first: str, second: str, size: int, weight: str) -> int | None:
    """How far the pair moves the pen beyond the two advances, in 1/64 px (usually 0).

    ``None`` when the pair shaped together is not its two glyphs (a ligature such as "ffi" in
    some faces): found once per pair, by drawing the pair both ways.
    """
    face = font(size, weight)
    ahead = glyph(first, size, weight).advance
    kerning = round(face.getlength(first + second) * 64) - ahead - glyph(second, size, weight).advance
    end = ahead + kerning + glyph(second, size, weight).advance
    placed = _placed(first + second, [0, ahead + kerning], end, size, weight)
    if placed is None or _drawn(placed) != _shaped(first + second, size, weight):
        return None
    return kerning


def _shaped(text: str, size: int, weight: str) -> tuple[bytes, int, int, int, int]:
    """``text`` shaped and drawn whole by Pillow: its ink's bytes, box size and offset (baseline 0)."""
    shaped, (left, top) = font(size, weight).getmask2(text, "L", anchor="ls")
    mask = Image.new("L", (max(shaped.size[0], 1), max(shaped.size[1], 1)), 0)
    if shaped.size[0] and shaped.size[1]:
        mask.im.paste(shaped, (0, 0, *shaped.size))
    return _ink(mask, left, top)


def _ink(mask: Image.Image, left: int, top: int) -> tuple[bytes, int, int, int, int]:
    """A mask's ink alone: its bytes, size and offset (blank rows and columns cut off)."""
    box = mask.getbbox() or (0, 0, 0, 0)
    return mask.crop(box).tobytes(), box[2] - box[0], box[3] - box[1], left + box[0], top + box[1]


@lru_cache(maxsize=4096)
def composable(word: str) -> bool:
    """Whether ``word``'s characters are of the scripts laid out glyph by glyph (module note)."""
    return bool(word) and " " not in word and all(map(_simple, word))


#: entries a face's advance or kerning table holds before it is emptied (both refill from caches)
_TABLE_MOST = 16384


class _Advances(dict[str, int]):
    """One face's glyph advances in 1/64 px, each looked up from its glyph once."""

    def __init__(self, size: int, weight: str) -> None:
        super().__init__()
        self.size, self.weight = size, weight

    def __missing__(self, char: str) -> int:
        if len(self) >= _TABLE_MOST:
            self.clear()  # names bring ever more characters: start over rather than grow for good
        value = self[char] = glyph(char, self.size, self.weight).advance
        return value


class _Kernings(dict[str, int | None]):
    """One face's kerning of each pair of characters met (``None``: the pair is not composed)."""

    def __init__(self, size: int, weight: str) -> None:
        super().__init__()
        self.size, self.weight = size, weight

    def __missing__(self, pair: str) -> int | None:
        if len(self) >= _TABLE_MOST:
            self.clear()
        value = self[pair] = _kerning(pair[0], pair[1], self.size, self.weight)
        return value


@lru_cache(maxsize=256)
def _tables(size: int, weight: str) -> tuple[_Advances, _Kernings]:
    """The advance and kerning tables of one face (plain dicts: a word is summed at C speed)."""
    return _Advances(size, weight), _Kernings(size, weight)


def _steps(word: str, size: int, weight: str) -> list[int] | None:
    """How far each glyph of ``word`` moves the pen (advance plus kerning), in 1/64 px."""
    advances, kernings = _tables(size, weight)
    steps = list(map(advances.__getitem__, word))
    if len(word) > 1:
        kerned = list(map(kernings.__getitem__, map(add, word, word[1:])))
        if None in kerned:
            return None
        for index, kerning in enumerate(kerned):
            if kerning:
                steps[index] += kerning
    return steps


def pens(word: str, size: int, weight: str) -> tuple[list[int], int] | None:
    """Each glyph's pen position in 1/64 px and where the pen ends; ``None`` past a ligature."""
    steps = _steps(word, size, weight)
    if steps is None:
        return None
    at = [0, *accumulate(steps)]
    return at[:-1], at[-1]


def advance(word: str, size: int, weight: str) -> float | None:
    """The advance width of ``word`` in px as shaping gives it; ``None`` if it is not composed."""
    if not composable(word):
        return None
    steps = _steps(word, size, weight)
    return None if steps is None else sum(steps) / 64


def _pixel(value: int) -> int:
    """FreeType's rounding of a 1/64 px length to whole pixels."""
    return (value + 32) >> 6


class _Placed(NamedTuple):
    """Glyphs at the whole-pixel x their ink starts at, and the box around them (Pillow's)."""

    glyphs: list[tuple[int, Glyph]]
    left: int
    top: int
    right: int
    bottom: int


def _placed(word: str, at: list[int], end: int, size: int, weight: str) -> _Placed | None:
    """The word's glyphs placed at their pens; ``None`` if one has no ink.

    The box is Pillow's: from the pen's start to its end and around every glyph's bitmap.
    """
    glyphs = []
    left, right = 0, _pixel(end)
    top = bottom = 0
    for index, (char, pen) in enumerate(zip(word, at, strict=True)):
        shape = glyph(char, size, weight)
        if shape.ink is None:
            return None
        x = _pixel(pen)
        glyphs.append((x + shape.left, shape))
        box_left, box_top, box_right, box_bottom = shape.box
        left, right = min(left, x + box_left), max(right, x + box_right)
        top, bottom = (box_top, box_bottom) if not index else (min(top, box_top), max(bottom, box_bottom))
    return _Placed(glyphs, left, top, right, bottom)


def _drawn(placed: _Placed) -> tuple[bytes, int, int, int, int]:
    """The ink of placed glyphs (``_ink``'s form), for comparing with a pair shaped whole."""
    return _ink(_mask(placed), placed.left, placed.top)


def _mask(placed: _Placed) -> Image.Image:
    """Placed glyphs drawn into one mask the size of their box."""
    left, top = placed.left, placed.top
    mask = Image.new("L", (placed.right - left, placed.bottom - top), 0)
    core = mask.im
    reach = left  # the rightmost ink so far: a glyph starting past it lands on blank pixels
    for x, shape in placed.glyphs:
        box = (x - left, shape.top - top, x - left + shape.width, shape.top - top + shape.height)
        if x >= reach:
            core.paste(shape.ink, box)
        else:  # kerned into its neighbour: ink over ink, blended as Pillow blends it
            core.paste(255, box, shape.ink)
        reach = max(reach, x + shape.width)
    return mask


@lru_cache(maxsize=64)
def _rise(size: int, weight: str, vertical: str) -> int:
    """How far the vertical anchor ``vertical`` (a, m, s, d) moves ink down from the baseline."""
    face = font(size, weight)
    return int(face.getbbox("x", anchor="l" + vertical)[1] - face.getbbox("x", anchor="ls")[1])


def word_mask(word: str, size: int, weight: str, anchor: str) -> tuple[Image.Image, int, int] | None:
    """``word``'s mask and its offset from the anchor point, as ``getmask2`` gives them.

    ``None`` when the word must be shaped whole (see the module's note).
    """
    if not composable(word):
        return None
    laid = pens(word, size, weight)
    if laid is None:
        return None
    at, end = laid
    placed = _placed(word, at, end, size, weight)
    if placed is None:
        return None
    shift = {"l": 0, "m": _pixel(end // 2), "r": _pixel(end)}[anchor[0]]
    return _mask(placed), placed.left - shift, placed.top + _rise(size, weight, anchor[1])
