"""The round (book 6): Forecast, Draw, Draft and Action phases, and the end of the game (book 8)."""

from __future__ import annotations

from functools import cache

from engines.core.types import Action, seat_ref
from engines.hackclad import grid
from engines.hackclad.cards import clad_id, clad_of
from engines.hackclad.content import Eff, content
from engines.hackclad.ctx import ANSWERS, TASKS, Ctx, ask_choice
from engines.hackclad.deck import from_hand, put_on_top
from engines.hackclad.scoring import scores, seat_scores
from engines.hackclad.seats import shared_seats
from engines.hackclad.state import CLAD_SLOTS, HAND_SIZE, ROUNDS, TURN_SLOTS, Ask, HackState, SeqSlot, Task


def clad_pool(state: HackState, voltage: int) -> list[str]:
    """The Clad card instances of one voltage for this game (expert cards swapped in when asked)."""
    c = content()
    replaced = {k.replaces for k in c.clad.values() if k.expert} if state.expert else set()
    out = []
    for i, kid in enumerate(c.clad_order):
        k = c.clad[kid]
        if k.voltage != voltage or kid in replaced or (k.expert and not state.expert):
            continue
        out.append(clad_id(i))
    return out


def below(slot: int) -> int:
    """The standby slot under a turn slot (standby runs right to left: 1st standby under the 4th slot)."""
    return TURN_SLOTS - 1 - slot


@TASKS.register("round")
def start_round(ctx: Ctx, t: Task) -> None:
    """A new round: Forecast, Draw, Draft, Action, then the end-of-round check."""
    st = ctx.state
    st.round += 1
    ctx.say("round", f"Round {st.round} begins.")
    ctx.push(
        Task(kind="forecast"),
        Task(kind="draw_phase"),
        Task(kind="draft_phase"),
        Task(kind="action_phase"),
        Task(kind="end_round"),
    )


# ------------------------------------------------------------------------------------- 6.1 forecast
@TASKS.register("forecast")
def forecast(ctx: Ctx, t: Task) -> None:
    """Fill the Clad slots from the Clad deck, reforming it when it runs out (7.2)."""
    st = ctx.state
    st.stage = "forecast"
    st.clad_slots = []
    st.clad_hidden = []
    for slot in range(CLAD_SLOTS):
        if not st.clad_deck:
            reform_clad(ctx)
        if not st.clad_deck:
            break
        st.clad_slots.append(st.clad_deck.pop(0))
        # Solo change 3: the second slot stays face down until the Clad acts on it.
        st.clad_hidden.append(st.mode == "solo" and slot == 1)
    for w in st.witches:
        if w.peek and w.peek not in st.clad_deck[:1]:
            w.peek = ""
    shown = [
        clad_of(k).name if not h else "(face down)"
        for k, h in zip(st.clad_slots, st.clad_hidden, strict=True)
    ]
    ctx.say("forecast", "Forecast: " + ", ".join(shown) + ".")


def reform_clad(ctx: Ctx) -> None:
    """Voltage +1 and the new voltage's cards join the used ones, shuffled (7.2; solo change 2)."""
    st = ctx.state
    if st.voltage >= 3:
        fresh: list[str] = []
    else:
        st.voltage += 1
        if st.mode == "solo":
            if st.reforms == 0:
                pool = st.clad_reserve + clad_pool(st, 3)
                ctx.rng.shuffle(pool)
                fresh, st.clad_later = pool[:3], pool[3:]
                st.clad_reserve = []
            else:
                fresh, st.clad_later = st.clad_later, []
        else:
            fresh = clad_pool(st, st.voltage)
    st.reforms += 1
    st.clad_deck = st.clad_used + fresh
    st.clad_used = []
    ctx.rng.shuffle(st.clad_deck)
    ctx.say("voltage", f"The Clad deck is reformed: voltage {st.voltage}.")


# ------------------------------------------------------------------------------------- 6.2 draw
@TASKS.register("draw_phase")
def draw_phase(ctx: Ctx, t: Task) -> None:
    """Everyone draws up to three cards."""
    ctx.state.stage = "draw"
    ctx.push(*[Task(kind="draw_to", seat=s, n=HAND_SIZE) for s in range(len(ctx.state.witches))])


# ------------------------------------------------------------------------------------- 6.3 draft
@TASKS.register("draft_phase")
def draft_phase(ctx: Ctx, t: Task) -> None:
    """Standby order: each player re-enters if needed, takes the turn card back and picks a turn slot."""
    st = ctx.state
    st.stage = "draft"
    if st.mode == "solo" and all(st.markers):
        st.markers = [False] * TURN_SLOTS  # solo change 4: clear the markers once every slot has one
        ctx.say("markers", "Every turn slot had a marker: they are all cleared.")
    for w in st.witches:
        w.slot = -1
    order = [slot.seat for slot in st.standby if slot.seat >= 0]
    tasks: list[Task] = []
    for seat in order:
        tasks += [Task(kind="reentry", seat=seat), Task(kind="draft_pick", seat=seat)]
    ctx.push(*tasks)


def standby_of(state: HackState, seat: int) -> int:
    """Which standby slot holds the seat's turn card."""
    for i, slot in enumerate(state.standby):
        if slot.seat == seat:
            return i
    return -1


def draft_slots(state: HackState, standby: int) -> list[int]:
    """Turn slots a card from standby slot ``standby`` may go to: free, not the one straight above, not
    marked (solo)."""
    banned = below(standby)
    free = [i for i, slot in enumerate(state.turn_slots) if slot.seat < 0]
    ok = [i for i in free if i != banned and not (state.markers and state.markers[i])]
    # Designed fallback: if the rules leave nothing (possible with four players), any free slot will do.
    return ok or free


def draft_action(ctx: Ctx, slot: int, cid: str) -> Action:
    """The draft choice: put hand card ``cid`` face down on turn slot ``slot``."""
    return _draft_choice(slot, cid, ctx.card(cid).name)


@cache
def _draft_choice(slot: int, cid: str, name: str) -> Action:
    # Made once per slot and card: the draft menu is rebuilt at every pick (Actions are frozen).
    label = f"Turn slot {slot + 1} with {name}"
    return Action(f"d.{slot}.{cid}", label, group=f"slot{slot + 1}", card=cid, params=(slot,))


_SLOT_NAMES = tuple(str(slot) for slot in range(TURN_SLOTS))  # how keys spell the turn slots


def find_draft_action(ctx: Ctx, seat: int, standby: int, key: str) -> Action | None:
    """The draft choice called ``key`` if it is legal (equal to the one the full list holds), else None."""
    parts = key.split(".")
    if (
        len(parts) != 3
        or parts[0] != "d"
        or parts[1] not in _SLOT_NAMES
        or parts[2] not in ctx.witch(seat).hand
    ):
        return None
    slot = _SLOT_NAMES.index(parts[1])
    return draft_action(ctx, slot, parts[2]) if slot in draft_slots(ctx.state, standby) else None


@TASKS.register("draft_pick")
def draft_pick(ctx: Ctx, t: Task) -> None:
    """The turn card returns to the hand; then the player must place a card in a turn slot."""
    st = ctx.state
    i = standby_of(st, t.seat)
    card = st.standby[i].card
    st.standby[i] = SeqSlot()
    ctx.witch(t.seat).hand.append(card)
    text = "Draft: put a card face down on a turn slot."
    ctx.ask(Ask(kind="draft", seat=t.seat, text=text, n=i))


def apply_draft(ctx: Ctx, seat: int, slot: int, card: str) -> None:
    """Place the card face down on the slot and take the slot's effect."""
    st = ctx.state
    w = ctx.witch(seat)
    from_hand(w, card)
    st.turn_slots[slot] = SeqSlot(seat=seat, card=card)
    w.slot = slot
    ctx.say("draft", f"{ctx.who(seat)} takes turn slot {slot + 1}.")
    ctx.push(Task(kind="slot_effect", seat=seat, n=slot))


@TASKS.register("slot_effect")
def slot_effect(ctx: Ctx, t: Task) -> None:
    """The effect printed under each turn slot (see rules.md: taken from the Delta board)."""
    if t.n == 0:
        ctx.push(Task(kind="draw", seat=t.seat, n=1))
    elif t.n == 1:
        ctx.gain_mp(t.seat, 1)
        ctx.say("slot", f"{ctx.who(t.seat)} gains 1 MP from the 2nd turn slot.")
    elif t.n == 2:
        ctx.push(Task(kind="draw", seat=t.seat, n=1), Task(kind="put_back", seat=t.seat))
    else:
        ctx.push(Task(kind="eff", seat=t.seat, eff=Eff(key="move", n=1, upto=True)))


@TASKS.register("put_back")
def put_back(ctx: Ctx, t: Task) -> None:
    """Put a card from your hand on top of your deck."""
    w = ctx.witch(t.seat)
    if w.hand:
        ask_choice(
            ctx,
            t.seat,
            "put_back",
            "Put a card from your hand on top of your deck.",
            [(f"c.{c}", f"Put back {ctx.card(c).name}") for c in w.hand],
        )


# ------------------------------------------------------------------------------------- 6.4 action
@TASKS.register("action_phase")
def action_phase(ctx: Ctx, t: Task) -> None:
    """Turn slots alternate with the Clad slots: T1 C1 T2 C2 T3 C3 T4 (empty turn slots are skipped)."""
    st = ctx.state
    st.stage = "action"
    tasks: list[Task] = []
    for k in range(TURN_SLOTS):
        if st.turn_slots[k].seat >= 0:
            tasks.append(Task(kind="turn_start", seat=st.turn_slots[k].seat, n=k))
        if k < len(st.clad_slots):
            tasks.append(Task(kind="clad_turn", n=k))
    ctx.push(*tasks)


@TASKS.register("turn_start")
def turn_start(ctx: Ctx, t: Task) -> None:
    """Slide the turn card down to its standby slot; re-enter if needed; then the turn."""
    st = ctx.state
    slot = st.turn_slots[t.n]
    st.standby[below(t.n)] = slot
    st.turn_slots[t.n] = SeqSlot()
    if st.mode == "solo":
        st.markers[t.n] = True
    w = ctx.witch(t.seat)
    w.turn_over = False
    w.turn_bonus = 0
    ctx.say("turn", f"{ctx.who(t.seat)}'s turn.")
    ctx.push(
        Task(kind="reentry", seat=t.seat), Task(kind="turn", seat=t.seat), Task(kind="turn_end", seat=t.seat)
    )


@TASKS.register("turn_end")
def turn_end(ctx: Ctx, t: Task) -> None:
    """Bonuses that last a turn end with it."""
    ctx.witch(t.seat).turn_bonus = 0


@TASKS.register("end_round")
def end_round(ctx: Ctx, t: Task) -> None:
    """Round tallies reset; the game ends after round 9 or once voltage 3's deck is spent (book 8)."""
    st = ctx.state
    for w in st.witches:
        w.uses = [0, 0, 0]
        w.dealt_round = w.attacks_round = w.moved_round = w.picked_round = 0
        w.round_bonus = 0
        w.aristocracy = w.scythe = False
    st.clad_locked = False
    st.clad_moved = 0
    if st.round >= ROUNDS:
        finish(ctx, "nine rounds played")
    elif st.voltage >= 3 and not st.clad_deck:
        finish(ctx, "the Clad deck ran out at voltage 3")
    else:
        ctx.push(Task(kind="round"))


def finish(ctx: Ctx, reason: str) -> None:
    """The game is over; scoring is read off the final state."""
    st = ctx.state
    st.phase = "over"
    st.stage = ""
    st.end_reason = reason
    st.agenda.clear()  # nothing queued runs once the game is over
    ctx.say("over", f"The game ends: {reason}.")
    for seat, total in scores(st).items():
        ctx.say("score", f"{ctx.who(seat)} scores {total} VP.")
    if shared_seats(st):
        for person, total in seat_scores(st).items():
            ctx.say("score", f"{seat_ref(person)}'s witches score {total} VP together.")


def entry_facing(cell: int) -> int:
    """A starting facing for a witch on an entry point: towards the middle of the field."""
    dx, dy = grid.delta(cell, grid.CENTRE)
    if abs(dx) >= abs(dy):
        return 1 if dx > 0 else 3
    return 2 if dy > 0 else 0


@ANSWERS.register("put_back")
def put_back_answer(ctx: Ctx, ask: Ask, key: str) -> None:
    """The chosen card goes on top of the deck, unseen by the others."""
    card = key[2:]
    w = ctx.witch(ask.seat)
    from_hand(w, card)
    put_on_top(w, card, seen=False)
    ctx.split(
        ask.seat,
        "put_back",
        f"You put {ctx.card(card).name} on top of your deck.",
        f"{ctx.who(ask.seat)} puts a card from their hand on top of their deck.",
    )
