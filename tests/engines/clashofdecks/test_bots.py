"""Bots: the tactician beats random play, bots are listed weakest first, decks are balanced."""

from __future__ import annotations

import pytest

from engines.clashofdecks import RULESET
from engines.clashofdecks.selfplay import deck_matrix, win_rate

SEEDS = range(1, 101)


def test_bots_listed_weakest_first() -> None:
    assert list(RULESET.bots()) == ["random", "greedy", "tactician"]


def test_bots_tactician_beats_random_in_at_least_90_percent_of_duels() -> None:
    bots = RULESET.bots()
    rate = win_rate(bots["tactician"], bots["random"], SEEDS)
    print(f"tactician vs random: {rate:.3f} over {2 * len(SEEDS)} duels")
    assert rate >= 0.90


def test_bots_greedy_beats_random() -> None:
    bots = RULESET.bots()
    assert win_rate(bots["greedy"], bots["random"], range(1, 41)) >= 0.7


def test_bots_default_action_ends_summoning_or_takes_a_draft_card() -> None:
    from engines.core import GameConfig

    state = RULESET.setup(GameConfig("duel", 2), 1)
    seat = next(iter(RULESET.prompts(state)))
    assert RULESET.default_action(state, seat).key == "end"
    draft = RULESET.setup(GameConfig("duel", 2, {"format": "draft"}), 1)
    seat = next(iter(RULESET.prompts(draft)))
    assert RULESET.default_action(draft, seat).key.startswith("d.")


@pytest.mark.slow
@pytest.mark.xfail(
    strict=True,
    reason="issue 12.14, open: with the one game driver's bot dice (bot_rng per move) Ironclad beats "
    "Stormwing 0.67 (seeds 1-80 and 81-240 alike); the old shared bot RNG had shown 0.65 by luck. "
    "A content or bot fix must bring it inside the band; this then passes and the marker must go.",
)
def test_bots_preconstructed_decks_are_balanced_35_to_65_percent() -> None:
    table = deck_matrix(RULESET.bots()["tactician"], range(1, 81))
    for (a, b), rate in sorted(table.items()):
        print(f"{a:>12} vs {b:<12} {rate:.2f}")
    assert all(0.35 <= rate <= 0.65 for rate in table.values())


def test_bots_two_tacticians_finish_without_the_house_rule() -> None:
    # Seed 5 once cycled forever (the same trades every two turns); a tactician now grows
    # less predictable after turn 40, so mirror matches end under the book's rules alone.
    from engines.core import GameConfig
    from engines.core.driver import Match

    hard = RULESET.bots()["tactician"]
    for seed in range(1, 31):
        match = Match(RULESET, GameConfig("duel", 2), seed)
        assert match.play_out({0: hard, 1: hard}, max_steps=5000) is not None, f"seed {seed} did not finish"
