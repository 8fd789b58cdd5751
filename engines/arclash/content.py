"""The card pool: typed records loaded from data/cards.toml, and the checks the schema cannot make.

Why no effect keywords here: this is the lowest module of the package (state, zones and effects
build on it), so it must not import ``effects``. The keyword check runs in the ruleset's
``check_content`` and card text is generated in ``effects`` (``card_text``), next to the keywords.
"""

from __future__ import annotations

import re
from functools import cache

import msgspec

from engines.core.content import NonNegative, load_content, require_unique
from engines.core.errors import ContentError

CARDS_FILE = "engines/arclash/data/cards.toml"
CHARACTER = "character"
SUPPORT = "support"
TIMINGS = ("start", "advance", "battle", "play")
_ID = re.compile(r"^AC-\d{3}$")


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One effect line: when it happens, the keyword that does it, and that keyword's numbers."""

    when: str
    do: str
    amount: NonNegative = 0  # flat power, or the multiplier for dice and counts
    count: NonNegative = 0  # cards moved, or the cap on a count
    depth: NonNegative = 0  # cards from the top a search looks at; 0 means the whole deck
    tag: str = ""  # [bracket] a searched or counted card must match
    kind: str = ""  # character | support filter for searches
    need: str = ""  # [bracket] your current character must match for the effect to happen
    half: bool = False  # halve the die roll (rounding up)
    odds: NonNegative = 0  # a d6 roll of at least this succeeds


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A card design, named by its set number ``id``."""

    id: str
    name: str
    kind: str
    traits: tuple[str, ...] = ()
    level: NonNegative = 0
    power: NonNegative = 0
    # what the card a character advances from must match (a name part or a trait)
    from_: str = msgspec.field(default="", name="from")
    discard: NonNegative = 0
    effects: tuple[Effect, ...] = ()

    @property
    def number(self) -> int:
        """The numeric part of the set number (used by deck codes)."""
        return int(self.id[3:])


class _CardFile(msgspec.Struct, forbid_unknown_fields=True):
    card: list[Card]


def matches(card: Card, tag: str) -> bool:
    """True if ``card`` fits the [bracket] ``tag``: one of its traits, or part of its name."""
    wanted = tag.casefold()
    return any(t.casefold() == wanted for t in card.traits) or wanted in card.name.casefold()


def validate(cards: list[Card], file: str = CARDS_FILE) -> None:
    """Check what the schema cannot: ids, kinds, levels and timings (keywords: ruleset.check_content)."""
    require_unique(file, [c.id for c in cards])
    for card in cards:
        if not _ID.match(card.id):
            raise ContentError(file, card.id, "id", "set numbers look like AC-001")
        if card.kind not in (CHARACTER, SUPPORT):
            raise ContentError(file, card.id, "kind", f"must be {CHARACTER} or {SUPPORT}")
        if card.kind == CHARACTER and not 1 <= card.level <= 4:
            raise ContentError(file, card.id, "level", "characters have a level from 1 to 4")
        if card.kind == CHARACTER and card.level > 1 and not card.from_:
            raise ContentError(file, card.id, "from", "a level 2-4 character must say what it advances from")
        if card.kind == SUPPORT and (card.level or card.power or card.from_):
            raise ContentError(file, card.id, "level", "supports have no level, power or advancement")
        for index, effect in enumerate(card.effects):
            field = f"effects[{index}]"
            allowed = ("play",) if card.kind == SUPPORT else ("start", "advance", "battle")
            if effect.when not in allowed:
                raise ContentError(file, card.id, field + ".when", f"must be one of {', '.join(allowed)}")


def load_catalogue() -> dict[str, Card]:
    """Every card of the pool by set number, loaded and validated afresh."""
    cards = load_content("engines.arclash.data", "cards.toml", _CardFile).card
    validate(cards)
    return {card.id: card for card in cards}


@cache
def catalogue() -> dict[str, Card]:
    """Every card of the pool by set number (loaded and validated once)."""
    return load_catalogue()
