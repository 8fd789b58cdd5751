"""Damage stage: the highest power wins the levels of the defeated; losers drop a level; ties roll off."""

from __future__ import annotations

from engines.arclash.battle import damage
from engines.arclash.state import OVER
from tests.engines.arclash.helpers import R, opened, run, set_hand, set_stack


def prepared(players: int, *stacks: tuple[str, ...]):  # type: ignore[no-untyped-def]
    state = opened(players, seed=7)
    for seat, stack in enumerate(stacks):
        set_stack(state, seat, *stack)
        set_hand(state, seat)
        state.seats[seat].mods = []
    return state


def test_damage_highest_power_scores_the_summed_levels_of_the_defeated() -> None:
    state = prepared(3, ("AC-001", "AC-005", "AC-010"), ("AC-021", "AC-025"), ("AC-043",))
    public = run(state, damage)
    assert state.seats[0].points == 2 + 1
    assert any("{P1} wins the battle and scores 3" in t for t in public)


def test_damage_losers_discard_their_top_card_but_never_a_level_one() -> None:
    state = prepared(3, ("AC-001", "AC-005", "AC-010"), ("AC-021", "AC-025"), ("AC-043",))
    lost = state.seats[1].stack[-1]
    run(state, damage)
    assert len(state.seats[1].stack) == 1 and lost in state.seats[1].discard
    assert len(state.seats[2].stack) == 1  # the level 1 stays
    assert len(state.seats[0].stack) == 3


def test_damage_tie_is_settled_by_a_fair_public_contest() -> None:
    winners = set()
    for seed in range(12):
        state = prepared(2, ("AC-023",), ("AC-023",))
        state.rng = seed
        public = run(state, damage)
        assert any(t.startswith("Tie for the battle: dice roll-off") for t in public)
        winners.add(next(s for s in range(2) if state.seats[s].points))
    assert winners == {0, 1}


def test_damage_reaching_the_winning_score_ends_the_game() -> None:
    state = prepared(2, ("AC-001", "AC-005"), ("AC-021", "AC-025", "AC-029"))
    state.seats[0].points = 1
    state.target = 3
    state.seats[0].mods = []
    from engines.arclash.zones import modify

    modify(state, 0, 1000, "test")
    run(state, damage)
    assert state.phase == OVER and state.winner == 0
    outcome = R.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores[0] == 4
    assert R.prompts(state) == {}


def test_damage_power_counts_every_bonus_and_penalty() -> None:
    state = prepared(2, ("AC-023",), ("AC-002",))
    from engines.arclash.zones import modify

    modify(state, 1, 50, "boost")
    run(state, damage)
    assert state.seats[1].points == 1 and state.seats[0].points == 0


def test_damage_tie_every_player_beaten_in_the_roll_off_is_defeated_too() -> None:
    state = prepared(3, ("AC-021", "AC-025"), ("AC-023", "AC-028"), ("AC-043",))
    from engines.arclash.zones import modify

    modify(state, 1, 200, "boost")  # Cinder Knight 550 and Forge Chaplain 350 + 200: a tie
    public = run(state, damage)
    assert any(t.startswith("Tie for the battle") for t in public)
    winner = next(s for s in (0, 1) if state.seats[s].points)
    loser = 1 - winner
    assert state.seats[winner].points == 2 + 1  # the tied loser's level 2 plus the level 1
    assert len(state.seats[loser].stack) == 1 and len(state.seats[winner].stack) == 2
