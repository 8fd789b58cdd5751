"""Building a viewer's View: the one place Eternia's secrets are stripped.

Hidden: the other side's face-down Activation cards (and its sealed order before both are in), the
Controller's Strategy hand (its size is public) and deck order, the AI decks' order, the RNG.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from engines.core.agenda import Agenda
from engines.core.carry import carry
from engines.eternia.ctx import Ctx
from engines.eternia.state import (
    CTRL,
    TEAM,
    Activation,
    EtState,
    EtTask,
    EtView,
    ModelView,
    Pending,
    SlotView,
    Strike,
)

V = TypeVar("V")


def _copy(value: Any, kind: type[V]) -> V:
    """A deep copy through the wire form: a view never shares a mutable part with the state."""
    return msgspec.convert(msgspec.to_builtins(value), type=kind)


def side_of(st: EtState, viewer: int | None) -> str:
    """The side a seat plays ("" for spectators)."""
    if viewer is None:
        return ""
    if viewer in st.team_seats:
        return TEAM
    return CTRL if viewer == st.ctrl_seat else ""


def build_view(st: EtState, viewer: int | None) -> EtView:
    """What ``viewer`` may know."""
    ctx = Ctx(st)
    side = side_of(st, viewer)
    sc = ctx.content.scenarios[st.scenario]
    act = st.activation
    models = [
        ModelView(
            **carry(
                m,
                "id kind side seat hp max_hp dazed power empowered design owner spawned_round",
                lists="hexes skills",
            ),
            name=ctx.name(m),
            armor=ctx.armor(m),
            unlocked=[type(u)(skill=u.skill, power=u.power) for u in m.unlocked],
            base_armor=m.armor,
        )
        for m in st.models
    ]
    track = [
        SlotView(
            side=s.side,
            power=s.power,
            # face-down cards are secret from the other side; a side knows its own order
            card=s.card if (s.flipped or s.card == "any" or (side and s.side == side)) else "",
            flipped=s.flipped,
            active=i == st.slot,
        )
        for i, s in enumerate(st.track)
    ]
    hand = list(st.strategy_hand) if side == CTRL else []
    return EtView(
        **carry(
            st,
            "scenario mode round phase escalation levels ai_power ai_card result ctrl_seat leader"
            " ai_escalation minion_type minion_serial slot in_action owed winner",
            lists="board objectives team_spawn ctrl_spawn ctrl_empowered strategy_played last_path last_los"
            " last_roll rolls team_seats",
            dicts="terrain tokens beacons vp ctrl_skills",
        ),
        viewer=viewer,
        players=st.seats,
        over=st.phase == "over",
        round_limit=sc.round_limit,
        side=side,
        models=models,
        track=track,
        active_model=act.model if act is not None else "",
        actions_left=act.actions if act is not None else 0,
        escalation_track=list(sc.escalation_track),
        vp_target=sc.vp_target,
        strategy_hand=hand,
        strategy_hand_size=len(st.strategy_hand),
        strategy_deck_size=len(st.strategy_deck),
        my_order=list(st.orders.get(side, [])) if side else [],
        sealed=sorted(st.orders),
        agenda=_copy(st.agenda, Agenda[EtTask, Pending]),
        activation=_copy(act, Activation) if act is not None else None,
        strike=_copy(st.strike, Strike) if st.strike is not None else None,
        ai_character_cards_left=len(st.ai_char_deck),
        ai_strategy_cards_left=len(st.ai_strategy_deck),
    )
