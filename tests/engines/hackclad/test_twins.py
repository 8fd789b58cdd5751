"""Hidden information, held by twin states: each viewer is shown the same on every twin of a state."""

from __future__ import annotations

import msgspec
import pytest

from engines.core.rng import Rng
from engines.core.twins import TwinReport, check_twins
from engines.core.types import GameConfig
from engines.hackclad import RULESET as R
from engines.hackclad.cards import card_of, is_enhanced
from engines.hackclad.state import HackState, Task
from tests.engines.hackclad.helpers import (
    at,
    cid,
    clear_field,
    hand,
    move_card,
    my_turn,
    play,
    run_tasks,
    started,
)

# Every mode and player count, with the expert Clad deck off and on (and a first-game mission deal).
CONFIGS = [
    GameConfig(mode, players, {"expert": expert})
    for mode, counts in (("basic", (2, 3, 4)), ("solo", (1,)), ("team", (2, 4)))
    for players in counts
    for expert in (False, True)
] + [GameConfig("basic", 3, {"missions": "first_game"})]


def _name(config: GameConfig) -> str:
    return f"{config.mode}{config.players}-" + "-".join(f"{k}={v}" for k, v in config.options.items())


@pytest.mark.parametrize("config", CONFIGS, ids=_name)
def test_twins_show_every_viewer_the_same(config: GameConfig) -> None:
    report = TwinReport()
    for seed in (1, 2):
        check_twins(R, config, seed, every=2, report=report)
    assert report.games == 2 and report.differing > 0 and report.narrations > 0


@pytest.mark.slow(seconds=8)
@pytest.mark.parametrize("config", CONFIGS, ids=_name)
def test_twins_show_every_viewer_the_same_many_seeds(config: GameConfig) -> None:
    # Ten more games a configuration, twins checked at every step (the quick test above: two, at
    # every other step). The thirty played before cost about four CPU minutes of the slow set, and
    # no fault in the project's history was found by them.
    report = TwinReport()
    for seed in range(3, 13):
        check_twins(R, config, seed, report=report)
    assert report.differing > 0 and report.narrations > 0


# ----------------------------------------------------------------------------------- helpers
def _duel(witch: str) -> HackState:
    """Seat 0 (``witch``) stands two cells south of the Clad, facing it, on her turn."""
    state = started("basic", 2, witches=[witch, "flare"])
    clear_field(state)
    state.witches[0].pos, state.witches[0].facing, state.witches[0].mp = at(2, 4), 0, 7
    state.witches[1].pos = at(0, 0)
    state.witches[0].slot, state.witches[1].slot = 0, 1
    return my_turn(state, 0)


def _view(state: HackState, viewer: int | None) -> bytes:
    return msgspec.msgpack.encode(R.view(state, viewer))


def _twins(state: HackState, viewer: int | None, n: int = 20) -> list[HackState]:
    rng = Rng(7)
    out = []
    for _ in range(n):
        twin = R.twin(state, viewer, rng)
        assert twin is not None
        out.append(twin)
    return out


# ----------------------------------------------------------------------------------- what twin keeps
def test_twin_keeps_the_input_unchanged_and_every_card_in_its_owners_zones() -> None:
    state = started("basic", 3)
    before = R.encode(state)
    for viewer in (None, 0, 1, 2):
        for twin in _twins(state, viewer, 5):
            assert R.conserved(twin) == R.conserved(state)
            for seat, (w, t) in enumerate(zip(state.witches, twin.witches, strict=True)):
                assert sorted(w.discard) == sorted(t.discard)
                assert len(w.hand) == len(t.hand) and len(w.deck) == len(t.deck)
                assert all(int(c[1]) == seat for c in (*t.hand, *t.deck, *t.enhanced))
            assert _view(twin, viewer) == _view(state, viewer)
    assert R.encode(state) == before


def test_twin_deals_others_hands_and_every_deck_order_afresh() -> None:
    state = started("basic", 2)
    twins = _twins(state, 0)
    assert all(t.witches[0].hand == state.witches[0].hand for t in twins)
    assert any(t.witches[0].deck != state.witches[0].deck for t in twins)  # her own deck's order
    assert any(sorted(t.witches[1].hand) != sorted(state.witches[1].hand) for t in twins)
    assert any(t.standby != state.standby for t in twins)  # the other's face-down turn card
    assert any(t.clad_deck != state.clad_deck for t in twins)
    assert all(t.rng != state.rng for t in twins)


def test_twin_moves_the_secret_enhanced_pick_only_among_enhanced_cards() -> None:
    state = started("basic", 2)
    picked = _enhanced_in_play(state, 1)
    assert len(picked) == 1
    moved = False
    for twin in _twins(state, 0):
        w = twin.witches[1]
        assert all(is_enhanced(c) for c in w.enhanced) and len(w.enhanced) == 7
        assert len(_enhanced_in_play(twin, 1)) == 1
        moved |= _enhanced_in_play(twin, 1) != picked
    assert moved


def _enhanced_in_play(state: HackState, seat: int) -> list[str]:
    """The enhanced cards in a witch's hand, deck and turn card (her secret pick, before any swap)."""
    w = state.witches[seat]
    turn = [s.card for s in (*state.turn_slots, *state.standby) if s.seat == seat and s.card]
    return sorted(c for c in (*w.hand, *w.deck, *turn) if is_enhanced(c))


def test_the_solo_reserve_and_face_down_clad_slot_are_dealt_afresh() -> None:
    state = started("solo", 1)
    hidden = state.clad_slots[1]
    twins = _twins(state, 0)
    assert any(t.clad_slots[1] != hidden for t in twins)
    assert any(t.clad_reserve != state.clad_reserve for t in twins)
    assert all(t.clad_slots[0] == state.clad_slots[0] for t in twins)  # face up


def test_a_peek_at_the_clad_deck_is_kept_for_the_one_who_looked() -> None:
    state = started("basic", 2, witches=["rosette", "flare"])
    state = my_turn(state, 0)
    (card,) = hand(state, 0, "watch_fire")
    state.witches[0].mp = 7
    state, _ = play(state, 0, f"p.{card}")
    top = state.clad_deck[0]
    assert all(t.clad_deck[0] == top for t in _twins(state, 0))
    others = _twins(state, 1)
    assert any(t.clad_deck[0] != top for t in others)
    assert all(t.witches[0].peek == t.clad_deck[0] for t in others)  # she saw the twin's top card


def test_the_finished_game_has_no_twin() -> None:
    state = started("basic", 2)
    state.phase = "over"
    assert R.twin(state, 0, Rng(1)) is None


# ----------------------------------------------------------------------------------- named rules
def test_a_scry_names_the_top_card_only_to_the_witch_who_looks() -> None:
    state = _duel("luna")
    (card,) = hand(state, 0, "huginn")
    state, events = play(state, 0, f"p.{card}")
    top = state.witches[0].deck[0]
    prompt = R.prompts(state)[0]
    assert card_of(state, top).name in prompt.text and prompt.private
    assert card_of(state, top).name not in prompt.public_line()
    assert all(e.text_for(1) is None or card_of(state, top).name not in e.text_for(1) for e in events)  # type: ignore[operator]
    mine, theirs = R.view(state, 0), R.view(state, 1)
    assert mine.top is not None and mine.top.id == top
    assert top not in _view(state, 1).decode("latin-1") and theirs.witches[0].top is None
    assert all(t.witches[0].deck[0] == top for t in _twins(state, 0))
    others = _twins(state, 1)
    assert any(t.witches[0].deck[0] != top for t in others)
    for t in others:  # the twin's question names the twin's top card
        assert card_of(t, t.witches[0].deck[0]).name in R.prompts(t)[0].text
    state, _ = play(state, 0, "top")  # she still knows it after leaving it there
    assert R.view(state, 0).top is not None and R.view(state, 1).witches[0].top is None


def test_a_reform_swap_keeps_the_enhanced_card_secret_from_the_others() -> None:
    state = started("basic", 2)
    for card in list(state.witches[0].deck):
        move_card(state, 0, card, "discard")
    state, _ = run_tasks(state, Task(kind="draw", seat=0, n=1))
    into = sorted(state.witches[0].enhanced)[0]
    state, _ = play(state, 0, f"in.{into}")
    prompt = R.prompts(state)[0]
    assert card_of(state, into).name in prompt.text and prompt.private
    assert card_of(state, into).name not in prompt.public_line()
    assert all(t.agenda.pending is not None and t.agenda.pending.s == into for t in _twins(state, 0))
    others = _twins(state, 1)
    assert any(t.agenda.pending is not None and t.agenda.pending.s != into for t in others)
    for t in others:  # the twin swaps in a card of its own pile, and says so to her alone
        assert t.agenda.pending is not None and t.agenda.pending.s in t.witches[0].enhanced
        assert card_of(t, t.agenda.pending.s).name in t.agenda.pending.text
    out = state.witches[0].discard[0]
    for t in others:
        after = R.apply(t, 0, f"out.{out}")
        assert R.conserved(after.state) == R.conserved(state)


def test_10_a_revealed_top_card_is_known_to_all_until_it_leaves_the_deck() -> None:
    state = _duel("luna")
    (storm,) = hand(state, 0, "storm")
    action = next(a.key for a in R.legal_actions(state, 0) if a.key.startswith(f"p.{storm}"))
    state, events = play(state, 0, action)
    top = state.witches[0].deck[0]
    assert any(e.kind == "reveal" and card_of(state, top).name in e.text for e in events)
    for viewer in (None, 0, 1):
        seen = R.view(state, viewer).witches[0].top
        assert seen is not None and seen.id == top
    assert all(t.witches[0].deck[0] == top for viewer in (None, 1) for t in _twins(state, viewer))
    state, _ = run_tasks(state, Task(kind="draw", seat=0, n=1))
    assert state.witches[0].deck[:1] != [top] and R.view(state, 1).witches[0].top is None


def test_a_card_put_back_from_the_hand_is_known_only_to_its_owner() -> None:
    state = _duel("luna")
    state.agenda.pending = None
    state, _ = run_tasks(state, Task(kind="put_back", seat=0))
    back = state.witches[0].hand[0]
    state, _ = play(state, 0, f"c.{back}")
    mine = R.view(state, 0).top
    assert mine is not None and mine.id == back and R.view(state, 1).witches[0].top is None
    assert all(t.witches[0].deck[0] == back for t in _twins(state, 0))
    assert any(t.witches[0].deck[0] != back for t in _twins(state, 1))


def test_solo_cards_waiting_for_the_second_reform_swap_with_unseen_voltage_3_cards() -> None:
    state = started("solo", 1)
    state.clad_deck, state.clad_used = [], state.clad_deck + state.clad_slots
    state.clad_slots, state.clad_hidden = [], []
    state, _ = run_tasks(state, Task(kind="forecast"))
    assert state.clad_later and state.reforms == 1
    twins = _twins(state, 0, 40)
    assert any(sorted(t.clad_later) != sorted(state.clad_later) for t in twins)
    for t in twins:
        assert sorted(t.clad_deck + t.clad_later + t.clad_slots) == sorted(
            state.clad_deck + state.clad_later + state.clad_slots
        )
        assert [k for k, hidden in zip(t.clad_slots, t.clad_hidden, strict=True) if not hidden] == [
            k for k, hidden in zip(state.clad_slots, state.clad_hidden, strict=True) if not hidden
        ]


def test_a_card_taken_from_the_open_discard_pile_stays_known_in_the_hand() -> None:
    state = _duel("amelia")
    card, _shot = hand(state, 0, "reboot", "shot")
    drone = cid(state, 0, "sniper_drone")
    move_card(state, 0, drone, "discard")
    state, _ = play(state, 0, f"p.{card}", f"c.{drone}")
    assert drone in state.witches[0].hand and drone in state.witches[0].shown
    others = _twins(state, 1)
    assert all(drone in t.witches[0].hand for t in others)
    assert any(sorted(t.witches[0].hand) != sorted(state.witches[0].hand) for t in others)
    state, _ = play(state, 0, f"bm.{drone}")  # discarded for a move: no longer in her hand
    assert not state.witches[0].shown
