"""Sampled worlds: full HackClad states rebuilt from one witch's View (``determinize``).

A search bot cannot see the other witches' hands, decks, enhanced piles and face-down turn cards,
its own deck's order, or the Clad deck, so it draws them: every card the View does not place is
dealt at random among the places the View says are hidden, keeping what the table knows (a
card's kind stays in or out of the enhanced pile, a top card everyone saw stays on top, a peeked
Clad card stays on the Clad deck). Nothing is read from the real state; a twin state, which
differs only in what the viewer cannot see, gives the same View and so the same worlds.

Worlds are rebuilt where the agenda is at rest and its queue follows from the public board: a
witch's turn (between her actions) and her draft pick. Elsewhere (a reaction window, a choice in
the middle of a card) the queue holds the half-resolved effect, which the View does not carry.
"""

from __future__ import annotations

from engines.core.agenda import Agenda
from engines.core.carry import carry
from engines.core.rng import Rng
from engines.hackclad.cards import card_id, is_enhanced
from engines.hackclad.rounds import clad_pool
from engines.hackclad.state import (
    CLAD_SLOTS,
    TURN_SLOTS,
    Ask,
    HackState,
    HackView,
    SeqSlot,
    Task,
    WitchState,
)

#: the prompts a world can be rebuilt at (see the module's docstring)
REBUILT = ("turn", "draft")


def rebuildable(view: HackView) -> bool:
    """Whether ``determinize`` can rebuild a world at this View: a seat's own turn or draft pick."""
    return (
        view.viewer is not None
        and view.phase == "play"
        and view.asking_kind in REBUILT
        and view.asking_player == view.viewer
    )


def determinize(view: HackView, rng: Rng) -> HackState:
    """A full state that shows ``view`` to its viewer, every card the viewer cannot see sampled."""
    if view.viewer is None:
        raise ValueError("determinize needs a seat's view, not a spectator's")
    if not rebuildable(view):
        raise ValueError("determinize rebuilds a world only at the viewer's own turn or draft pick")
    state = HackState(
        **carry(
            view,
            "mode players expert phase round stage clad_pos clad_facing voltage reforms clad_locked"
            " clad_moved",
            lists="clad_used markers field",
        ),
        owners=[w.player for w in view.witches],
        witches=[_public_witch(view, x) for x in range(len(view.witches))],
        turn_slots=[SeqSlot(seat=s) for s in view.turn_slots],
        standby=[SeqSlot(seat=s) for s in view.standby],
        agenda=_agenda(view),
    )
    mine = {o.seat for o in view.own} or {view.me}
    for x in range(len(state.witches)):
        if x in mine:
            _own_cards(view, state, x, rng)
        else:
            _other_cards(view, state, x, rng)
    _clad_cards(view, state, rng)
    state.rng = rng.next_u64()  # future shuffles are unknown to everyone
    return state


def _public_witch(view: HackView, x: int) -> WitchState:
    """Witch ``x`` with everything the table knows of her; her hidden cards are dealt later."""
    v = view.witches[x]
    top = v.top.id if v.top is not None else ""
    return WitchState(
        **carry(
            v,
            "witch pos facing mp cp injuries shards dealt_round attacks_round moved_round picked_round"
            " turn_bonus round_bonus aristocracy scythe turn_over",
            lists="missions completed uses",
        ),
        discard=[c.id for c in v.discard],
        chose_enhanced=True,
        slot=v.turn_slot,
        top_seen=top,
        top_known=top,
    )


def _agenda(view: HackView) -> Agenda[Task, Ask]:
    """The queue at a turn or a draft pick: the rest of the round, read off the sequence board."""
    me = view.asking
    tasks: list[Task] = []
    clad = sum(1 for s in view.clad_slot_state if s != "empty")
    if view.asking_kind == "turn":
        # Her card slid from turn slot k to the standby slot below it (standby runs the other way).
        k = TURN_SLOTS - 1 - view.standby.index(me)
        tasks.append(Task(kind="turn_end", seat=me))
        if k < clad:
            tasks.append(Task(kind="clad_turn", n=k))
        for later in range(k + 1, TURN_SLOTS):
            if view.turn_slots[later] >= 0:
                tasks.append(Task(kind="turn_start", seat=view.turn_slots[later], n=later))
            if later < clad:
                tasks.append(Task(kind="clad_turn", n=later))
        ask = Ask(kind="turn", seat=me, text="Your turn: play cards, take actions, or end your turn.")
    else:
        # Standby slots are drafted in order; those after hers still hold their witches' cards.
        for slot in range(view.draft_from + 1, TURN_SLOTS):
            if view.standby[slot] >= 0:
                seat = view.standby[slot]
                tasks += [Task(kind="reentry", seat=seat), Task(kind="draft_pick", seat=seat)]
        tasks.append(Task(kind="action_phase"))
        text = "Draft: put a card face down on a turn slot."
        ask = Ask(kind="draft", seat=me, text=text, n=view.draft_from)
    tasks.append(Task(kind="end_round"))
    return Agenda(tasks=tasks, pending=ask)


def _turn_card_places(state: HackState, x: int) -> list[tuple[list[SeqSlot], int]]:
    """Where witch ``x``'s face-down turn card lies on the sequence board (none while drafting)."""
    zones = (state.turn_slots, state.standby)
    return [(zone, i) for zone in zones for i, slot in enumerate(zone) if slot.seat == x]


def _own_cards(view: HackView, state: HackState, x: int, rng: Rng) -> None:
    """The viewer's own witch: hand, turn card and enhanced pile known; only the deck's order is not."""
    own = next((o for o in view.own if o.seat == x), None)
    hand = [c.id for c in (own.hand if own else view.hand)]
    turn = own.turn_card if own else view.turn_card
    enhanced = [c.id for c in (own.enhanced if own else view.enhanced)]
    top = own.top if own else view.top
    w = state.witches[x]
    w.hand, w.enhanced = hand, enhanced
    for zone, i in _turn_card_places(state, x):
        assert turn is not None
        zone[i] = SeqSlot(seat=x, card=turn.id)
    placed = {*hand, *enhanced, *w.discard, *([turn.id] if turn else [])}
    deck = [c for c in _all_cards(x) if c not in placed]
    first = [top.id] if top is not None and top.id in deck else []
    rest = [c for c in deck if c not in first]
    rng.shuffle(rest)
    w.deck = first + rest
    w.top_known = first[0] if first else w.top_seen
    peek = own.peek if own else view.peek
    w.peek = peek.id if peek is not None else ""


def _other_cards(view: HackView, state: HackState, x: int, rng: Rng) -> None:
    """Another seat's witch: hand, deck, enhanced pile and turn card dealt from the cards unseen."""
    v = view.witches[x]
    w = state.witches[x]
    seen = {*w.discard, *([w.top_seen] if w.top_seen else [])}
    unseen = [c for c in _all_cards(x) if c not in seen]
    # Her pile starts as her eight enhanced cards; a reform may trade one of them for a discarded
    # card unseen, so it holds enhanced cards and as few basic ones as the counts allow.
    enhanced = [c for c in unseen if is_enhanced(c)]
    basic = [c for c in unseen if not is_enhanced(c)]
    rng.shuffle(enhanced)
    rng.shuffle(basic)
    traded = max(0, v.enhanced_count - len(enhanced))
    w.enhanced = sorted(basic[:traded] + enhanced[: v.enhanced_count - traded])
    rest = [c for c in unseen if c not in w.enhanced]
    rng.shuffle(rest)
    w.hand, rest = rest[: v.hand_count], rest[v.hand_count :]
    for zone, i in _turn_card_places(state, x):
        zone[i] = SeqSlot(seat=x, card=rest.pop())
    w.deck = ([w.top_seen] if w.top_seen else []) + rest


def _all_cards(x: int) -> list[str]:
    """Witch ``x``'s sixteen card instances."""
    return [card_id(x, i) for i in range(16)]


def _clad_cards(view: HackView, state: HackState, rng: Rng) -> None:
    """The Clad deck's order and content, a face-down slot and the solo piles set aside."""
    # Every card of the voltages reached so far is in play (solo mixes voltages 1 and 2 from the
    # start and brings in 3 at the first reform).
    voltages: tuple[int, ...] = tuple(range(1, view.voltage + 1))
    if view.mode == "solo":
        voltages = (1, 2, 3) if view.reforms >= 1 else (1, 2)
    pool = [k for v in voltages for k in clad_pool(state, v)]
    slots = [c.id if c is not None else "" for c in view.clad_slots]
    states = view.clad_slot_state
    face_up = {k for k in slots if k}
    peek = next((o.peek.id for o in view.own if o.peek is not None), view.peek.id if view.peek else "")
    unseen = [k for k in pool if k not in face_up and k not in view.clad_used and k != peek]
    rng.shuffle(unseen)
    state.clad_slots = []
    state.clad_hidden = []
    for i in range(CLAD_SLOTS):
        if states[i] == "empty":
            break
        state.clad_slots.append(slots[i] if slots[i] else unseen.pop())
        state.clad_hidden.append(states[i] == "hidden")
    deck = unseen[: view.clad_deck_count - (1 if peek else 0)]
    unseen = unseen[len(deck) :]
    state.clad_deck = ([peek] if peek else []) + deck
    state.clad_reserve = unseen[: view.clad_reserve_count]
    state.clad_later = unseen[view.clad_reserve_count : view.clad_reserve_count + view.clad_later_count]
