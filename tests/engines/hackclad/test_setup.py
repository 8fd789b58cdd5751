"""Book section 4 (game setup) and the witch option."""

from __future__ import annotations

import pytest

from engines.core import GameConfig, SetupError
from engines.hackclad import RULESET as R
from engines.hackclad import grid
from engines.hackclad.rounds import clad_pool
from tests.engines.hackclad.helpers import started


def test_4_setup_witches_start_on_entry_points_a_to_d() -> None:
    state = started("basic", 4)
    assert [w.pos for w in state.witches] == list(grid.ENTRIES)


def test_4_setup_clad_starts_in_the_centre_facing_north_with_voltage_1() -> None:
    state = R.setup(GameConfig("basic", 2), 3)
    assert (state.clad_pos, state.clad_facing, state.voltage) == (grid.CENTRE, 0, 1)
    assert sorted(state.clad_deck) == sorted(clad_pool(state, 1)) and len(state.clad_deck) == 6


def test_4_setup_deck_is_eight_basics_plus_one_secret_enhanced() -> None:
    state = started("basic", 3)
    for w in state.witches:
        owned = len(w.hand) + len(w.deck) + len(w.discard)
        on_board = sum(
            1 for s in (*state.turn_slots, *state.standby) if s.card and s.seat == state.witches.index(w)
        )
        assert owned + on_board == 9
        assert len(w.enhanced) == 7


def test_4_setup_mission_draft_snakes_p1_to_p4_and_back() -> None:
    state = R.setup(GameConfig("basic", 3), 5)
    assert len(state.offer) == 10
    order = []
    while state.phase == "missions":
        seat = next(iter(R.prompts(state)))
        order.append(seat)
        state = R.apply(state, seat, R.legal_actions(state, seat)[0]).state
    assert order == [0, 1, 2, 2, 1, 0]
    assert all(len(w.missions) == 2 for w in state.witches)


def test_4_setup_first_game_tips_give_the_recommended_missions() -> None:
    state = R.setup(GameConfig("basic", 4, {"missions": "first_game"}), 1)
    assert state.phase == "enhanced"
    recommended = {
        "rosette": ["destroyer", "striker"],
        "flare": ["survivor", "indestructible"],
        "luna": ["mage", "hard_hitter"],
        "mia": ["lightning", "magpie"],
    }
    assert [w.missions for w in state.witches] == [recommended[w.witch] for w in state.witches]


def test_4_setup_enhanced_choice_is_sealed_and_simultaneous() -> None:
    state = R.setup(GameConfig("basic", 2, {"missions": "first_game"}), 1)
    prompts = R.prompts(state)
    assert set(prompts) == {0, 1} and all(p.sealed and p.private for p in prompts.values())
    step = R.apply(state, 1, R.legal_actions(state, 1)[2])
    assert set(R.prompts(step.state)) == {0}
    event = step.events[0]
    assert event.visibility == "split" and event.text_for(0) == "{P2} has chosen an enhanced card."


def test_4_setup_turn_cards_go_to_standby_in_player_order() -> None:
    state = started("basic", 3)
    # Player 1 already took the card back from the 1st standby slot to draft; 2nd and 3rd wait.
    assert [s.seat for s in state.standby] == [-1, 1, 2, -1]
    assert R.prompts(state)[0].kind == "draft"


def test_witch_option_auto_alone_takes_the_first_witch() -> None:
    state = R.setup(GameConfig("solo", 1), 1)
    assert [w.witch for w in state.witches] == ["rosette"]


def test_witch_option_auto_seats_are_dealt_the_unpicked_first_game_witches_at_random() -> None:
    # With a fixed order seat 1 always played Rosette and seat 2 Flare, so a seat's wins were a witch's.
    seen: dict[int, set[str]] = {0: set(), 2: set()}
    for seed in range(1, 41):
        state = R.setup(GameConfig("basic", 3, {}, ({}, {"witch": "flare"}, {})), seed)
        witches = [w.witch for w in state.witches]
        assert witches[1] == "flare" and len(set(witches)) == 3
        assert {witches[0], witches[2]} <= {"rosette", "luna", "mia"}  # Amelia waits until these run out
        seen[0].add(witches[0])
        seen[2].add(witches[2])
    assert seen == {0: {"rosette", "luna", "mia"}, 2: {"rosette", "luna", "mia"}}


def test_witch_option_auto_takes_the_one_first_game_witch_nobody_picked() -> None:
    picks = ({"witch": "rosette"}, {"witch": "mia"}, {}, {"witch": "luna"})
    state = R.setup(GameConfig("basic", 4, {}, picks), 1)
    assert [w.witch for w in state.witches] == ["rosette", "mia", "flare", "luna"]


def test_witch_option_auto_deal_leaves_the_rest_of_the_game_as_the_seed_made_it() -> None:
    # The deal draws from its own generator: chosen witches give the same Clad deck as auto ones.
    auto = R.setup(GameConfig("basic", 4), 9)
    chosen = R.setup(GameConfig("basic", 4, {}, tuple({"witch": w.witch} for w in auto.witches)), 9)
    assert chosen.clad_deck == auto.clad_deck and chosen.offer == auto.offer


def test_setup_refuses_bad_configs_with_readable_messages() -> None:
    with pytest.raises(SetupError, match="2 to 4 players"):
        R.setup(GameConfig("basic", 1), 1)
    with pytest.raises(SetupError, match="for 1 player"):
        R.setup(GameConfig("solo", 2), 1)
    with pytest.raises(SetupError, match="witch must be one of"):
        R.setup(GameConfig("basic", 2, {}, ({"witch": "merlin"},)), 1)
    with pytest.raises(SetupError, match="true or false"):
        R.setup(GameConfig("basic", 2, {"expert": "maybe"}), 1)


def test_4_setup_step_6_two_players_may_run_the_same_witch() -> None:
    from engines.core import GameConfig

    state = R.setup(GameConfig("basic", 2, {}, ({"witch": "luna"}, {"witch": "luna"})), 1)
    assert [w.witch for w in state.witches] == ["luna", "luna"]
    # Their cards are told apart: every instance id names its own witch.
    assert not set(state.witches[0].deck + state.witches[0].enhanced) & set(
        state.witches[1].deck + state.witches[1].enhanced
    )


def test_4_setup_step_8_every_gauge_starts_at_zero() -> None:
    state = R.setup(GameConfig("basic", 4), 2)
    assert all((w.mp, w.cp, w.injuries, w.shards) == (0, 0, 0, 0) for w in state.witches)
