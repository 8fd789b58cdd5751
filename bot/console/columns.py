"""Terminal columns: how wide text shows, padding to a column, and wrapping text in any language.

A terminal gives a Japanese (or any East Asian wide) character two columns, so aligning by
``len`` leaves Japanese rows ragged and ``textwrap`` (which breaks only at spaces and counts
characters) makes a Japanese card text twice as wide as the page. Wrapping here breaks English
at spaces and Japanese between any two characters, never starting a line with closing
punctuation nor ending one with an opening bracket (kinsoku), and never splitting a number or a
Latin word.
"""

from __future__ import annotations

import re
import unicodedata

# a line may not start with these (closing punctuation, small kana, the long-vowel mark, ☆)...
NO_START = set("、。，．・：；？！）」』】〕〉》”’ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ☆,.;:!?)]}…")
# ...nor end with these (opening brackets, and signs that belong to the number after them)
NO_END = set("（「『【〔〈《“‘([{＋－")
# unbreakable pieces: spaces, one wide character, or a run of anything else (a word, a number)
_WIDE = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef"
_PIECES = re.compile(rf"\s+|[{_WIDE}]|[^\s{_WIDE}]+")


def width(text: str) -> int:
    """The columns ``text`` takes in a terminal (wide and full-width characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def pad(text: str, columns: int) -> str:
    """``text`` followed by spaces up to ``columns`` columns."""
    return text + " " * max(columns - width(text), 0)


def wrap(text: str, columns: int, indent: str = "") -> list[str]:
    """``text`` in lines of at most ``columns`` columns (``indent`` included), broken where it may be."""
    room = max(columns - width(indent), 10)
    lines: list[str] = []
    line = ""
    for piece in _PIECES.findall(" ".join(text.split())):
        if width(line) + width(piece) <= room or not line.strip():
            line += piece
            continue
        if piece.isspace():
            lines.append(line)
            line = ""
            continue
        carried = ""
        if piece[0] in NO_START:  # the closing mark stays with what it closes, a little over
            line, piece = line + piece, ""
        elif line and line[-1] in NO_END:  # an opening bracket moves down with what it opens
            line, carried = line[:-1], line[-1]
        lines.append(line.rstrip())
        line = (carried + piece).lstrip()
    if line.strip():
        lines.append(line.rstrip())
    return [indent + line for line in lines]
