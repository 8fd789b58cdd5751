"""Book section 6.4.1: the Clad's turn — icons in order, attack damage from voltage, drop, charge, turn."""

from __future__ import annotations

from engines.hackclad import RULESET as R
from engines.hackclad.state import HackState, Task
from tests.engines.hackclad.helpers import at, clear_field, hand, run_tasks, started, texts

# Clad card instance ids follow the order of data/clad.toml.
VEER_LEFT, VEER_RIGHT, WHIRLWIND, CLAWS, TAIL, BLAST, RUSH, SHAKE = (f"K{i:02d}" for i in range(8))


def _field(*cells: int) -> HackState:
    state = started("basic", 2)
    clear_field(state)
    for seat, cell in enumerate(cells):
        state.witches[seat].pos = cell
        hand(state, seat)  # nothing to react with: attacks resolve at once
        state.witches[seat].cp = 0
    state.witches[0].slot, state.witches[1].slot = 0, 1
    return state


def _clad(state: HackState, card: str) -> tuple[HackState, str]:
    state.clad_slots, state.clad_hidden = [card], [False]
    after, events = run_tasks(state, Task(kind="clad_turn", n=0))
    return after, texts(events)


def test_6_4_1_attack_damage_is_the_voltage_gauge_atk() -> None:
    for voltage, atk in ((1, 2), (2, 3), (3, 4)):
        state = _field(at(2, 1), at(0, 0))
        state.voltage = voltage
        state.witches[0].shards = 10
        after, text = _clad(state, CLAWS)
        assert f"takes {atk} damage" in text and after.witches[0].shards == 10 - atk


def test_6_4_1_attack_hits_only_the_cards_cells_relative_to_the_clad_facing() -> None:
    state = _field(at(2, 1), at(2, 3))  # ahead and behind
    state.clad_facing = 2  # facing south: "ahead" is row 3
    after, _ = _clad(state, CLAWS)
    assert after.witches[1].injuries == 1 and after.witches[0].injuries == 0


def test_6_4_1_drop_puts_a_shard_on_the_cell_or_gives_it_to_the_witch_there() -> None:
    state = _field(at(0, 0), at(4, 4))
    after, _ = _clad(state, TAIL)
    assert after.field[at(2, 3)] == 1
    state = _field(at(0, 0), at(4, 4))
    state.witches[0].pos = at(2, 3)
    state.voltage = 1
    after, _ = _clad(state, TAIL)
    # Hit first (attack before drop): she has left the field, so the shard lands on the cell.
    assert after.witches[0].pos == -1 and after.field[at(2, 3)] == 1


def test_6_4_1_drop_on_a_witch_goes_to_her() -> None:
    state = _field(at(3, 2), at(4, 4))  # Whirlwind hits (1,0) too; give her enough shield to survive
    state.witches[0].pos = at(1, 2)
    state.voltage = 1
    state.witches[0].aristocracy = True  # cuts 2: Whirlwind's 2 damage becomes 0
    after, text = _clad(state, WHIRLWIND)
    assert after.witches[0].pos == at(1, 2) and after.witches[0].shards == 1 and "keeps it" in text


def test_6_4_1_move_charges_into_each_space_and_the_clad_keeps_shards_on_the_field() -> None:
    state = _field(at(2, 0), at(4, 4))
    state.field[at(2, 1)] = 2
    after, _text = _clad(state, RUSH)
    assert after.clad_pos == at(2, 0) and after.clad_moved == 2
    assert after.witches[0].injuries == 1 and after.witches[0].pos == -1
    assert after.field[at(2, 1)] == 2


def test_6_4_1_charge_damage_cannot_be_cut() -> None:
    state = _field(at(2, 1), at(4, 4))
    hand(state, 0, "block", "shot")
    state.clad_slots, state.clad_hidden = [RUSH], [False]
    after, _ = run_tasks(state, Task(kind="clad_turn", n=0))
    keys = {a.key for a in R.legal_actions(after, 0)}
    assert not any(k.startswith(("bd.", "r.")) for k in keys) and "pass" in keys


def test_6_4_1_turn_icons_change_the_clad_facing() -> None:
    state = _field(at(0, 0), at(4, 4))
    after, _ = _clad(state, VEER_LEFT)
    assert after.clad_facing == 3 and after.clad_pos == at(2, 1)
    after, _ = _clad(_field(at(0, 0), at(4, 4)), VEER_RIGHT)
    assert after.clad_facing == 1
    after, _ = _clad(_field(at(0, 0), at(4, 4)), WHIRLWIND)
    assert after.clad_facing == 2


def test_6_4_1_icons_resolve_left_to_right() -> None:
    # Shake Off: attack the sides, drop behind, then move forward.
    state = _field(at(1, 2), at(4, 4))
    after, text = _clad(state, SHAKE)
    assert text.index("takes 2 damage") < text.index("sheds shards") < text.index("The Clad moves")
    assert after.field[at(1, 3)] == 1 and after.field[at(3, 3)] == 1


def test_6_4_1_the_resolved_card_joins_the_used_pile() -> None:
    after, _ = _clad(_field(at(0, 0), at(4, 4)), TAIL)
    assert after.clad_used[-1] == TAIL
