"""Book section 7: reforming your deck (7.1) and the Clad deck (7.2)."""

from __future__ import annotations

import msgspec

from engines.hackclad import RULESET as R
from engines.hackclad.rounds import clad_pool
from engines.hackclad.state import Task
from tests.engines.hackclad.helpers import cid, hand, move_card, my_turn, play, run_tasks, started


def _empty_deck():  # type: ignore[no-untyped-def]
    state = started("basic", 2)
    w = state.witches[0]
    for card in list(w.deck):
        move_card(state, 0, card, "discard")
    return state


def test_7_1_reform_gains_cp_offers_a_swap_and_shuffles_the_discards_in() -> None:
    state = _empty_deck()
    discards = len(state.witches[0].discard)
    after, _events = run_tasks(state, Task(kind="draw", seat=0, n=1))
    assert after.witches[0].cp == 1
    assert after.agenda.pending is not None and after.agenda.pending.handler == "reform_in"
    after, _ = play(after, 0, "none")
    assert not after.witches[0].discard and len(after.witches[0].deck) == discards - 1
    assert len(after.witches[0].hand) == len(state.witches[0].hand) + 1


def test_7_1_enhanced_swap_is_hidden_from_the_other_players() -> None:
    state = _empty_deck()
    after, _ = run_tasks(state, Task(kind="draw", seat=0, n=1))
    enhanced = sorted(after.witches[0].enhanced)[0]
    after, _ = play(after, 0, f"in.{enhanced}")
    out = after.witches[0].discard[0]
    step = R.apply(after, 0, f"out.{out}")
    assert enhanced not in step.state.witches[0].enhanced and out in step.state.witches[0].enhanced
    swap = next(e for e in step.events if e.kind == "swap")
    assert swap.text_for(1) is not None and "swaps an enhanced card" in swap.text_for(1)  # type: ignore[operator]
    other_view = msgspec.json.encode(R.view(step.state, 1)).decode()
    assert enhanced not in other_view and out not in other_view


def test_7_1_reform_in_the_middle_of_a_card_then_finishes_the_card() -> None:
    state = started("basic", 2, witches=["luna", "rosette"])
    (muninn,) = hand(state, 0, "muninn")
    for card in list(state.witches[0].deck):
        move_card(state, 0, card, "discard")
    state = my_turn(state, 0)
    state, _ = play(state, 0, f"p.{muninn}", "none")
    # Reformed (CP +1) and drew; the stacking part found an empty discard pile; Muninn is now discarded.
    w = state.witches[0]
    assert w.cp == 1 and len(w.hand) == 1 and w.discard == [muninn]
    assert state.agenda.pending is not None and state.agenda.pending.kind == "turn"


def test_7_2_clad_deck_reform_raises_voltage_and_adds_that_voltages_cards() -> None:
    state = started("basic", 2)
    state.clad_used, state.clad_deck = state.clad_deck + state.clad_slots, []
    after, _ = run_tasks(state, Task(kind="forecast"))
    assert after.voltage == 2
    assert set(clad_pool(state, 2)) <= set(after.clad_deck + after.clad_slots)
    assert len(after.clad_deck) + len(after.clad_slots) == 9


def test_7_draw_with_nothing_left_anywhere_draws_nothing() -> None:
    state = started("basic", 2)
    w = state.witches[0]
    for card in list(w.deck):
        move_card(state, 0, card, "hand")
    before = len(w.hand)
    after, _ = run_tasks(state, Task(kind="draw", seat=0, n=2))
    assert len(after.witches[0].hand) == before and after.witches[0].cp == 0
    assert cid(state, 0, "shot")


def test_3_cp_gained_with_the_gauge_at_seven_is_lost() -> None:
    state = _empty_deck()
    state.witches[0].cp = 7
    after, _ = run_tasks(state, Task(kind="draw", seat=0, n=1))
    assert after.witches[0].cp == 7
