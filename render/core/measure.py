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
        while text and width(text + "…", size, weight) > max_width:
            text = text[:-1]
        text = text.rstrip() + "…"
    return text, size
