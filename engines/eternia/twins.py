"""Twin states for the hidden-information test: what a viewer cannot see, dealt afresh.

For a viewer not on the Controller's side: the Strategy hand and deck are dealt again from their
union (sizes kept), the Controller's face-down cards and sealed order are reordered, the AI decks
are reshuffled. For a viewer not on the team: the team's face-down cards and sealed order likewise.
The RNG state is always new.
"""

from __future__ import annotations

from engines.core.rng import Rng
from engines.eternia.state import CTRL, TEAM, EtState
from engines.eternia.view import side_of


def _reorder_face_down(st: EtState, side: str, rng: Rng) -> None:
    slots = [s for s in st.track if s.side == side and not s.flipped and s.card and s.card != "any"]
    cards = [s.card for s in slots]
    rng.shuffle(cards)
    for s, c in zip(slots, cards, strict=True):
        s.card = c


def redeal(st: EtState, viewer: int | None, rng: Rng) -> None:
    """Deal everything ``viewer`` may not know again (in place)."""
    side = side_of(st, viewer)
    if side != CTRL:
        pool = st.strategy_hand + st.strategy_deck
        rng.shuffle(pool)
        n = len(st.strategy_hand)
        st.strategy_hand, st.strategy_deck = pool[:n], pool[n:]
        _reorder_face_down(st, CTRL, rng)
        if CTRL in st.orders:
            rng.shuffle(st.orders[CTRL])
    rng.shuffle(st.ai_char_deck)
    rng.shuffle(st.ai_strategy_deck)
    if side != TEAM:
        _reorder_face_down(st, TEAM, rng)
        if TEAM in st.orders:
            rng.shuffle(st.orders[TEAM])
