"""The Battle phase: beginning-stage effects, the support stage, the damage stage, fair contests.

Why no import of turn.py (which imports this module to start a battle): the damage stage goes on
to Recover by queuing the "recover" task, whose handler turn.py registers (see triggers.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.arclash import zones
from engines.arclash.content import SUPPORT
from engines.arclash.state import OVER, ArclashState
from engines.arclash.state import SUPPORT as SUPPORT_PHASE
from engines.arclash.triggers import settle, step, trigger
from engines.core.rng import Rng
from engines.core.types import Event, public, seat_ref


def contest(state: ArclashState, seats: list[int], rng: Rng, what: str) -> tuple[int, list[Event]]:
    """A fair die-off among tied seats: everyone rolls, the highest wins, ties roll again."""
    events: list[Event] = []
    rolling = list(seats)
    while True:
        rolls = {seat: zones.roll(rng) for seat in rolling}
        shown = ", ".join(f"{seat_ref(s)} {r}" for s, r in rolls.items())
        best = max(rolls.values())
        rolling = [s for s, r in rolls.items() if r == best]
        events.append(zones.rolled(state, "contest", f"Tie for {what}: dice roll-off ({shown})."))
        if len(rolling) == 1:
            events.append(public("contest", f"{seat_ref(rolling[0])} wins the roll-off for {what}."))
            return rolling[0], events


def begin_battle(state: ArclashState, rng: Rng) -> Iterator[Event]:
    """Beginning stage: every card's start-of-battle effects, then the support stage."""
    state.phase = SUPPORT_PHASE
    state.order, state.current = [], -1
    for zone in state.seats:
        zone.passed, zone.choice, zone.paying = False, "", []
    yield public("battle", "Battle begins.")
    for seat in range(state.players):
        trigger(state, seat, "battle")
    settle(state, "support")


@step("support")
def support_order(state: ArclashState, rng: Rng) -> Iterator[Event]:
    """Set the support-stage order: the lowest power first (a roll-off among the tied), clockwise."""
    powers = [zones.power(state, s) for s in range(state.players)]
    lowest = [s for s in range(state.players) if powers[s] == min(powers)]
    first = lowest[0]
    if len(lowest) > 1:
        first, events = contest(state, lowest, rng, "lowest power (who supports first)")
        yield from events
    state.order = [(first + k) % state.players for k in range(state.players)]
    yield public("support", f"Support stage: {seat_ref(first)} has the lowest power and goes first.")
    yield from next_supporter(state, rng)


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
def next_supporter(state: ArclashState, rng: Rng) -> Iterator[Event]:
    """Hand the support stage to the next seat in order who has not passed, or go to damage.

    A seat with nothing it can play is still asked (with only a pass): skipping it would tell the
    table that its hand holds no usable support.
    """
    order = state.order
    start = order.index(state.current) + 1 if state.current >= 0 else 0
    for k in range(len(order)):
        seat = order[(start + k) % len(order)]
        if not state.seats[seat].passed:
            state.current = seat
            return
    state.current = -1
    yield from damage(state, rng)


def play_support(state: ArclashState, seat: int, rng: Rng) -> Iterator[Event]:
    """Put the chosen support into play, pay its discards, and resolve it at once."""
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
    yield public("support", f"{seat_ref(seat)} plays {design.name}{cost}.")
    trigger(state, seat, "play", only=iid)
    settle(state, "next")


def pass_support(state: ArclashState, seat: int, rng: Rng) -> Iterator[Event]:
    """A pass is final for this support stage."""
    state.seats[seat].passed = True
    state.seats[seat].choice, state.seats[seat].paying = "", []
    yield public("pass", f"{seat_ref(seat)} passes.")
    yield from next_supporter(state, rng)


def damage(state: ArclashState, rng: Rng) -> Iterator[Event]:
    """Highest power wins and scores the levels of the defeated; each loser drops its top card.

    Unless someone has won, Recover follows (queued as the "recover" task).
    """
    powers = [zones.power(state, s) for s in range(state.players)]
    best = max(powers)
    tied = [s for s in range(state.players) if powers[s] == best]
    shown = ", ".join(f"{seat_ref(s)} {p}" for s, p in enumerate(powers))
    state.report = [f"Turn {state.turn} battle: {shown}."]
    yield public("damage", f"Damage stage. Power: {shown}.")
    winner = tied[0]
    if len(tied) > 1:
        winner, events = contest(state, tied, rng, "the battle")
        state.report.extend(e.text for e in events)
        yield from events
    losers = [s for s in range(state.players) if s != winner]
    points = sum(zones.level(state, s) for s in losers)
    state.seats[winner].points += points
    line = f"{seat_ref(winner)} wins the battle and scores {points} (now {state.seats[winner].points})."
    state.report.append(line)
    yield public("win", line)
    for loser in losers:
        gone = zones.level_down(state, loser)
        if gone is not None:
            text = f"{seat_ref(loser)} loses {gone.name} from the top of their stack."
            state.report.append(text)
            yield public("defeat", text)
    if state.seats[winner].points >= state.target:
        state.winner = winner
        state.phase = OVER
        yield public("over", f"{seat_ref(winner)} reaches {state.target} points and wins the game!")
        return
    settle(state, "recover")
