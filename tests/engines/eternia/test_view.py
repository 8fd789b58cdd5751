"""Views strip every secret (A7): the Strategy hand and deck, sealed orders until flipped, the AI decks."""

from __future__ import annotations

import msgspec

from engines.eternia import RULESET
from engines.eternia.state import CTRL, TEAM, EtState
from tests.engines.eternia.helpers import dealt


def _json(state: EtState, viewer: int | None) -> str:
    return msgspec.json.encode(RULESET.view(state, viewer)).decode()


def _ordered(state: EtState) -> EtState:
    for seat in sorted(RULESET.prompts(state)):
        state = RULESET.apply(state, seat, RULESET.legal_actions(state, seat)[-1]).state
    return state


def test_a1_7_39_the_strategy_hand_is_the_controllers_alone() -> None:
    state = dealt("versus", 2)
    state.strategy_hand, state.strategy_deck = state.strategy_deck[:2], state.strategy_deck[2:]
    ctrl, team, spectator = (RULESET.view(state, v) for v in (0, 1, None))
    assert ctrl.strategy_hand == state.strategy_hand
    assert team.strategy_hand == [] and spectator.strategy_hand == []
    assert team.strategy_hand_size == 2 and team.strategy_deck_size == 10  # the counts are public
    for viewer in (1, None):
        text = _json(state, viewer)
        assert not any(f'"{c}"' in text for c in state.strategy_hand)


def test_a1_7_39_no_view_holds_the_deck_order() -> None:
    state = dealt("versus", 2)
    for viewer in (0, 1, None):
        text = _json(state, viewer)
        assert not any(f'"{c}"' in text for c in state.strategy_deck)


def test_a1_2_11_a_sealed_order_stays_hidden_from_the_other_side() -> None:
    state = dealt("versus", 2)
    state = RULESET.apply(state, 0, RULESET.legal_actions(state, 0)[-1]).state
    assert RULESET.view(state, 0).my_order == state.orders[CTRL]
    assert RULESET.view(state, 1).my_order == [] and RULESET.view(state, None).my_order == []


def test_a1_2_11_face_down_cards_show_only_once_flipped() -> None:
    state = _ordered(dealt("versus", 2))
    team_view = RULESET.view(state, 1)
    ctrl_view = RULESET.view(state, 0)
    for s, seen_by_team, seen_by_ctrl in zip(state.track, team_view.track, ctrl_view.track, strict=True):
        if s.side == CTRL:
            assert seen_by_team.card == (s.card if s.flipped else "")
            assert seen_by_ctrl.card == s.card  # a side knows its own order
        else:
            assert seen_by_ctrl.card == (s.card if s.flipped else "")


def test_a3_4_the_ai_decks_never_reach_a_view() -> None:
    state = dealt("ai", 2)
    for viewer in (0, 1, None):
        text = _json(state, viewer)
        assert "ai_char_deck" not in text and "ai_strategy_deck" not in text
        view = RULESET.view(state, viewer)
        assert not hasattr(view, "ai_char_deck")
    assert RULESET.view(state, 0).side == TEAM


def test_a7_secrets_never_appear_in_a_view_they_are_hidden_from() -> None:
    state = _ordered(dealt("versus", 3))
    state.strategy_hand, state.strategy_deck = state.strategy_deck[:3], state.strategy_deck[3:]
    for viewer in (1, 2, None):
        text = _json(state, viewer)
        secrets = list(RULESET.secrets(state, viewer))
        assert secrets
        assert not any(s in text for s in secrets)


def test_a7_secrets_name_face_down_cards_and_sealed_orders() -> None:
    state = dealt("versus", 2)
    state = RULESET.apply(state, 0, RULESET.legal_actions(state, 0)[-1]).state
    secrets = list(RULESET.secrets(state, 1))
    assert any(s.startswith('"my_order"') for s in secrets)  # the Controller's sealed order
    state = _ordered(dealt("versus", 2))
    team_secrets = list(RULESET.secrets(state, 1))
    hidden = [s.card for s in state.track if s.side == CTRL and not s.flipped]
    assert all(f'"card":"{c}"' in team_secrets for c in hidden if c)
    assert not any(s in _json(state, 1) for s in team_secrets)
