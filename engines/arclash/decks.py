"""Deck rules (30 cards, two copies at most, one level 4), starter decks and shareable deck codes."""

from __future__ import annotations

from collections import Counter
from functools import cache

import msgspec

from engines.arclash.content import CHARACTER, catalogue
from engines.core.content import Positive, load_content, require_unique
from engines.core.deckcodes import Base32Crc, DeckCodec, Wording
from engines.core.errors import ContentError, SetupError

DECK_SIZE = 30
MAX_COPIES = 2


class Starter(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A ready-made deck: short name, title, a line about its style, and card counts."""

    name: str
    title: str
    blurb: str
    cards: dict[str, Positive]


class _DeckFile(msgspec.Struct, forbid_unknown_fields=True):
    deck: list[Starter]


def check_deck(counts: dict[str, int], who: str = "This deck") -> None:
    """Raise ``SetupError`` naming the first way ``counts`` breaks the deck rules."""
    pool = catalogue()
    unknown = sorted(c for c in counts if c not in pool)
    if unknown:
        raise SetupError(f"{who} names cards that do not exist: {', '.join(unknown)}.", option="deck")
    total = sum(counts.values())
    if total != DECK_SIZE:
        raise SetupError(f"{who} has {total} cards; a deck has exactly {DECK_SIZE}.", option="deck")
    for card_id, copies in sorted(counts.items()):
        if copies > MAX_COPIES:
            name = pool[card_id].name
            raise SetupError(
                f"{who} has {copies} copies of {name} ({card_id}); at most {MAX_COPIES} are allowed.",
                option="deck",
            )
    fours = [(c, n) for c, n in counts.items() if pool[c].kind == CHARACTER and pool[c].level == 4]
    if sum(n for _, n in fours) > 1:
        listed = ", ".join(f"{n}x {pool[c].name}" for c, n in sorted(fours))
        raise SetupError(
            f"{who} has {listed}; only one copy of one Level 4 character is allowed.", option="deck"
        )
    if not any(pool[c].kind == CHARACTER and pool[c].level == 1 for c in counts):
        raise SetupError(f"{who} has no Level 1 character to start with.", option="deck")


@cache
def starters() -> dict[str, Starter]:
    """The starter decks by name (checked against the deck rules when first loaded)."""
    return load_starters()


def load_starters() -> dict[str, Starter]:
    """The starter decks by name, loaded afresh and checked against the deck rules."""
    file = "engines/arclash/data/decks.toml"
    decks = load_content("engines.arclash.data", "decks.toml", _DeckFile).deck
    require_unique(file, [d.name for d in decks], "name")
    for deck in decks:
        try:
            check_deck(deck.cards, f"Starter {deck.title}")
        except SetupError as exc:
            raise ContentError(file, deck.name, "cards", exc.message) from exc
    return {deck.name: deck for deck in decks}


#: the words Arclash's refusals have always used (players and the lobby tests know them)
_WORDING = Wording(
    prefix="Deck codes start with {prefix}; {code!r} does not.",
    letters="That deck code is garbled (it has characters codes never use).",
    check="That deck code is damaged or mistyped (its check digits do not match).",
)
#: one byte per card design (its number, and 0x80 for a second copy), then two CRC bytes
CODEC = DeckCodec("ARC1-", Base32Crc(), _WORDING)


def encode_deck(counts: dict[str, int]) -> str:
    """A short text code for a deck list: one byte per card design (number, 2-copy flag) + CRC."""
    check_deck(counts)
    pool = catalogue()
    ordered = sorted(counts.items(), key=lambda i: pool[i[0]].number)
    return CODEC.encode([pool[c].number | (0x80 if n == 2 else 0) for c, n in ordered])


def decode_deck(code: str) -> dict[str, int]:
    """The deck list behind a code; ``SetupError`` says why a code is refused."""
    by_number = {card.number: card.id for card in catalogue().values()}
    counts: Counter[str] = Counter()
    for byte in CODEC.decode(code):
        number = byte & 0x7F
        if number not in by_number:
            raise CODEC.refuse(f"That deck code names card number {number}, which does not exist.")
        counts[by_number[number]] += 2 if byte & 0x80 else 1
    result = dict(counts)
    check_deck(result, "The deck in that code")
    return result
