"""Measuring and wrapping text in either language, with the right font for every character.

Japanese pictures (Climax's, and any card drawn large in Japanese) use the shipped Noto Sans CJK
JP subsets for everything; English ones use DejaVu.
Either way a character the main face lacks (a Japanese player name on an English board, a
Cyrillic one on a Japanese board) is drawn from the other face, so a line is a list of runs, each
in one face. Wrapping breaks English at spaces and Japanese between any two characters, except
that a line never starts with closing punctuation nor ends with an opening bracket (kinsoku),
and digits and Latin words are never split.
"""

from __future__ import annotations

import itertools
import re
from functools import cache, lru_cache

from render.core.canvas import font, text_width
from render.core.measure import longest_start

#: (regular, bold) faces of each language
FACES: dict[str, tuple[str, str]] = {"en": ("regular", "bold"), "ja": ("ja", "ja-bold")}
_PROBE = 20
_UNMAPPED = "\U0010fffd"  # a code point no font maps: its mask is the face's "missing glyph" box

# a line may not start with these (closing punctuation, small kana, the long-vowel mark, ☆)
NO_START = set("、。，．・：；？！）」』】〕〉》”’ー ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ☆,.;:!?)]}…")
# ...nor end with these (opening brackets, and the full-width signs that belong to the number after)
NO_END = set("（「『【〔〈《“‘([{＋－")
_TOKENS = re.compile(
    r"\s+|[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+"
)

Run = tuple[str, str]  # (text, font weight key)


def face(lang: str, bold: bool = False) -> str:
    """The main font weight key for ``lang``."""
    regular, heavy = FACES.get(lang, FACES["en"])
    return heavy if bold else regular


@cache
def _missing_mask(weight: str) -> tuple[tuple[int, int], bytes]:
    mask = font(_PROBE, weight).getmask(_UNMAPPED)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def has_glyph(char: str, weight: str) -> bool:
    """Whether the face ``weight`` draws ``char`` (spaces always count)."""
    if char.isspace():
        return True
    mask = font(_PROBE, weight).getmask(char)
    return (mask.size, bytes(mask)) != _missing_mask(weight)


def _other(weight: str) -> str:
    """The same weight in the other language's face."""
    return {"regular": "ja", "bold": "ja-bold", "ja": "regular", "ja-bold": "bold"}[weight]


@lru_cache(maxsize=8192)
def runs(text: str, weight: str) -> tuple[Run, ...]:
    """``text`` split into runs drawn in ``weight`` or, for characters it lacks, the other face."""
    other = _other(weight)
    found: list[Run] = []
    for char in text:
        use = weight if has_glyph(char, weight) or not has_glyph(char, other) else other
        if found and found[-1][1] == use:
            found[-1] = (found[-1][0] + char, use)
        else:
            found.append((char, use))
    return tuple(found)


def width(text: str, size: int, weight: str) -> float:
    """Advance width of ``text`` at ``size`` px, every run in its own face."""
    return sum(text_width(part, size, face_key) for part, face_key in runs(text, weight))


def tokens(text: str) -> list[str]:
    """Unbreakable pieces: spaces, single CJK characters, and runs of anything else (words, numbers)."""
    return _TOKENS.findall(text)


def wrap(text: str, size: int, max_width: float, weight: str) -> list[str]:
    """Lines no wider than ``max_width`` (a single unbreakable piece wider than that stays whole)."""
    return list(_wrapped(text, size, max_width, weight))


@lru_cache(maxsize=4096)
def _wrapped(text: str, size: int, max_width: float, weight: str) -> tuple[str, ...]:
    """``wrap``, remembered: a hand shows the same card texts turn after turn, tried at several sizes."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(_wrap_paragraph(tokens(paragraph), size, max_width, weight))
    return tuple(lines)


def _wrap_paragraph(pieces: list[str], size: int, max_width: float, weight: str) -> list[str]:
    # The line so far is not measured again for every piece (Japanese breaks between any two
    # characters, which made that quadratic): its width grows by the piece's width and the
    # kerning between the two characters that meet, each measured once and cached.
    lines: list[list[str]] = [[]]
    used = 0.0  # the width of lines[-1], as ``width`` would measure it whole
    for piece in pieces:
        line = lines[-1]
        if piece.isspace():
            if line:
                used = _grown(used, line[-1], " ", size, weight)
                line.append(" ")
            continue
        grown = _grown(used, line[-1], piece, size, weight) if line else _piece_width(piece, size, weight)
        if not line or grown <= max_width:
            line.append(piece)
            used = grown
            continue
        # break before ``piece``. Kinsoku: while the new line would start with a closing mark,
        # the piece before it comes down too; and an opening bracket never ends a line.
        moved = [piece]
        while (moved[0].isspace() or moved[0][0] in NO_START) and _words(line) > 1:
            moved.insert(0, line.pop())
        _strip(line)
        while _words(line) > 1 and line[-1] in NO_END:
            moved.insert(0, line.pop())
            _strip(line)
        lines.append(moved)
        used = _piece_width(moved[0], size, weight)
        for before, after in itertools.pairwise(moved):
            used = _grown(used, before, after, size, weight)
    return ["".join(line).strip() for line in lines]


def _grown(used: float, last: str, piece: str, size: int, weight: str) -> float:
    """The width of a line ``used`` wide that ends with ``last``, once ``piece`` is added to it.

    Widths are sums of 1/64 px advances, so adding them up is exact; the pair of characters that
    meet adds their kerning (nothing when a space or a change of face lies between them).
    """
    return used + _kerning(last[-1] + piece[0], size, weight) + _piece_width(piece, size, weight)


@lru_cache(maxsize=16384)
def _piece_width(piece: str, size: int, weight: str) -> float:
    """``width`` of one unbreakable piece, remembered apart from whole lines."""
    return width(piece, size, weight)


@lru_cache(maxsize=16384)
def _kerning(pair: str, size: int, weight: str) -> float:
    """How much the two characters of ``pair`` set side by side differ from their own widths."""
    return width(pair, size, weight) - width(pair[0], size, weight) - width(pair[1], size, weight)


def _words(line: list[str]) -> int:
    """How many pieces of a line being built are not spaces."""
    return sum(1 for piece in line if not piece.isspace())


def _strip(line: list[str]) -> None:
    """Drop the spaces at the end of a line being built."""
    while line and line[-1].isspace():
        line.pop()


def shorten(text: str, size: int, max_width: float, weight: str) -> str:
    """``text`` cut at a piece boundary with "…" so that it fits (names only: never card text)."""
    if width(text, size, weight) <= max_width:
        return text
    pieces = tokens(text)
    while pieces:
        pieces.pop()
        trial = "".join(pieces).rstrip() + "…"
        if width(trial, size, weight) <= max_width:
            return trial
    # one piece wider than the box (a 32-letter name with no space): cut it by characters
    return text[: longest_start(text, size, max_width, weight, width)] + "…"
