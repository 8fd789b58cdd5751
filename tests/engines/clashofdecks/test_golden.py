"""Golden playthroughs: a fixed seed's full event log is committed and must not drift.

Regenerate after an intended rules or content change with ``CLASH_GOLDEN=update pytest ...``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engines.clashofdecks import RULESET
from engines.clashofdecks.bots import BOTS
from engines.core import GameConfig, Rng

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "duel_precon_seed7": (GameConfig("duel", 2), 7),
    "solo_draft_seed3": (GameConfig("solo", 1, {"format": "draft"}), 3),
    "ffa_precon_seed11": (GameConfig("ffa", 4), 11),
}


def transcript(config: GameConfig, seed: int) -> str:
    """Play a game with the tactician in every seat and write every event a spectator reads."""
    state = RULESET.setup(config, seed)
    rng = Rng(seed)
    lines = [f"# {config.mode} seed {seed}"]
    bot = BOTS["tactician"]
    for _ in range(2000):
        prompts = RULESET.prompts(state)
        if not prompts:
            break
        seat = min(prompts)
        action = bot.choose(RULESET.view(state, seat), prompts[seat], RULESET.legal_actions(state, seat), rng)
        step = RULESET.apply(state, seat, action)
        lines.append(f"> seat {seat}: {action.label}")
        lines.extend(text for e in step.events if (text := e.text_for(None)) is not None)
        state = step.state
    outcome = RULESET.outcome(state)
    lines.append(f"= {outcome.reason if outcome else 'unfinished'}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_matches_the_committed_transcript(name: str) -> None:
    config, seed = GAMES[name]
    text = transcript(config, seed)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("CLASH_GOLDEN") == "update" or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    assert "card c0" not in text  # instance ids never reach the public narration
