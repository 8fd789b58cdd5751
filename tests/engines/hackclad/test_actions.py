"""Book section 6.4.2: skill cards (range by facing, costs, extra costs), basic actions and CP actions."""

from __future__ import annotations

from engines.hackclad import RULESET as R
from engines.hackclad.state import HackState
from tests.engines.hackclad.helpers import at, clear_field, hand, my_turn, play, started


def _beside_clad(witch: str = "rosette") -> HackState:
    state = started("basic", 2, witches=[witch, "luna"])
    clear_field(state)
    state.witches[0].pos, state.witches[0].facing = at(2, 3), 0  # just south of the Clad
    state.witches[1].pos = at(0, 0)
    return my_turn(state, 0)


def keys(state: HackState, seat: int = 0) -> set[str]:
    return {a.key for a in R.legal_actions(state, seat)}


def test_6_4_2_attack_needs_the_clad_in_range_from_the_chosen_facing() -> None:
    state = _beside_clad()
    (tail,) = hand(state, 0, "tail_whip")
    assert {k for k in keys(state) if k.startswith("p.")} == {f"p.{tail}.0"}
    state.witches[0].pos = at(0, 4)  # far away: no attack at all
    assert not {k for k in keys(state) if k.startswith("p.")}


def test_6_4_2_playing_an_attack_turns_the_witch_and_deals_its_atk_as_shards() -> None:
    state = _beside_clad()
    state.witches[0].facing = 2
    (tail,) = hand(state, 0, "tail_whip")
    state, events = play(state, 0, f"p.{tail}.0")
    w = state.witches[0]
    assert w.facing == 0 and w.shards == 1 and tail in w.discard
    assert "deals 1 damage" in "\n".join(e.text for e in events)


def test_6_4_2_other_witches_in_the_attack_range_take_no_damage() -> None:
    state = _beside_clad()
    state.witches[1].pos = at(1, 2)
    (tail,) = hand(state, 0, "tail_whip")
    state, _ = play(state, 0, f"p.{tail}.0")
    assert state.witches[1].injuries == 0 and state.witches[1].pos == at(1, 2)


def test_6_4_2_mp_cost_must_be_paid() -> None:
    state = _beside_clad()
    (shot,) = hand(state, 0, "shot")
    assert not any(k.startswith(f"p.{shot}") for k in keys(state))
    state.witches[0].mp = 2
    state, _ = play(state, 0, f"p.{shot}.0")
    assert state.witches[0].mp == 1 and state.witches[0].shards == 1


def test_6_4_2_extra_cost_needs_another_card_to_discard() -> None:
    state = _beside_clad()
    state.witches[0].mp = 3
    (whip,) = hand(state, 0, "rose_whip")
    assert not any(k.startswith(f"p.{whip}") for k in keys(state))
    whip, block = hand(state, 0, "rose_whip", "block")
    state, _ = play(state, 0, f"p.{whip}.0")
    assert R.prompts(state)[0].kind == "choice"
    state, _ = play(state, 0, f"c.{block}")
    assert block in state.witches[0].discard and state.witches[0].shards == 3


def test_6_4_2_reaction_cards_cannot_be_played_on_your_turn() -> None:
    state = _beside_clad()
    (block,) = hand(state, 0, "block")
    assert not any(k.startswith(f"p.{block}") for k in keys(state))


def test_6_4_2_basic_move_discards_a_card_and_has_a_per_round_limit() -> None:
    state = _beside_clad("rosette")  # Rosette: +1 Move twice per round
    state.witches[0].pos = at(0, 0)
    a, b, _c = hand(state, 0, "shot", "block", "verve")
    state, _ = play(state, 0, f"bm.{a}", "d1", f"bm.{b}", "d1")
    assert state.witches[0].pos == at(2, 0) and state.witches[0].uses[0] == 2
    assert not any(k.startswith("bm.") for k in keys(state))
    assert {a, b} <= set(state.witches[0].discard)


def test_6_4_2_basic_mp_discards_a_card_for_one_mp() -> None:
    state = _beside_clad("luna")  # Luna: +1 MP twice
    a, b, _c = hand(state, 0, "shot", "block", "storm")
    state, _ = play(state, 0, f"bp.{a}", f"bp.{b}")
    assert state.witches[0].mp == 2 and not any(k.startswith("bp.") for k in keys(state))


def test_6_4_2_basic_damage_cut_is_only_a_reaction() -> None:
    state = _beside_clad()
    hand(state, 0, "shot", "block")
    assert not any(k.startswith("bd.") for k in keys(state))


def test_6_4_2_cp_actions_cost_cp_and_respect_their_timing() -> None:
    state = _beside_clad("luna")
    hand(state, 0, "shot")
    assert not any(k.startswith("cp.") for k in keys(state))
    state.witches[0].cp = 3
    k = keys(state)
    assert {"cp.cp_move", "cp.cp_mp", "cp.cp_draw", "cp.sabbath"} <= k and "cp.cp_guard" not in k
    state, _ = play(state, 0, "cp.sabbath")
    assert state.witches[0].mp == 7 and state.witches[0].cp == 0


def test_6_4_2_ending_the_turn() -> None:
    state = _beside_clad()
    state, events = play(state, 0, "end")
    assert state.witches[0].turn_over and "ends their turn" in events[-1].text
