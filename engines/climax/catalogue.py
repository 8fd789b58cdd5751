"""The readable card catalogue and the ready-made decks with their codes, in either language.

Nothing is written per card: the stats line comes from the card's numbers and the text from its
ability keywords (``effects.card_text``), so the catalogue cannot disagree with the rules.
"""

from __future__ import annotations

from engines.climax.content import Card, Catalog, catalog
from engines.climax.deckcode import encode_deck
from engines.climax.effects import card_text
from engines.climax.words import icon_name, term
from engines.core.types import CatalogueEntry, DeckEntry

KIND_ORDER = ("character", "event", "climax")


def stats_line(card: Card, lang: str = "en") -> str:
    """Number, colour, level, cost, power, AP and trigger icons in one short line."""
    parts = [f"no. {card.num}", term(card.colour, lang)]
    if card.kind != "climax":
        parts += [f"{term('level', lang)} {card.level}", f"{term('cost', lang)} {card.cost}"]
    if card.kind == "character":
        parts += [f"{term('power', lang)} {card.power}", f"AP {card.soul}"]
    if card.triggers:
        parts.append(" ".join(icon_name(i, lang).split(" ")[0] for i in card.triggers))
    return " · ".join(parts)


def entries(cat: Catalog | None = None, lang: str = "en") -> list[CatalogueEntry]:
    """Every card, grouped by type, by card number; ``lang`` picks the language."""
    cat = cat or catalog()
    holders: dict[str, list[str]] = {}
    for deck in cat.decks:
        for line in deck.cards:
            holders.setdefault(line.id, []).append(deck.id)
    ordered = sorted(cat.cards.values(), key=lambda c: (KIND_ORDER.index(c.kind), c.num))
    return [
        CatalogueEntry(
            id=card.id,
            name=card.name(lang),
            group=term(card.kind, lang),
            stats=stats_line(card, lang),
            text=card_text(card, lang, lambda ref: cat.cards[ref].name(lang)),
            decks=tuple(holders.get(card.id, ())),
        )
        for card in ordered
    ]


def decks(cat: Catalog | None = None, lang: str = "en") -> list[DeckEntry]:
    """The ready-made decks with their deck codes."""
    cat = cat or catalog()
    found = []
    for deck in cat.decks:
        ids = deck.card_ids()
        colours = sorted({cat.card(i).colour for i in ids})
        found.append(
            DeckEntry(
                name=deck.id,
                title=deck.name(lang),
                cards=tuple(cat.card(i).name(lang) for i in ids),
                card_ids=tuple(ids),
                code=encode_deck(cat, ids),
                summary=" / ".join(term(c, lang) for c in colours),
            )
        )
    return found
