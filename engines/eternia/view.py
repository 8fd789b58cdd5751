"""Building a viewer's View: the one place Eternia's secrets are stripped.

Hidden: the other side's face-down Activation cards (and its sealed order before both are in), the
Controller's Strategy hand (its size is public) and deck order, the AI decks' order, the RNG.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from engines.core.agenda import Agenda
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
            id=m.id,
            name=ctx.name(m),
            kind=m.kind,
            side=m.side,
            seat=m.seat,
            hexes=list(m.hexes),
            hp=m.hp,
            max_hp=m.max_hp,
            armor=ctx.armor(m),
            dazed=m.dazed,
            power=m.power,
            unlocked=[type(u)(skill=u.skill, power=u.power) for u in m.unlocked],
            skills=list(m.skills),
            empowered=m.empowered,
            design=m.design,
            base_armor=m.armor,
            owner=m.owner,
            spawned_round=m.spawned_round,
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
        viewer=viewer,
        players=st.seats,
        over=st.phase == "over",
        scenario=st.scenario,
        mode=st.mode,
        round=st.round,
        round_limit=sc.round_limit,
        phase=st.phase,
        side=side,
        board=list(st.board),
        terrain=dict(st.terrain),
        tokens=dict(st.tokens),
        objectives=list(st.objectives),
        beacons=dict(st.beacons),
        team_spawn=list(st.team_spawn),
        ctrl_spawn=list(st.ctrl_spawn),
        models=models,
        track=track,
        active_model=act.model if act is not None else "",
        actions_left=act.actions if act is not None else 0,
        escalation=st.escalation,
        escalation_track=list(sc.escalation_track),
        levels=st.levels,
        vp=dict(st.vp),
        vp_target=sc.vp_target,
        ctrl_skills=dict(st.ctrl_skills),
        ctrl_empowered=list(st.ctrl_empowered),
        strategy_hand=hand,
        strategy_hand_size=len(st.strategy_hand),
        strategy_deck_size=len(st.strategy_deck),
        strategy_played=list(st.strategy_played),
        ai_power=st.ai_power,
        ai_card=st.ai_card,
        last_path=list(st.last_path),
        last_los=list(st.last_los),
        last_roll=list(st.last_roll),
        rolls=list(st.rolls),
        result=st.result,
        my_order=list(st.orders.get(side, [])) if side else [],
        ctrl_seat=st.ctrl_seat,
        team_seats=list(st.team_seats),
        leader=st.leader,
        ai_escalation=st.ai_escalation,
        minion_type=st.minion_type,
        minion_serial=st.minion_serial,
        slot=st.slot,
        sealed=sorted(st.orders),
        agenda=_copy(st.agenda, Agenda[EtTask, Pending]),
        activation=_copy(act, Activation) if act is not None else None,
        strike=_copy(st.strike, Strike) if st.strike is not None else None,
        in_action=st.in_action,
        owed=st.owed,
        winner=st.winner,
        ai_character_cards_left=len(st.ai_char_deck),
        ai_strategy_cards_left=len(st.ai_strategy_deck),
    )
