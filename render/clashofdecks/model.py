"""Reads a Clash of Decks View into what the pictures show: names, colours and card tiles.

Only this module knows the View's field names, so a change in the View touches one file.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.clashofdecks.state import CardInfo, ClashView, KingdomView, UnitView
from engines.core.types import fill_names
from render.clashofdecks.abilities import normalise
from render.clashofdecks.tiles import Tile
from render.core.palette import RGB, seat_colour

MODE_TITLES = {
    "solo": "Solo",
    "duel": "Duel",
    "coop": "Co-op",
    "ffa": "Free-for-all",
    "2v2": "2 vs 2",
}
FORMAT_TITLES = {"precon": "Preconstructed", "draft": "Draft", "constructed": "Constructed"}


Names = Sequence[str] | None


def text(raw: str, names: Names = None) -> str:
    """Event or record text, capitalised, with ``{P1}`` placeholders replaced by ``names``.

    Pictures pass the seats' drawable names (see ``render.core.names``); text for adapters passes
    None and keeps the placeholders so they can put the names in. A name is never capitalised:
    only the text's own first letter is.
    """
    capped = raw[:1].upper() + raw[1:]
    return capped if names is None else fill_names(capped, names)


def kingdom_name(kingdom: KingdomView, names: Names = None) -> str:
    """A kingdom's readable name ("The AI kingdom", a seat's name, or "{P2}" with no names)."""
    return text(kingdom.name, names)


def kingdom_colour(kingdom: KingdomView) -> RGB:
    """The kingdom's colour: its seat's colour, grey for an AI kingdom."""
    return seat_colour(None if kingdom.is_ai else kingdom.seat)


def colour_of(view: ClashView, index: int) -> RGB:
    """Colour of kingdom ``index`` (grey when the index is unknown)."""
    if 0 <= index < len(view.kingdoms):
        return kingdom_colour(view.kingdoms[index])
    return seat_colour(None)


def _lent(cards: tuple[CardInfo, ...]) -> list[str]:
    """Abilities this stack hands to its neighbours through Aura."""
    return [card.aura for card in cards if card.aura]


def unit_tile(view: ClashView, unit: UnitView) -> Tile:
    """A creature in play as a tile (a Symbiote stack shows both names and summed stats)."""
    granted = {normalise(a) for a in unit.granted}
    # "aura" itself is shown as the hollow badge of what it lends, not as a badge of its own
    own = [a for a in unit.abilities if normalise(a) not in granted and normalise(a) != "aura"]
    notes: list[str] = []
    if unit.summoned_this_turn:
        notes.append("new")
    if unit.champion:
        notes.append("champion")
    if unit.protection_spent:
        notes.append("PR spent")
    # a Symbiote stack is named by its host; the card riding on it is listed underneath
    notes.extend(f"+{card.name}" for card in unit.cards[1:])
    return Tile(
        name=unit.cards[0].name if unit.cards else unit.name,
        cost=unit.cost,
        colour=colour_of(view, unit.owner),
        hp=unit.hp,
        av=unit.av + unit.sprint_bonus,
        damage=min(unit.damage, unit.hp),
        abilities=own,
        granted=sorted(granted),
        auras=_lent(unit.cards),
        notes=notes,
        bonus=unit.sprint_bonus,
    )


def card_tile(card: CardInfo, colour: RGB) -> Tile:
    """A card in a hand or a draft row."""
    kind = "creature" if card.kind in {"creature", "champion"} else "incantation"
    own = [a for a in card.abilities if normalise(a) != "aura"]
    notes = ["champion"] if card.kind == "champion" else []
    return Tile(
        name=card.name,
        cost=card.cost,
        colour=colour,
        kind=kind,
        hp=card.hp,
        av=card.av,
        abilities=own,
        auras=[card.aura] if card.aura else [],
        notes=notes,
        text=card.text,
    )


def abilities_on_board(view: ClashView) -> list[str]:
    """Every ability keyword drawn on the board, in a stable order (for the legend)."""
    seen: dict[str, None] = {}
    for line in view.lines:
        for side in (line.left, line.right):
            for unit in side.units:
                for keyword in unit.abilities:
                    seen[normalise(keyword)] = None
                for lent in _lent(unit.cards):
                    seen[normalise(lent)] = None
    seen.pop("aura", None)
    return sorted(seen)
