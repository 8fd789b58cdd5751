"""Book section 11: expert mode, solo rules (four changes) and the team match."""

from __future__ import annotations

import msgspec

from engines.core import GameConfig
from engines.hackclad import RULESET as R
from engines.hackclad.cards import clad_of
from engines.hackclad.rounds import clad_pool, draft_slots
from engines.hackclad.state import SeqSlot, Task
from tests.engines.hackclad.helpers import play, run_tasks, started


def test_11_1_expert_mode_swaps_veer_right_veer_left_and_rush() -> None:
    state = started("basic", 2, expert=True)
    names = {clad_of(k).name for v in (1, 2, 3) for k in clad_pool(state, v)}
    assert {"Sweep Right", "Sweep Left", "Tail Rush"} <= names
    assert not {"Veer Right", "Veer Left", "Rush"} & names
    normal = started("basic", 2)
    assert not {"Sweep Right", "Sweep Left", "Tail Rush"} & {clad_of(k).name for k in clad_pool(normal, 1)}


def test_11_1_expert_mode_works_at_every_player_count() -> None:
    for mode, n in (("solo", 1), ("basic", 3), ("team", 4)):
        assert R.setup(GameConfig(mode, n, {"expert": True}), 1).expert


def test_11_2_1_solo_change_1_six_of_the_voltage_1_and_2_cards_form_the_deck() -> None:
    state = R.setup(GameConfig("solo", 1), 4)
    pool = set(clad_pool(state, 1) + clad_pool(state, 2))
    assert len(state.clad_deck) == 6 and len(state.clad_reserve) == 3
    assert set(state.clad_deck) | set(state.clad_reserve) == pool


def test_11_2_1_solo_change_2_first_reform_draws_three_of_the_set_aside_and_voltage_3_cards() -> None:
    state = started("solo", 1)
    reserve = list(state.clad_reserve)
    state.clad_used, state.clad_deck = state.clad_deck + state.clad_slots, []
    after, _ = run_tasks(state, Task(kind="forecast"))
    added = set(after.clad_deck + after.clad_slots) - set(state.clad_used)
    assert after.voltage == 2 and len(added) == 3 and len(after.clad_later) == 3
    assert added | set(after.clad_later) == set(reserve + clad_pool(state, 3))
    later = list(after.clad_later)
    after.clad_used, after.clad_deck = after.clad_deck + after.clad_slots, []
    again, _ = run_tasks(after, Task(kind="forecast"))
    assert (
        again.voltage == 3 and set(later) <= set(again.clad_deck + again.clad_slots) and not again.clad_later
    )


def test_11_2_1_solo_change_3_the_second_clad_slot_stays_face_down_until_it_acts() -> None:
    state = started("solo", 1)
    assert state.clad_hidden == [False, True, False]
    hidden = state.clad_slots[1]
    for viewer in (None, 0):
        view = R.view(state, viewer)
        assert view.clad_slots[1] is None and view.clad_slot_state[1] == "hidden"
        assert hidden not in msgspec.json.encode(view).decode()
    after, events = run_tasks(state, Task(kind="clad_turn", n=1))
    assert after.clad_hidden[1] is False and f"The Clad acts: {clad_of(hidden).name}" in events[0].text


def test_11_2_1_solo_change_4_turn_slots_get_markers_and_marked_slots_are_closed() -> None:
    state = started("solo", 1)
    key = next(a.key for a in R.legal_actions(state, 0) if a.params[0] == 1)
    state, _ = play(state, 0, key)
    while state.agenda.pending is not None and state.agenda.pending.kind != "turn":
        state, _ = play(state, 0, R.default_action(state, 0).key)
    assert state.markers == [False, True, False, False]
    state.standby = [SeqSlot(), SeqSlot(), SeqSlot(seat=0, card="c000"), SeqSlot()]
    assert 1 not in draft_slots(state, 2)


def test_11_2_1_solo_change_4_markers_clear_when_every_slot_has_one() -> None:
    state = started("solo", 1)
    state.markers = [True] * 4
    after, events = run_tasks(state, Task(kind="draft_phase"))
    assert after.markers == [False] * 4 and any("cleared" in e.text for e in events)


def test_11_2_2_team_match_adds_up_team_vp() -> None:
    state = started("team", 4)
    for seat, shards in enumerate((10, 1, 10, 30)):
        state.witches[seat].shards = shards
    state.round = 9
    after, _ = run_tasks(state, Task(kind="end_round"))
    result = R.outcome(after)
    assert result is not None and set(result.ranking) == {(0, 2), (1, 3)}
    totals = {team: sum(result.scores[s] for s in team) for team in result.ranking}
    assert result.winners == max(totals, key=lambda t: totals[t])


def test_11_2_2_team_match_takes_two_or_four_seats() -> None:
    assert R.setup(GameConfig("team", 2), 1).players == 2
    assert [m.players for m in R.modes] == [(2, 3, 4), (1,), (2, 4)]
