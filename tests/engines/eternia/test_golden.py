"""Golden transcripts: fixed-seed games between greedy bots, narrated, must not drift unnoticed;
and every Scenario ends within its round limit in random games of every mode and seat count.

Set ETERNIA_UPDATE_GOLDEN=1 to rewrite the files after an intended rules or content change.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engines.core import GameConfig, Rng, fill_names
from engines.core.fuzz import play_one
from engines.eternia import RULESET
from engines.eternia.bots import GreedyBot
from engines.eternia.content import content

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "versus_three_seats_seed_7": (GameConfig("versus", 3, {"scenario": "crossroads"}), 7),
    "ai_two_seats_seed_3": (GameConfig("ai", 2, {"scenario": "snake_mountain"}), 3),
}


def transcript(config: GameConfig, seed: int) -> str:
    """Every prompt, answer and public event of one greedy game, as text."""
    state = RULESET.setup(config, seed)
    names = [f"Seat{n + 1}" for n in range(config.players)]
    bot, rng = GreedyBot(), Rng(seed)
    lines = [
        f"# eternia {RULESET.rules_version} content {RULESET.content_version} seed {seed} "
        f"{config.mode} {config.players}p {config.options.get('scenario', '')}"
    ]
    while RULESET.prompts(state):
        seat = min(RULESET.prompts(state))
        prompt = RULESET.prompts(state)[seat]
        action = bot.choose(RULESET.view(state, seat), prompt, RULESET.legal_actions(state, seat), rng)
        step = RULESET.apply(state, seat, action)
        # every answer is written, sealed and private ones too: a test record, not a player's view
        lines.append(f"[{state.seq}] {names[seat]} {prompt.kind}: {action.label}")
        lines.extend("    " + fill_names(t, names) for e in step.events if (t := e.text_for(None)))
        state = step.state
    outcome = RULESET.outcome(state)
    assert outcome is not None
    lines.append(f"# winners {outcome.winners}: {outcome.reason}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    text = transcript(*CASES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("ETERNIA_UPDATE_GOLDEN") or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text


# ------------------------------------------------------------------------------ round limits (A5-17)
SEATS = {"versus": (2, 3, 4, 5), "ai": (1, 2, 3, 4)}
GRID = [
    GameConfig(mode, players, {"scenario": sc})
    for sc in content().scenarios
    for mode, counts in SEATS.items()
    for players in counts
]


def _ends_in_time(config: GameConfig, seed: int, check: bool) -> None:
    state, _ = play_one(RULESET, config, seed, max_steps=6000, check=check)
    limit = content().scenarios[state.scenario].round_limit
    assert state.phase == "over" and state.round <= limit, (config, seed, state.round, state.result)


@pytest.mark.parametrize(
    "config",
    [
        c for i, c in enumerate(GRID) if i % 4 == (i // 8) % 4
    ],  # each Scenario, each mode, seat counts rotating
    ids=lambda c: f"{c.options['scenario']}-{c.mode}-{c.players}",
)
def test_a5_17_every_scenario_ends_within_its_round_limit(config: GameConfig) -> None:
    _ends_in_time(config, 21, check=False)


@pytest.mark.slow
@pytest.mark.parametrize("config", GRID, ids=lambda c: f"{c.options['scenario']}-{c.mode}-{c.players}")
def test_a5_17_every_mode_and_seat_count_ends_in_time_under_the_fuzz_checks(
    config: GameConfig,
) -> None:
    for seed in (31, 32):
        _ends_in_time(config, seed, check=True)
