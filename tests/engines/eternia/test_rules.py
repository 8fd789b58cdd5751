"""Round structure, Power, attacks and Minions: one test per rule (reference A1.x numbers)."""

from __future__ import annotations

from engines.core import GameConfig
from engines.eternia import RULESET
from engines.eternia.attack import roll, successes
from engines.eternia.ctx import Ctx
from engines.eternia.damage import wound
from engines.eternia.power import balance, spend
from engines.eternia.rounds import team_cards
from engines.eternia.state import CTRL, TEAM


def _ordered(config: GameConfig, seed: int = 3):  # type: ignore[no-untyped-def]
    state = RULESET.setup(config, seed)
    for seat in sorted(RULESET.prompts(state)):
        state = RULESET.apply(state, seat, RULESET.legal_actions(state, seat)[0]).state
    return state


def test_a1_2_13_lone_character_takes_all_four_team_cards_and_three_actions() -> None:
    state = RULESET.setup(GameConfig("ai", 1), 1)
    assert len(set(team_cards(state))) == 1 and len(team_cards(state)) == 4
    state = _ordered(GameConfig("ai", 1))
    assert state.activation is not None and state.activation.actions == 3


def test_a1_2_13_three_characters_put_any_card_face_up_in_the_last_team_slot() -> None:
    state = _ordered(GameConfig("ai", 3))
    team_slots = [s for s in state.track if s.side == TEAM]
    assert team_slots[-1].card == "any" and team_slots[-1].power == 3


def test_a1_2_11_orders_are_one_sealed_simultaneous_decision() -> None:
    state = RULESET.setup(GameConfig("versus", 2), 1)
    prompts = RULESET.prompts(state)
    assert set(prompts) == {0, 1} and all(p.sealed for p in prompts.values())
    after = RULESET.apply(state, 0, "o.5").state
    assert set(RULESET.prompts(after)) == {1}
    view = RULESET.view(after, 1)  # the team cannot see the Controller's sealed order
    assert view.my_order == [] and all(s.card == "" for s in view.track if s.side == CTRL)


def test_a1_2_12_controller_has_four_cards_one_is_strategy() -> None:
    state = _ordered(GameConfig("versus", 2))
    cards = [s.card for s in state.track if s.side == CTRL]
    assert len(cards) == 4 and cards.count("strategy") == 1


def test_a1_9_46_successes_by_attack_type_and_power_faces() -> None:
    faces = ["melee", "ranged", "power", "blank"]
    assert successes(faces, "melee") == 2
    assert successes(faces, "ranged") == 2
    assert successes(["blank", "blank"], "melee") == 0


def test_a1_9_46_never_more_than_six_dice() -> None:
    ctx = Ctx(RULESET.setup(GameConfig("ai", 1), 1))
    assert len(roll(ctx, 9)) == 6


def test_a1_5_25_any_wound_kos_a_minion() -> None:
    ctx = Ctx(RULESET.setup(GameConfig("ai", 1), 1))
    minion = ctx.minions_on_board()[0]
    wound(ctx, minion, 1, "test")
    assert not minion.hexes


def test_a1_6_33_balance_of_power_waits_for_the_action_to_complete() -> None:
    ctx = Ctx(RULESET.setup(GameConfig("ai", 1), 1))
    hero = ctx.characters(TEAM)[0]
    hero.power = 3
    ctx.st.in_action = True
    spend(ctx, hero, hero.skills[0], 2)
    assert ctx.st.owed == 2 and ctx.st.ai_power == 0
    ctx.st.in_action = False
    balance(ctx, 1)  # outside an Action: at once
    assert ctx.st.ai_power == 1


def test_a1_6_29_power_never_goes_to_locked_skill_slots() -> None:
    from engines.eternia.power import gain

    ctx = Ctx(RULESET.setup(GameConfig("ai", 1), 1))
    hero = ctx.characters(TEAM)[0]
    assert gain(ctx, hero, 9) == 5 and hero.power == 5  # card pool only: no Skill card unlocked


def test_content_check_passes_and_every_keyword_has_a_handler() -> None:
    RULESET.check_content()
