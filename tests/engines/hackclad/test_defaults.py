"""What a timed-out seat does, and the options every mode offers."""

from __future__ import annotations

from engines.hackclad import RULESET as R
from engines.hackclad.state import Task
from tests.engines.hackclad.helpers import (
    at,
    attack,
    clear_field,
    hand,
    move_card,
    my_turn,
    run_tasks,
    started,
)


def test_default_action_ends_a_turn() -> None:
    state = my_turn(started("basic", 2), 0)
    assert R.default_action(state, 0).key == "end"


def test_default_action_passes_a_reaction() -> None:
    state = started("basic", 2)
    clear_field(state)
    state.witches[0].pos, state.witches[1].pos = at(2, 1), at(0, 4)
    hand(state, 0, "block")
    state = attack(state, [(0, 1)])
    assert R.default_action(state, 0).key == "pass"


def test_default_action_declines_an_enhanced_swap() -> None:
    state = started("basic", 2)
    for card in list(state.witches[0].deck):
        move_card(state, 0, card, "discard")
    after, _ = run_tasks(state, Task(kind="draw", seat=0, n=1))
    assert R.default_action(after, 0).key == "none"


def test_default_action_in_the_draft_is_a_legal_pick() -> None:
    state = started("basic", 2)
    assert R.default_action(state, 0) in R.legal_actions(state, 0)


def test_every_mode_offers_expert_missions_and_a_per_seat_witch() -> None:
    for mode in R.modes:
        names = {o.name: o for o in mode.options}
        extra = {"witch2"} if mode.name == "team" else set()
        assert set(names) == {"expert", "missions", "witch"} | extra and names["witch"].per_seat
        assert all(names[n].per_seat for n in extra)
        assert names["missions"].choices == ("draft", "first_game") and names["expert"].default is False
