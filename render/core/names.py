"""Player names made safe to draw: only characters the shipped fonts have, bounded length.

A display name can be anything a chat service allows: emoji, scripts the DejaVu faces lack,
control and zero-width characters, 32 characters with no space to wrap at. Pictures draw the
cleaned name and still fit it to its box; a name with nothing drawable left falls back to
"Player N", so every seat is always named by something readable.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import cache

from render.core.canvas import font

#: the longest name drawn, in characters (Discord display names stop at 32)
NAME_MAX = 32
_FACES = ("regular", "bold", "condensed")
_PROBE_SIZE = 20
_UNMAPPED = "\U0010fffd"  # a private-use code point no font maps: shows what a missing glyph looks like


def default_name(seat: int) -> str:
    """The name of a seat nobody has named: "Player 1" for seat 0."""
    return f"Player {seat + 1}"


def seat_name(seat: int, names: Sequence[str] = ()) -> str:
    """A seat's name on pictures: ``names[seat]`` (already made drawable) or "Player N"."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return default_name(seat)


@cache
def _notdef(weight: str) -> tuple[tuple[int, int], bytes]:
    mask = font(_PROBE_SIZE, weight).getmask(_UNMAPPED)
    return mask.size, bytes(mask)


@cache
def drawable(char: str) -> bool:
    """Whether every shipped face has a glyph for ``char`` (spaces count; controls never do)."""
    if char.isspace():
        return True
    if unicodedata.category(char).startswith("C"):  # controls, zero-width formats, private use
        return False
    for weight in _FACES:
        mask = font(_PROBE_SIZE, weight).getmask(char)
        if (mask.size, bytes(mask)) == _notdef(weight):
            return False
    return True


def clean_name(raw: str, limit: int = NAME_MAX) -> str:
    """``raw`` without undrawable characters, runs of spaces squeezed, cut to ``limit`` with "…"."""
    text = unicodedata.normalize("NFC", raw)
    kept = "".join(ch if drawable(ch) else " " if ch.isspace() else "" for ch in text)
    squeezed = " ".join(kept.split())
    if len(squeezed) > limit:
        squeezed = squeezed[: limit - 1].rstrip() + "…"
    return squeezed


def seat_names(names: Sequence[str], players: int) -> tuple[str, ...]:
    """One drawable name per seat ``0..players-1``; a missing, empty or undrawable name is "Player N"."""
    result = []
    for seat in range(players):
        cleaned = clean_name(names[seat]) if seat < len(names) else ""
        result.append(cleaned or default_name(seat))
    return tuple(result)
