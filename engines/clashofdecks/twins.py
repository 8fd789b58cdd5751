"""Twin states for the hidden-information test: the cards a viewer cannot see, dealt afresh.

What a viewer sees is defined by ``view.build_view``; everything else about where a card lies is
hidden from it, and the twin deals those places again from one pool:

- other players' hands: held with their backs to the table, so only their sizes and the
  Stronghold's place (both shown in the view) are known; the viewer's own hand is kept as it is;
- the AI kingdoms' deck piles: face down, so only their sizes are known (the discard piles are
  face up and kept);
- the draft pile and the box: face down, never shown (the row and the picks are face up and kept).

Cards in play, discard piles, Champions, a spell being cast, the Constructed decks revealed before
play and every public count stay as they are. The instance ids travel with their cards, so the twin
holds the same cards as the state and ``apply`` can go on from it.
"""

from __future__ import annotations

from engines.clashofdecks.state import STRONGHOLD, ClashState
from engines.core.rng import Rng
from engines.core.twins import Place, deal_again


def hidden_slots(state: ClashState, viewer: int | None) -> list[Place]:
    """Every place holding a card ``viewer`` (a seat, or None for a spectator) cannot see."""
    slots: list[Place] = []
    for kingdom in state.kingdoms:
        if kingdom.is_ai:
            # The AI deck pile is face down for everyone, its order included (the book's "top card").
            slots.extend((kingdom.deck, i) for i in range(len(kingdom.deck)))
        elif kingdom.seat != viewer:
            # Another player's hand: the backs of its cards, and the Stronghold's place, are all the
            # table sees; the Stronghold keeps its position (it is that kingdom's public HP).
            slots.extend((kingdom.hand, i) for i, iid in enumerate(kingdom.hand) if iid != STRONGHOLD)
    if state.draft is not None:
        # The draft pile is face down until a round's row is turned up.
        slots.extend((state.draft.pile, i) for i in range(len(state.draft.pile)))
    # The undrafted rest of a draft pile is set aside unseen.
    slots.extend((state.box, i) for i in range(len(state.box)))
    return slots


def redeal(state: ClashState, viewer: int | None, rng: Rng) -> bool:
    """Deal the cards ``viewer`` cannot see into the same places at random (in place); True if any.

    The deal never reproduces the state when two hidden places hold different cards, so a twin
    always really differs when something is hidden.
    """
    slots = hidden_slots(state, viewer)
    deal_again(slots, rng)
    return bool(slots)
