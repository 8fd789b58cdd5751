"""Power (A1.6), Escalation and Empowering (A1.8): allocation, paying, unlocking, the Balance of Power."""

from __future__ import annotations

from engines.eternia.ctx import Ctx
from engines.eternia.power import balance, ctrl_spend, escalate, gain, offer, pool_of, spend
from engines.eternia.state import TEAM, Activation, EtTask, Model, SkillSlot
from tests.engines.eternia.helpers import choose, keys, pending_kind, put, scene


def _hero(ctx: Ctx, power: int = 0) -> Model:
    return put(ctx, "t.he_man", 5, 5, power=power)


def test_a1_6_29_power_never_goes_to_locked_skill_slots() -> None:
    ctx = scene()
    hero = ctx.characters(TEAM)[0]
    assert gain(ctx, hero, 9) == 5 and hero.power == 5  # card pool only: no Skill card unlocked


def test_a5_3_automatic_allocation_fills_the_card_then_skills_in_unlock_order() -> None:
    ctx = scene()
    hero = ctx.model("t.he_man")
    hero.power = 4
    hero.unlocked = [SkillSlot(skill="throw", power=2), SkillSlot(skill="power_swing", power=0)]
    assert gain(ctx, hero, 5) == 5
    assert (hero.power, hero.unlocked[0].power, hero.unlocked[1].power) == (5, 3, 3)
    assert gain(ctx, hero, 2) == 0  # every slot full: the rest is lost


def test_a1_6_31_a_skill_card_pays_only_for_its_own_skill() -> None:
    ctx = scene()
    hero = ctx.model("t.he_man")
    hero.power = 1
    hero.unlocked = [SkillSlot(skill="throw", power=2)]
    assert pool_of(hero, "throw") == 2 and pool_of(hero, "sword_of_power") == 1
    spend(ctx, hero, "throw", 2)
    assert hero.unlocked[0].power == 0 and hero.power == 1


def test_a1_6_33_balance_of_power_waits_for_the_action_to_complete() -> None:
    ctx = scene()
    hero = ctx.characters(TEAM)[0]
    hero.power = 3
    ctx.state.in_action = True
    spend(ctx, hero, hero.skills[0], 2)
    assert ctx.state.owed == 2 and ctx.state.ai_power == 0
    ctx.push(EtTask(kind="action_done"))
    ctx.run()
    assert ctx.state.owed == 0 and ctx.state.ai_power == 2
    balance(ctx, 1)  # outside an Action: at once
    assert ctx.state.ai_power == 3


def test_a1_6_33_the_flow_is_one_way_controller_spending_feeds_no_one() -> None:
    ctx = scene("versus", 2)
    ctx.state.ctrl_skills["reserves"] = 3
    hero = ctx.model("t.he_man")
    before = hero.power
    ctrl_spend(ctx, "reserves", 2)
    assert ctx.state.ctrl_skills["reserves"] == 1 and hero.power == before


def test_a1_6_33_a_human_controller_places_balance_of_power_at_once_outside_an_action() -> None:
    ctx = scene("versus", 2)
    hero = _hero(ctx, power=2)
    spend(ctx, hero, "sword_of_power", 2)
    ctx.run()
    assert pending_kind(ctx) == "ctrl_power" and ctx.state.agenda.pending.n == 2  # type: ignore[union-attr]


def test_a1_8_42_unlocking_offers_both_faces_and_puts_one_power_from_the_supply() -> None:
    ctx = scene()
    hero = ctx.model("t.he_man")
    escalate(ctx, 2, "test")  # crossroads: the Green advancement space is 2
    ctx.run()
    assert pending_kind(ctx) == "unlock"
    labels = " ".join(keys(ctx))
    assert labels == "face.0 face.1"
    choose(ctx, "face.1")
    assert [(u.skill, u.power) for u in hero.unlocked] == [("sprint", 1)]
    assert ctx.state.ai_power == 0  # from the supply: no Balance of Power (A1.6 #35)
    assert ctx.state.levels == 1


def test_a1_8_43_each_advancement_empowers_one_skill_and_one_character() -> None:
    ctx = scene("versus", 2)
    ctx.push(EtTask(kind="empower_ask"))
    ctx.run()
    assert pending_kind(ctx) == "empower" and len(keys(ctx)) == 4 * 3
    choose(ctx, "emp.empower.c.skeletor")
    assert ctx.model("c.skeletor").empowered and ctx.state.ctrl_empowered == ["empower"]
    ctx.push(EtTask(kind="empower_ask"))
    ctx.run()
    left = keys(ctx)
    # A5-16: a Character is Empowered once; a Controller Skill flips once.
    assert not any("c.skeletor" in k for k in left) and not any(".empower." in k for k in left)
    assert len(left) == 3 * 2


def test_a1_8_43_an_empowered_effect_lasts() -> None:
    ctx = scene("versus", 2)
    merman = put(ctx, "c.mer_man", 5, 5)
    before = ctx.armor(merman)
    merman.empowered = True  # Mer-Man's Empowered effect is +1 Armor
    assert ctx.armor(merman) == before + 1


def test_a5_19_recovering_from_daze_costs_one_power_and_no_action() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5, power=2, dazed=True)
    ctx.state.activation = Activation(model=hero.id, actions=2)
    ctx.push(EtTask(kind="act_ask"))
    ctx.run()
    choose(ctx, "undaze")
    assert not hero.dazed and hero.power == 1 and ctx.state.activation.actions == 2
    assert ctx.state.ai_power == 1  # the Player's Power fed the AI at once (not inside an Action)


def test_a5_3_the_owner_places_power_that_could_go_more_than_one_way() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5, power=3)
    hero.unlocked = [SkillSlot(skill="throw", power=1)]
    offer(ctx, hero, 3, "test")
    ctx.run()
    assert pending_kind(ctx) == "power" and keys(ctx) == ["p.2.1", "p.1.2", "auto"]
    choose(ctx, "p.1.2")
    assert (hero.power, hero.unlocked[0].power) == (4, 3)


def test_a5_3_automatic_is_offered_and_places_card_first() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5, power=3)
    hero.unlocked = [SkillSlot(skill="throw", power=1)]
    offer(ctx, hero, 3, "test")
    ctx.run()
    choose(ctx, "auto")
    assert (hero.power, hero.unlocked[0].power) == (5, 2)


def test_a5_3_many_distributions_come_in_pages() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5)
    hero.unlocked = [SkillSlot(skill=s) for s in ("throw", "power_swing", "grayskull_strike")]
    offer(ctx, hero, 6, "test")
    ctx.run()
    first = keys(ctx)
    assert len(first) <= 25 and "more" in first and "auto" in first
    choose(ctx, "more")
    second = keys(ctx)
    assert "back" in second and not set(second) & (set(first) - {"auto", "more", "back"})
    choose(ctx, second[0])
    assert hero.power + sum(u.power for u in hero.unlocked) == 6


def test_a5_3_no_question_when_only_the_card_has_room() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5, power=1)
    offer(ctx, hero, 2, "test")
    ctx.run()
    assert pending_kind(ctx) == "" and hero.power == 3


def test_a1_3_16_slot_power_is_placed_before_the_first_action() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5)
    hero.unlocked = [SkillSlot(skill="throw")]
    ctx.push(EtTask(kind="activate", model=hero.id, n=2))
    ctx.run()
    assert pending_kind(ctx) == "power"
    choose(ctx, "p.0.2")
    assert pending_kind(ctx) == "act" and hero.unlocked[0].power == 2


def test_a1_4_23_the_controller_splits_its_power_freely() -> None:
    ctx = scene("versus", 2)
    ctx.push(EtTask(kind="ctrl_power_ask", n=3))
    ctx.run()
    assert "put.reserves.3" in keys(ctx) and "auto" in keys(ctx)
    choose(ctx, "put.reserves.1")
    assert pending_kind(ctx) == "ctrl_power" and ctx.state.agenda.pending.n == 2  # type: ignore[union-attr]
    choose(ctx, "put.battle_plan.2")
    assert pending_kind(ctx) == ""
    assert ctx.state.ctrl_skills == {"reserves": 1, "command": 0, "empower": 0, "battle_plan": 2}
