"""Book section 6.4, field and figure rules: orthogonal steps, no passing figures, shards, wrap, facing."""

from __future__ import annotations

from engines.hackclad import RULESET as R
from engines.hackclad import grid
from engines.hackclad.clad import move_options
from tests.engines.hackclad.helpers import at, clear_field, hand, my_turn, play, started


def _setup():  # type: ignore[no-untyped-def]
    state = started("basic", 2)
    clear_field(state)
    state.witches[0].pos, state.witches[0].facing = at(0, 0), 0
    state.witches[1].pos = at(4, 4)
    return state


def test_6_4_figures_move_orthogonally_only() -> None:
    state = _setup()
    state.witches[0].pos = at(1, 1)
    cells = {grid.step(at(1, 1), d) for d in move_options(state, 0)}
    assert cells == {at(1, 0), at(2, 1), at(1, 2), at(0, 1)}


def test_6_4_witches_cannot_enter_the_clad_or_another_witch() -> None:
    state = _setup()
    state.witches[0].pos = at(2, 1)  # north of the Clad
    state.witches[1].pos = at(3, 1)
    cells = {grid.step(at(2, 1), d) for d in move_options(state, 0)}
    assert at(2, 2) not in cells and at(3, 1) not in cells and cells == {at(2, 0), at(1, 1)}


def test_6_4_the_field_wraps_top_to_bottom_and_left_to_right() -> None:
    assert grid.step(at(0, 0), 0) == at(0, 4)
    assert grid.step(at(0, 0), 3) == at(4, 0)
    assert grid.offset(at(2, 0), 0, (0, 1)) == at(2, 4)


def test_6_4_stepping_on_shards_picks_them_up() -> None:
    state = _setup()
    state.field[at(1, 0)] = 3
    hand(state, 0, "move", "shot", "block")
    state, _ = play(my_turn(state, 0), 0, f"p.{state.witches[0].hand[0]}", "d1")
    assert state.witches[0].pos == at(1, 0)
    assert state.witches[0].shards == 3 and state.field[at(1, 0)] == 0


def test_6_4_facing_changes_are_free_and_any_time() -> None:
    state = _setup()
    w = state.witches[0]
    w.pos, w.facing, w.mp = at(2, 3), 2, 1  # just south of the Clad, looking away from it
    (shot,) = hand(state, 0, "shot")
    state = my_turn(state, 0)
    keys = [a.key for a in R.legal_actions(state, 0)]
    # The attack turns her to face north as part of playing it: no cost, no separate step.
    assert f"p.{shot}.0" in keys and not any(k.startswith("f.") for k in keys)
    state, _ = play(state, 0, f"p.{shot}.0")
    assert state.witches[0].facing == 0 and state.witches[0].mp == 0 and state.witches[0].shards == 1
