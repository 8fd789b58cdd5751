"""Book sections 8 (end of the game) and 9 (scoring and the tiebreak chain)."""

from __future__ import annotations

from typing import Any

from engines.hackclad import RULESET as R
from engines.hackclad.cards import card_of
from engines.hackclad.missions import deck_vp
from engines.hackclad.scoring import breakdown, outcome
from engines.hackclad.state import HackState, SeqSlot, Task
from tests.engines.hackclad.helpers import cid, move_card, run_tasks, started


def _over(state: HackState) -> HackState:
    state.round = 9
    after, _ = run_tasks(state, Task(kind="end_round"))
    return after


def test_8_the_game_ends_after_the_ninth_round() -> None:
    state = started("basic", 2)
    state.round = 8
    after, _ = run_tasks(state, Task(kind="end_round"))
    assert after.phase == "play" and after.round == 9
    after = _over(started("basic", 2))
    assert after.phase == "over" and R.outcome(after) is not None and R.prompts(after) == {}


def test_8_voltage_3_with_an_empty_clad_deck_ends_at_the_end_of_the_round() -> None:
    state = started("basic", 2)
    state.round, state.voltage, state.clad_deck = 6, 3, []
    after, _ = run_tasks(state, Task(kind="end_round"))
    assert after.phase == "over" and "voltage 3" in after.end_reason


def test_9_score_is_shards_plus_deck_vp_plus_missions_minus_injuries() -> None:
    state = started("basic", 2, witches=["rosette", "flare"])  # Destroyer is one of Rosette's missions
    w = state.witches[0]
    w.shards, w.injuries, w.completed = 12, 3, ["destroyer"]
    parts = breakdown(state, 0)
    assert parts["deck"] == deck_vp(state, 0) >= 9
    assert parts["total"] == 12 + parts["deck"] + 5 - 3


def test_9_deck_vp_counts_the_nine_owned_cards_not_the_enhanced_pile() -> None:
    state = started("basic", 2, witches=["rosette", "flare"])
    # Rosette's 8 basics are worth 8; the hidden starting enhanced card adds its own VP.
    chosen = next(
        c
        for c in (
            *state.witches[0].deck,
            *state.witches[0].hand,
            *(s.card for s in state.standby if s.seat == 0),
        )
        if int(c[2:]) >= 8
    )
    assert deck_vp(state, 0) == 8 + card_of(state, chosen).vp


def _tied(a: dict[str, Any], b: dict[str, Any]) -> HackState:
    state = started("basic", 2, witches=["rosette", "rosette"])
    for seat, spec in enumerate((a, b)):
        w = state.witches[seat]
        # Same nine cards for both: the 8 basics plus Auxiliary Mana (or Crimson Barrage for more deck VP).
        for card in [c for c in (*w.deck, *w.hand, *w.discard) if int(c[2:]) >= 8]:
            move_card(state, seat, card, "enhanced")
        for slots in (state.turn_slots, state.standby):
            for i, slot in enumerate(slots):
                if slot.seat == seat and int(slot.card[2:]) >= 8:
                    w.enhanced.append(slot.card)
                    slots[i] = SeqSlot(seat=seat, card=next(c for c in w.deck if int(c[2:]) < 8))
                    w.deck.remove(slots[i].card)
        move_card(state, seat, cid(state, seat, spec.get("enhanced_card", "crimson_barrage")), "deck")
        w.missions, w.completed = [], []
        w.injuries = spec.get("injuries", 0)
        w.shards = 50 - deck_vp(state, seat) + w.injuries
        if spec.get("missions"):
            w.missions = w.completed = ["striker"]
            w.shards -= 3
    return state


def test_9_tiebreak_fewest_injuries() -> None:
    state = _tied({"injuries": 2}, {"injuries": 1})
    assert [breakdown(state, s)["total"] for s in (0, 1)] == [50, 50]
    assert outcome(state).winners == (1,)


def test_9_tiebreak_then_most_missions() -> None:
    state = _tied({"missions": 1}, {})
    assert [breakdown(state, s)["total"] for s in (0, 1)] == [50, 50]
    assert outcome(state).winners == (0,)


def test_9_tiebreak_then_most_deck_vp() -> None:
    state = _tied({"enhanced_card": "aux_mana"}, {})
    assert deck_vp(state, 0) == deck_vp(state, 1) + 2
    assert outcome(state).winners == (0,)


def test_9_tiebreak_finally_the_player_who_went_last() -> None:
    state = _tied({}, {})
    assert outcome(state).winners == (1,)
    assert outcome(state).ranking == ((1,), (0,))
