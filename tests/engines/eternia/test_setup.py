"""Setup (A1.1) and the modes' seats (A2): selection restrictions, Set Sides, seat counts, the start."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from engines.core import GameConfig, SetupError
from engines.core.errors import ContentError
from engines.eternia import RULESET
from engines.eternia import content as content_module
from engines.eternia.battlefield import Scenario, Variant
from engines.eternia.content import content
from engines.eternia.ctx import key
from engines.eternia.hexes import offset_to_axial
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


# ------------------------------------------------------------------------------ designed scaling (content 4)
def test_scenario_variant_fits_the_mode_and_team_size_and_keeps_fields_it_leaves_out() -> None:
    sc = msgspec.convert(
        {
            **msgspec.to_builtins(content().scenarios["crossroads"]),
            "objectives": [[1, 5]],
            "minion_cells": [[4, 1]],
            "variants": [
                {"mode": "ai", "team": [1], "objectives": []},
                {"team": [1, 2], "objectives": [[6, 6]], "minion_cells": []},
            ],
        },
        Scenario,
    )
    assert sc.layout("ai", 1).objectives == () and sc.layout("ai", 1).minion_cells == ((4, 1),)
    assert sc.layout("versus", 1).objectives == ((6, 6),) and sc.layout("versus", 1).minion_cells == ()
    assert sc.layout("ai", 2).objectives == ((6, 6),)
    assert sc.layout("ai", 3).objectives == ((1, 5),) and sc.layout("ai", 3).minion_cells == ((4, 1),)


@pytest.mark.parametrize(
    ("mode", "players", "team"), [("ai", 1, 1), ("ai", 4, 4), ("versus", 2, 1), ("versus", 5, 4)]
)
def test_a1_1_9_the_deal_places_the_variant_for_its_team_size(mode: str, players: int, team: int) -> None:
    for sc in content().scenarios.values():
        state = dealt(mode, players, scenario=sc.id)
        lay = sc.layout(mode, team)
        on = [m for m in state.models if m.hexes]
        assert sorted(state.objectives) == sorted(offset_to_axial(*cell) for cell in lay.objectives)
        assert sorted(m.hexes[0] for m in on if m.kind == "minion") == sorted(
            offset_to_axial(*cell) for cell in lay.minion_cells
        )
        assert sorted(state.beacons) == sorted(key(offset_to_axial(*cell)) for cell in lay.scenario_tokens)
        assert sum(1 for m in on if m.kind == "npc") == sum(len(p.cells) for p in lay.npcs)


def test_a1_1_9_a_lone_character_faces_more_minions_than_a_full_team_in_the_ai_raid() -> None:
    alone = dealt("ai", 1, scenario="snake_mountain")
    four = dealt("ai", 4, scenario="snake_mountain")
    assert sum(1 for m in alone.models if m.kind == "minion" and m.hexes) == 8
    assert sum(1 for m in four.models if m.kind == "minion" and m.hexes) == 2
    assert not alone.objectives and len(four.objectives) == 3


def test_a_variant_for_a_team_size_outside_1_to_4_is_a_content_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real = content_module.load_content

    def shifted(package: str, name: str, shape: Any) -> Any:
        got = real(package, name, shape)
        if name != "scenarios.toml":
            return got
        first = msgspec.structs.replace(got.scenarios[0], variants=(Variant(team=(5,)),))
        return msgspec.structs.replace(got, scenarios=(first, *got.scenarios[1:]))

    monkeypatch.setattr(content_module, "load_content", shifted)
    with pytest.raises(ContentError, match="variants"):
        content_module.load()
