"""The kit's contract harness over seeded random games, in every option combination."""

from __future__ import annotations

import pytest

from engines.climax import RULESET
from engines.core import GameConfig
from engines.core.fuzz import play_one
from tests.engines.climax.helpers import brisk

FAMILY = {
    "front_bonus": "family",
    "cancel_colour": "family",
    "counter_colour": "family",
    "triggers": "family",
}
CONFIGS = [
    GameConfig("duel", 2),
    GameConfig("duel", 2, {"lang": "ja"}),
    GameConfig("duel", 2, FAMILY),
    GameConfig(
        "duel", 2, {"encore_cost": 1, "triggers": "family"}, ({"deck": "moonlight"}, {"deck": "wildfire"})
    ),
]


@pytest.mark.parametrize("index", range(len(CONFIGS)))
def test_fuzz_random_games_keep_the_contract(index: int) -> None:
    # Every step: no mutation, clone, round trip, rejections with a code, no secret in any view,
    # 50 cards per player conserved; every game ends and replays exactly.
    for seed in range(4):  # four games a table here; the slow set plays many more
        state, log = play_one(RULESET, CONFIGS[index], 100 * index + seed, chooser=brisk)
        assert RULESET.outcome(state) is not None and log


@pytest.mark.slow(seconds=70)
def test_fuzz_many_games() -> None:
    # 160 fully checked games, 40 of each table (about 0.45 CPU seconds a game); the 300 played
    # before found no fault in the project's history.
    for seed in range(160):
        state, _ = play_one(RULESET, CONFIGS[seed % len(CONFIGS)], 10_000 + seed, chooser=brisk)
        assert RULESET.outcome(state) is not None
