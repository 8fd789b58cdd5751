"""Twin states for the hidden-information test and the search bot's sampling.

What a viewer cannot see of where a card lies: both decks (order and contents), both stocks (face
down even to their owner), and the other seat's hand. ``redeal`` deals every card in those places
afresh among the same places (sizes kept), and carries another seat's secret mulligan marks along
with the cards they named, so the twin stays a state the game could be in.
"""

from __future__ import annotations

import msgspec

from engines.climax.state import ClimaxState
from engines.core.rng import Rng
from engines.core.twins import Place, deal_again


def hidden_places(state: ClimaxState, viewer: int | None) -> list[Place]:
    """Every place holding a card ``viewer`` cannot see."""
    places: list[Place] = []
    for seat, p in enumerate(state.players):
        places.extend((p.deck, i) for i in range(len(p.deck)))
        places.extend((p.stock, i) for i in range(len(p.stock)))
        if seat != viewer:
            places.extend((p.hand, i) for i in range(len(p.hand)))
    return places


def redeal(state: ClimaxState, viewer: int | None, rng: Rng) -> bool:
    """Deal the cards ``viewer`` cannot see into the same places at random (in place); True if any."""
    places = hidden_places(state, viewer)
    moved = deal_again(places, rng)
    pending = state.agenda.pending
    if pending is not None and pending.marked and pending.seat != viewer:
        marked = tuple(moved.get(i, i) for i in pending.marked)
        state.agenda.pending = msgspec.structs.replace(pending, marked=marked)
    return bool(places)
