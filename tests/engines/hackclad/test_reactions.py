"""Book section 6.4.3: reactions — turn order, repeated reactions, restart on range change, charges first."""

from __future__ import annotations

from engines.hackclad import RULESET as R
from engines.hackclad.state import HackState
from tests.engines.hackclad.helpers import at, attack, clear_field, hand, my_turn, play, started

CLAWS = [(-1, 1), (0, 1), (1, 1)]
SIDES = [(-1, 1), (1, 1), (-1, 0), (1, 0)]


def _two(witches: list[str], cells: list[int], slots: list[int]) -> HackState:
    state = started("basic", len(witches), witches=witches)
    clear_field(state)
    for seat, (cell, slot) in enumerate(zip(cells, slots, strict=True)):
        state.witches[seat].pos, state.witches[seat].slot = cell, slot
    return state


def test_6_4_3_reactions_go_in_this_rounds_turn_order() -> None:
    state = _two(["rosette", "flare"], [at(1, 1), at(3, 1)], [1, 0])
    hand(state, 0, "block")
    hand(state, 1, "block")
    state = attack(state, CLAWS)
    ask = state.agenda.pending
    assert ask is not None and ask.kind == "react" and ask.seat == 1


def test_6_4_3_the_active_player_may_react_again_until_passing() -> None:
    state = _two(["rosette", "flare"], [at(1, 1), at(3, 1)], [0, 1])
    block, fortress, _shot = hand(state, 1, "block", "fortress", "shot")
    hand(state, 0, "block")
    state = attack(state, CLAWS)
    state, _ = play(state, 0, "pass")
    state, _ = play(state, 1, f"r.{block}")
    assert state.agenda.pending is not None and state.agenda.pending.seat == 1
    state, _ = play(state, 1, f"r.{fortress}")
    assert state.frames[-1].reduce[1] == 4
    state, _events = play(state, 1, "pass")
    assert state.witches[1].injuries == 0 and state.witches[0].injuries == 1


def test_6_4_3_a_range_change_restarts_reactions_from_the_earliest_seat() -> None:
    state = _two(["rosette", "luna"], [at(1, 2), at(3, 2)], [0, 1])
    hand(state, 0, "block")
    (mirror,) = hand(state, 1, "mirror_of_eight")
    state.witches[1].mp = 1
    state = attack(state, SIDES)
    state, _ = play(state, 0, "pass")
    assert state.agenda.pending is not None and state.agenda.pending.seat == 1
    state, _ = play(state, 1, f"r.{mirror}")
    # The Clad turned around: the area changed, so seat 1 (who had passed) is asked again first.
    assert state.clad_facing == 2
    ask = state.agenda.pending
    assert ask is not None and ask.seat == 0 and state.frames[-1].passed == []


def test_6_4_3_a_charge_caused_by_a_reaction_is_resolved_first() -> None:
    state = _two(["rosette", "flare"], [at(2, 3), at(2, 1)], [0, 1])
    (counter,) = hand(state, 0, "counter_cross")
    hand(state, 1, "block")
    state = attack(state, [(0, -1)])
    state, _events = play(state, 0, f"r.{counter}")
    # Counter Cross hit for 2, then repelled the Clad north into seat 1: her charge reaction comes first.
    assert state.witches[0].shards == 2
    ask = state.agenda.pending
    assert ask is not None and ask.seat == 1 and "charge" in ask.text
    assert len(state.frames) == 2
    state, _ = play(state, 1, "pass")
    assert state.witches[1].pos == -1 and state.clad_pos == at(2, 1)
    # The outer attack now covers the cell behind the Clad's new place, so seat 0 is out of it.
    assert not state.frames and state.witches[0].injuries == 0


def test_6_4_3_damage_is_applied_after_everyone_passes_with_reductions() -> None:
    state = _two(["rosette", "flare"], [at(1, 1), at(0, 4)], [0, 1])
    state.voltage = 2  # ATK 3
    block, _shot = hand(state, 0, "block", "shot")
    state.witches[0].shards = 5
    state = attack(state, CLAWS)
    state, _ = play(state, 0, f"r.{block}", "pass")
    assert state.witches[0].injuries == 1 and state.field[at(1, 1)] == 1 and state.witches[0].shards == 4


def test_glossary_reduce_never_goes_below_zero() -> None:
    state = _two(["flare", "rosette"], [at(2, 1), at(0, 4)], [0, 1])
    block, fortress, _shot = hand(state, 0, "block", "fortress", "shot")
    state = attack(state, CLAWS)
    state, events = play(state, 0, f"r.{block}", f"r.{fortress}", "pass")
    assert state.witches[0].injuries == 0 and "takes no damage" in "\n".join(e.text for e in events)


def test_6_4_3_basic_damage_cut_discards_a_card_within_the_limit() -> None:
    state = _two(["mia", "flare"], [at(2, 1), at(0, 4)], [0, 1])  # Mia: -1 DMG once per round
    a, _b = hand(state, 0, "shot", "move")
    state = attack(state, CLAWS)
    state, _ = play(state, 0, f"bd.{a}")
    assert a in state.witches[0].discard and state.frames[-1].reduce[0] == 1
    assert not any(x.key.startswith("bd.") for x in R.legal_actions(state, 0))


def test_6_4_1_a_charge_set_off_by_another_players_card_can_be_reacted_to() -> None:
    state = _two(["mia", "flare"], [at(0, 4), at(2, 1)], [0, 1])
    (oi,) = hand(state, 0, "oi_over_here")
    hand(state, 1, "block")
    state, _ = play(my_turn(state, 0), 0, f"p.{oi}")
    # The Clad steps north into Flare's space: a charge, so Flare's player may react first.
    ask = state.agenda.pending
    assert ask is not None and ask.kind == "react" and ask.seat == 1
    assert state.frames and state.frames[-1].charge
