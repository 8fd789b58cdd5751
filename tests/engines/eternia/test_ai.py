"""The AI Controller (A3) and its deterministic tie-break chain (A5-13, A5-14)."""

from __future__ import annotations

import pytest

from engines.eternia.ai import advance, ai_strategy, pick_target, rank_target
from engines.eternia.ctx import Ctx
from engines.eternia.state import CTRL, EtTask
from tests.engines.eternia.helpers import at, events, put, scene, script_dice, settle

TEAM3 = ({"characters": "he_man, teela, orko"},)


def _three() -> Ctx:
    return scene("ai", 1, seats=TEAM3)


def test_a5_13_targets_lowest_hp_first() -> None:
    ctx = _three()
    a = put(ctx, "t.he_man", 1, 1, hp=4)
    b = put(ctx, "t.teela", 2, 1, hp=3)
    assert pick_target(ctx, [a, b])[0] is b


def test_a5_13_equal_hp_then_lowest_armor() -> None:
    ctx = _three()
    teela = put(ctx, "t.teela", 2, 1, hp=4)  # Armor 1
    orko = put(ctx, "t.orko", 3, 1, hp=4)  # Armor 0
    target, why = pick_target(ctx, [teela, orko])
    assert target is orko and "Armor" in why


def test_a5_13_then_a_character_before_a_minion_then_the_id() -> None:
    ctx = scene("versus", 2)  # the rule ranks any models; here a Controller-side view of them
    heman = put(ctx, "t.he_man", 1, 1, hp=1)
    robot = put(ctx, "m.1", 2, 1)
    assert rank_target(ctx, heman) < rank_target(ctx, robot)
    r2 = put(ctx, "m.2", 3, 1)
    assert pick_target(ctx, [r2, robot])[0] is robot  # the lowest stable id last


def test_a3_7_an_ai_minion_closes_in_then_attacks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ctx = _three()
    put(ctx, "t.he_man", 5, 8)
    teela = put(ctx, "t.teela", 1, 8, hp=2)
    robot = put(ctx, "m.1", 5, 3)  # Hover Robot: Ranged, range 3
    script_dice(monkeypatch, "ranged")
    ctx.push(EtTask(kind="ai_minion", model=robot.id))
    settle(ctx)
    assert robot.hexes != [at(5, 3)]
    assert any("targets" in t for t in events(ctx, "ai"))
    assert teela.hp == 2 or ctx.model("t.he_man").hp < 10


def test_a5_14_the_ai_stops_where_its_attack_becomes_legal() -> None:
    ctx = _three()
    put(ctx, "t.he_man", 5, 8)
    beast = put(ctx, "c.beast_man", 5, 5, power=2)  # Savage Claws: melee
    assert advance(ctx, beast, 3)
    assert ctx.adjacent(beast, ctx.model("t.he_man"))
    assert "to attack" in events(ctx, "ai")[-1]


def test_a5_14_a_retreat_ends_farther_from_every_enemy() -> None:
    ctx = _three()
    heman = put(ctx, "t.he_man", 5, 8)
    beast = put(ctx, "c.beast_man", 5, 5, power=0)
    before = ctx.distance(beast, heman)
    assert advance(ctx, beast, 3, away=True)
    assert ctx.distance(beast, heman) > before and "away" in events(ctx, "ai")[-1]


def test_a5_14_no_move_when_no_space_is_nearer() -> None:
    ctx = _three()
    put(ctx, "t.he_man", 5, 8)
    beast = put(ctx, "c.beast_man", 5, 7, power=0)  # adjacent already, and it cannot pay to attack
    assert not advance(ctx, beast, 3)
    assert beast.hexes == [at(5, 7)]


def test_a3_6_summon_minions_pays_the_first_line_it_can() -> None:
    for power, spawned, left in ((4, 2, 0), (3, 1, 1), (1, 0, 1)):
        ctx = _three()
        put(ctx, "t.he_man", 5, 8)
        ctx.state.ai_power = power
        ctx.state.ai_strategy_deck = ["summon_minions"]
        ai_strategy(ctx)
        ctx.run()
        assert len(ctx.minions_on_board()) == spawned and ctx.state.ai_power == left


def test_a3_5_the_same_card_is_read_again_for_the_second_action(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _three()
    heman = put(ctx, "t.he_man", 5, 8)
    beast = put(ctx, "c.beast_man", 5, 5, power=2)
    ctx.state.ai_char_deck = ["attack_and_advance", "press_on"]
    script_dice(monkeypatch, "melee", "melee", "melee", "melee")
    from engines.eternia.ai import ai_character

    ai_character(ctx, beast)
    settle(ctx)
    assert ctx.state.ai_char_deck == ["press_on"]  # one card flipped for both Actions
    assert heman.hp == 10 - 4  # first Action: advance; second: the same card says attack


def test_a3_8_an_armor_piercing_boost_is_skipped_against_no_armor(monkeypatch: pytest.MonkeyPatch) -> None:
    for target, armor, used in (("t.he_man", 0, False), ("t.teela", 1, True)):
        ctx = _three()
        t = put(ctx, target, 5, 6)
        merman = put(ctx, "c.mer_man", 5, 5, power=5)
        script_dice(monkeypatch, "blank", "blank", "blank")
        from engines.eternia.ai import do_attack

        assert ctx.armor(t) == armor
        do_attack(ctx, merman)
        settle(ctx)
        assert (merman.power == 5 - 1 - 1) is used  # Trident 1, Crushing Blow 1 when applicable


def test_a3_4_the_ai_deals_its_order_at_random_without_a_prompt() -> None:
    from engines.eternia import RULESET
    from tests.engines.eternia.helpers import dealt

    state = dealt("ai", 1, seats=TEAM3)
    assert set(RULESET.prompts(state)) == {0}
    assert len(state.orders[CTRL]) == 4 and "strategy" in state.orders[CTRL]
