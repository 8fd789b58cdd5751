"""The witch bot beats a random player's solo score in at least 90% of games over a fixed seed set."""

from __future__ import annotations

import pytest

from engines.core import GameConfig, Rng
from engines.core.bots import Bot
from engines.hackclad import RULESET as R

WITCHES = ("rosette", "flare", "luna", "mia", "amelia")
SEEDS = range(1, 41)


def solo_score(bot: Bot, seed: int, witch: str) -> int:
    state = R.setup(GameConfig("solo", 1, {}, ({"witch": witch},)), seed)
    rng = Rng(seed * 7 + 1)
    while prompts := R.prompts(state):
        seat = min(prompts)
        action = bot.choose(R.view(state, seat), prompts[seat], R.legal_actions(state, seat), rng)
        state = R.apply(state, seat, action).state
    outcome = R.outcome(state)
    assert outcome is not None
    return outcome.scores[0]


def test_bots_are_listed_weakest_first() -> None:
    assert list(R.bots()) == ["random", "witch"]


def test_witch_bot_beats_random_in_at_least_90_percent_of_solo_games() -> None:
    bots = R.bots()
    wins = 0
    margins = []
    for seed in SEEDS:
        witch = WITCHES[seed % len(WITCHES)]
        mine, theirs = solo_score(bots["witch"], seed, witch), solo_score(bots["random"], seed, witch)
        wins += mine > theirs
        margins.append(mine - theirs)
    assert wins / len(SEEDS) >= 0.9, (wins, margins)


@pytest.mark.parametrize("config", [GameConfig("basic", 4, {"expert": True}), GameConfig("team", 2)])
def test_witch_bot_finishes_multiplayer_games(config: GameConfig) -> None:
    bot = R.bots()["witch"]
    state = R.setup(config, 5)
    rng = Rng(5)
    while prompts := R.prompts(state):
        seat = min(prompts)
        state = R.apply(
            state, seat, bot.choose(R.view(state, seat), prompts[seat], R.legal_actions(state, seat), rng)
        ).state
    assert R.outcome(state) is not None
