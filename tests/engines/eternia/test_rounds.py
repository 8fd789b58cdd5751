"""Round structure (A1.2) and the content check: one test per rule (reference A1.x numbers)."""

from __future__ import annotations

from engines.core import GameConfig
from engines.eternia import RULESET
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


def test_content_check_passes_and_every_keyword_has_a_handler() -> None:
    RULESET.check_content()
