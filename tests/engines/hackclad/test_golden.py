"""Golden playthroughs: fixed seeds played by the witch bot must replay to the same log, events and scores.

Regenerate after an intended rules change with
``HACKCLAD_REGOLD=1 pytest tests/engines/hackclad/test_golden.py`` and review the diff of the JSON files.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engines.core import GameConfig, Rng
from engines.hackclad import RULESET as R

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "solo_luna_seed3": (GameConfig("solo", 1, {}, ({"witch": "luna"},)), 3),
    "basic2_expert_seed11": (GameConfig("basic", 2, {"expert": True}), 11),
    "team4_first_game_seed7": (GameConfig("team", 4, {"missions": "first_game"}), 7),
    "team2_seed5": (GameConfig("team", 2), 5),
}


def transcript(config: GameConfig, seed: int) -> dict[str, object]:
    bot = R.bots()["witch"]
    state = R.setup(config, seed)
    rng = Rng(seed)
    log, narration = [], []
    while prompts := R.prompts(state):
        seat = min(prompts)
        action = bot.choose(R.view(state, seat), prompts[seat], R.legal_actions(state, seat), rng)
        step = R.apply(state, seat, action)
        log.append(f"{state.seq} {seat} {action.key}")
        narration += [e.text for e in step.events if e.visibility == "public"]
        state = step.state
    outcome = R.outcome(state)
    assert outcome is not None
    return {
        "config": {"mode": config.mode, "players": config.players, "options": config.options},
        "seed": seed,
        "log": log,
        "narration": narration,
        "scores": {str(k): v for k, v in outcome.scores.items()},
        "winners": list(outcome.winners),
    }


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    config, seed = CASES[name]
    got = transcript(config, seed)
    path = GOLDEN / f"{name}.json"
    if os.environ.get("HACKCLAD_REGOLD") or not path.exists():
        path.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    want = json.loads(path.read_text(encoding="utf-8"))
    assert got["log"] == want["log"]
    assert got["narration"] == want["narration"]
    assert got["scores"] == want["scores"] and got["winners"] == want["winners"]
