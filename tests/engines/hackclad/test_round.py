"""Book section 6.1-6.4: forecast, draw, draft, and the action phase order."""

from __future__ import annotations

from engines.hackclad import RULESET as R
from engines.hackclad.cards import clad_of
from engines.hackclad.rounds import clad_pool
from engines.hackclad.state import SeqSlot, Task
from tests.engines.hackclad.helpers import at, clear_field, play, run_tasks, started


def test_6_1_forecast_fills_three_clad_slots_from_the_deck() -> None:
    state = started("basic", 2)
    assert len(state.clad_slots) == 3 and len(state.clad_deck) == 3
    assert not any(state.clad_hidden)


def test_6_1_forecast_reforms_an_empty_clad_deck_first() -> None:
    state = started("basic", 2)
    state.clad_used = list(state.clad_slots) + list(state.clad_deck)
    state.clad_deck = []
    after, events = run_tasks(state, Task(kind="forecast"))
    assert after.voltage == 2
    assert len(after.clad_deck) + len(after.clad_slots) == 9
    assert set(clad_pool(state, 2)) <= set(after.clad_deck + after.clad_slots)
    assert "voltage 2" in "\n".join(e.text for e in events)


def test_6_2_draw_phase_fills_every_hand_to_three() -> None:
    state = started("basic", 2)
    state.witches[1].hand = state.witches[1].hand[:1]
    state.witches[1].deck += ["c100"] if "c100" not in state.witches[1].deck else []
    after, _ = run_tasks(state, Task(kind="draw_phase"))
    assert len(after.witches[1].hand) == 3


def test_6_3_draft_cannot_take_the_turn_slot_above_the_standby_card() -> None:
    state = started("basic", 2)
    slots = {int(a.params[0]) for a in R.legal_actions(state, 0)}
    # Player 1's card was on the 1st standby slot, which sits under the 4th turn slot.
    assert slots == {0, 1, 2}


def test_6_3_draft_cannot_take_a_slot_someone_already_took() -> None:
    state = started("basic", 2)
    key = next(a.key for a in R.legal_actions(state, 0) if a.params[0] == 1)
    state, _ = play(state, 0, key)
    while R.prompts(state).get(0):
        state = R.apply(state, 0, R.default_action(state, 0)).state
    assert 1 not in {int(a.params[0]) for a in R.legal_actions(state, 1)}


def test_6_3_turn_card_returns_to_hand_before_choosing() -> None:
    state = started("basic", 2)
    assert len(state.witches[0].hand) == 4


def test_6_3_first_turn_slot_draws_a_card() -> None:
    state = started("basic", 2)
    key = next(a.key for a in R.legal_actions(state, 0) if a.params[0] == 0)
    state, _ = play(state, 0, key)
    assert len(state.witches[0].hand) == 4


def test_6_3_second_turn_slot_gives_one_mp() -> None:
    state = started("basic", 2)
    key = next(a.key for a in R.legal_actions(state, 0) if a.params[0] == 1)
    state, _ = play(state, 0, key)
    assert state.witches[0].mp == 1


def test_6_3_third_turn_slot_draws_then_puts_a_card_back_on_the_deck() -> None:
    state = started("basic", 2)
    key = next(a.key for a in R.legal_actions(state, 0) if a.params[0] == 2)
    state, _ = play(state, 0, key)
    assert R.prompts(state)[0].kind == "choice"
    back = R.legal_actions(state, 0)[0]
    state, _ = play(state, 0, back.key)
    assert state.witches[0].deck[0] == back.key[2:] and len(state.witches[0].hand) == 3


def test_6_3_fourth_turn_slot_moves_zero_or_one_space() -> None:
    state = started("basic", 2)
    state.standby[0] = SeqSlot(seat=0, card=state.witches[0].hand.pop())
    state.agenda.pending = None
    state.agenda.tasks = [Task(kind="slot_effect", seat=0, n=3)]
    after, _ = run_tasks(state, Task(kind="slot_effect", seat=0, n=3))
    keys = [k for k, _ in after.agenda.pending.options]  # type: ignore[union-attr]
    assert "stop" in keys and any(k.startswith("d") for k in keys)


def test_6_3_re_entry_comes_first_in_the_draft() -> None:
    state = started("basic", 2)
    state.witches[1].pos = -1
    state.agenda.pending = None
    after, _ = run_tasks(state, Task(kind="reentry", seat=1), Task(kind="draft_pick", seat=1))
    assert after.agenda.pending is not None and after.agenda.pending.handler == "reentry"


def test_6_4_turns_alternate_with_the_clad_cards() -> None:
    state = started("basic", 2)
    clear_field(state)
    state.witches[0].pos, state.witches[1].pos = at(0, 0), at(4, 4)
    state.turn_slots = [
        SeqSlot(seat=0, card=state.witches[0].hand.pop()),
        SeqSlot(),
        SeqSlot(),
        SeqSlot(seat=1, card=state.witches[1].hand.pop()),
    ]
    state.standby = [SeqSlot() for _ in range(4)]
    state.clad_slots, state.clad_hidden = ["K02", "K03", "K04"], [False] * 3  # no moves: nobody is hit
    after, events = run_tasks(state, Task(kind="action_phase"))
    ask = after.agenda.pending
    assert ask is not None and ask.seat == 0 and ask.kind == "turn"
    # The 1st turn card slid down to the standby slot under it (the 4th standby slot).
    assert after.standby[3].seat == 0 and after.turn_slots[0].seat == -1
    state2, events = play(after, 0, "end")
    names = [clad_of(k).name for k in state.clad_slots]
    text = "\n".join(e.text for e in events)
    assert all(f"The Clad acts: {n}" in text for n in names)
    ask = state2.agenda.pending
    assert ask is not None and ask.seat == 1 and ask.kind == "turn"
    assert text.index("The Clad acts: Tail Whip") < text.index("{P2}'s turn")


def test_6_3_the_draft_goes_in_standby_order_not_seat_order() -> None:
    state = started("basic", 2)
    state.turn_slots = [SeqSlot() for _ in range(4)]
    turn = {s: state.witches[s].hand.pop() for s in (0, 1)}
    state.standby = [SeqSlot(seat=1, card=turn[1]), SeqSlot(seat=0, card=turn[0]), SeqSlot(), SeqSlot()]
    after, _ = run_tasks(state, Task(kind="draft_phase"))
    ask = after.agenda.pending
    assert ask is not None and ask.kind == "draft" and ask.seat == 1
