"""Final scoring and the tiebreak chain (book 9), for single witches and for teams (11.2.2)."""

from __future__ import annotations

from engines.core.types import Outcome
from engines.hackclad.missions import deck_vp, final_missions
from engines.hackclad.seats import owner
from engines.hackclad.state import HackState


def breakdown(state: HackState, seat: int) -> dict[str, int]:
    """Shards, deck VP, mission VP, injuries and the total for one witch."""
    w = state.witches[seat]
    missions = final_missions(state, seat)
    deck = deck_vp(state, seat)
    mission_vp = sum(vp for _, vp in missions)
    return {
        "shards": w.shards,
        "deck": deck,
        "missions": mission_vp,
        "missions_done": len(missions),
        "injuries": w.injuries,
        "total": w.shards + deck + mission_vp - w.injuries,
    }


def scores(state: HackState) -> dict[int, int]:
    """Each witch's total VP."""
    return {s: breakdown(state, s)["total"] for s in range(len(state.witches))}


def seat_scores(state: HackState) -> dict[int, int]:
    """Each seat's total VP: the sum over the witches that seat runs."""
    out = dict.fromkeys(range(state.players), 0)
    for witch, total in scores(state).items():
        out[owner(state, witch)] += total
    return out


def teams(state: HackState) -> list[tuple[int, ...]]:
    """The sides as seats: one per seat, or seats 1+3 against 2+4 in a four-seat team match.

    In a two-seat team match each seat is a side on its own (it runs both witches of its team).
    """
    return list(sides(state.mode, state.players))


def sides(mode: str, players: int) -> tuple[tuple[int, ...], ...]:
    """The sides as seats for a mode and seat count (see ``teams``)."""
    if mode == "team" and players == 4:
        return ((0, 2), (1, 3))
    return tuple((s,) for s in range(players))


def witch_teams(state: HackState) -> list[tuple[int, ...]]:
    """The sides as witches: witches 1+3 against 2+4 in any team match, else one witch each."""
    if state.mode == "team":
        return [(0, 2), (1, 3)]
    return [(s,) for s in range(len(state.witches))]


def _key(state: HackState, side: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    witches = [w for w in range(len(state.witches)) if owner(state, w) in side]
    parts = [breakdown(state, w) for w in witches]
    total = sum(p["total"] for p in parts)
    injuries = sum(p["injuries"] for p in parts)
    done = sum(p["missions_done"] for p in parts)
    deck = sum(p["deck"] for p in parts)
    # Most VP, then fewest injuries, most missions, most deck VP, and finally the later starting seat.
    return (total, -injuries, done, deck, max(witches))


def outcome(state: HackState) -> Outcome:
    """Winners, full ranking and scores of a finished game."""
    sides = sorted(teams(state), key=lambda side: _key(state, side), reverse=True)
    return Outcome(
        winners=sides[0],
        ranking=tuple(sides),
        reason=state.end_reason or "game over",
        scores=seat_scores(state),
    )
