"""Bots: greedy and search play legal games from views only; determinize never reads hidden cards."""

from __future__ import annotations

import pytest

from engines.arclash import RULESET
from engines.arclash.bots import GreedyBot
from engines.arclash.search import SearchBot, determinize
from engines.arclash.state import SUPPORT
from engines.core import GameConfig, Rng
from engines.core.driver import Match, bot_for
from tests.decided import in_order, tally
from tests.engines.arclash.helpers import opened

DECKS = ("serpent", "ember", "tide", "clockwork")


def play(bots: list[object], seed: int, decks: tuple[str, ...]) -> int:
    config = GameConfig("standard", len(bots), {}, tuple({"deck": d} for d in decks))
    outcome = Match(RULESET, config, seed).play_out(dict(enumerate(bots)))  # type: ignore[arg-type]
    return outcome.winners[0]


def level_wins(game: tuple[str, str, int, int]) -> bool:
    """Whether the ``strong`` level beats the ``weak`` one in deal ``i`` with ``strong`` in ``seat``."""
    strong, weak, i, seat = game
    decks = (DECKS[i % 4], DECKS[(i // 4 + 1 + i) % 4])
    bots: list[object] = [bot_for(RULESET, weak), bot_for(RULESET, weak)]
    bots[seat] = bot_for(RULESET, strong)
    return play(bots, i, decks) == seat


def test_bots_are_listed_weakest_first() -> None:
    assert list(RULESET.bots()) == ["random", "greedy", "search"]
    assert bot_for(RULESET, "hard").name == "search"


def test_bots_finish_multiplayer_games() -> None:
    assert play([SearchBot(RULESET, worlds=2), GreedyBot(), GreedyBot(), GreedyBot()], 3, DECKS) in range(4)


def test_determinize_ignores_the_real_hidden_cards() -> None:
    state = opened(3, seed=21)
    view = RULESET.view(state, 0)
    other = RULESET.clone(state)
    # Swap seat 1's hand with cards from its deck: seat 0's view must not change.
    zone = other.seats[1]
    zone.hand[:3], zone.deck[:3] = zone.deck[:3], zone.hand[:3]
    other.seats[2].deck.reverse()
    assert RULESET.view(other, 0) == view
    assert [state.ids[i] for i in state.seats[1].hand] != [other.ids[i] for i in other.seats[1].hand]
    first = determinize(view, Rng(5))
    second = determinize(RULESET.view(other, 0), Rng(5))
    assert RULESET.encode(first) == RULESET.encode(second)


def test_determinize_agrees_with_the_view() -> None:
    state = opened(4, seed=22)
    for seat in range(4):
        view = RULESET.view(state, seat)
        world = determinize(view, Rng(seat))
        assert RULESET.view(world, seat).hand == view.hand
        for s in range(4):
            assert len(world.seats[s].hand) == view.seats[s].hand_count
            assert len(world.seats[s].deck) == view.seats[s].deck_count
            assert world.seats[s].stack == [c.iid for c in view.seats[s].stack]
        assert RULESET.conserved(world) == RULESET.conserved(state)
        # hidden cards are sampled, never copied: the real instance ids do not appear
        hidden = {i for s in range(4) if s != seat for i in state.seats[s].hand} | {
            i for z in state.seats for i in z.deck
        }
        assert not hidden & set(world.ids)


def test_search_bot_moves_are_legal_in_the_support_stage() -> None:
    state = opened(2, seed=23)
    while state.phase != SUPPORT and RULESET.prompts(state):
        seat = min(RULESET.prompts(state))
        state = RULESET.apply(state, seat, RULESET.default_action(state, seat)).state
    if state.phase == SUPPORT:
        seat = state.current
        prompt = RULESET.prompts(state)[seat]
        actions = RULESET.legal_actions(state, seat)
        action = SearchBot(RULESET).choose(RULESET.view(state, seat), prompt, actions, Rng(1))
        assert action in actions


@pytest.mark.slow(seconds=150)
@pytest.mark.parametrize(("strong", "weak"), [("hard", "normal"), ("normal", "easy")])
def test_issue_25_3_each_level_beats_the_one_below_over_two_hundred_games(strong: str, weak: str) -> None:
    # 100 deals from both seats, the README's figure (fewer than 30 deals say nothing, so there is
    # no quick share check; the default run keeps the legality and determinize tests above). The
    # run stops once 120 wins are in (or 81 games lost): the games left could not change the
    # verdict. The games run on every core, in order.
    games = [(strong, weak, i, seat) for i in range(100) for seat in (0, 1)]
    with in_order(level_wins, games) as results:
        found = tally(results, needed=120, total=len(games))
    print(f"\n{strong} vs {weak}: {found}")
    assert found.passed, found
