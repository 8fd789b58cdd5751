"""The readable card catalogue: every card's numbers and rules text, and the four ready-made decks.

Nothing here is written per card. A card's text is put together from its fields (cost, HP, AV,
effect keyword and power, ability keywords); each ability is explained by its line in the
"Abilities" pages of ``rules.md`` (the same summary ``/rules`` shows), so the catalogue and the
rules summary cannot disagree, and each effect keyword by one sentence below. The decks carry
the Constructed deck code made by :func:`engines.clashofdecks.deckcode.encode_deck`.
"""

from __future__ import annotations

from functools import cache

from engines.clashofdecks.content import ABILITIES, Card, Catalog, catalog
from engines.clashofdecks.deckcode import encode_deck
from engines.core.content import load_rules_pages
from engines.core.errors import ContentError
from engines.core.types import CatalogueEntry, DeckEntry

RULES_PATH = "engines/clashofdecks/rules.md"

#: display groups, in the order the catalogue lists them
GROUPS = {"creature": "Creatures", "incantation": "Incantations", "champion": "Champions"}

#: what each incantation effect keyword does; ``{power}`` is the card's power
EFFECT_TEXT = {
    "strike": "deals {power} damage to the creature you aim it at",
    "rout": "pushes the creature you aim it at to the far end of its line",
    "bounce": "sends the creature you aim it at back to its owner, as if it had been destroyed",
}

#: the Champion module in one line (the rule is the same for every Champion)
CHAMPION_NOTE = (
    "Champion module: waits beside the table, is summoned as if among your 4 leftmost cards, "
    "costs 1 less per creature in play with exactly its cost, and is exhausted rather than "
    "sent home when destroyed."
)


def _key(name: str) -> str:
    """The data keyword for an ability's printed name ("Price of Blood" -> "price_of_blood")."""
    return name.strip().lower().replace(" ", "_").replace("-", "_")


@cache
def ability_help() -> dict[str, tuple[str, str]]:
    """Each ability keyword's (printed name, one-line explanation), read from ``rules.md`` once."""
    return read_ability_help()


def read_ability_help() -> dict[str, tuple[str, str]]:
    """Each ability keyword's (printed name, one-line explanation), read afresh from ``rules.md``."""
    found: dict[str, tuple[str, str]] = {}
    for heading, body in load_rules_pages("engines.clashofdecks"):
        if not heading.startswith("Abilities"):
            continue
        current = ""
        for line in body.splitlines():
            if line.startswith("- ") and ":" in line:
                name, _, text = line[2:].partition(":")
                current = _key(name)
                found[current] = (name.strip(), text.strip())
            elif current and line.startswith(" ") and line.strip():
                name, text = found[current]  # a wrapped line continues the last bullet
                found[current] = (name, f"{text} {line.strip()}")
    missing = [a for a in ABILITIES if a not in found]
    if missing:
        raise ContentError(RULES_PATH, "Abilities", "bullets", f"no explanation for {', '.join(missing)}")
    return found


def ability_name(keyword: str) -> str:
    """The printed name of an ability keyword."""
    return ability_help()[keyword][0]


def stats_line(card: Card) -> str:
    """Number, cost and the card's numbers in one short line."""
    parts = [f"no. {card.num}", f"{card.cost} mana"]
    if card.kind == "incantation":
        parts.append(f"{card.effect} {card.power}" if card.effect == "strike" else card.effect)
    else:
        parts += [f"{card.hp} HP", f"{card.av} AV"]
    if card.abilities:
        parts.append(", ".join(_ability_label(card, a) for a in card.abilities))
    return " · ".join(parts)


def _ability_label(card: Card, keyword: str) -> str:
    """An ability's name, with the lent ability for an Aura ("Aura (Protection)")."""
    if keyword == "aura":
        return f"{ability_name('aura')} ({ability_name(card.aura)})"
    return ability_name(keyword)


def card_text(card: Card) -> str:
    """The rules text of a card, put together from its fields."""
    helps = ability_help()
    sentences: list[str] = []
    if card.kind == "incantation":
        effect = EFFECT_TEXT[card.effect].format(power=card.power)
        sentences.append(f"{card.effect.capitalize()}: {effect}.")
    for keyword in card.abilities:
        sentences.append(f"{_ability_label(card, keyword)}: {helps[keyword][1]}")
        if keyword == "aura":
            sentences.append(f"{ability_name(card.aura)}: {helps[card.aura][1]}")
    if card.kind != "incantation" and not card.abilities:
        sentences.append("No special ability.")
    if card.kind == "champion":
        sentences.append(CHAMPION_NOTE)
    return " ".join(sentences)


def _order(card: Card) -> tuple[int, int]:
    return list(GROUPS).index(card.kind), card.num


def entries(cat: Catalog | None = None) -> list[CatalogueEntry]:
    """Every card of the collection and every Champion, grouped by kind, by card number."""
    cat = cat or catalog()
    holders: dict[str, list[str]] = {}
    for deck in cat.decks:
        for card_id in deck.cards:
            holders.setdefault(card_id, []).append(deck.id)
    cards = sorted((cat.card(cid) for cid in (*cat.collection, *cat.champions)), key=_order)
    return [
        CatalogueEntry(
            id=card.id,
            name=card.name,
            group=GROUPS[card.kind],
            stats=stats_line(card),
            text=card_text(card),
            decks=tuple(holders.get(card.id, ())),
        )
        for card in cards
    ]


def decks(cat: Catalog | None = None) -> list[DeckEntry]:
    """The preconstructed decks, each with the deck code that plays it in the Constructed format."""
    cat = cat or catalog()
    return [
        DeckEntry(
            name=deck.id,
            title=deck.name,
            cards=tuple(cat.card(cid).name for cid in deck.cards),
            card_ids=deck.cards,
            code=encode_deck(cat, list(deck.cards)),
            summary=f"Preconstructed deck {deck.num}",
        )
        for deck in cat.decks
    ]
