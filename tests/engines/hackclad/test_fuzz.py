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
    report = fuzz_games(R, CONFIGS, 36)
    assert report.games == 36 and report.reasons == {"nine rounds played": 36}
    assert report.longest < 5000


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_fuzz_two_thousand_games(chunk: int) -> None:
    # 2,000 games in four chunks of 500 so the test runner can spread them over the cores.
    start = time.perf_counter()
    report = fuzz_games(R, CONFIGS, 500, first_seed=10_000 + 500 * chunk)
    elapsed = time.perf_counter() - start
    assert report.games == 500
    print(f"hackclad fuzz chunk {chunk}: {report.steps} steps, longest {report.longest}, {elapsed:.0f}s")
