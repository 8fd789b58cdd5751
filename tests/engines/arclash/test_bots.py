"""Bots: greedy and search play legal games from views only; determinize never reads hidden cards."""

from __future__ import annotations

import pytest

from engines.arclash import RULESET, zones
from engines.arclash.bots import GreedyBot
from engines.arclash.content import catalogue
from engines.arclash.search import SearchBot, decided, determinize, evaluate, win_value
from engines.arclash.state import OVER, SUPPORT, SWAP
from engines.core import GameConfig, Rng
from engines.core.driver import Match, bot_for
from tests.engines.arclash.helpers import give, opened

DECKS = ("serpent", "ember", "tide", "clockwork")


def play(bots: list[object], seed: int, decks: tuple[str, ...]) -> int:
    config = GameConfig("standard", len(bots), {}, tuple({"deck": d} for d in decks))
    outcome = Match(RULESET, config, seed).play_out(dict(enumerate(bots)))  # type: ignore[arg-type]
    return outcome.winners[0]


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


def _greedy_until(state: object, phase: str, sealed: int) -> object:
    """Greedy moves (lowest seat first) until ``phase`` with ``sealed`` seats sealed."""
    while RULESET.prompts(state):  # type: ignore[arg-type]
        if state.phase == phase and sum(z.sealed for z in state.seats) == sealed:  # type: ignore[attr-defined]
            return state
        seat = min(RULESET.prompts(state))  # type: ignore[arg-type]
        prompt = RULESET.prompts(state)[seat]  # type: ignore[arg-type]
        actions = RULESET.legal_actions(state, seat)  # type: ignore[arg-type]
        action = GreedyBot().choose(RULESET.view(state, seat), prompt, actions, Rng(1))  # type: ignore[arg-type]
        state = RULESET.apply(state, seat, action).state  # type: ignore[arg-type]
    raise AssertionError(f"the game ended before {phase} with {sealed} sealed")


def test_a_rivals_sealed_start_over_is_sampled_as_greedy_would_seal_it() -> None:
    # Seat 0 has sealed its recover choice; seat 1's worlds give it greedy's choice for the sampled
    # hand: a stronger level 1 from hand over a level 1 on top, else keeping.
    weakest = min(
        (c for c in catalogue().values() if c.kind == "character" and c.level == 1), key=lambda c: c.power
    )
    swapped = kept = 0
    for seed in range(1, 5):
        state = _greedy_until(RULESET.setup(GameConfig("standard", 3), seed), SWAP, 1)
        if seed % 2:  # the weakest level 1 on top: a stronger one in the sampled hand is likely
            state.seats[0].stack = []  # type: ignore[attr-defined]
            give(state, 0, weakest.id, "stack")  # type: ignore[arg-type]
        for k in range(4):
            world = determinize(RULESET.view(state, 1), Rng(k))  # type: ignore[arg-type]
            zone, top = world.seats[0], zones.top(world, 0)
            ones = [zones.card(world, i).power for i in zones.level_ones(world, zone.hand)]
            can = top is not None and top.level == 1 and max(ones, default=0) > top.power
            assert zone.sealed and bool(zone.choice) == can
            if zone.choice:
                assert zones.card(world, zone.choice).power == max(ones)
            swapped, kept = swapped + bool(zone.choice), kept + (not zone.choice)
    assert swapped and kept


def test_the_move_budget_bounds_the_worlds_a_decision_meets() -> None:
    state = _greedy_until(opened(4, seed=23), SUPPORT, 0)
    seat = state.current  # type: ignore[attr-defined]
    view, prompt = RULESET.view(state, seat), RULESET.prompts(state)[seat]  # type: ignore[arg-type]
    actions = RULESET.legal_actions(state, seat)  # type: ignore[arg-type]
    _, tight = SearchBot(RULESET, worlds=4, budget=200).plan(view, prompt, actions, Rng(3))
    _, free = SearchBot(RULESET, worlds=4, budget=None).plan(view, prompt, actions, Rng(3))
    assert tight is not None and free is not None
    assert free.found.worlds == 4 and tight.found.worlds < 4
    assert tight.found.moves >= 200  # worlds are drawn until the budget is spent


def _finished(players: int, winner: int) -> object:
    """A game just won by seat 0 or 1 on 15 points, the other of the two on 9, any others on 3."""
    state = opened(players, seed=24)
    for zone in state.seats:
        zone.points = 3
    state.seats[winner].points, state.seats[1 - winner].points = 15, 9
    state.phase, state.winner = OVER, winner
    return state


@pytest.mark.parametrize(("players", "win"), [(2, 100.0), (4, 100.0), (5, 15.0), (6, 15.0)])
def test_a_finished_playout_is_worth_100_below_five_seats_and_the_score_target_from_five(
    players: int, win: float
) -> None:
    won, lost = _finished(players, 0), _finished(players, 1)
    level = 0.3 * zones.level(won, 0)  # type: ignore[arg-type]
    assert evaluate(won, 0) == pytest.approx(15 - 9 + level + win)  # type: ignore[arg-type]
    # Seat 0 lost on 9 points to a winner on 15: the six points behind still count beside the loss.
    assert evaluate(lost, 0) == pytest.approx(9 - 15 + level - win)  # type: ignore[arg-type]
    assert win_value(players, 15) == win


@pytest.mark.parametrize("players", [2, 4, 5, 6])
def test_decided_parts_won_playouts_from_unfinished_ones_at_every_seat_count(players: int) -> None:
    won = evaluate(_finished(players, 0), 0)  # type: ignore[arg-type]
    best_unfinished = opened(players, seed=24)
    best_unfinished.seats[0].points = 14  # one point short, every rival on none
    assert evaluate(best_unfinished, 0) + 0.3 * 3 < decided(players, 15) <= won  # even at level 4
