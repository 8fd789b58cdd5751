"""Golden transcripts: fixed-seed games between bots, every prompt and event, must not drift.

Each line records what one seat was asked (its text, whether it is private, and the line the rest of
the table reads), the answer, and every event with who may read it (private and split events too:
a test record, not a player's view). One game is in English under the book's rules, one in Japanese
under every family rule with two other decks, so both languages and every option are held.

Set CLIMAX_UPDATE_GOLDEN=1 to rewrite the files after an intended rules or content change.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.climax import RULESET
from engines.climax.bots import BOTS
from engines.core import PUBLIC, SPLIT, Event, GameConfig, Rng, fill_names
from tests.engines.golden import played, stored

GOLDEN = Path(__file__).parent / "golden"
FAMILY = {"front_bonus": "family", "cancel_colour": "family", "counter_colour": "family"}
CASES = {
    "book_en_seed_7": (GameConfig("duel", 2, {}), 7, "greedy"),
    # a random player makes choices the greedy one never does (declining, discarding, bad targets)
    "book_en_random_seed_11": (GameConfig("duel", 2, {"encore_cost": 1}), 11, "random"),
    "family_ja_seed_3": (
        GameConfig(
            "duel",
            2,
            {"lang": "ja", **FAMILY, "triggers": "family", "encore_cost": 2},
            ({"deck": "moonlight"}, {"deck": "wildfire"}),
        ),
        3,
        "greedy",
    ),
}


def _event(event: Event, names: list[str]) -> str:
    text = fill_names(event.text, names)
    if event.visibility == PUBLIC:
        return f"    {text}"
    seat = names[event.seat or 0]
    if event.visibility == SPLIT:
        return f"    ({seat}) {text} | others: {fill_names(event.redacted, names)}"
    return f"    ({seat} only) {text}"


def transcript(config: GameConfig, seed: int, player: str) -> str:
    """Every prompt, answer and event of one game between two ``player`` bots, as text."""
    state = RULESET.setup(config, seed)
    names = [f"Seat{n + 1}" for n in range(config.players)]
    head = f"# climax {RULESET.rules_version} content {RULESET.content_version} seed {seed} {player}"
    lines = [f"{head} {config.options} {config.seat_options}"]
    for prompt, action, step in played(RULESET, state, BOTS[player], Rng(seed)):
        mark = "private" if prompt.private else "open"
        lines.append(f"[{step.state.seq - 1}] {names[prompt.seat]} {prompt.kind} ({mark}) {prompt.text!r}")
        lines.append(f"  table reads: {fill_names(prompt.public_line(), names)}")
        lines.append(f"  answer {action.key}: {action.label}")
        lines.extend(_event(e, names) for e in step.events)
        state = step.state
    outcome = RULESET.outcome(state)
    assert outcome is not None, "the bots play every game to its end"
    return "\n".join([*lines, f"# winners {outcome.winners}: {fill_names(outcome.reason, names)}"]) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    text = transcript(*CASES[name])
    assert stored(GOLDEN / f"{name}.txt", text, "CLIMAX_UPDATE_GOLDEN") == text
