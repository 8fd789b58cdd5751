"""Strategy card windows at every trigger point (A1.7 #39, A5-18) and the ``ai_escalation`` option (A5-15)."""

from __future__ import annotations

import pytest

from engines.eternia.content import STRATEGY_TRIGGERS, content
from engines.eternia.ctx import Ctx
from engines.eternia.damage import wound
from engines.eternia.power import escalate
from engines.eternia.rounds import order_choices, place_order
from engines.eternia.state import CTRL, TEAM, EtTask
from tests.engines.eternia.helpers import choose, dealt, keys, pending_kind, put, scene

SKELETOR = "c.skeletor"


def _hand(ctx: Ctx, *cards: str, power: int = 1) -> None:
    """Give the Controller these Strategy cards (out of the deck) and Battle Plan Power."""
    for cid in cards:
        ctx.state.strategy_deck.remove(cid)
    ctx.state.strategy_hand = list(cards)
    ctx.state.ctrl_skills["battle_plan"] = power


def _ordered(*cards: str, power: int = 1) -> Ctx:
    """A versus game whose two sealed orders have just been placed (the Round is starting)."""
    ctx = Ctx(dealt("versus", 2))
    _hand(ctx, *cards, power=power)
    place_order(ctx, CTRL, list(order_choices(ctx.state, CTRL)[0]))
    place_order(ctx, TEAM, list(order_choices(ctx.state, TEAM)[0]))
    ctx.run()
    return ctx


def test_a5_18_every_trigger_has_a_strategy_card() -> None:
    triggers = {card.trigger for card in content().strategy.values()}
    assert triggers == set(STRATEGY_TRIGGERS) and len(content().strategy) == 12


def test_a5_18_round_start_window_opens_for_any_card_and_plays_night_raid() -> None:
    ctx = _ordered("dark_pact")  # a Strategy Activation card: it does not fit, the window opens anyway
    assert pending_kind(ctx) == "card_window" and ctx.state.agenda.pending.skill == "round_start"  # type: ignore[union-attr]
    assert keys(ctx) == ["done"]
    ctx = _ordered("night_raid")
    assert keys(ctx) == ["c.night_raid", "done"]
    choose(ctx, "c.night_raid")
    assert pending_kind(ctx) == "spawn" and ctx.state.ctrl_skills["battle_plan"] == 0
    assert ctx.state.strategy_played == ["night_raid"] and ctx.state.strategy_hand == []


def test_a5_18_no_window_without_a_card_or_battle_plan_power() -> None:
    assert pending_kind(_ordered(power=1)) != "card_window"
    assert pending_kind(_ordered("night_raid", power=0)) != "card_window"


def test_a5_18_the_window_sequence_is_the_same_whatever_the_hand_holds() -> None:
    # Two hands of one size: one holds a card for every trigger, the other none that fits any window.
    seen = []
    for hand in (("night_raid", "sapping_curse", "dark_harvest"), ("dark_pact", "regroup", "reinforcements")):
        ctx = _ordered(*hand, power=3)
        kinds = []
        for _ in range(4):
            kinds.append(
                (pending_kind(ctx), ctx.state.agenda.pending.skill if ctx.state.agenda.pending else "")
            )
            if pending_kind(ctx) != "card_window":
                break
            choose(ctx, "done")
        seen.append(kinds)
    assert seen[0] == seen[1] and seen[0][0] == ("card_window", "round_start")


def test_a5_18_sapping_curse_dazes_an_enemy_character_as_its_activation_starts() -> None:
    ctx = scene("versus", 2)
    hero = put(ctx, "t.he_man", 5, 8)
    put(ctx, SKELETOR, 5, 2)
    _hand(ctx, "sapping_curse")
    ctx.push(EtTask(kind="activate", model=hero.id, n=1))
    ctx.run()
    assert pending_kind(ctx) == "card_window" and ctx.state.agenda.pending.skill == "enemy_activation"  # type: ignore[union-attr]
    assert hero.power == 0  # the very start: before the slot's Power
    choose(ctx, "c.sapping_curse")
    assert hero.dazed and hero.power == 1 and pending_kind(ctx) == "act"
    assert "undaze" in keys(ctx)  # it may still pay 1 Power to recover


def test_a5_18_no_enemy_activation_window_for_the_controllers_own_characters() -> None:
    ctx = scene("versus", 2)
    put(ctx, "t.he_man", 5, 8)
    put(ctx, SKELETOR, 5, 2)
    _hand(ctx, "sapping_curse")
    ctx.push(EtTask(kind="activate", model=SKELETOR, n=1))
    ctx.run()
    assert pending_kind(ctx) != "card_window"


def test_a5_18_dark_harvest_after_a_ko() -> None:
    ctx = scene("versus", 2)
    put(ctx, "t.he_man", 5, 8)
    robot = put(ctx, "m.1", 5, 3, hp=1)
    _hand(ctx, "dark_harvest")
    wound(ctx, robot, 1, "test")
    ctx.run()
    assert pending_kind(ctx) == "card_window" and ctx.state.agenda.pending.model == robot.id  # type: ignore[union-attr]
    choose(ctx, "c.dark_harvest")
    assert pending_kind(ctx) == "ctrl_power" and ctx.state.agenda.pending.n == 2  # type: ignore[union-attr]


def test_a5_18_two_cards_may_answer_one_trigger() -> None:
    ctx = scene("versus", 2)
    put(ctx, "t.he_man", 5, 8)
    robot = put(ctx, "m.1", 5, 3, hp=1)
    _hand(ctx, "dark_harvest", "night_raid", power=2)
    wound(ctx, robot, 1, "test")
    ctx.run()
    choose(ctx, "c.dark_harvest")
    choose(ctx, "auto")  # place the 2 Power
    assert pending_kind(ctx) == "card_window" and keys(ctx) == ["done"]  # asked again: it may hold more


def test_a5_18_no_card_windows_against_the_ai() -> None:
    ctx = scene("ai", 1)
    hero = put(ctx, "t.he_man", 5, 8)
    ctx.state.strategy_hand = ["sapping_curse"]
    ctx.state.ctrl_skills["battle_plan"] = 1
    ctx.push(EtTask(kind="activate", model=hero.id, n=1))
    ctx.run()
    assert pending_kind(ctx) != "card_window"


@pytest.mark.parametrize(("option", "gained"), [(None, 0), (2, 2)])
def test_a5_15_ai_escalation_option_gives_the_ai_power_per_advancement(
    option: int | None, gained: int
) -> None:
    ctx = scene("ai", 1) if option is None else scene("ai", 1, ai_escalation=option)
    first = ctx.content.scenarios[ctx.state.scenario].escalation_track[0]
    escalate(ctx, first, "test")
    ctx.state.agenda.clear()  # the unlock choices are not under test
    assert ctx.state.ai_power == gained
