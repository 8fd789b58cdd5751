"""Mission cards: each condition kind completes exactly when its threshold is met (book 3, 9 ③)."""

from __future__ import annotations

from engines.hackclad.ctx import Ctx
from engines.hackclad.missions import check_now, final_missions, note_reduce, note_single_damage
from engines.hackclad.scoring import breakdown
from engines.hackclad.state import HackState, Task
from tests.engines.hackclad.helpers import run_tasks, started


def _with(mission: str) -> tuple[HackState, Ctx]:
    state = started("basic", 2)
    state.witches[0].missions, state.witches[0].completed = [mission], []
    return state, Ctx(state)


def _check(mission: str, field: str, below: int, at_least: int) -> None:
    state, ctx = _with(mission)
    setattr(state.witches[0], field, below)
    check_now(ctx, 0)
    assert state.witches[0].completed == []
    setattr(state.witches[0], field, at_least)
    check_now(ctx, 0)
    assert state.witches[0].completed == [mission]


def test_mission_round_attacks_striker_and_machine_gun() -> None:
    _check("striker", "attacks_round", 1, 2)
    _check("machine_gun", "attacks_round", 2, 3)


def test_mission_round_moved_flash_and_lightning() -> None:
    _check("flash", "moved_round", 2, 3)
    _check("lightning", "moved_round", 3, 4)


def test_mission_round_damage_hard_hitter_and_destroyer() -> None:
    _check("hard_hitter", "dealt_round", 3, 4)
    _check("destroyer", "dealt_round", 6, 7)


def test_mission_round_picked_magpie_and_treasure_hunter() -> None:
    _check("magpie", "picked_round", 2, 3)
    _check("treasure_hunter", "picked_round", 3, 4)


def test_mission_cp_reached_endurance_and_rapture() -> None:
    _check("endurance", "cp", 3, 4)
    _check("rapture", "cp", 4, 5)


def test_mission_single_damage_nuclear() -> None:
    state, ctx = _with("nuclear")
    note_single_damage(ctx, 0, 5)
    assert not state.witches[0].completed
    note_single_damage(ctx, 0, 6)
    assert state.witches[0].completed == ["nuclear"]


def test_mission_single_reduce_parry_and_indestructible() -> None:
    for mission, n in (("parry", 3), ("indestructible", 4)):
        state, ctx = _with(mission)
        note_reduce(ctx, 0, n - 1)
        assert not state.witches[0].completed
        note_reduce(ctx, 0, n)
        assert state.witches[0].completed == [mission]


def test_mission_final_injuries_survivor_and_invincible() -> None:
    state, _ = _with("survivor")
    state.witches[0].injuries = 1
    assert final_missions(state, 0) == [("survivor", 4)]
    state.witches[0].injuries = 2
    assert final_missions(state, 0) == []
    state, _ = _with("invincible")
    assert final_missions(state, 0) == [("invincible", 7)]


def test_mission_final_deck_vp_vitality() -> None:
    state, _ = _with("vitality")
    assert final_missions(state, 0) == []  # 8 basics + 1 enhanced is well under 19


def test_mission_final_mp_mage_is_worth_the_mp_gauge() -> None:
    state, _ = _with("mage")
    state.witches[0].mp = 6
    assert final_missions(state, 0) == [("mage", 6)]
    assert breakdown(state, 0)["missions"] == 6


def test_missions_round_tallies_reset_each_round() -> None:
    state = started("basic", 2)
    state.witches[0].moved_round = 3
    after, _ = run_tasks(state, Task(kind="end_round"))
    assert after.witches[0].moved_round == 0


def test_3_several_missions_can_be_completed_at_once() -> None:
    state, ctx = _with("hard_hitter")
    state.witches[0].missions = ["hard_hitter", "destroyer"]
    state.witches[0].dealt_round = 7
    check_now(ctx, 0)
    assert state.witches[0].completed == ["hard_hitter", "destroyer"]
