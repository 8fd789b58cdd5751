"""The turn around the battle: opening, Start, the sealed Advance rounds and Recover."""

from __future__ import annotations

from engines.arclash import zones
from engines.arclash.battle import begin_battle
from engines.arclash.content import CHARACTER, matches
from engines.arclash.ctx import Ctx
from engines.arclash.state import ADVANCE, HAND_SIZE, OPENING, START, SWAP, ArclashState
from engines.arclash.triggers import step, trigger
from engines.core.agenda import Task
from engines.core.types import seat_ref


def asked(state: ArclashState) -> list[int]:
    """Seats that still owe the current sealed decision."""
    return [s for s, z in enumerate(state.seats) if not z.passed and not z.sealed]


def seal(ctx: Ctx, seat: int) -> None:
    """Mark ``seat``'s hidden choice complete; reveal everything once nobody is left to choose."""
    state = ctx.state
    zone = state.seats[seat]
    zone.sealed = True
    chosen = zones.card(state, zone.choice).name if zone.choice else "no card"
    ctx.tell(seat, "sealed", f"You seal your choice ({chosen}); it stays hidden until all have chosen.")
    ctx.say("sealed", f"{seat_ref(seat)} has sealed a choice.")
    if asked(state):
        return
    if state.phase == OPENING:
        finish_opening(ctx)
    elif state.phase == ADVANCE:
        reveal_advances(ctx)
    elif state.phase == SWAP:
        reveal_swaps(ctx)


# ------------------------------------------------------------------ opening
def finish_opening(ctx: Ctx) -> None:
    """Reveal the chosen level 1s, shuffle the decks, draw 8 each and start turn one."""
    state = ctx.state
    for seat, zone in enumerate(state.seats):
        zone.deck.remove(zone.choice)
        zone.stack = [zone.choice]
        ctx.say("reveal", f"{seat_ref(seat)} reveals {zones.card(state, zone.choice).name}.")
        zone.choice = ""
    for seat, zone in enumerate(state.seats):
        ctx.rng.shuffle(zone.deck)
        ctx.draw(seat, HAND_SIZE)
    begin_turn(ctx)


# ------------------------------------------------------------------ start
def begin_turn(ctx: Ctx) -> None:
    """Start phase: start-of-turn effects, then the first advance round."""
    state = ctx.state
    state.turn += 1
    state.round = 0
    state.phase = START
    state.rolls = []
    for zone in state.seats:
        zone.passed, zone.sealed, zone.choice, zone.paying = False, False, "", []
    ctx.say("turn", f"Turn {state.turn} begins.")
    for seat in range(state.players):
        trigger(ctx, seat, "start")
    ctx.then(Task(kind="advance"))


# ------------------------------------------------------------------ advance
def advance_options(state: ArclashState, seat: int) -> list[str]:
    """Hand cards that can advance from ``seat``'s current character (one per design)."""
    current = zones.top(state, seat)
    if current is None or current.level >= 4:
        return []
    return zones.first_of_each(
        state,
        [
            iid
            for iid in state.seats[seat].hand
            if (c := zones.card(state, iid)).kind == CHARACTER
            and c.level == current.level + 1
            and matches(current, c.from_)
        ],
    )


@step("advance")
def open_advance_round(ctx: Ctx) -> None:
    """Ask every seat that has not passed for a sealed advancement; with none left, battle.

    Seats with nothing that can advance are asked too (they can only pass): skipping them would
    tell the table what their hands lack before anything is revealed.
    """
    state = ctx.state
    state.phase = ADVANCE
    state.round += 1
    for zone in state.seats:
        zone.choice, zone.paying, zone.sealed = "", [], False
    if not asked(state):
        begin_battle(ctx)


def reveal_advances(ctx: Ctx) -> None:
    """Reveal every sealed advancement together, pay costs or discard, then resolve arrivals."""
    state = ctx.state
    arrived: list[tuple[int, str]] = []
    for seat, zone in enumerate(state.seats):
        if zone.passed:
            continue
        if not zone.choice:
            zone.passed = True
            ctx.say("pass", f"{seat_ref(seat)} reveals a pass.")
            continue
        design = zones.card(state, zone.choice)
        zone.hand.remove(zone.choice)
        if len(zone.paying) < design.discard:
            zone.discard.append(zone.choice)
            ctx.say(
                "fail",
                f"{seat_ref(seat)} reveals {design.name} but cannot pay its cost of "
                f"{design.discard} discards, so it is discarded.",
            )
            continue
        for iid in zone.paying:
            zone.hand.remove(iid)
            zone.discard.append(iid)
        zone.stack.append(zone.choice)
        paid = f", discarding {zones.names(state, zone.paying)}" if zone.paying else ""
        ctx.say(
            "advance", f"{seat_ref(seat)} reveals {design.name} and advances to level {design.level}{paid}."
        )
        arrived.append((seat, zone.choice))
    for zone in state.seats:
        zone.choice, zone.paying, zone.sealed = "", [], False
    # Placement is simultaneous; arrival effects resolve afterwards in seat order.
    for seat, iid in arrived:
        trigger(ctx, seat, "advance", only=iid)
    ctx.then(Task(kind="advance"))


# ------------------------------------------------------------------ recover
@step("recover")
def recover(ctx: Ctx) -> None:
    """Discard supports, level down level 4s, draw to 8, then the sealed start-over choice."""
    state = ctx.state
    for seat, zone in enumerate(state.seats):
        zone.discard.extend(zone.supports)
        zone.supports = []
        zone.mods = []
        current = zones.top(state, seat)
        if current is not None and current.level == 4:
            zones.level_down(state, seat)
            ctx.say("level_down", f"{seat_ref(seat)}'s {current.name} levels down after the battle.")
    for seat, zone in enumerate(state.seats):
        ctx.draw(seat, max(0, HAND_SIZE - len(zone.hand)))
    # Everyone is asked, level 1 in hand or not, so being asked gives nothing away.
    state.phase = SWAP
    for zone in state.seats:
        zone.choice, zone.paying, zone.sealed, zone.passed = "", [], False, False
    ctx.say("swap", "Recover: anyone may start over with a new level 1 (sealed choice).")


def reveal_swaps(ctx: Ctx) -> None:
    """Those who chose to start over discard their stack and reveal the new level 1."""
    state = ctx.state
    for seat, zone in enumerate(state.seats):
        if not zone.choice:
            continue
        zone.discard.extend(zone.stack)
        zone.hand.remove(zone.choice)
        zone.stack = [zone.choice]
        ctx.say("swap", f"{seat_ref(seat)} starts over and reveals {zones.card(state, zone.choice).name}.")
        zone.choice = ""
    begin_turn(ctx)
