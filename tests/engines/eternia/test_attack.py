"""Attacks (A1.9 #45-49): Armor and piercing, multi-target, Hit with 0 Wounds, power faces, dice cap,
rerolls."""

from __future__ import annotations

import pytest

from engines.eternia.attack import begin, roll, successes, targets
from engines.eternia.ctx import Ctx
from engines.eternia.state import SkillSlot
from tests.engines.eternia.helpers import choose, keys, pending_kind, put, scene, script_dice, settle

MAA = ({"characters": "man_at_arms"},)


def _maa(power: int = 1) -> Ctx:
    ctx = scene(seats=MAA)
    put(ctx, "t.man_at_arms", 5, 5, power=power)
    return ctx


def test_a1_9_46_armor_subtracts_one_wound_per_point(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _maa(power=1)  # pays Mace and has nothing left for Crushing Blow: no boost window
    merman = put(ctx, "c.mer_man", 6, 5)
    script_dice(monkeypatch, "melee", "melee", "ranged")
    begin(ctx, ctx.model("t.man_at_arms"), "mace", merman)
    settle(ctx)
    assert merman.hp == 7 - (2 - 1)  # 2 melee Successes, Armor 1 stops one


def test_a1_9_46_pierce_boost_lowers_armor_for_this_attack_only(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _maa(power=2)
    merman = put(ctx, "c.mer_man", 6, 5)
    script_dice(monkeypatch, "melee", "melee", "blank")
    begin(ctx, ctx.model("t.man_at_arms"), "mace", merman)
    ctx.run()
    assert pending_kind(ctx) == "atk_boost" and "b.crushing_blow" in keys(ctx)
    choose(ctx, "b.crushing_blow")
    settle(ctx)
    assert merman.hp == 5 and ctx.armor(merman) == 1  # both Wounds through; its Armor is back after


def test_a1_9_51_a_dazed_target_gets_no_armor(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _maa()
    merman = put(ctx, "c.mer_man", 6, 5, dazed=True)
    script_dice(monkeypatch, "melee", "melee", "blank")
    begin(ctx, ctx.model("t.man_at_arms"), "mace", merman)
    settle(ctx)
    assert merman.hp == 5


def test_a1_9_46_melee_faces_miss_in_a_ranged_attack_power_faces_never_do() -> None:
    faces = ["melee", "ranged", "power", "blank"]
    assert successes(faces, "melee") == 2
    assert successes(faces, "ranged") == 2
    assert successes(["blank", "blank"], "melee") == 0


def test_a1_9_46_power_faces_pay_the_attacker_after_the_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _maa(power=1)
    maa = ctx.model("t.man_at_arms")
    skeletor = put(ctx, "c.skeletor", 6, 5)
    script_dice(monkeypatch, "power", "power", "blank")
    begin(ctx, maa, "mace", skeletor)
    settle(ctx)
    assert skeletor.hp == 9 - 2  # power faces are Successes in a Melee Attack
    assert maa.power == 2  # paid 1, then 1 per power face
    assert ctx.state.ai_power == 1  # the Mace's 1 Power reached the AI once the Attack was over


def test_a1_5_26_a_minions_power_faces_give_no_power(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _maa()
    robot = put(ctx, "m.1", 6, 5)
    script_dice(monkeypatch, "power")
    begin(ctx, robot, "robot_laser", ctx.model("t.man_at_arms"))
    settle(ctx)
    assert robot.power == 0 and ctx.model("t.man_at_arms").hp == 6  # Man-at-Arms' Armor 1 stops it


def test_a1_9_47_one_roll_is_compared_against_every_target(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _maa()
    maa = ctx.model("t.man_at_arms")
    maa.unlocked = [SkillSlot(skill="bombard", power=3)]
    merman = put(ctx, "c.mer_man", 5, 2)
    robot = put(ctx, "m.1", 6, 2)  # within 1 of the first target: joins the Attack
    beast = put(ctx, "c.beast_man", 8, 2)  # 3 away from it: does not
    asked = script_dice(monkeypatch, "ranged", "ranged", "melee", "blank")
    begin(ctx, maa, "bombard", merman)
    settle(ctx)
    assert asked == [4]  # one roll, never one per target
    assert merman.hp == 7 - 1 and not robot.hexes and beast.hp == 8  # Armor applies per target


def test_a1_9_48_a_hit_whose_wounds_armor_stops_still_hits(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = scene()
    heman = put(ctx, "t.he_man", 5, 5)
    heman.unlocked = [SkillSlot(skill="grayskull_strike", power=3)]
    merman = put(ctx, "c.mer_man", 6, 5, armor=5)
    script_dice(monkeypatch, "melee", "blank", "blank", "blank", "blank")
    begin(ctx, heman, "grayskull_strike", merman)
    settle(ctx)
    assert merman.hp == 7 and merman.dazed  # 1 Success, 0 Wounds: a Hit, so it is Dazed


def test_a1_9_48_a_roll_without_success_is_no_hit(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = scene()
    heman = put(ctx, "t.he_man", 5, 5)
    heman.unlocked = [SkillSlot(skill="grayskull_strike", power=3)]
    merman = put(ctx, "c.mer_man", 6, 5)
    script_dice(monkeypatch, "ranged", "blank", "blank", "blank", "blank")  # ranged faces miss in melee
    begin(ctx, heman, "grayskull_strike", merman)
    settle(ctx)
    assert merman.hp == 7 and not merman.dazed


def test_a1_9_46_never_more_than_six_dice() -> None:
    ctx = scene()
    assert len(roll(ctx, 9)) == 6
    heman = put(ctx, "t.he_man", 5, 5, power=5)
    merman = put(ctx, "c.mer_man", 6, 5)
    begin(ctx, heman, "sword_of_power", merman)
    assert ctx.state.strike is not None
    ctx.state.strike.dice = 9  # boosts past the cap: the extra dice are dropped
    settle(ctx)
    assert len(ctx.state.last_roll) == 6


def test_a1_9_45_melee_needs_adjacency_ranged_needs_range_four() -> None:
    ctx = _maa()
    maa = ctx.model("t.man_at_arms")
    near = put(ctx, "c.mer_man", 6, 5)
    far = put(ctx, "c.skeletor", 9, 5)  # 4 spaces away
    farther = put(ctx, "c.beast_man", 10, 5)  # 5 spaces away
    assert [m.id for m in targets(ctx, maa, "mace")] == [near.id]
    ranged = {m.id for m in targets(ctx, maa, "arm_blaster")}
    assert far.id in ranged and near.id in ranged and farther.id not in ranged


def test_a1_9_49_a_friendly_reroll_replaces_the_blank_result(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _maa(power=2)
    maa = ctx.model("t.man_at_arms")
    skeletor = put(ctx, "c.skeletor", 8, 5)
    script_dice(monkeypatch, "blank", "ranged", "ranged")  # the roll, then the rerolled blank
    begin(ctx, maa, "arm_blaster", skeletor)
    ctx.run()
    choose(ctx, "b.steady_aim")
    settle(ctx)
    assert ctx.state.last_roll == ["ranged", "ranged"] and skeletor.hp == 7
