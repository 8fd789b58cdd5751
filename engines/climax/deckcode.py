"""Deck codes: a constructed 50-card deck as a short string a player can paste.

Format ``CX1-`` then, for each different card in card-number order, its number in two base-36
characters and its copies (1-4) in one, then one base-36 check character (the position-weighted
sum of every character's value, modulo 36), read and written by the kit's codec
(``engines.core.deckcodes``); this module maps the entries to cards. A code is refused with a
message naming the fault: a mistyped code, an unknown card number, or a deck that breaks B2.2-5
(50 cards, at most 4 of a name, at most 8 climaxes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines.climax.content import MAX_COPIES, Catalog, deck_problem
from engines.core.deckcodes import Base36, DeckCodec

#: 3 characters per card: its number in two, its copies in one; the check weighs every character
CODEC = DeckCodec("CX1-", Base36(width=3))


def encode_deck(cat: Catalog, design_ids: Sequence[str]) -> str:
    """The code of a legal deck (checked first: ``SetupError`` if it breaks B2.2-5)."""
    problem = deck_problem(cat.cards, design_ids)
    if problem:
        raise CODEC.refuse(f"This deck cannot be shared: {problem}.")
    counts = Counter(design_ids)
    ordered = sorted(counts, key=lambda d: cat.card(d).num)
    return CODEC.encode([cat.card(design).num * 36 + counts[design] for design in ordered])


def decode_deck(cat: Catalog, code: str, who: str = "Deck code") -> list[str]:
    """The design ids of a deck code, one per copy; ``SetupError`` says exactly what is wrong."""
    designs: list[str] = []
    seen: set[int] = set()
    for entry in CODEC.decode(code, who):
        num, copies = divmod(entry, 36)
        card = cat.by_num.get(num)
        if card is None:
            raise CODEC.refuse(f"{who}: card number {num} does not exist.")
        if num in seen:
            raise CODEC.refuse(f"{who}: {card.name_en} is listed twice.")
        seen.add(num)
        if not 1 <= copies <= MAX_COPIES:
            raise CODEC.refuse(
                f"{who}: {card.name_en} x{copies}; a deck holds 1 to {MAX_COPIES} copies of a name."
            )
        designs.extend([card.id] * copies)
    problem = deck_problem(cat.cards, designs)
    if problem:
        raise CODEC.refuse(f"{who}: {problem}.")
    return designs
