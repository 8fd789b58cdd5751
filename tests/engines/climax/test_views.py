"""Views and values: secrets stay out of every view, language never changes play, states round-trip."""

from __future__ import annotations

import msgspec

from engines.climax import RULESET
from engines.climax.bots import BOTS, determinize
from engines.climax.view import build_view
from engines.core import GameConfig, Rng
from engines.core.fuzz import play_one
from tests.engines.climax.helpers import brisk

_json = msgspec.json.Encoder()


def _played(seed: int, steps: int, lang: str = "en"):  # type: ignore[no-untyped-def]
    state = RULESET.setup(GameConfig("duel", 2, {"lang": lang}), seed)
    rng = Rng(seed)
    for _ in range(steps):
        seat = next(iter(RULESET.prompts(state)))
        action = BOTS["greedy"].choose(
            RULESET.view(state, seat), RULESET.prompts(state)[seat], RULESET.legal_actions(state, seat), rng
        )
        state = RULESET.apply(state, seat, action).state
    return state


def test_b2_1_1_views_hide_decks_stocks_and_the_other_hand() -> None:
    state = _played(4, 60)
    assert any(p.stock for p in state.players) and all(p.hand for p in state.players)
    for viewer in (None, 0, 1):
        text = _json.encode(RULESET.view(state, viewer)).decode()
        for seat, p in enumerate(state.players):
            for iid in (*p.deck, *p.stock):
                assert iid not in text  # B5-7: stock is hidden even from its owner
            for iid in p.hand:
                assert (iid in text) == (viewer == seat)
        view = RULESET.view(state, viewer)
        assert [s.hand for s in view.sides] == [len(p.hand) for p in state.players]
        assert [s.stock for s in view.sides] == [len(p.stock) for p in state.players]


def test_prompts_are_private_when_they_read_the_hand_and_say_nothing_of_it_publicly() -> None:
    state = _played(5, 30)
    for prompt in RULESET.prompts(state).values():
        if prompt.kind in ("main", "clock", "climax", "counter", "mulligan", "discard"):
            assert prompt.private and "{P" in prompt.public_line()


def test_language_changes_no_state_and_no_rng_use() -> None:
    # The same seed and choices in English and in Japanese give the same states apart from `lang`,
    # the same legal keys at every step, and the same event kinds; only the words differ.
    en = RULESET.setup(GameConfig("duel", 2, {"lang": "en"}), 11)
    ja = RULESET.setup(GameConfig("duel", 2, {"lang": "ja"}), 11)
    rng = Rng(11)
    saw_japanese = False
    for _ in range(400):
        prompts = RULESET.prompts(en)
        if not prompts:
            break
        seat = next(iter(prompts))
        keys_en = [a.key for a in RULESET.legal_actions(en, seat)]
        assert keys_en == [a.key for a in RULESET.legal_actions(ja, seat)]
        key = brisk(en, seat, RULESET.legal_actions(en, seat), rng).key
        step_en, step_ja = RULESET.apply(en, seat, key), RULESET.apply(ja, seat, key)
        assert [e.kind for e in step_en.events] == [e.kind for e in step_ja.events]
        saw_japanese |= any(any(ord(ch) > 0x3000 for ch in e.text) for e in step_ja.events)
        en, ja = step_en.state, step_ja.state
        same = msgspec.structs.replace(ja, lang="en", result=en.result)
        assert RULESET.encode(same) == RULESET.encode(en)
    assert saw_japanese
    view = RULESET.view(ja, 0)
    faces = [f for side in view.sides for f in side.waiting]
    assert view.lang == "ja" and faces and all(any(ord(ch) > 0x3000 for ch in f.name) for f in faces)


def test_prompt_and_labels_follow_the_language_option() -> None:
    state = RULESET.setup(GameConfig("duel", 2, {"lang": "ja"}), 2)
    seat = next(iter(RULESET.prompts(state)))
    assert "引き直し" in RULESET.prompts(state)[seat].text
    assert "決定" in RULESET.legal_actions(state, seat)[-1].label


def test_encode_decode_round_trip_mid_game() -> None:
    state = _played(6, 80)
    data = RULESET.encode(state)
    assert RULESET.encode(RULESET.decode(data)) == data and RULESET.decode(data) == state


def test_determinize_is_consistent_with_the_view_and_reads_nothing_else() -> None:
    state = _played(7, 70)
    seat = next(iter(RULESET.prompts(state)))
    view = build_view(state, seat)
    sampled = determinize(view, Rng(1))
    assert msgspec.msgpack.encode(build_view(sampled, seat)) == msgspec.msgpack.encode(view)
    twin = RULESET.twin(state, seat, Rng(2))  # differs only in what `seat` cannot see
    assert RULESET.encode(determinize(build_view(twin, seat), Rng(1))) == RULESET.encode(sampled)
    assert RULESET.conserved(sampled) == {"seat0": 50, "seat1": 50}


def test_a_finished_game_has_an_outcome_and_no_prompts() -> None:
    state, _ = play_one(RULESET, GameConfig("duel", 2), 3, chooser=brisk)
    outcome = RULESET.outcome(state)
    assert outcome is not None and len(outcome.winners) == 1 and RULESET.prompts(state) == {}
    assert RULESET.view(state, None).over
