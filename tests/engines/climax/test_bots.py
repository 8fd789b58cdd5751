"""Bots: legal choices from their own view only; greedy beats random; the search bot vs greedy (slow)."""

from __future__ import annotations

import pytest

from engines.climax import RULESET
from engines.core import Bot, GameConfig, Rng


def _match(first: Bot, second: Bot, games: int, seed: int = 500) -> dict[str, int]:
    """Play ``games`` games, seats alternating; wins by bot name."""
    wins = {first.name: 0, second.name: 0}
    for game in range(games):
        seats = {game % 2: first, 1 - game % 2: second}
        state = RULESET.setup(GameConfig("duel", 2), seed + game)
        rng = Rng(game)
        while prompts := RULESET.prompts(state):
            seat = next(iter(prompts))
            actions = RULESET.legal_actions(state, seat)
            action = seats[seat].choose(RULESET.view(state, seat), prompts[seat], actions, rng)
            assert action in actions
            state = RULESET.apply(state, seat, action).state
        outcome = RULESET.outcome(state)
        assert outcome is not None
        wins[seats[outcome.winners[0]].name] += 1
    return wins


def test_bots_are_listed_weakest_first() -> None:
    assert list(RULESET.bots()) == ["random", "greedy", "search"]


def test_greedy_beats_random() -> None:
    bots = RULESET.bots()
    wins = _match(bots["greedy"], bots["random"], 10)
    assert wins["greedy"] >= 9


def test_search_bot_plays_a_legal_game() -> None:
    bots = RULESET.bots()
    wins = _match(bots["search"], bots["random"], 1)
    assert sum(wins.values()) == 1


@pytest.mark.slow
def test_search_bot_against_greedy_over_40_games() -> None:
    bots = RULESET.bots()
    wins = _match(bots["search"], bots["greedy"], 40, seed=9000)
    print(f"search vs greedy over 40 games: {wins}")
    assert wins["search"] >= 20
