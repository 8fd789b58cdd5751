"""Start phase: effects of cards in play that say start of turn."""

from __future__ import annotations

from engines.arclash.turn import begin_turn
from tests.engines.arclash.helpers import R, clear_pending, give, opened, run, set_hand, set_stack


def test_start_phase_resolves_start_of_turn_effects_of_the_whole_stack() -> None:
    state = opened(2, seed=2)
    # Apprentice Scryer (start: draw 1) under Oracle of Currents (start: draw 2): both trigger.
    set_stack(state, 0, "AC-044", "AC-048", "AC-051")
    set_hand(state, 0)
    set_stack(state, 1, "AC-023")
    set_hand(state, 1)
    turn = state.turn
    run(state, begin_turn)
    assert state.turn == turn + 1
    assert len(state.seats[0].hand) == 3
    assert state.seats[1].hand == []


def test_start_phase_search_offers_the_matching_cards_from_the_top() -> None:
    state = opened(2, seed=2)
    set_stack(state, 0, "AC-003")  # start: top 5 cards, up to 1 [Serpent] character
    set_hand(state, 0)
    state.seats[0].deck = []
    for card_id in ("AC-013", "AC-014", "AC-002", "AC-015", "AC-016", "AC-017"):
        give(state, 0, card_id, "deck")
    clear_pending(state)
    run(state, begin_turn)
    assert [a.key for a in R.legal_actions(state, 0)] == ["take:AC-002", "done"]
    state = R.apply(state, 0, "take:AC-002").state
    assert [state.ids[i] for i in state.seats[0].hand] == ["AC-002"]
    assert len(state.seats[0].deck) == 5
