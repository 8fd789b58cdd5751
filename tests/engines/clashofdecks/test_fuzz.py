"""The shared contract harness over random games in every mode and format."""

from __future__ import annotations

import pytest

from engines.clashofdecks import RULESET
from engines.core import GameConfig
from engines.core.fuzz import fuzz_games

CONSTRUCTED = (
    {"deck_code": "Baron, Brute, Troll, Ogre, Harpy, Golem, Hex, Venom"},
    {"deck_code": "Kraken, Eel, Siren, Mimic, Parasite, Shade, Phantom, Firestorm"},
    {"deck_code": "Warlord, Sellsword, Banish, Bloodpact, Bloodfiend, Standard-Bearer, Matriarch, Oracle"},
    {"deck_code": "Driller, Skewer, Slayer, Executioner, Wyvern, Tempest, Colossus, Warden"},
)

CONFIGS = [
    GameConfig("solo", 1),
    GameConfig("solo", 1, {"format": "draft"}),
    GameConfig("solo", 1, {"format": "draft", "champion": True, "difficulty": 7}),
    GameConfig(
        "solo",
        1,
        {
            "difficulty": 10,
            "ai_abilities": "berserk, splash, instinct, vanish, sprint",
            "ai_fixed_mana": 8,
            "ai_first": True,
        },
    ),
    GameConfig("duel", 2),
    GameConfig("duel", 2, {"format": "draft"}),
    GameConfig("duel", 2, {"format": "draft", "champion": True}),
    GameConfig("duel", 2, {"format": "constructed", "champion": True}, CONSTRUCTED[:2]),
    GameConfig("coop", 2),
    GameConfig("coop", 2, {"format": "draft", "difficulty": 4, "champion": True}),
    GameConfig("ffa", 4),
    GameConfig("ffa", 4, {"format": "draft", "champion": True}),
    GameConfig("ffa", 4, {"format": "constructed"}, CONSTRUCTED),
    GameConfig("2v2", 4),
    GameConfig("2v2", 4, {"format": "draft"}),
    GameConfig("2v2", 4, {"format": "constructed", "champion": True}, CONSTRUCTED),
]


def test_fuzz_every_mode_and_format_quick() -> None:
    # Every mode and format twice, fully checked; the longer runs below are in the slow set.
    report = fuzz_games(RULESET, CONFIGS, 2 * len(CONFIGS))
    assert report.games == 2 * len(CONFIGS) and report.steps > 2 * len(CONFIGS)
    assert report.reasons


@pytest.mark.slow(seconds=25)
@pytest.mark.parametrize("chunk", range(4))
def test_fuzz_two_thousand_games(chunk: int) -> None:
    # 2,000 games in four chunks of 500 so the test runner can spread them over the cores. A checked
    # game costs about 0.05 CPU seconds, so this run stays whole (a 320-game run of the same
    # configurations, fully checked too, was a duplicate of it and is gone).
    report = fuzz_games(RULESET, CONFIGS, 500, first_seed=10_000 + 500 * chunk)
    assert report.games == 500
