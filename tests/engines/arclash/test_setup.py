"""Setup: the winning score, the sealed opening level 1, the shuffle and the 8-card hand."""

from __future__ import annotations

import pytest

from engines.arclash.state import ADVANCE, OPENING
from engines.core import GameConfig, SetupError
from tests.engines.arclash.helpers import R, config, opened


def test_winning_score_is_agreed_at_setup_including_custom_numbers() -> None:
    assert R.setup(config(2), 1).target == 15
    for score in (10, 20, 37):
        assert R.setup(GameConfig("standard", 2, {"score": score}), 1).target == score
    assert R.setup(GameConfig("standard", 2, {"score": "25"}), 1).target == 25
    with pytest.raises(SetupError, match="at least 3"):
        R.setup(GameConfig("standard", 2, {"score": 1}), 1)
    spec = R.mode("standard").option_spec("score")
    assert spec is not None and all(str(n) in spec.help for n in (10, 15, 20))


def test_standard_mode_seats_two_to_six() -> None:
    for players in range(2, 7):
        assert len(R.setup(config(players), 1).seats) == players
    for players in (1, 7):
        with pytest.raises(SetupError, match="player"):
            R.setup(config(players), 1)


def test_setup_each_player_seals_a_level_one_from_the_deck() -> None:
    state = R.setup(config(3), 4)
    prompts = R.prompts(state)
    assert state.phase == OPENING and set(prompts) == {0, 1, 2}
    assert all(p.sealed and p.private for p in prompts.values())
    choices = R.legal_actions(state, 0)
    assert choices and all("(L1," in a.label for a in choices)
    state = R.apply(state, 0, choices[-1]).state
    others = R.view(state, 1)
    assert others.seats[0].sealed and others.seats[0].stack == []
    assert others.my_choice is None and R.view(state, 0).my_choice is not None
    assert set(R.prompts(state)) == {1, 2}


def test_setup_reveal_then_shuffle_and_draw_eight() -> None:
    state = opened(2, seed=9)
    assert state.phase in (ADVANCE, "support") and state.turn == 1
    for zone in state.seats:
        assert len(zone.stack) == 1 and len(zone.hand) == 8 and len(zone.deck) == 21
    # the deck was shuffled: not in the sorted order it was dealt in
    assert state.seats[0].deck != sorted(state.seats[0].deck)
