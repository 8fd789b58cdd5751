"""Hidden information never reaches another seat's view or public events."""

from __future__ import annotations

import msgspec

from engines.core import GameConfig
from engines.hackclad import RULESET as R
from engines.hackclad.state import Task
from tests.engines.hackclad.helpers import run_tasks, started


def _json(state, viewer):  # type: ignore[no-untyped-def]
    return msgspec.json.encode(R.view(state, viewer)).decode()


def test_hands_and_turn_cards_are_only_in_their_owners_view() -> None:
    state = started("basic", 3)
    for seat, w in enumerate(state.witches):
        for other in (None, *(s for s in range(3) if s != seat)):
            text = _json(state, other)
            assert not any(c in text for c in w.hand)
            assert not any(s.card in text for s in state.standby if s.seat == seat and s.card)
    own = R.view(state, 0)
    assert {c.id for c in own.hand} == set(state.witches[0].hand)


def test_decks_and_enhanced_piles_stay_hidden_even_from_their_owner_order() -> None:
    state = started("basic", 2)
    for viewer in (None, 0, 1):
        text = _json(state, viewer)
        assert not any(c in text for w in state.witches for c in w.deck)
    assert not any(c in _json(state, 1) for c in state.witches[0].enhanced)
    assert {c.id for c in R.view(state, 0).enhanced} == set(state.witches[0].enhanced)


def test_the_setup_enhanced_choice_is_secret() -> None:
    state = R.setup(GameConfig("basic", 2, {"missions": "first_game"}), 9)
    action = R.legal_actions(state, 0)[3]
    after = R.apply(state, 0, action).state
    assert action.card not in _json(after, 1) and action.card not in _json(after, None)


def test_secrets_declared_for_the_harness_cover_the_clad_deck() -> None:
    state = started("solo", 1)
    secrets = set(R.secrets(state, 0))
    assert set(state.clad_deck) <= secrets and set(state.clad_reserve) <= secrets
    assert state.clad_slots[1] in secrets


def test_draw_events_name_cards_only_for_the_drawer() -> None:
    state = R.setup(GameConfig("basic", 2, {"missions": "first_game"}), 2)
    state = R.apply(state, 0, R.legal_actions(state, 0)[0]).state
    step = R.apply(state, 1, R.legal_actions(state, 1)[0])
    draws = [e for e in step.events if e.kind == "draw"]
    assert draws and all(e.visibility == "split" and "draws 3 card" in e.redacted for e in draws)


def test_3_discard_piles_are_open_to_everyone() -> None:
    state = started("basic", 3)
    w = state.witches[1]
    w.discard, w.hand = w.hand[:2], w.hand[2:]
    for viewer in (None, 0, 1, 2):
        seen = R.view(state, viewer).witches[1].discard
        assert [c.id for c in seen] == w.discard and all(c.name for c in seen)


def test_views_follow_the_states_content_even_when_reused() -> None:
    a = started("basic", 2, seed=1)
    b = started("basic", 2, seed=2)
    for _ in range(2):  # alternating states never mixes their views
        assert R.view(a, 0).hand == R.view(R.clone(a), 0).hand
        assert {c.id for c in R.view(b, 1).hand} == set(b.witches[1].hand)
    before = R.view(a, None)
    a.witches[0].shards = 42  # the same object changed in place: the next view shows it
    assert R.view(a, None).witches[0].shards == 42 and before.witches[0].shards == 0


def test_10_a_revealed_top_card_shows_in_every_view_until_drawn() -> None:
    state = started("basic", 2)
    w = state.witches[0]
    state, _ = run_tasks(state, Task(kind="reveal", seat=0))
    top = w.deck[0]
    assert all(R.view(state, v).witches[0].top.id == top for v in (None, 0, 1))  # type: ignore[union-attr]
    state, _ = run_tasks(state, Task(kind="draw", seat=0, n=1))
    assert all(R.view(state, v).witches[0].top is None for v in (None, 0, 1))


def test_a_card_put_back_from_the_hand_shows_only_in_its_owners_view() -> None:
    state = started("basic", 2)
    state, _ = run_tasks(state, Task(kind="put_back", seat=0))
    back = state.witches[0].hand[0]
    state = R.apply(state, 0, f"c.{back}").state
    assert R.view(state, 0).top.id == back  # type: ignore[union-attr]
    assert R.view(state, 1).witches[0].top is None and R.view(state, 1).top is None
    assert back not in R.secrets(state, 0) and back in R.secrets(state, 1)
