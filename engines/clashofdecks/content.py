"""The card collection, the preconstructed decks and the solo price list, loaded from TOML."""

from __future__ import annotations

from functools import cache

import msgspec

from engines.core.content import NonNegative, by_id, load_content, require_unique
from engines.core.errors import ContentError

PACKAGE = "engines.clashofdecks.data"
CARDS_FILE = "cards.toml"
SOLO_FILE = "solo.toml"
#: the files' paths from the repository root, as every ContentError names them
CARDS_PATH = f"engines/clashofdecks/data/{CARDS_FILE}"
SOLO_PATH = f"engines/clashofdecks/data/{SOLO_FILE}"

#: every special ability keyword of the book, in its alphabetical order
ABILITIES: tuple[str, ...] = (
    "aerial",
    "aquatic",
    "aura",
    "berserk",
    "catalyst",
    "defender",
    "indestructible",
    "instinct",
    "mercenary",
    "perforation",
    "price_of_blood",
    "protection",
    "rage",
    "regeneration",
    "sharpening",
    "splash",
    "sprint",
    "symbiote",
    "vanish",
    "vulnerability",
)
#: abilities an Aura may lend (not Aura or Symbiote, nor the card-bound Mercenary and Price of Blood)
AURA_PAIRS = frozenset(ABILITIES) - {"aura", "symbiote", "mercenary", "price_of_blood"}
#: abilities that mean something on an Incantation (the book's incantation activation order)
SPELL_ABILITIES = frozenset(
    {"splash", "perforation", "vulnerability", "mercenary", "price_of_blood", "regeneration", "sharpening"}
)
KINDS = ("creature", "incantation", "champion")
#: the solo ladder's steps besides the priced abilities (see ``solo._buy``)
LADDER_SETTINGS = ("fixed_mana", "mana_per_creature_2", "ai_first", "resistance")


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One card design: creature, incantation or champion."""

    num: NonNegative
    id: str
    name: str
    kind: str
    cost: NonNegative
    text: str
    hp: NonNegative = 0
    av: NonNegative = 0
    abilities: tuple[str, ...] = ()
    aura: str = ""
    effect: str = ""
    power: NonNegative = 0


class Deck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A preconstructed deck of 8 different cards."""

    num: NonNegative
    id: str
    name: str
    cards: tuple[str, ...]


class CardFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The shape of ``cards.toml``."""

    cards: tuple[Card, ...]
    champions: tuple[Card, ...]
    decks: tuple[Deck, ...]


class SoloCosts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Difficulty-point prices of the custom-play parameters."""

    mana_per_creature_2: NonNegative
    fixed_mana_step: NonNegative
    ai_first: NonNegative
    resistance: NonNegative
    abilities: dict[str, NonNegative]


class SoloAuto(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The order points are spent in when a level is chosen without picking parameters."""

    ladder: tuple[str, ...]


class SoloFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The shape of ``solo.toml``."""

    quick_fixed_mana: NonNegative
    quick_mana_per_creature: NonNegative
    champion_discount: NonNegative  # levels a Champion takes off the level a custom game counts as
    costs: SoloCosts
    auto: SoloAuto


class Catalog(msgspec.Struct, frozen=True):
    """Everything loaded and cross-checked: cards by id and number, champions, decks, solo prices."""

    cards: dict[str, Card]
    by_num: dict[int, Card]
    collection: tuple[str, ...]  # the 64 deck-building cards, by number
    champions: tuple[str, ...]
    decks: tuple[Deck, ...]
    solo: SoloFile
    #: each design's printed abilities as a set, built once so play need not rebuild them per check
    ability_sets: dict[str, frozenset[str]] = {}

    def card(self, card_id: str) -> Card:
        """The card design called ``card_id``."""
        return self.cards[card_id]

    def deck(self, deck_id: str) -> Deck:
        """The preconstructed deck called ``deck_id``."""
        return by_id(self.decks, deck_id)


def _check_card(file: str, card: Card, want_kinds: tuple[str, ...]) -> None:
    """Raise ContentError for any field of ``card`` that breaks the schema's meaning."""
    if card.kind not in want_kinds:
        raise ContentError(file, card.id, "kind", f"must be one of {', '.join(want_kinds)}")
    if card.cost < 0:
        raise ContentError(file, card.id, "cost", "must not be negative")
    for index, ability in enumerate(card.abilities):
        if ability not in ABILITIES:
            raise ContentError(file, card.id, f"abilities[{index}]", f"unknown ability {ability!r}")
    if len(set(card.abilities)) != len(card.abilities):
        raise ContentError(file, card.id, "abilities", "an ability is listed twice")
    if ("aura" in card.abilities) != bool(card.aura):
        raise ContentError(file, card.id, "aura", "an Aura card names exactly one paired ability")
    if card.aura and card.aura not in AURA_PAIRS:
        raise ContentError(file, card.id, "aura", f"{card.aura!r} cannot be paired with Aura")
    if card.kind == "incantation":
        # Which keywords exist is the handlers' registry's to say (``incantations.EFFECTS``, checked
        # by the ruleset's ``check_content``): this module sits below the rules that play them.
        if not card.effect:
            raise ContentError(file, card.id, "effect", "an incantation names its effect keyword")
        extra = set(card.abilities) - SPELL_ABILITIES
        if extra:
            raise ContentError(file, card.id, "abilities", f"not usable on an incantation: {sorted(extra)}")
    else:
        if card.effect:
            raise ContentError(file, card.id, "effect", "only incantations have an effect")
        if card.hp < 1:
            raise ContentError(file, card.id, "hp", "a creature needs at least 1 HP")
        if card.av < 0:
            raise ContentError(file, card.id, "av", "must not be negative")


def build_catalog(cards: CardFile, solo: SoloFile, file: str = CARDS_PATH) -> Catalog:
    """Cross-check loaded files and index them; raise ContentError naming the bad entry."""
    everything = [*cards.cards, *cards.champions]
    require_unique(file, [c.id for c in everything])
    require_unique(file, [str(c.num) for c in everything], "num")
    for card in cards.cards:
        _check_card(file, card, ("creature", "incantation"))
    for card in cards.champions:
        _check_card(file, card, ("champion",))
        if {"symbiote", "mercenary"} & set(card.abilities):
            raise ContentError(file, card.id, "abilities", "a Champion cannot be a Symbiote or Mercenary")
    by_id = {c.id: c for c in everything}
    require_unique(file, [d.id for d in cards.decks])
    for deck in cards.decks:
        if len(deck.cards) != 8 or len(set(deck.cards)) != 8:
            raise ContentError(file, deck.id, "cards", "a deck holds exactly 8 different cards")
        for card_id in deck.cards:
            if card_id not in by_id or by_id[card_id].kind == "champion":
                raise ContentError(file, deck.id, "cards", f"unknown card {card_id!r}")
    for name, price in solo.costs.abilities.items():
        if name not in ABILITIES or price < 1:
            raise ContentError(SOLO_PATH, "", f"costs.abilities.{name}", "unknown ability or price below 1")
    steps = (*LADDER_SETTINGS, *solo.costs.abilities)
    for index, step in enumerate(solo.auto.ladder):
        if step not in steps:
            raise ContentError(SOLO_PATH, "", f"auto.ladder[{index}]", f"unknown ladder step {step!r}")
    return Catalog(
        cards=by_id,
        by_num={c.num: c for c in everything},
        collection=tuple(c.id for c in sorted(cards.cards, key=lambda c: c.num)),
        champions=tuple(c.id for c in cards.champions),
        decks=cards.decks,
        solo=solo,
        ability_sets={c.id: frozenset(c.abilities) for c in everything},
    )


def load_catalog() -> Catalog:
    """Load and cross-check the content files afresh (``catalog`` keeps the first load)."""
    cards = load_content(PACKAGE, CARDS_FILE, CardFile)
    return build_catalog(cards, load_content(PACKAGE, SOLO_FILE, SoloFile))


@cache
def catalog() -> Catalog:
    """The shipped content, loaded once."""
    return load_catalog()
