"""The card designs and ready-made decks, loaded from ``data/cards.toml`` and cross-checked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

import msgspec

from engines.core.content import NonNegative, Positive, load_content, require_unique
from engines.core.errors import ContentError

PACKAGE = "engines.climax.data"
CARDS_FILE = "cards.toml"
CARDS_PATH = f"engines/climax/data/{CARDS_FILE}"

COLOURS = ("yellow", "green", "red", "blue")
KINDS = ("character", "event", "climax")
#: trigger icons: the book's soul icon (+1 AP each) and the designed family icons
ICONS = ("soul", "pool", "comeback", "draw", "shot")
LANGS = ("en", "ja")

DECK_SIZE = 50  # B2.2-5
MAX_COPIES = 4
MAX_CLIMAXES = 8


class Ability(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One ability: an effect keyword and its numbers (``ref`` names another card's id)."""

    kw: str
    n: int = 0
    soul: int = 0
    cost: NonNegative = 0
    ref: str = ""


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One card design."""

    num: Positive
    id: str
    name_en: str
    name_ja: str
    kind: str
    colour: str
    level: NonNegative = 0
    cost: NonNegative = 0
    power: NonNegative = 0
    soul: NonNegative = 0
    triggers: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()

    def name(self, lang: str) -> str:
        """The card's name in ``lang`` (``en`` or ``ja``)."""
        return self.name_ja if lang == "ja" else self.name_en

    def has(self, kw: str) -> bool:
        """True when the card carries the ability keyword ``kw``."""
        return any(a.kw == kw for a in self.abilities)


class DeckLine(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A card id and how many copies of it a deck holds."""

    id: str
    n: Positive


class Deck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A ready-made deck."""

    num: Positive
    id: str
    name_en: str
    name_ja: str
    cards: tuple[DeckLine, ...]

    def card_ids(self) -> list[str]:
        """One design id per copy, in file order."""
        return [line.id for line in self.cards for _ in range(line.n)]

    def name(self, lang: str) -> str:
        """The deck's name in ``lang``."""
        return self.name_ja if lang == "ja" else self.name_en


class CardFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The shape of ``cards.toml``."""

    cards: tuple[Card, ...]
    decks: tuple[Deck, ...]


class Catalog(msgspec.Struct, frozen=True):
    """Everything loaded and checked: cards by id and by number, decks in order."""

    cards: dict[str, Card]
    by_num: dict[int, Card]
    decks: tuple[Deck, ...]

    def card(self, card_id: str) -> Card:
        """The design called ``card_id``."""
        return self.cards[card_id]

    def deck(self, deck_id: str) -> Deck:
        """The ready-made deck called ``deck_id``."""
        for deck in self.decks:
            if deck.id == deck_id:
                return deck
        raise KeyError(deck_id)


def deck_problem(cards: dict[str, Card], design_ids: Sequence[str], lang: str = "en") -> str | None:
    """Why a deck breaks B2.2-5 (50 cards, at most 4 of a name, at most 8 climaxes), or None."""
    if len(design_ids) != DECK_SIZE:
        return f"a deck holds exactly {DECK_SIZE} cards, this one has {len(design_ids)}"
    unknown = [d for d in design_ids if d not in cards]
    if unknown:
        return f"{unknown[0]!r} is not a card"
    names = Counter(cards[d].name_en for d in design_ids)
    for name, count in sorted(names.items()):
        if count > MAX_COPIES:
            return f"{name} appears {count} times; at most {MAX_COPIES} copies of a name"
    climaxes = sum(1 for d in design_ids if cards[d].kind == "climax")
    if climaxes > MAX_CLIMAXES:
        return f"it holds {climaxes} climaxes; at most {MAX_CLIMAXES}"
    return None


def _check_card(card: Card) -> None:
    """Refuse a field that breaks the meaning of the schema, naming it."""
    if card.kind not in KINDS:
        raise ContentError(CARDS_PATH, card.id, "kind", f"must be one of {', '.join(KINDS)}")
    if card.colour not in COLOURS:
        raise ContentError(CARDS_PATH, card.id, "colour", f"must be one of {', '.join(COLOURS)}")
    if card.level > 3:
        raise ContentError(CARDS_PATH, card.id, "level", "levels run from 0 to 3")
    for i, icon in enumerate(card.triggers):
        if icon not in ICONS:
            raise ContentError(CARDS_PATH, card.id, f"triggers[{i}]", f"unknown icon {icon!r}")
    if card.kind == "character" and card.power == 0:
        raise ContentError(CARDS_PATH, card.id, "power", "a character needs power")
    if card.kind != "character" and (card.power or card.soul):
        raise ContentError(CARDS_PATH, card.id, "power", "only characters have power and AP")
    if card.kind == "climax" and (card.level or card.cost):
        raise ContentError(CARDS_PATH, card.id, "level", "a climax has no level or cost")
    if not card.name_en.strip() or not card.name_ja.strip():
        raise ContentError(CARDS_PATH, card.id, "name_ja", "every card is named in both languages")


def build_catalog(data: CardFile) -> Catalog:
    """Cross-check a loaded file and index it; ``ContentError`` names the bad entry."""
    require_unique(CARDS_PATH, [c.id for c in data.cards])
    require_unique(CARDS_PATH, [str(c.num) for c in data.cards], "num")
    by_id = {c.id: c for c in data.cards}
    for card in data.cards:
        _check_card(card)
        for i, ability in enumerate(card.abilities):
            if ability.ref and ability.ref not in by_id:
                raise ContentError(CARDS_PATH, card.id, f"abilities[{i}].ref", f"no card {ability.ref!r}")
    require_unique(CARDS_PATH, [d.id for d in data.decks])
    for deck in data.decks:
        problem = deck_problem(by_id, deck.card_ids())
        if problem:
            raise ContentError(CARDS_PATH, deck.id, "cards", problem)
    return Catalog(by_id, {c.num: c for c in data.cards}, data.decks)


def load_catalog() -> Catalog:
    """Load and check ``cards.toml`` afresh."""
    return build_catalog(load_content(PACKAGE, CARDS_FILE, CardFile))


@cache
def catalog() -> Catalog:
    """The shipped content, loaded once."""
    return load_catalog()
