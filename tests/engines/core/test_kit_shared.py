"""Kit pieces games share: the agenda-free context, entries by id, twin deals, the timed-out default."""

from __future__ import annotations

import msgspec
import pytest

from engines.core.content import by_id
from engines.core.context import BaseContext, GameOver
from engines.core.rng import Rng
from engines.core.twins import deal_again
from engines.core.types import PUBLIC, GameConfig
from tests.engines.core.tinygame import RULESET, TinyRules, value


class Plain(msgspec.Struct, kw_only=True):
    """A state with a generator and no agenda (a game whose rules never pause for a player)."""

    rng: int = 99
    score: int = 0


class PlainCtx(BaseContext[Plain]):
    """The plain game's context, as such a game subclasses the kit's."""


def _score(ctx: PlainCtx, points: int) -> None:
    ctx.state.score += points
    ctx.say("scored", f"+{points}")


def _roll_then_end(ctx: PlainCtx) -> None:
    ctx.state.score = ctx.rng.below(6)
    ctx.say("over", "the end")
    raise GameOver


def test_act_runs_the_rule_and_returns_its_events_without_touching_an_unused_generator() -> None:
    state = Plain()
    ctx = PlainCtx(state)
    events = ctx.act(_score, 3)
    assert state.score == 3 and not ctx.ended
    assert [(e.kind, e.text, e.visibility) for e in events] == [("scored", "+3", PUBLIC)]
    assert state.rng == 99  # nothing drew, so nothing is written back


def test_act_stops_cleanly_on_game_over_and_writes_the_generator_back() -> None:
    state = Plain()
    ctx = PlainCtx(state)
    events = ctx.act(_roll_then_end)
    expected = Rng(99)
    assert state.score == expected.below(6)
    assert ctx.ended and [e.kind for e in events] == ["over"]
    assert state.rng == expected.state


def test_by_id_finds_the_entry_and_names_a_missing_one() -> None:
    class Entry(msgspec.Struct, frozen=True):
        id: str
        n: int

    entries = (Entry("a", 1), Entry("b", 2))
    assert by_id(entries, "b") == Entry("b", 2)
    with pytest.raises(KeyError, match="'c'"):
        by_id(entries, "c")


def test_deal_again_keeps_the_cards_and_places_but_never_the_same_deal() -> None:
    for seed in range(20):
        hand, deck = ["a", "b"], ["c"]
        places = [(hand, 0), (hand, 1), (deck, 0)]
        moved = deal_again(places, Rng(seed))
        assert sorted(hand + deck) == ["a", "b", "c"]
        assert hand + deck != ["a", "b", "c"]
        assert [moved[old] for old in "abc"] == hand + deck


def test_deal_again_of_one_card_leaves_it() -> None:
    deck = ["a"]
    assert deal_again([(deck, 0)], Rng(1)) == {"a": "a"} and deck == ["a"]


class PreferringRules(TinyRules):
    """The tiny game with a preferred default: the highest card (keys "p<value>-<copy>")."""

    default_keys = tuple(f"p{value}-{copy}" for value in range(5, 0, -1) for copy in range(4))


def test_default_action_takes_the_first_of_the_default_keys_that_is_legal() -> None:
    state = RULESET.setup(GameConfig("race", 1), 5)
    legal = RULESET.legal_actions(state, 0)
    assert RULESET.default_action(state, 0) == legal[0]  # no default keys: the first action
    chosen = PreferringRules().default_action(state, 0)
    assert value(chosen.card) == max(value(card) for card in state.hands[0]) and chosen in legal
