"""What each seat may see (one place where secrets are left out)."""

from __future__ import annotations

from functools import cache

import msgspec
from msgspec.structs import replace

from engines.core.carry import carry
from engines.hackclad import grid
from engines.hackclad.cards import clad_atk, clad_of, design
from engines.hackclad.clad import frame_cells
from engines.hackclad.content import content
from engines.hackclad.scoring import scores, witch_teams
from engines.hackclad.seats import acting, owner, witches_of
from engines.hackclad.state import (
    CardView,
    CladCardView,
    HackState,
    HackView,
    OwnWitch,
    PileCard,
    WitchState,
    WitchView,
)


def card_view(state: HackState, iid: str) -> CardView:
    """A card the viewer is allowed to see."""
    return _card_view(state.witches[int(iid[1])].witch, iid)


def face(witch: str, iid: str) -> CardView:
    """The full face of ``witch``'s card ``iid`` (for a card its viewer may see, e.g. its enhanced pile)."""
    return _card_view(witch, iid)


@cache
def _card_view(witch: str, iid: str) -> CardView:
    # A card's face never changes, so each (witch, instance) is built once and shared (it is frozen).
    c = design(witch, iid)
    return CardView(iid, c.id, c.name, c.type, c.atk, c.mp, c.vp, c.range, c.text)


@cache
def _pile_card(witch: str, iid: str) -> PileCard:
    # A card in a pile is named without its face text: views stay small and the face is in content.
    c = design(witch, iid)
    return PileCard(iid, c.id, c.name, c.type, c.vp)


def clad_view(state: HackState, iid: str) -> CladCardView:
    """A face-up Clad card with the cells it would hit from the Clad's current place."""
    return _clad_view(iid, state.clad_pos, state.clad_facing)


@cache
def _clad_view(iid: str, pos: int, facing: int) -> CladCardView:
    k = clad_of(iid)
    hits = grid.area(pos, facing, k.attack) if k.attack else []
    if k.move and not k.attack:
        hits = [grid.step(pos, facing)]
    return CladCardView(iid, k.id, k.name, k.attack, k.drop, k.move, k.face, tuple(hits))


def slot_states(state: HackState) -> list[str]:
    """Each Clad slot: empty, hidden (face down), up (waiting) or done (resolved this round)."""
    out = []
    for i in range(3):
        if i >= len(state.clad_slots) or not state.clad_slots[i]:
            out.append("empty")
        elif state.clad_slots[i] in state.clad_used:
            out.append("done")
        elif state.clad_hidden[i]:
            out.append("hidden")
        else:
            out.append("up")
    return out


def known_top(w: WitchState) -> bool:
    """Whether the witch's owner knows the card on top of her deck."""
    return bool(w.top_known) and w.deck[:1] == [w.top_known]


def seen_top(w: WitchState) -> bool:
    """Whether everyone knows the card on top of the witch's deck."""
    return bool(w.top_seen) and w.deck[:1] == [w.top_seen]


def _own(state: HackState, witch: int) -> OwnWitch:
    """One of the viewer's witches with her private cards."""
    w = state.witches[witch]
    turn = next(
        (card_view(state, s.card) for s in (*state.turn_slots, *state.standby) if s.seat == witch and s.card),
        None,
    )
    peek = clad_view(state, w.peek) if w.peek and state.clad_deck[:1] == [w.peek] else None
    return OwnWitch(
        seat=witch,
        name=content().witches[w.witch].name,
        hand=[_card_view(w.witch, x) for x in w.hand],
        turn_card=turn,
        enhanced=[_pile_card(w.witch, x) for x in sorted(w.enhanced)],
        peek=peek,
        top=card_view(state, w.top_known) if known_top(w) else None,
    )


def build_view(state: HackState, viewer: int | None) -> HackView:
    """The view for ``viewer`` (a seat; None: a spectator).

    Views of one state share their public part: it is built once and reused while the same state
    (by content, not identity) is viewed again, as happens for every seat in turn. Views are
    read-only values.
    """
    global _LAST
    key = _ENCODER.encode(state)
    last = _LAST
    if last is not None and last[0] == key:
        public = last[1]
    else:
        public = _public_view(state)
        _LAST = (key, public)
    view = replace(public, viewer=viewer)
    mine = witches_of(state, viewer)
    if mine:
        now = acting(state, viewer) if viewer is not None else None
        me = now if now is not None else mine[0]
        own = [_own(state, x) for x in mine]
        focus = own[mine.index(me)]
        view.own = own if len(own) > 1 else []
        view.me = me
        view.hand = focus.hand
        view.turn_card = focus.turn_card
        view.enhanced = focus.enhanced
        view.peek = focus.peek
        view.top = focus.top
    return view


_ENCODER = msgspec.msgpack.Encoder()
_LAST: tuple[bytes, HackView] | None = None


def _public_view(state: HackState) -> HackView:
    """What everyone may see of ``state`` (a spectator's view)."""
    c = content()
    side = {s: i for i, team in enumerate(witch_teams(state)) for s in team}
    witches = []
    for seat, w in enumerate(state.witches):
        witches.append(
            WitchView(
                **carry(
                    w,
                    "witch pos facing mp cp injuries shards dealt_round attacks_round moved_round"
                    " picked_round turn_bonus round_bonus aristocracy scythe turn_over",
                    lists="missions completed uses",
                ),
                seat=seat,
                name=c.witches[w.witch].name,
                hand_count=len(w.hand),
                deck_count=len(w.deck),
                enhanced_count=len(w.enhanced),
                discard=[_pile_card(w.witch, x) for x in w.discard],
                limits=c.witches[w.witch].limits,
                turn_slot=w.slot,
                team=side[seat],
                player=owner(state, seat),
                top=_pile_card(w.witch, w.top_seen) if seen_top(w) else None,
            )
        )
    states = slot_states(state)
    slots = [clad_view(state, state.clad_slots[i]) if states[i] in ("up", "done") else None for i in range(3)]
    next_hits: list[int] = []
    for i, s in enumerate(states):
        if s == "up" and slots[i] is not None:
            next_hits = list(slots[i].hits)  # type: ignore[union-attr]
            break
        if s == "hidden":
            break
    ask = state.agenda.pending
    asking = ask.seat if state.phase == "play" and ask else -1
    return HackView(
        **carry(
            state,
            "players mode expert phase stage round voltage clad_pos clad_facing clad_locked clad_moved"
            " reforms",
            lists="markers field offer clad_used",
        ),
        viewer=None,
        over=state.phase == "over",
        clad_atk=clad_atk(state),
        clad_deck_count=len(state.clad_deck),
        clad_slots=slots,
        clad_slot_state=states,
        next_hits=next_hits,
        turn_slots=[s.seat for s in state.turn_slots],
        standby=[s.seat for s in state.standby],
        witches=witches,
        asking=asking,
        asking_player=owner(state, asking) if asking >= 0 else -1,
        asking_kind=ask.kind if ask else "",
        attack_cells=frame_cells(state, state.frames[-1]) if state.frames else [],
        scores=scores(state) if state.phase == "over" else {},
        clad_reserve_count=len(state.clad_reserve),
        clad_later_count=len(state.clad_later),
        draft_from=ask.n if state.phase == "play" and ask and ask.kind == "draft" else -1,
    )


def secrets(state: HackState, viewer: int | None) -> list[str]:
    """Card instance ids the viewer must not see: others' hands, piles and turn cards, every deck order."""
    out: list[str] = []
    mine = set(witches_of(state, viewer))
    for seat, w in enumerate(state.witches):
        known = known_top(w) if seat in mine else seen_top(w)
        out += w.deck[1:] if known else w.deck
        if seat not in mine:
            out += w.hand + w.enhanced
    for slot in (*state.turn_slots, *state.standby):
        if slot.card and slot.seat not in mine:
            out.append(slot.card)
    peeks = {state.witches[x].peek for x in mine}
    out += [k for k in state.clad_deck if k not in peeks or state.clad_deck[:1] != [k]]
    out += state.clad_reserve + state.clad_later
    out += [k for k, hidden in zip(state.clad_slots, state.clad_hidden, strict=False) if hidden]
    return out
