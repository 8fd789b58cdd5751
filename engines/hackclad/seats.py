"""Seats and witches: who runs which witch, and which witch a seat is answering for now (book 11.2.2).

Every mode gives each person one witch except the two-player team match, where each person runs
two witches of one team. Witch ``i`` always stands on entry point ``i`` and keeps her number in the
tiebreaks; teams are witches 1+3 against 2+4, so seat 1 runs witches 1 and 3 and seat 2 runs 2 and 4.
"""

from __future__ import annotations

from engines.core.types import seat_ref
from engines.hackclad.content import content
from engines.hackclad.state import HackState


def team_owners(mode: str, players: int) -> list[int]:
    """The seat running each witch for a new game."""
    if mode == "team" and players == 2:
        return [0, 1, 0, 1]
    return list(range(players))


def owner(state: HackState, witch: int) -> int:
    """The seat (person) who runs a witch."""
    return state.owners[witch] if state.owners else witch


def shared_seats(state: HackState) -> bool:
    """Whether some person runs more than one witch (the two-player team match)."""
    return len(state.witches) > state.players


def witches_of(state: HackState, seat: int | None) -> list[int]:
    """The witches a seat runs, in witch order (none for a spectator)."""
    if seat is None:
        return []
    return [w for w in range(len(state.witches)) if owner(state, w) == seat]


# Every event names witches, so the four seat placeholders are made once.
_SEAT_REFS = tuple(seat_ref(seat) for seat in range(4))


def who(state: HackState, witch: int) -> str:
    """How event text names a witch: her seat's placeholder, plus her name when a seat runs two."""
    if len(state.witches) > state.players:  # shared_seats(state), spelled out: this runs for every event
        return f"{content().witches[state.witches[witch].witch].name} ({_SEAT_REFS[owner(state, witch)]})"
    return _SEAT_REFS[witch]


def acting(state: HackState, seat: int) -> int | None:
    """The witch ``seat`` must decide for right now, if any.

    The mission draft asks for one witch at a time; the secret enhanced pick asks each seat about its
    first witch that has not chosen yet; in play, the witch the engine is waiting on.
    """
    if state.phase == "play":  # the common case first: asked at every step
        ask = state.agenda.pending
        return ask.seat if ask is not None and owner(state, ask.seat) == seat else None
    if state.phase == "missions":
        witch = state.draft_order[0] if state.draft_order else -1
        return witch if witch >= 0 and owner(state, witch) == seat else None
    if state.phase == "enhanced":
        return next((w for w in witches_of(state, seat) if not state.witches[w].chose_enhanced), None)
    return None


def asked_seats(state: HackState) -> dict[int, int]:
    """Every seat that must decide now, with the witch it decides for."""
    if state.phase == "play":  # the common case, asked at every step: one witch is waited on
        ask = state.agenda.pending
        return {owner(state, ask.seat): ask.seat} if ask is not None else {}
    out = {}
    for seat in range(state.players):
        witch = acting(state, seat)
        if witch is not None:
            out[seat] = witch
    return out
