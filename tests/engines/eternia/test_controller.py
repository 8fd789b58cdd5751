"""The Strategy Activation (A1.4), Minions (A1.5) and the Controller Skills and cards (A1.7, A5-18)."""

from __future__ import annotations

import pytest

from engines.eternia import hexes
from engines.eternia.attack import begin
from engines.eternia.controller import minion_supply, spawn_cells, strategy_activation
from engines.eternia.ctx import Ctx
from engines.eternia.state import EtTask
from tests.engines.eternia.helpers import at, choose, events, keys, pending_kind, put, scene, script_dice

SKELETOR = "c.skeletor"


def _versus() -> Ctx:
    ctx = scene("versus", 2)
    put(ctx, "t.he_man", 5, 8)
    return ctx


def test_a1_7_36_reserves_spawn_next_to_the_edge_or_a_controller_character() -> None:
    ctx = _versus()
    put(ctx, SKELETOR, 5, 5)
    put(ctx, "c.mer_man", 6, 5)  # occupied: never a spawn cell
    cells = set(spawn_cells(ctx))
    board = set(ctx.state.board)
    edge = {h for h in board if any(n not in board for n in hexes.neighbours(h))}
    assert at(5, 4) in cells and at(4, 5) in cells  # next to Skeletor
    assert at(6, 5) not in cells and at(5, 5) not in cells
    assert edge - {at(5, 8)} <= cells | {h for m in ctx.on_board() for h in m.hexes}
    assert at(3, 3) not in cells  # inland and next to no Controller Character


def test_a1_5_27_no_minion_spawns_beyond_eight_on_the_battlefield() -> None:
    ctx = _versus()
    for i in range(7):
        put(ctx, f"m.{i + 1}", i + 1, 1)
    assert len(minion_supply(ctx)) == 1
    put(ctx, "m.8", 9, 1)
    assert minion_supply(ctx) == []
    ctx.state.ctrl_skills["reserves"] = 4
    ctx.push(EtTask(kind="ctrl_skills_ask"))
    ctx.run()
    assert "reserves" not in keys(ctx)
    ctx.state.agenda.clear()
    ctx.push(EtTask(kind="reserves_spawn", n=1))
    ctx.run()
    assert any("limit" in t for t in events(ctx, "spawn"))


def test_a1_7_36_reserves_pays_and_the_controller_picks_the_cell() -> None:
    ctx = _versus()
    ctx.state.ctrl_skills["reserves"] = 2
    ctx.push(EtTask(kind="ctrl_skills_ask"))
    ctx.run()
    choose(ctx, "reserves")
    assert pending_kind(ctx) == "spawn" and ctx.state.ctrl_skills["reserves"] == 1
    first = next(k for k in keys(ctx) if k.startswith("at."))
    choose(ctx, first)
    assert len(ctx.minions_on_board()) == 1 and pending_kind(ctx) == "ctrl_skills"


def test_a1_7_37_command_gives_a_controller_character_an_action_now() -> None:
    ctx = _versus()
    put(ctx, SKELETOR, 5, 2, power=3)
    ctx.state.ctrl_skills["command"] = 2
    ctx.push(EtTask(kind="ctrl_skills_ask"))
    ctx.run()
    choose(ctx, f"cmd.{SKELETOR}")
    act = ctx.state.activation
    assert act is not None and act.model == SKELETOR and act.actions == 1 and act.command
    assert ctx.state.ctrl_skills["command"] == 0 and pending_kind(ctx) == "act"
    choose(ctx, "end")
    assert ctx.state.activation is None and pending_kind(ctx) == "ctrl_skills"


def test_a1_7_39_battle_plan_draws_into_a_hidden_hand_and_plays_for_one() -> None:
    ctx = _versus()
    deck = list(ctx.state.strategy_deck)
    ctx.state.ctrl_skills["battle_plan"] = 2
    ctx.push(EtTask(kind="ctrl_skills_ask"))
    ctx.run()
    choose(ctx, "draw")
    assert ctx.state.strategy_hand == deck[:1] and ctx.state.strategy_deck == deck[1:]
    private = [e for e in ctx.events if e.kind == "draw" and e.visibility != "public"]
    assert private and private[0].seat == 0  # only the Controller reads the card's name
    assert ctx.state.ctrl_skills["battle_plan"] == 1


def test_a1_7_39_the_strategy_deck_is_never_reshuffled() -> None:
    ctx = _versus()
    ctx.state.strategy_played = list(ctx.state.strategy_deck)
    ctx.state.strategy_deck = []
    ctx.state.ctrl_skills["battle_plan"] = 4
    ctx.push(EtTask(kind="ctrl_skills_ask"))
    ctx.run()
    assert "draw" not in keys(ctx)


def test_a5_18_the_card_window_opens_even_when_no_card_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _versus()
    hero = ctx.model("t.he_man")
    hero.power = 1
    skeletor = put(ctx, SKELETOR, 5, 7)
    ctx.state.strategy_hand = ["dark_pact"]  # a Strategy Activation card: it cannot be played here
    ctx.state.strategy_deck.remove("dark_pact")
    ctx.state.ctrl_skills["battle_plan"] = 1
    script_dice(monkeypatch, "blank", "blank", "blank")
    begin(ctx, hero, "sword_of_power", skeletor)
    ctx.run()
    assert pending_kind(ctx) == "def_boost" and ctx.state.agenda.pending.seat == 0  # type: ignore[union-attr]
    assert keys(ctx) == ["done"]  # the prompt's presence tells the Players nothing about the hand


def test_a5_18_no_window_without_a_card_or_battle_plan_power(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _versus()
    hero = ctx.model("t.he_man")
    hero.power = 1
    skeletor = put(ctx, SKELETOR, 5, 7)
    script_dice(monkeypatch, "blank", "blank", "blank")
    begin(ctx, hero, "sword_of_power", skeletor)
    ctx.run()
    assert pending_kind(ctx) != "def_boost"


def test_a1_4_23_strategy_activation_order_power_then_minions_then_skills() -> None:
    ctx = _versus()
    put(ctx, "m.1", 5, 3)
    strategy_activation(ctx, 2)
    ctx.run()
    seen = []
    for _ in range(10):
        kind = pending_kind(ctx)
        if not kind:
            break
        seen.append(kind)
        offered = keys(ctx)
        choose(ctx, next(k for k in ("auto", "stay", "skip", "done") if k in offered))
    assert seen[0] == "ctrl_power" and seen[1] == "move" and seen[-1] == "ctrl_skills"


def test_a1_5_26_minions_never_gain_power() -> None:
    from engines.eternia.power import gain

    ctx = _versus()
    robot = put(ctx, "m.1", 5, 3)
    assert gain(ctx, robot, 3) == 0 and robot.power == 0


def test_a1_5_25_any_wound_kos_a_minion() -> None:
    from engines.eternia.damage import wound

    ctx = _versus()
    minion = put(ctx, "m.1", 5, 3)
    wound(ctx, minion, 1, "test")
    assert not minion.hexes
