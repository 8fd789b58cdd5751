"""Book sections 6.4.4 (damage handling) and 6.4.5 (re-entry)."""

from __future__ import annotations

from engines.hackclad import RULESET as R
from engines.hackclad import grid
from engines.hackclad.state import SeqSlot, Task
from tests.engines.hackclad.helpers import at, attack, clear_field, hand, play, run_tasks, started


def test_6_4_4_one_injury_per_hit_shards_equal_to_damage_and_off_the_field() -> None:
    state = started("basic", 2)
    clear_field(state)
    state.witches[0].pos, state.witches[1].pos = at(2, 1), at(0, 4)
    hand(state, 0)
    state.witches[0].cp = 0
    state.voltage = 3  # 4 damage
    state.witches[0].shards = 3
    state = attack(state, [(0, 1)])
    w = state.witches[0]
    assert w.injuries == 1 and w.shards == 0 and state.field[at(2, 1)] == 3 and w.pos == -1


def test_6_4_5_re_entry_uses_a_free_entry_point_and_takes_shards_there() -> None:
    state = started("basic", 2)
    clear_field(state)
    state.witches[1].pos = grid.ENTRIES[0]
    state.field[grid.ENTRIES[1]] = 2
    after, _ = run_tasks(state, Task(kind="reentry", seat=0))
    keys = [k for k, _ in after.agenda.pending.options]  # type: ignore[union-attr]
    assert keys == ["eB", "eC", "eD"]
    after, _ = play(after, 0, "eB")
    assert after.witches[0].pos == grid.ENTRIES[1] and after.witches[0].shards == 2


def test_6_4_5_with_every_entry_point_taken_any_free_space_will_do() -> None:
    state = started("basic", 4)
    clear_field(state)
    for seat in range(3):
        state.witches[seat].pos = grid.ENTRIES[seat]
    state.clad_pos = grid.ENTRIES[3]
    after, _ = run_tasks(state, Task(kind="reentry", seat=3))
    keys = [k for k, _ in after.agenda.pending.options]  # type: ignore[union-attr]
    assert len(keys) == 25 - 4 and all(k.startswith("x") for k in keys)


def test_6_4_5_re_entry_happens_at_the_start_of_the_turn() -> None:
    state = started("basic", 2)
    clear_field(state)
    state.witches[1].pos = at(0, 0)
    state.turn_slots[0] = SeqSlot(seat=0, card=state.witches[0].hand.pop())
    after, _ = run_tasks(state, Task(kind="turn_start", seat=0, n=0))
    assert after.agenda.pending is not None and after.agenda.pending.handler == "reentry"
    after, _ = play(after, 0, R.legal_actions(after, 0)[0].key)
    ask = after.agenda.pending
    assert ask is not None and ask.kind == "turn" and after.witches[0].pos >= 0


def test_3_injuries_keep_counting_past_seven_and_all_count_at_scoring() -> None:
    from engines.hackclad.scoring import breakdown

    state = started("basic", 2)
    clear_field(state)
    state.witches[0].pos, state.witches[1].pos = at(2, 1), at(0, 4)
    hand(state, 0)
    state.witches[0].cp, state.witches[0].injuries = 0, 7
    state = attack(state, [(0, 1)])
    assert state.witches[0].injuries == 8
    parts = breakdown(state, 0)
    assert parts["total"] == parts["shards"] + parts["deck"] + parts["missions"] - 8
