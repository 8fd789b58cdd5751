"""The shared engine contract, checked on a tiny game."""

from __future__ import annotations

import pytest

from engines.core import GameConfig, Rejected, Rng, SetupError
from engines.core.fuzz import ContractViolation, fuzz_games, play_one
from tests.engines.core.tinygame import RULESET


def test_rng_is_reproducible_and_unbiased_enough() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    counts = [0] * 6
    rng = Rng(7)
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)


def test_shuffle_is_a_permutation_and_seeded() -> None:
    items, again = list(range(20)), list(range(20))
    Rng(3).shuffle(items)
    Rng(3).shuffle(again)
    assert items == again and sorted(items) == list(range(20)) and items != list(range(20))


def test_config_validation_names_the_problem() -> None:
    with pytest.raises(SetupError, match="no mode 'chaos'"):
        RULESET.setup(GameConfig("chaos", 2), 1)
    with pytest.raises(SetupError, match="is for 1 to 3 players, not 5"):
        RULESET.setup(GameConfig("race", 5), 1)
    with pytest.raises(SetupError, match="at most 40"):
        RULESET.setup(GameConfig("race", 2, {"target": 99}), 1)
    with pytest.raises(SetupError, match="no option 'speed'"):
        RULESET.setup(GameConfig("race", 2, {"speed": 3}), 1)
    assert RULESET.setup(GameConfig("race", 2, {"target": "20"}), 1).target == 20


def test_illegal_action_is_rejected_and_changes_nothing() -> None:
    state = RULESET.setup(GameConfig("race", 2), 5)
    before = RULESET.encode(state)
    with pytest.raises(Rejected) as err:
        RULESET.apply(state, 0, "nonsense")
    assert err.value.code == "illegal"
    with pytest.raises(Rejected) as err:
        RULESET.apply(state, 1, RULESET.legal_actions(state, 0)[0])
    assert err.value.code == "not_your_turn"
    assert RULESET.encode(state) == before


def test_fuzz_harness_accepts_a_sound_engine() -> None:
    report = fuzz_games(RULESET, [GameConfig("race", n) for n in (1, 2, 3)], 60)
    assert report.games == 60 and report.steps > 60


def test_fuzz_harness_catches_a_leaking_view() -> None:
    class Leaky(type(RULESET)):  # type: ignore[misc]
        def _view(self, state, viewer):  # type: ignore[no-untyped-def]
            view = super()._view(state, viewer)
            view.hand = [c for h in state.hands for c in h]
            return view

    with pytest.raises(ContractViolation, match="leaks"):
        play_one(Leaky(), GameConfig("race", 2), 1)


def test_fuzz_harness_catches_mutation_of_the_input() -> None:
    class Mutating(type(RULESET)):  # type: ignore[misc]
        def clone(self, state):  # type: ignore[no-untyped-def]
            return state

    with pytest.raises(ContractViolation, match="mutated"):
        play_one(Mutating(), GameConfig("race", 2), 1)


def test_fuzz_harness_catches_a_clone_that_drops_a_field() -> None:
    class Forgetful(type(RULESET)):  # type: ignore[misc]
        def clone(self, state):  # type: ignore[no-untyped-def]
            copy = super().clone(state)
            copy.turn = 0  # a hand-written copy that forgot a field
            return copy

    with pytest.raises(ContractViolation, match="clone is not equal"):
        play_one(Forgetful(), GameConfig("race", 2), 1)


def test_replay_rebuilds_the_state_and_refuses_a_gap_in_the_log() -> None:
    from engines.core.replay import ReplayError, replay

    config = GameConfig("race", 2)
    final, log = play_one(RULESET, config, 9)
    assert RULESET.encode(replay(RULESET, config, 9, log)) == RULESET.encode(final)
    with pytest.raises(ReplayError, match="log entry seq"):
        replay(RULESET, config, 9, log[1:])


# ---------------------------------------------------------------- hidden information (twins)


def test_twin_harness_accepts_a_game_that_keeps_its_secrets() -> None:
    from engines.core.twins import check_twins

    report = check_twins(RULESET, GameConfig("race", 3), 4)
    assert report.differing > 0 and report.narrations > 0


def test_twin_harness_catches_a_public_line_that_names_a_hidden_card() -> None:
    from engines.core import Prompt
    from engines.core.twins import check_twins

    class Telling(type(RULESET)):  # type: ignore[misc]
        def _prompts(self, state):  # type: ignore[no-untyped-def]
            best = max(state.hands[state.turn])
            return {state.turn: Prompt(state.turn, "play", "Play.", private=True, public=f"holds {best}")}

    with pytest.raises(ContractViolation, match="prompt differently"):
        check_twins(Telling(), GameConfig("race", 2), 1)


def test_twin_harness_catches_a_view_that_shows_the_move_number() -> None:
    from engines.core.twins import check_twins

    class Counting(type(RULESET)):  # type: ignore[misc]
        def _view(self, state, viewer):  # type: ignore[no-untyped-def]
            view = super()._view(state, viewer)
            view.target = state.seq  # the move number counts hidden moves too
            return view

    with pytest.raises(ContractViolation, match="view for"):
        check_twins(Counting(), GameConfig("race", 2), 1)


def test_twin_harness_catches_narration_that_tells_a_hidden_card() -> None:
    from engines.core import split
    from engines.core.twins import check_twins

    class Gossip(type(RULESET)):  # type: ignore[misc]
        def _apply(self, state, seat, action):  # type: ignore[no-untyped-def]
            events = list(super()._apply(state, seat, action))
            left = ",".join(sorted(state.hands[seat]))
            return [*events, split(seat, "left", "You hold the rest.", f"They still hold {left}.")]

    with pytest.raises(ContractViolation, match="narrates differently"):
        check_twins(Gossip(), GameConfig("race", 3), 2)


def test_twin_harness_lets_a_move_tell_the_order_it_turned_hidden_cards_up() -> None:
    # Turning up a hidden deck card by card tells its order: the same lines in another order on
    # the twin are news, not a leak (Clash of Decks' automaton plays its deck this way).
    from engines.core import public
    from engines.core.twins import check_twins
    from tests.engines.core.tinygame import value

    class Turnover(type(RULESET)):  # type: ignore[misc]
        def _apply(self, state, seat, action):  # type: ignore[no-untyped-def]
            turned = [public("turn", f"Turns up {value(card)}.") for card in reversed(state.deck)]
            state.pile.extend(state.deck)
            state.deck.clear()
            return [*turned, *super()._apply(state, seat, action)]

    report = check_twins(Turnover(), GameConfig("race", 1, {"target": 40}), 5)
    assert report.reordered > 0


def test_decode_stored_refuses_a_snapshot_of_another_state_layout() -> None:
    # A stored snapshot whose schema_version is not the game's current one (or that does not
    # decode at all) is None: the service then rebuilds the state from the match record.
    from engines.core import GameConfig
    from tests.engines.core.tinygame import RULESET as TINY

    state = TINY.setup(GameConfig("race", 2), 3)
    assert TINY.decode_stored(TINY.encode(state)) == state
    older = TINY.clone(state)
    older.schema_version = state.schema_version - 1
    assert TINY.decode_stored(TINY.encode(older)) is None
    assert TINY.decode_stored(b"\x81\xa1x\x01") is None


def test_language_picks_the_closest_of_the_games_languages() -> None:
    # A one-language game answers its own language whatever is asked; a locale maps to its code.
    from engines.climax import RULESET as CLIMAX
    from tests.engines.core.tinygame import RULESET as TINY

    assert TINY.languages == ("en",) and TINY.language("ja") == "en"
    assert CLIMAX.language("ja") == "ja" and CLIMAX.language("ja-JP") == "ja"
    assert CLIMAX.language("fr") == "en" and CLIMAX.language(None) == "en"
