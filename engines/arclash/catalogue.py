"""The readable card catalogue: every card with its numbers and generated text, and the starters.

Card text comes from :func:`engines.arclash.effects.card_text`, the same text hands show in play,
and each starter deck carries the ``ARC1-`` code :func:`engines.arclash.decks.encode_deck` makes,
which the ``deck_code`` option accepts.
"""

from __future__ import annotations

from engines.arclash.content import CHARACTER, Card, catalogue
from engines.arclash.decks import encode_deck, starters
from engines.arclash.effects import card_text
from engines.core.types import CatalogueEntry, DeckEntry

SUPPORTS = "Supports"


def group(card: Card) -> str:
    """Characters are grouped by level, then the supports."""
    return f"Level {card.level} characters" if card.kind == CHARACTER else SUPPORTS


def _order(card: Card) -> tuple[int, int]:
    return (card.level if card.kind == CHARACTER else 5), card.number


def stats_line(card: Card) -> str:
    """Set number, level, power, traits and what the card needs, in one short line."""
    parts = [card.id]
    if card.kind == CHARACTER:
        parts += [f"L{card.level}", f"{card.power} power"]
    else:
        parts.append("support")
    if card.traits:
        parts.append(", ".join(card.traits))
    if card.kind == CHARACTER and card.level > 1:
        parts.append(f"from [{card.from_}] L{card.level - 1}")
    if card.discard:
        parts.append(f"discard {card.discard}")
    return " · ".join(parts)


def entries() -> list[CatalogueEntry]:
    """Every card of the pool, characters by level then supports, by set number."""
    holders: dict[str, list[str]] = {}
    for deck in starters().values():
        for card_id in deck.cards:
            holders.setdefault(card_id, []).append(deck.name)
    cards = sorted(catalogue().values(), key=_order)
    return [
        CatalogueEntry(
            id=card.id,
            name=card.name,
            group=group(card),
            stats=stats_line(card),
            text=card_text(card),
            decks=tuple(holders.get(card.id, ())),
        )
        for card in cards
    ]


def decks() -> list[DeckEntry]:
    """The starter decks, one entry per copy, with the code that plays each as ``deck_code``."""
    pool = catalogue()
    found = []
    for deck in starters().values():
        ids = tuple(
            card_id
            for card_id, copies in sorted(deck.cards.items(), key=lambda item: pool[item[0]].number)
            for _ in range(copies)
        )
        found.append(
            DeckEntry(
                name=deck.name,
                title=deck.title,
                cards=tuple(pool[card_id].name for card_id in ids),
                card_ids=ids,
                code=encode_deck(deck.cards),
                summary=deck.blurb,
            )
        )
    return found
