"""Reading cards and power off the state, and the card moves that need no chance (``ctx`` has those)."""

from __future__ import annotations

from engines.arclash.content import CHARACTER, Card, catalogue
from engines.arclash.state import ArclashState, Mod


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


def level_down(state: ArclashState, seat: int) -> Card | None:
    """Discard the top of a stack unless it is the level 1 at the bottom; return what went."""
    zone = state.seats[seat]
    if len(zone.stack) < 2:
        return None
    iid = zone.stack.pop()
    zone.discard.append(iid)
    return card(state, iid)


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
