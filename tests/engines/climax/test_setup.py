"""B2.2: deck checks, first player, opening hands, mulligans in turn order."""

from __future__ import annotations

import pytest

from engines.climax import RULESET
from engines.climax.content import catalog
from engines.climax.deckcode import encode_deck
from engines.core import GameConfig, SetupError


def _code_of(deck: str) -> str:
    return encode_deck(catalog(), catalog().deck(deck).card_ids())


def test_b2_2_5_ready_made_and_coded_decks_are_accepted() -> None:
    config = GameConfig("duel", 2, {}, ({"deck": "moonlight"}, {"deck_code": _code_of("wildfire")}))
    state = RULESET.setup(config, 1)
    assert [p.deck_name for p in state.players] == ["moonlight", "constructed"]
    assert all(len(p.deck) + len(p.hand) == 50 for p in state.players)


def _refusal(ids: list[str], seat: int = 1) -> SetupError:
    # encode without the check so an illegal deck can still be written down as a code
    from engines.climax import deckcode

    counts: dict[str, int] = {}
    for design in ids:
        counts[design] = counts.get(design, 0) + 1
    ordered = sorted(counts, key=lambda d: catalog().card(d).num)
    code = deckcode.CODEC.encode([catalog().card(design).num * 36 + counts[design] for design in ordered])
    seats: list[dict[str, str | int | bool]] = [{}, {}]
    seats[seat] = {"deck_code": code}
    with pytest.raises(SetupError) as err:
        RULESET.setup(GameConfig("duel", 2, {}, tuple(seats)), 1)
    return err.value


def test_b2_2_5_a_deck_of_49_is_refused_naming_the_seat() -> None:
    ids = catalog().deck("festival").card_ids()[:-1]
    error = _refusal(ids)
    assert error.seat == 1 and "exactly 50" in error.message and "49" in error.message


def test_b2_2_5_five_copies_of_a_name_are_refused() -> None:
    ids = catalog().deck("festival").card_ids()
    ids[ids.index("Y01")] = "Y02"  # Y02 is already there 4 times
    error = _refusal(ids, seat=0)
    assert error.seat == 0 and "Festival Drummer x5" in error.message and "4 copies" in error.message


def test_b2_2_5_nine_climaxes_are_refused() -> None:
    ids = catalog().deck("festival").card_ids()
    ids[ids.index("Y01")] = "Y17"  # the deck already holds 8 climaxes
    error = _refusal(ids)
    assert "9 climaxes" in error.message


def test_unknown_deck_name_and_mistyped_code_are_refused_with_the_reason() -> None:
    with pytest.raises(SetupError) as err:
        RULESET.setup(GameConfig("duel", 2, {}, ({"deck": "nope"},)), 1)
    assert err.value.seat == 0 and err.value.option == "deck"
    code = _code_of("tides")
    bad = code[:-1] + ("0" if code[-1] != "0" else "1")
    with pytest.raises(SetupError) as err:
        RULESET.setup(GameConfig("duel", 2, {}, ({}, {"deck_code": bad})), 1)
    assert err.value.seat == 1 and "mistyped" in err.value.message


def test_check_seat_refuses_only_the_seat_at_fault() -> None:
    config = GameConfig("duel", 2, {}, ({"deck_code": "CX1-XYZ"}, {"deck": "tides"}))
    RULESET.check_seat(config, 1)
    with pytest.raises(SetupError) as err:
        RULESET.check_seat(config, 0)
    assert err.value.seat == 0


def test_b2_2_6_first_player_is_random_and_each_draws_five() -> None:
    firsts = set()
    for seed in range(12):
        state = RULESET.setup(GameConfig("duel", 2), seed)
        firsts.add(state.first)
        assert [len(p.hand) for p in state.players] == [5, 5]
        assert [len(p.deck) for p in state.players] == [45, 45]
    assert firsts == {0, 1}


def test_b2_2_6_decks_are_shuffled() -> None:
    orders = {
        tuple(
            RULESET.setup(GameConfig("duel", 2), s).cards[i]
            for i in RULESET.setup(GameConfig("duel", 2), s).players[0].deck
        )
        for s in range(4)
    }
    assert len(orders) > 1


def test_b2_2_7_mulligan_first_player_then_second_marks_are_secret_until_confirmed() -> None:
    state = RULESET.setup(GameConfig("duel", 2), 3)
    first, second = state.first, 1 - state.first
    assert list(RULESET.prompts(state)) == [first]
    one, two = state.players[first].hand[:2]
    state = RULESET.apply(state, first, f"m.{one}").state
    state = RULESET.apply(state, first, f"m.{two}").state
    state = RULESET.apply(state, first, f"m.{two}").state  # unmarked again
    assert RULESET.view(state, first).marked == (one,)
    assert RULESET.view(state, second).marked == () and RULESET.view(state, None).pending is None
    assert one in state.players[first].hand  # nothing moved yet
    step = RULESET.apply(state, first, "keep")
    state = step.state
    assert one in state.players[first].waiting and len(state.players[first].hand) == 5
    assert list(RULESET.prompts(state)) == [second]
    state = RULESET.apply(state, second, "keep").state
    assert state.players[second].waiting == [] and len(state.players[second].hand) == 5
    # then the first player's first turn: stand, draw 1 (B2.3-9), clock phase
    assert state.active == first and state.turn == 1 and len(state.players[first].hand) == 6
    assert RULESET.prompts(state)[first].kind == "clock"
