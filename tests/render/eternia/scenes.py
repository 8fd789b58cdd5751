"""Eternia states to draw: random games of both modes, every seat count, every Scenario."""

from __future__ import annotations

from functools import cache

from engines.core import GameConfig, RandomBot
from engines.core.driver import Match
from engines.eternia import RULESET
from engines.eternia.state import EtState, EtView

#: (mode, seats, scenario, seed): every seat count of both modes, each Scenario at least twice
GAMES: tuple[tuple[str, int, str, int], ...] = (
    ("versus", 2, "grayskull_gate", 11),
    ("versus", 3, "crossroads", 3),
    ("versus", 4, "snake_mountain", 5),
    ("versus", 5, "eternos_village", 7),
    ("ai", 1, "snake_mountain", 7),
    ("ai", 2, "crossroads", 11),
    ("ai", 3, "grayskull_gate", 2),
    ("ai", 4, "eternos_village", 4),
)


@cache
def played(mode: str, seats: int, scenario: str, seed: int, every: int = 25) -> tuple[EtState, ...]:
    """States of one random game every ``every`` moves, from the deal to its end."""
    match = Match(RULESET, GameConfig(mode, seats, {"scenario": scenario}), seed)
    states = [match.state]
    while match.advance(RandomBot(), steps=every, random_order=True) == every:
        states.append(match.state)
    states.append(match.state)
    return tuple(states)


def all_states(every: int = 25) -> list[EtState]:
    """States from every game of ``GAMES``."""
    return [state for game in GAMES for state in played(*game, every=every)]


def views(state: EtState) -> list[EtView]:
    """The spectator's view and every seat's."""
    return [RULESET.view(state, None), *(RULESET.view(state, seat) for seat in range(state.seats))]
