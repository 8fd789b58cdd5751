"""Building a viewer's View from the state: the one place hidden information is filtered out.

Hidden (B2.1-1, B5-7): deck order and contents, other seats' hands, every stock's contents (the
owner's too), another seat's pending choice (its mulligan marks). Shown as counts only: deck, hand,
stock. Public: stage, clock, level zone, waiting room, climax zone, events resolving, the attack
under way with its trigger and damage cards, and the rule work queued (it names only public cards).
"""

from __future__ import annotations

from functools import lru_cache

import msgspec

from engines.climax.content import catalog
from engines.climax.ctx import Ctx
from engines.climax.effects import card_text, is_counter, power_of, soul_of
from engines.climax.flow import ASKS
from engines.climax.state import (
    FRONT,
    Attack,
    AttackView,
    CardFace,
    ClimaxState,
    ClimaxView,
    HandCard,
    PlayerView,
    SlotView,
)
from engines.core.carry import carry
from engines.core.types import seat_ref


@lru_cache(maxsize=8192)
def face(iid: str, design: str, lang: str) -> CardFace:
    """A card's face in ``lang`` (faces never change, so each is built once)."""
    cat = catalog()
    card = cat.cards[design]
    return CardFace(
        **carry(card, "kind colour level cost power soul triggers"),
        id=iid,
        design=design,
        name=card.name(lang),
        text=card_text(card, lang, lambda ref: cat.cards[ref].name(lang)),
        counter=is_counter(card),
    )


def _faces(state: ClimaxState, ids: list[str]) -> tuple[CardFace, ...]:
    return tuple(face(i, state.cards[i], state.lang) for i in ids)


def _public_ids(state: ClimaxState) -> set[str]:
    """Ids of cards lying face up now (a revealed card may since have gone face down)."""
    ids: set[str] = set()
    for p in state.players:
        ids.update(s.card for s in p.stage if s.card)
        ids.update(p.clock, p.level, p.waiting, p.playing)
        if p.climax:
            ids.add(p.climax)
    return ids


def _shown(state: ClimaxState, iid: str, public: set[str]) -> CardFace:
    """A revealed card's face, with its id only while it still lies face up (the trigger card
    goes face down into stock, so its id would tell where it sits there)."""
    return face(iid if iid in public else "", state.cards[iid], state.lang)


def _attack(ctx: Ctx, attack: Attack | None) -> AttackView | None:
    if attack is None:
        return None
    state = ctx.state
    public = _public_ids(state)
    index = ctx.slot_of(attack.seat, attack.card)
    return AttackView(
        seat=attack.seat,
        slot=attack.slot,
        attacker=_shown(state, attack.card, public),
        facing=_shown(state, attack.facing, public) if attack.facing else None,
        battle=attack.battle,
        ap=soul_of(ctx, attack.seat, index) if index >= 0 else 0,
        trigger=_shown(state, attack.trigger, public) if attack.trigger else None,
        damage=tuple(_shown(state, i, public) for i in attack.damage),
        cancelled=attack.cancelled,
    )


def build_view(state: ClimaxState, viewer: int | None) -> ClimaxView:
    """What ``viewer`` (a seat, or None for a spectator) may see."""
    ctx = Ctx(state)
    sides = []
    for seat, p in enumerate(state.players):
        stage = []
        for index, slot in enumerate(p.stage):
            card = face(slot.card, state.cards[slot.card], state.lang) if slot.card else None
            stage.append(
                SlotView(
                    index=index,
                    row="front" if index in FRONT else "back",
                    card=card,
                    pose=slot.pose,
                    power=power_of(ctx, seat, index) if slot.card else 0,
                    soul=soul_of(ctx, seat, index) if slot.card else 0,
                )
            )
        sides.append(
            PlayerView(
                seat=seat,
                name=seat_ref(seat),
                level=len(p.level),
                level_cards=_faces(state, p.level),
                clock=_faces(state, p.clock),
                deck=len(p.deck),
                hand=len(p.hand),
                stock=len(p.stock),
                waiting=_faces(state, p.waiting),
                climax=face(p.climax, state.cards[p.climax], state.lang) if p.climax else None,
                stage=tuple(stage),
                deck_name=p.deck_name,
                penalty=p.penalty,
                playing=_faces(state, p.playing),
            )
        )
    pending = state.agenda.pending
    hand: tuple[HandCard, ...] = ()
    decklist: tuple[str, ...] = ()
    mine = None
    if viewer is not None and 0 <= viewer < len(state.players):
        p = state.players[viewer]
        usable: set[str] = set()
        if pending is not None and pending.seat == viewer and state.phase != "over":
            mine = pending
            usable = {a.card for a in ASKS[pending.kind].actions(ctx, pending) if a.card}
        hand = tuple(HandCard(face(i, state.cards[i], state.lang), i in usable) for i in p.hand)
        decklist = tuple(p.decklist)
    elif pending is not None and not ASKS[pending.kind].private(ctx, pending):
        mine = pending  # a public choice (level-up, encore, targets) may be read by everyone
    if mine is not None and mine.seat != viewer:
        mine = msgspec.structs.replace(mine, marked=())
    return ClimaxView(
        **carry(state, "lang phase turn active first attacks winner result"),
        viewer=viewer,
        players=2,
        over=state.phase == "over",
        options=carry(state, "front_bonus cancel_colour counter_colour triggers encore_cost"),
        sides=tuple(sides),
        attack=_attack(ctx, state.attack),
        last=_attack(ctx, state.last),
        hand=hand,
        decklist=decklist,
        marked=pending.marked if pending is not None and pending.seat == viewer else (),
        deciding=(pending.seat,) if pending is not None and state.phase != "over" else (),
        tasks=tuple(state.agenda.tasks),
        pending=mine,
    )
