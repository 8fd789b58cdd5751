"""What a seat (or a spectator) may see of an Arclash game: the one place secrets are stripped.

Every seat's board is public (stacks, supports, discard piles, hand and deck sizes, who has sealed,
who is still asked, who has passed); a viewer also gets its own hand, its pending card and payment,
its prompt and choices, and its deck list. Deck orders, other seats' hands and others' sealed or
half-made choices never go into a view.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engines.arclash import zones
from engines.arclash.content import catalogue
from engines.arclash.effects import card_text
from engines.arclash.state import (
    ADVANCE,
    OPENING,
    OVER,
    SWAP,
    ArclashState,
    ArclashView,
    CardRef,
    CardView,
    SeatView,
)
from engines.core.carry import carry
from engines.core.types import Action, Prompt


@cache
def card_view(card_id: str, iid: str, text: bool = False) -> CardView:
    """The face of one card instance; ``text`` adds its rules text (hands carry it, boards do not)."""
    c = catalogue()[card_id]
    return CardView(iid, c.id, c.name, c.kind, c.level, c.power, c.traits, card_text(c) if text else "")


@cache
def card_ref(card_id: str, iid: str) -> CardRef:
    """The short name of one card instance, for discard piles."""
    return CardRef(iid, card_id, catalogue()[card_id].name)


def build_view(
    state: ArclashState,
    viewer: int | None,
    prompts: Callable[[ArclashState], dict[int, Prompt]],
    legal_actions: Callable[[ArclashState, int], list[Action]],
) -> ArclashView:
    """``viewer``'s View of ``state`` (``None``: a spectator's), asking the ruleset for prompts."""
    asking = prompts(state) if state.phase != OVER else {}
    seats = [
        SeatView(
            **carry(z, "deck_name points passed", lists="mods"),
            seat=s,
            stack=[card_view(state.ids[i], i) for i in z.stack],
            level=zones.level(state, s),
            base_power=zones.base_power(state, s),
            power=zones.power(state, s),
            supports=[card_view(state.ids[i], i) for i in z.supports],
            discard=[card_ref(state.ids[i], i) for i in z.discard],
            hand_count=len(z.hand),
            deck_count=len(z.deck),
            sealed=z.sealed and state.phase in (OPENING, ADVANCE, SWAP),
            waiting=s in asking,
        )
        for s, z in enumerate(state.seats)
    ]
    view = ArclashView(
        **carry(state, "players target phase turn round current winner", lists="order report rolls"),
        viewer=viewer,
        over=state.phase == OVER,
        seats=seats,
    )
    if viewer is not None:
        zone = state.seats[viewer]
        view.hand = [card_view(state.ids[i], i, True) for i in zone.hand]
        if viewer in asking:
            view.choices = legal_actions(state, viewer)
            view.prompt = asking[viewer].text
        if zone.choice:
            # At the opening the pick is still in the deck, whose instance ids stay secret.
            shown = "" if state.phase == OPENING else zone.choice
            view.my_choice = card_view(state.ids[zone.choice], shown, True)
        view.my_paying = [card_view(state.ids[i], i) for i in zone.paying]
        view.my_list = dict(zone.deck_list)
    return view
