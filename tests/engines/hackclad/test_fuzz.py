"""The shared fuzz harness over every mode (contract, leaks, conservation, replay)."""

from __future__ import annotations

import time

import pytest

from engines.core import GameConfig
from engines.core.fuzz import fuzz_games
from engines.hackclad import RULESET as R

CONFIGS = [
    GameConfig("solo", 1),
    GameConfig("basic", 2),
    GameConfig("basic", 3),
    GameConfig("basic", 4),
    GameConfig("team", 4),
    GameConfig("team", 2),
    GameConfig("solo", 1, {"expert": True}),
    GameConfig("basic", 3, {"expert": True, "missions": "first_game"}),
    GameConfig("basic", 2, {}, ({"witch": "amelia"}, {"witch": "mia"})),
]


def test_fuzz_every_mode_quick() -> None:
    # two games of each configuration; the slow set plays 450 more
    report = fuzz_games(R, CONFIGS, 18)
    assert report.games == 18 and report.reasons == {"nine rounds played": 18}
    assert report.longest < 5000


@pytest.mark.slow(seconds=35)
@pytest.mark.parametrize("chunk", range(2))
def test_fuzz_four_hundred_fifty_games(chunk: int) -> None:
    # 450 games (50 of each configuration) in two chunks, so the test runner can spread them over
    # the cores: about 0.15 CPU seconds a game. The 2,000 played before cost five CPU minutes of
    # the slow set, and no fault in the project's history was found by that run.
    start = time.perf_counter()
    report = fuzz_games(R, CONFIGS, 225, first_seed=10_000 + 225 * chunk)
    elapsed = time.perf_counter() - start
    assert report.games == 225
    print(f"hackclad fuzz chunk {chunk}: {report.steps} steps, longest {report.longest}, {elapsed:.0f}s")
