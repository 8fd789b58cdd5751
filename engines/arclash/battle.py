"""The Battle phase: beginning-stage effects, the support stage, the damage stage, fair contests.

Why no import of turn.py (which imports this module to start a battle): the damage stage goes on
to Recover by queuing the "recover" task, whose handler turn.py registers (see triggers.py).
"""

from __future__ import annotations

from engines.arclash import zones
from engines.arclash.content import SUPPORT
from engines.arclash.ctx import Ctx
from engines.arclash.state import OVER, ArclashState
from engines.arclash.state import SUPPORT as SUPPORT_PHASE
from engines.arclash.triggers import step, trigger
from engines.core.agenda import Task
from engines.core.context import GameOver
from engines.core.types import seat_ref


def contest(ctx: Ctx, seats: list[int], what: str) -> int:
    """A fair die-off among tied seats: everyone rolls, the highest wins, ties roll again."""
    rolling = list(seats)
    while True:
        rolls = {seat: ctx.roll() for seat in rolling}
        shown = ", ".join(f"{seat_ref(s)} {r}" for s, r in rolls.items())
        best = max(rolls.values())
        rolling = [s for s, r in rolls.items() if r == best]
        ctx.rolled("contest", f"Tie for {what}: dice roll-off ({shown}).")
        if len(rolling) == 1:
            ctx.say("contest", f"{seat_ref(rolling[0])} wins the roll-off for {what}.")
            return rolling[0]


def begin_battle(ctx: Ctx) -> None:
    """Beginning stage: every card's start-of-battle effects, then the support stage."""
    state = ctx.state
    state.phase = SUPPORT_PHASE
    state.order, state.current = [], -1
    for zone in state.seats:
        zone.passed, zone.choice, zone.paying = False, "", []
    ctx.say("battle", "Battle begins.")
    for seat in range(state.players):
        trigger(ctx, seat, "battle")
    ctx.then(Task(kind="support"))


@step("support")
def support_order(ctx: Ctx) -> None:
    """Set the support-stage order: the lowest power first (a roll-off among the tied), clockwise."""
    state = ctx.state
    powers = [zones.power(state, s) for s in range(state.players)]
    lowest = [s for s in range(state.players) if powers[s] == min(powers)]
    first = lowest[0]
    if len(lowest) > 1:
        first = contest(ctx, lowest, "lowest power (who supports first)")
    state.order = [(first + k) % state.players for k in range(state.players)]
    ctx.say("support", f"Support stage: {seat_ref(first)} has the lowest power and goes first.")
    next_supporter(ctx)


def playable(state: ArclashState, seat: int) -> list[str]:
    """Supports ``seat`` can play now (one instance per design; the discard cost must be payable)."""
    hand = state.seats[seat].hand
    return zones.first_of_each(
        state,
        [
            i
            for i in hand
            if zones.card(state, i).kind == SUPPORT and len(hand) - 1 >= zones.card(state, i).discard
        ],
    )


@step("next")
def next_supporter(ctx: Ctx) -> None:
    """Hand the support stage to the next seat in order who has not passed, or go to damage.

    A seat with nothing it can play is still asked (with only a pass): skipping it would tell the
    table that its hand holds no usable support.
    """
    state = ctx.state
    order = state.order
    start = order.index(state.current) + 1 if state.current >= 0 else 0
    for k in range(len(order)):
        seat = order[(start + k) % len(order)]
        if not state.seats[seat].passed:
            state.current = seat
            return
    state.current = -1
    damage(ctx)


def play_support(ctx: Ctx, seat: int) -> None:
    """Put the chosen support into play, pay its discards, and resolve it at once."""
    state = ctx.state
    zone = state.seats[seat]
    iid, paid = zone.choice, zone.paying
    zone.hand.remove(iid)
    for cost in paid:
        zone.hand.remove(cost)
        zone.discard.append(cost)
    zone.supports.append(iid)
    zone.choice, zone.paying = "", []
    design = zones.card(state, iid)
    cost = f", discarding {zones.names(state, paid)}" if paid else ""
    ctx.say("support", f"{seat_ref(seat)} plays {design.name}{cost}.")
    trigger(ctx, seat, "play", only=iid)
    ctx.then(Task(kind="next"))


def pass_support(ctx: Ctx, seat: int) -> None:
    """A pass is final for this support stage."""
    zone = ctx.state.seats[seat]
    zone.passed, zone.choice, zone.paying = True, "", []
    ctx.say("pass", f"{seat_ref(seat)} passes.")
    next_supporter(ctx)


def damage(ctx: Ctx) -> None:
    """Highest power wins and scores the levels of the defeated; each loser drops its top card.

    Unless someone has won, Recover follows (queued as the "recover" task); a win ends the game.
    """
    state = ctx.state
    powers = [zones.power(state, s) for s in range(state.players)]
    best = max(powers)
    tied = [s for s in range(state.players) if powers[s] == best]
    shown = ", ".join(f"{seat_ref(s)} {p}" for s, p in enumerate(powers))
    state.report = [f"Turn {state.turn} battle: {shown}."]
    ctx.say("damage", f"Damage stage. Power: {shown}.")
    winner = tied[0]
    if len(tied) > 1:
        told = len(ctx.events)
        winner = contest(ctx, tied, "the battle")
        state.report.extend(e.text for e in ctx.events[told:])  # the roll-off, as the table read it
    losers = [s for s in range(state.players) if s != winner]
    points = sum(zones.level(state, s) for s in losers)
    state.seats[winner].points += points
    line = f"{seat_ref(winner)} wins the battle and scores {points} (now {state.seats[winner].points})."
    state.report.append(line)
    ctx.say("win", line)
    for loser in losers:
        gone = zones.level_down(state, loser)
        if gone is not None:
            text = f"{seat_ref(loser)} loses {gone.name} from the top of their stack."
            state.report.append(text)
            ctx.say("defeat", text)
    if state.seats[winner].points >= state.target:
        state.winner = winner
        state.phase = OVER
        ctx.say("over", f"{seat_ref(winner)} reaches {state.target} points and wins the game!")
        raise GameOver
    ctx.then(Task(kind="recover"))
