"""The shared contract harness (fuzz, replay, conservation, leaks, twins) over both modes."""

from __future__ import annotations

import pytest

from engines.core import GameConfig
from engines.core.fuzz import fuzz_games
from engines.core.twins import check_twins
from engines.eternia import RULESET

CONFIGS = [
    GameConfig("versus", 2),
    GameConfig("versus", 3, {"scenario": "grayskull_gate"}),
    GameConfig("versus", 5, {"scenario": "crossroads", "selection": "free"}),
    GameConfig("versus", 4, {}, ({}, {"characters": "he_man, teela"}, {"characters": "orko"})),
    GameConfig("ai", 1, {"scenario": "snake_mountain"}),
    GameConfig("ai", 2, {"scenario": "crossroads"}),
    GameConfig("ai", 3),
    GameConfig("ai", 4, {"scenario": "snake_mountain"}),
    GameConfig(
        "versus",
        3,
        {"scenario": "eternos_village"},
        (
            {"characters": "skeletor, tri_klops, trap_jaw"},
            {"characters": "ram_man, he_man"},
            {"characters": "stratos, man_at_arms"},
        ),
    ),
    GameConfig(
        "ai",
        2,
        {"scenario": "eternos_village", "ai_characters": "tri_klops, trap_jaw, skeletor"},
        ({"characters": "ram_man"}, {"characters": "stratos"}),
    ),
    GameConfig(
        "versus", 2, {}, ({"characters": "he_man, ram_man, stratos"}, {"characters": "skeletor, tri_klops"})
    ),
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.mode}-{c.players}")
def test_contract_random_games_end_and_replay(config: GameConfig) -> None:
    report = fuzz_games(RULESET, [config], 1, first_seed=11, max_steps=4000)
    assert report.games == 1  # one game per table here; the slow set plays many more


@pytest.mark.parametrize(
    "config", [CONFIGS[0], CONFIGS[3], CONFIGS[5], CONFIGS[8]], ids=lambda c: f"{c.mode}-{c.players}"
)
def test_contract_twins_show_each_viewer_the_same(config: GameConfig) -> None:
    report = check_twins(RULESET, config, 5, every=7, max_steps=4000)
    assert report.games == 1 and report.pairs > 0
