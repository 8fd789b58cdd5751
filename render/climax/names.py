"""Player names for the climax pictures: drawable in either face, "プレイヤー1" on Japanese tables.

The shared cleaner (``render.core.names``) keeps only what the DejaVu faces draw, which would
drop a Japanese display name entirely; here a character either face draws is kept, and the
pictures draw each character from the face that has it (``text.runs``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from render.core.names import NAME_MAX
from render.core.text import has_glyph

_WEIGHTS = ("regular", "bold", "ja", "ja-bold")


def default_name(seat: int, lang: str) -> str:
    """The name of a seat nobody has named, in the table's language."""
    return f"プレイヤー{seat + 1}" if lang == "ja" else f"Player {seat + 1}"


def _drawable(char: str) -> bool:
    """Whether the regular and bold weights of one face (DejaVu or Noto) both draw ``char``."""
    if char.isspace():
        return True
    if unicodedata.category(char).startswith("C"):  # controls, zero-width formats, private use
        return False
    latin = has_glyph(char, "regular") and has_glyph(char, "bold")
    return latin or (has_glyph(char, "ja") and has_glyph(char, "ja-bold"))


def clean(raw: str, limit: int = NAME_MAX) -> str:
    """``raw`` without undrawable characters, runs of spaces squeezed, cut to ``limit`` with "…"."""
    text = unicodedata.normalize("NFC", raw)
    kept = "".join(ch if _drawable(ch) else " " if ch.isspace() else "" for ch in text)
    squeezed = " ".join(kept.split())
    if len(squeezed) > limit:
        squeezed = squeezed[: limit - 1].rstrip() + "…"
    return squeezed


def drawn_names(given: Sequence[str], players: int, lang: str) -> tuple[str, ...]:
    """One drawable name per seat; a missing, empty or undrawable one is the seat's default name."""
    return tuple(
        (clean(given[seat]) if seat < len(given) else "") or default_name(seat, lang)
        for seat in range(players)
    )


def name_of(seat: int, names: Sequence[str], lang: str) -> str:
    """``names[seat]`` if given, else the default name."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return default_name(seat, lang)
