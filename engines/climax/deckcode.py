"""Deck codes: a constructed 50-card deck as a short string a player can paste.

Format ``CX1-`` then, for each different card in card-number order, its number in two base-36
characters and its copies (1-4) in one, then one base-36 check character (the position-weighted
sum of every character's value, modulo 36). A code is refused with a message naming the fault:
a mistyped code, an unknown card number, or a deck that breaks B2.2-5 (50 cards, at most 4 of a
name, at most 8 climaxes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines.climax.content import MAX_COPIES, Catalog, deck_problem
from engines.core.errors import SetupError

PREFIX = "CX1-"
_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _check(body: str) -> str:
    """The check character over the code's body (catches typos and swapped neighbours)."""
    return _DIGITS[sum((i + 1) * _DIGITS.index(ch) for i, ch in enumerate(body)) % 36]


def encode_deck(cat: Catalog, design_ids: Sequence[str]) -> str:
    """The code of a legal deck (checked first: ``SetupError`` if it breaks B2.2-5)."""
    problem = deck_problem(cat.cards, design_ids)
    if problem:
        raise SetupError(f"This deck cannot be shared: {problem}.", option="deck_code")
    counts = Counter(design_ids)
    body = ""
    for design in sorted(counts, key=lambda d: cat.card(d).num):
        num = cat.card(design).num
        body += _DIGITS[num // 36] + _DIGITS[num % 36] + str(counts[design])
    return PREFIX + body + _check(body)


def decode_deck(cat: Catalog, code: str, who: str = "Deck code") -> list[str]:
    """The design ids of a deck code, one per copy; ``SetupError`` says exactly what is wrong."""
    text = "".join(code.split()).upper()
    if not text.startswith(PREFIX):
        raise SetupError(f"{who}: a deck code starts with {PREFIX!r}.", option="deck_code")
    body, check = text[len(PREFIX) : -1], text[-1:]
    if not body or len(body) % 3:
        raise SetupError(
            f"{who}: the code is cut short or has extra characters (each card takes 3).", option="deck_code"
        )
    if any(ch not in _DIGITS for ch in body + check):
        raise SetupError(f"{who}: only letters A-Z and digits may follow {PREFIX!r}.", option="deck_code")
    if _check(body) != check:
        raise SetupError(
            f"{who}: the check character does not match; the code was mistyped.", option="deck_code"
        )
    designs: list[str] = []
    seen: set[int] = set()
    for at in range(0, len(body), 3):
        num = _DIGITS.index(body[at]) * 36 + _DIGITS.index(body[at + 1])
        copies = _DIGITS.index(body[at + 2])
        card = cat.by_num.get(num)
        if card is None:
            raise SetupError(f"{who}: card number {num} does not exist.", option="deck_code")
        if num in seen:
            raise SetupError(f"{who}: {card.name_en} is listed twice.", option="deck_code")
        seen.add(num)
        if not 1 <= copies <= MAX_COPIES:
            raise SetupError(
                f"{who}: {card.name_en} x{copies}; a deck holds 1 to {MAX_COPIES} copies of a name.",
                option="deck_code",
            )
        designs.extend([card.id] * copies)
    problem = deck_problem(cat.cards, designs)
    if problem:
        raise SetupError(f"{who}: {problem}.", option="deck_code")
    return designs
