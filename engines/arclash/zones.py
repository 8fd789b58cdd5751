"""Moving cards between a player's zones, and reading cards and power off the state."""

from __future__ import annotations

from engines.arclash.content import CHARACTER, Card, catalogue
from engines.arclash.state import ArclashState, Mod
from engines.core.rng import Rng
from engines.core.types import Event, public, seat_ref, split


def card(state: ArclashState, iid: str) -> Card:
    """The card design behind an instance id."""
    return catalogue()[state.ids[iid]]


def top(state: ArclashState, seat: int) -> Card | None:
    """A seat's current character (the top of its stack)."""
    stack = state.seats[seat].stack
    return card(state, stack[-1]) if stack else None


def level(state: ArclashState, seat: int) -> int:
    """The level of a seat's current character (0 with none)."""
    current = top(state, seat)
    return current.level if current else 0


def base_power(state: ArclashState, seat: int) -> int:
    """The printed power of a seat's current character."""
    current = top(state, seat)
    return current.power if current else 0


def power(state: ArclashState, seat: int) -> int:
    """Current power: printed power plus every bonus and penalty, never below zero."""
    return max(0, base_power(state, seat) + sum(m.amount for m in state.seats[seat].mods))


def names(state: ArclashState, iids: list[str]) -> str:
    """Card names joined for event text."""
    return ", ".join(card(state, i).name for i in iids) or "nothing"


def opponents(state: ArclashState, seat: int) -> list[int]:
    """Every other seat, clockwise from ``seat``."""
    return [(seat + k) % state.players for k in range(1, state.players)]


def modify(state: ArclashState, seat: int, amount: int, source: str) -> None:
    """Add a power change to ``seat`` for this battle."""
    state.seats[seat].mods.append(Mod(amount, source))


def roll(rng: Rng) -> int:
    """A six-sided die."""
    return rng.randint(1, 6)


def reshuffle(state: ArclashState, seat: int, rng: Rng) -> Event | None:
    """Shuffle the discard pile into an empty deck (the book's rule when a draw finds no deck)."""
    zone = state.seats[seat]
    if zone.deck or not zone.discard:
        return None
    zone.deck = zone.discard
    zone.discard = []
    rng.shuffle(zone.deck)
    return public("reshuffle", f"{seat_ref(seat)} shuffles their discard pile into a new deck.")


def rolled(state: ArclashState, kind: str, text: str) -> Event:
    """A public dice or coin result, kept in the state too so every view shows how it fell."""
    state.rolls.append(text)
    return public(kind, text)


def draw(state: ArclashState, seat: int, count: int, rng: Rng) -> list[Event]:
    """Draw ``count`` cards, reshuffling the discard pile whenever the deck runs out."""
    zone = state.seats[seat]
    events: list[Event] = []
    drawn: list[str] = []
    for _ in range(count):
        if not zone.deck:
            event = reshuffle(state, seat, rng)
            if event is None:
                break
            events.append(event)
        drawn.append(zone.deck.pop())
    zone.hand.extend(drawn)
    if drawn:
        events.append(
            split(
                seat,
                "draw",
                f"You draw {names(state, drawn)}.",
                f"{seat_ref(seat)} draws {len(drawn)} card{'s' * (len(drawn) != 1)}.",
            )
        )
    return events


def level_down(state: ArclashState, seat: int) -> Card | None:
    """Discard the top of a stack unless it is the level 1 at the bottom; return what went."""
    zone = state.seats[seat]
    if len(zone.stack) < 2:
        return None
    iid = zone.stack.pop()
    zone.discard.append(iid)
    return card(state, iid)


def discard_random(state: ArclashState, seat: int, count: int, rng: Rng) -> list[str]:
    """Discard ``count`` random cards from a hand; return them."""
    zone = state.seats[seat]
    gone: list[str] = []
    for _ in range(min(count, len(zone.hand))):
        iid = zone.hand.pop(rng.below(len(zone.hand)))
        zone.discard.append(iid)
        gone.append(iid)
    return gone


def level_ones(state: ArclashState, iids: list[str]) -> list[str]:
    """The level 1 characters among ``iids``, one instance per card design."""
    seen: dict[str, str] = {}
    for iid in iids:
        design = card(state, iid)
        if design.kind == CHARACTER and design.level == 1:
            seen.setdefault(design.id, iid)
    return list(seen.values())


def first_of_each(state: ArclashState, iids: list[str]) -> list[str]:
    """One instance per card design (copies are interchangeable for choices)."""
    seen: dict[str, str] = {}
    for iid in iids:
        seen.setdefault(state.ids[iid], iid)
    return list(seen.values())
