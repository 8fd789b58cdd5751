"""Deck codes for the Constructed format: 8 distinct cards in a short string a player can paste.

Format ``CD1-`` followed by eight 2-character base-36 card numbers and one base-36 check character
(the sum of the numbers weighted by position, modulo 36), read and written by the kit's codec
(``engines.core.deckcodes``); this module maps numbers to cards. Example: ``CD1-0102030405060708O``.
``parse_deck`` also accepts a comma-separated list of card names, for people typing by hand.
"""

from __future__ import annotations

from engines.clashofdecks.content import Catalog
from engines.core.deckcodes import Base36, DeckCodec
from engines.core.errors import SetupError

DECK_SIZE = 8
#: the codes issued since the Constructed format shipped: 2 characters per card number, and a check
#: weighing the numbers themselves (kept so every code already shared still decodes)
CODEC = DeckCodec("CD1-", Base36(width=2, weigh="entries", count=DECK_SIZE))


def encode_deck(cat: Catalog, card_ids: list[str]) -> str:
    """The deck code of 8 distinct collection cards (validated first)."""
    validate(cat, card_ids, "deck")
    return CODEC.encode([cat.card(cid).num for cid in card_ids])


def decode_deck(cat: Catalog, code: str, who: str = "deck code") -> list[str]:
    """The card ids in a deck code; ``SetupError`` says exactly what is wrong."""
    card_ids = []
    for i, number in enumerate(CODEC.decode(code, who)):
        card = cat.by_num.get(number)
        if card is None or card.kind == "champion":
            raise CODEC.refuse(f"{who}: card {i + 1} has number {number}, which is not a deck card.")
        card_ids.append(card.id)
    validate(cat, card_ids, who)
    return card_ids


def parse_deck(cat: Catalog, text: str, who: str = "deck code") -> list[str]:
    """A deck from a code or from a comma-separated list of card names."""
    if CODEC.is_code(text):
        return decode_deck(cat, text, who)
    names = [part.strip() for part in text.split(",") if part.strip()]
    by_name = {c.name.lower(): c.id for c in cat.cards.values() if c.kind != "champion"}
    by_name.update({cid: cid for cid in cat.collection})
    card_ids = []
    for name in names:
        cid = by_name.get(name.lower())
        if cid is None:
            raise SetupError(f"{who}: there is no card called {name!r}.", option="deck_code")
        card_ids.append(cid)
    validate(cat, card_ids, who)
    return card_ids


def validate(cat: Catalog, card_ids: list[str], who: str = "deck") -> None:
    """A deck holds exactly 8 different cards from the collection."""
    if len(card_ids) != DECK_SIZE:
        raise SetupError(
            f"{who}: a deck holds exactly {DECK_SIZE} cards, not {len(card_ids)}.", option="deck_code"
        )
    seen: set[str] = set()
    for cid in card_ids:
        if cid not in cat.collection:
            raise SetupError(f"{who}: {cid!r} is not a deck card.", option="deck_code")
        if cid in seen:
            raise SetupError(
                f"{who}: {cat.card(cid).name} appears twice; every card in a deck must differ.",
                option="deck_code",
            )
        seen.add(cid)
