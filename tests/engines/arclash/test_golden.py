"""Golden transcripts: fixed-seed games between greedy bots, narrated, must not drift unnoticed.

Set ARCLASH_UPDATE_GOLDEN=1 to rewrite the files after an intended rules or content change.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engines.arclash import RULESET
from engines.arclash.bots import GreedyBot
from engines.core import GameConfig, Rng, fill_names

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "two_players_seed_7": (GameConfig("standard", 2, {"score": 10}), 7),
    "four_players_seed_3": (GameConfig("standard", 4, {"score": 10}), 3),
}


def transcript(config: GameConfig, seed: int) -> str:
    state = RULESET.setup(config, seed)
    names = [f"Seat{n + 1}" for n in range(config.players)]
    bot, rng = GreedyBot(), Rng(seed)
    lines = [
        f"# arclash {RULESET.rules_version} content {RULESET.content_version} seed {seed} {config.players}p"
    ]
    while RULESET.prompts(state):
        seat = min(RULESET.prompts(state))
        prompt = RULESET.prompts(state)[seat]
        action = bot.choose(RULESET.view(state, seat), prompt, RULESET.legal_actions(state, seat), rng)
        step = RULESET.apply(state, seat, action)
        lines.append(f"[{state.seq}] {names[seat]} {prompt.kind}: {action.label}")
        lines.extend("    " + fill_names(t, names) for e in step.events if (t := e.text_for(None)))
        state = step.state
    outcome = RULESET.outcome(state)
    assert outcome is not None
    lines.append(f"# winners {outcome.winners} scores {outcome.scores}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    text = transcript(*CASES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("ARCLASH_UPDATE_GOLDEN") or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text
