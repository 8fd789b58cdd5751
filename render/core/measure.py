"""Measuring text: cached fonts, advance widths laid out word by word, and shrinking to fit."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from render.core.fonts import font as font
from render.core.glyphs import advance as composed_advance

#: how a line is measured: (text, size, weight) -> advance width in px
Measure = Callable[[str, int, str], float]


@lru_cache(maxsize=16384)
def _advance(word: str, size: int, weight: str) -> float:
    """Advance width of ``word`` shaped on its own (from cached glyphs where ``glyphs`` can)."""
    composed = composed_advance(word, size, weight)
    return font(size, weight).getlength(word) if composed is None else composed


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
    text: str,
    size: int,
    max_width: float,
    weight: str = "regular",
    min_size: int = 16,
    measure: Measure | None = None,
) -> tuple[str, int]:
    """Shrink ``text`` down to ``min_size`` px and then ellipsise it so it fits ``max_width``.

    ``measure``: how a line is measured (``text_width`` unless a picture mixes faces in a line).
    """
    width = measure or text_width
    while size > min_size and width(text, size, weight) > max_width:
        size -= 1
    if width(text, size, weight) > max_width:
        text = text[: longest_start(text, size, max_width, weight, width)].rstrip() + "…"
    return text, size


def longest_start(text: str, size: int, max_width: float, weight: str, width: Measure) -> int:
    """How many characters of ``text`` fit ``max_width`` with "…" after them (0 if none do).

    A longer start is never narrower, so halving the range finds the cut that trying one
    character shorter at a time finds, in a handful of measurements instead of one a character.
    """
    low, high = 0, len(text) - 1  # the whole text did not fit even without the "…"
    while low < high:
        middle = (low + high + 1) // 2
        if width(text[:middle] + "…", size, weight) <= max_width:
            low = middle
        else:
            high = middle - 1
    return low
