"""Setup (A1.1) and the modes' seats (A2): selection restrictions, Set Sides, seat counts, the start."""

from __future__ import annotations

import pytest

from engines.core import GameConfig, SetupError
from engines.eternia import RULESET
from engines.eternia.state import AI_SEAT, CTRL, TEAM
from tests.engines.eternia.helpers import dealt


@pytest.mark.parametrize(
    ("mode", "ok", "bad"), [("versus", (2, 3, 4, 5), (1, 6)), ("ai", (1, 2, 3, 4), (5,))]
)
def test_a2_seat_counts_per_mode(mode: str, ok: tuple[int, ...], bad: tuple[int, ...]) -> None:
    for n in ok:
        state = dealt(mode, n)
        team = [m for m in state.models if m.side == TEAM and m.kind == "character"]
        ctrl = [m for m in state.models if m.side == CTRL and m.kind == "character"]
        assert len(ctrl) == 3  # A1.1 #6: always 3, whatever the team's size
        assert len(team) == (n if mode == "ai" else n - 1)
    for n in bad:
        with pytest.raises(SetupError):
            dealt(mode, n)


def test_a2_versus_seat_one_controls_and_ai_mode_has_no_controller_seat() -> None:
    versus = dealt("versus", 3)
    assert versus.ctrl_seat == 0 and versus.team_seats == [1, 2] and versus.leader == 1
    ai = dealt("ai", 2)
    assert ai.ctrl_seat == AI_SEAT and ai.team_seats == [0, 1] and ai.ai


def test_a2_the_leader_option_picks_the_team_seat_for_shared_choices() -> None:
    assert dealt("versus", 3, leader=2).leader == 2


def test_a1_1_3_heroes_vs_villains_refuses_a_mixed_side() -> None:
    with pytest.raises(SetupError, match="mix Heroes and Villains"):
        dealt("ai", 1, seats=({"characters": "he_man, skeletor"},))


def test_a1_1_3_factions_refuses_two_factions_on_one_side() -> None:
    with pytest.raises(SetupError, match="one Faction"):
        dealt("ai", 1, seats=({"characters": "teela, evil_lyn"},), selection="factions")


def test_a1_1_3_free_for_all_allows_any_mix() -> None:
    state = dealt("ai", 1, seats=({"characters": "he_man, skeletor"},), selection="free")
    assert {m.design for m in state.models if m.side == TEAM and m.kind == "character"} == {
        "he_man",
        "skeletor",
    }


def test_a1_11_63_set_sides_names_the_controllers_faction() -> None:
    heroes = {"characters": "he_man, teela, orko"}
    with pytest.raises(SetupError, match="Set Sides") as caught:
        dealt(
            "versus",
            2,
            seats=(heroes, {"characters": "skeletor"}),
            scenario="grayskull_gate",
            selection="free",
        )
    assert caught.value.option == "scenario"


def test_a1_1_6_the_controller_selects_exactly_three() -> None:
    with pytest.raises(SetupError, match="exactly 3") as caught:
        dealt("versus", 2, seats=({"characters": "skeletor, mer_man"},))
    assert caught.value.seat == 0


def test_a1_1_4_the_team_has_at_most_four_characters() -> None:
    with pytest.raises(SetupError, match="at most 4"):
        dealt(
            "ai", 1, seats=({"characters": "he_man, teela, orko, man_at_arms, skeletor"},), selection="free"
        )


def test_a1_1_7_elite_minions_cannot_be_chosen() -> None:
    with pytest.raises(SetupError):
        dealt("versus", 2, minions="royal_guards")


def test_a1_1_5_and_8_the_starting_position() -> None:
    state = dealt("versus", 3)
    chars = [m for m in state.models if m.kind == "character"]
    assert all(m.hp == m.max_hp and not m.unlocked and m.power == 0 for m in chars)
    assert state.escalation == 0 and state.levels == 0 and state.vp == {TEAM: 0, CTRL: 0}
    assert set(state.ctrl_skills.values()) == {0} and state.ctrl_empowered == []
    assert len(state.strategy_deck) == 12 and state.strategy_hand == []
    assert dealt("versus", 3, seed=2).strategy_deck != state.strategy_deck  # shuffled from the seed
    assert dealt("ai", 1).strategy_deck == []  # A3.1: the AI uses no Strategy deck


def test_a1_1_9_the_scenario_places_characters_and_starting_minions() -> None:
    state = dealt("ai", 2, scenario="crossroads")
    on = [m for m in state.models if m.hexes]
    assert all(m.hexes[0] in state.team_spawn for m in on if m.side == TEAM and m.kind == "character")
    assert all(m.hexes[0] in state.ctrl_spawn for m in on if m.side == CTRL and m.kind == "character")
    assert sum(1 for m in on if m.kind == "minion") == 2


def test_a1_1_6_versus_seat_choices_are_checked_before_the_deal() -> None:
    config = RULESET.resolve_config(GameConfig("versus", 2, {}, ({"characters": "nobody"},)))
    with pytest.raises(SetupError) as caught:
        RULESET.check_seat(config, 0)
    assert caught.value.seat == 0
