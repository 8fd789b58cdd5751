"""The kit's sampling search: every candidate meets the same worlds and dice, the move budget is
checked between worlds, ties go to the earlier candidate, the margin favours the first, and the
same view and generator give the same choice; the recorded evaluations and the reason worded from
them."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engines.core.bots import REASON_LIMIT
from engines.core.rng import Rng
from engines.core.search import Sampling, Weighed, Weighing, Words, capped, ranked, search_reason
from engines.core.types import Action, Prompt
from tests.engines.searches import ticks


@dataclass
class World:
    """A toy world: a hidden number drawn from the view's range, and a running total."""

    hidden: int
    total: int = 0
    steps: int = 0
    seen_dice: list[int] = field(default_factory=list)


SEEN: list[tuple[str, int, int]] = []  # (candidate, hidden, first die) for every playout


def _determinize(view: int, rng: Rng) -> World:
    return World(hidden=rng.below(view))


def _play(world: World, view: int, action: Action) -> None:
    world.total = int(action.params[0]) * world.hidden
    world.seen_dice.append(-1)


def _step(world: World, rng: Rng) -> None:
    die = rng.below(1000)
    if world.steps == 0:
        world.seen_dice.append(die)
    world.steps += 1


def _evaluate(world: World, view: int) -> float:
    return float(world.total)


def sampling(
    samples: int = 4, budget: int | None = None, horizon: int = 3, margin: float = 0.0
) -> Sampling[int, World]:
    """A toy search whose playouts make ``horizon`` moves."""

    def stop(world: World, view: int) -> bool:
        return world.steps >= horizon

    def evaluate(world: World, view: int) -> float:
        SEEN.append((str(world.total), world.hidden, world.seen_dice[1]))
        return _evaluate(world, view)

    return Sampling(
        determinize=_determinize,
        copy=lambda w: World(w.hidden),
        play=_play,
        step=_step,
        stop=stop,
        evaluate=evaluate,
        samples=samples,
        budget=budget,
        horizon=10,
        margin=margin,
    )


def act(key: str, gain: int) -> Action:
    """A candidate worth ``gain`` per unit of the hidden number."""
    return Action(key, key, params=(gain,))


def test_every_candidate_meets_the_same_worlds_and_dice() -> None:
    SEEN.clear()
    sampling(samples=3).weigh(50, [act("a", 1), act("b", 2)], Rng(9))
    worlds = [SEEN[i : i + 2] for i in range(0, len(SEEN), 2)]
    assert len(worlds) == 3
    for first, second in worlds:
        assert first[1:] == second[1:]  # the same hidden number and the same first die
    assert len({w[0][1:] for w in worlds}) > 1  # and the worlds differ from one another


def test_the_best_total_wins_and_ties_go_to_the_earlier_candidate() -> None:
    found = sampling().weigh(50, [act("low", 1), act("high", 3), act("mid", 2)], Rng(1))
    assert found.action.key == "high" and found.worlds == 4
    tie = sampling().weigh(50, [act("first", 2), act("second", 2)], Rng(1))
    assert tie.action.key == "first"


def test_the_budget_is_checked_between_worlds() -> None:
    # each playout: the candidate's move plus 3 policy moves; 2 candidates make 8 moves a world
    assert sampling(samples=10, budget=1).weigh(50, [act("a", 1), act("b", 2)], Rng(3)).worlds == 1
    found = sampling(samples=10, budget=17).weigh(50, [act("a", 1), act("b", 2)], Rng(3))
    assert (found.worlds, found.moves) == (3, 24)
    assert sampling(samples=10, budget=None).weigh(50, [act("a", 1)], Rng(3)).worlds == 10


def test_a_time_cap_stops_drawing_worlds_once_its_seconds_are_used() -> None:
    # the clock is read when the search starts and once before each later world
    candidates = [act("a", 1), act("b", 2)]
    with capped(ticks(), 2.5):
        found = sampling(samples=10).weigh(50, candidates, Rng(3))
    assert found.worlds == 3
    assert found == sampling(samples=3).weigh(50, candidates, Rng(3))  # the best over those worlds


def test_a_tiny_time_cap_still_weighs_one_world_and_returns_a_candidate() -> None:
    candidates = [act("a", 1), act("b", 3), act("c", 2)]
    with capped(ticks(), 1e-9):
        found = sampling(samples=10).weigh(50, candidates, Rng(4))
    assert found.worlds == 1 and found.action in candidates
    assert found == sampling(samples=1).weigh(50, candidates, Rng(4))


def test_the_time_cap_holds_only_inside_its_block() -> None:
    with capped(ticks(), 1e-9):
        pass
    assert sampling(samples=10).weigh(50, [act("a", 1), act("b", 2)], Rng(3)).worlds == 10


def test_the_margin_keeps_the_first_candidate_unless_another_is_clearly_better() -> None:
    # view 1: the hidden number is always 0, so every total is 0 and only the margin counts
    assert sampling(margin=0.5).weigh(1, [act("greedy", 1), act("other", 5)], Rng(2)).action.key == "greedy"
    assert sampling(margin=0.5).weigh(100, [act("greedy", 1), act("other", 5)], Rng(2)).action.key == "other"


def test_the_same_view_and_generator_give_the_same_choice() -> None:
    candidates = [act("a", 1), act("b", 2), act("c", 3)]
    first = sampling(samples=5).weigh(30, candidates, Rng(77))
    again = sampling(samples=5).weigh(30, candidates, Rng(77))
    assert first == again


def test_a_search_needs_a_candidate() -> None:
    with pytest.raises(ValueError):
        sampling().weigh(5, [], Rng(1))


def test_ranked_keeps_the_best_by_score_and_the_listed_order_among_equals() -> None:
    actions = [act("a", 1), act("b", 3), act("c", 3), act("d", 2)]
    prompt = Prompt(0, "x", "")
    top = ranked(None, prompt, actions, lambda view, p, a: float(a.params[0]), 3)
    assert [a.key for a in top] == ["b", "c", "d"]


def test_weigh_recorded_keeps_each_evaluation_and_makes_the_same_choice() -> None:
    candidates = [act("a", 1), act("b", 2)]
    kept = sampling(samples=3, margin=0.5).weigh_recorded(40, candidates, Rng(5))
    assert kept.found == sampling(samples=3, margin=0.5).weigh(40, candidates, Rng(5))
    assert [len(v) for v in kept.values] == [3, 3]
    assert kept.found.totals == (sum(kept.values[0]) + 0.5 * 3, sum(kept.values[1]))


def _weighing(values: tuple[tuple[float, ...], ...], chosen: int, labels: tuple[str, ...]) -> Weighing:
    candidates = tuple(Action(f"k{i}", label) for i, label in enumerate(labels))
    return Weighing(Weighed(candidates[chosen], len(values[0]), 9, ()), candidates, values)


def test_search_reason_says_games_won_or_the_mean_in_the_games_words() -> None:
    won = _weighing(((10.0, 1.0), (0.0, 2.0)), 0, ("Go.", "Stay"))
    assert search_reason(won, 5.0) == "Go: won 1 of 2 sampled playouts; the next best (Stay) 0."
    words = Words(scale=" (in points)", score="worth {x} over {w} world{s}{scale}")
    mean = _weighing(((1.0,), (3.0,)), 1, ("Go", "Stay"))
    said = "Stay: worth +3.0 over 1 world (in points); the next best (Go) +1.0."
    assert search_reason(mean, 5.0, words) == said


def test_a_long_reason_drops_the_scale_then_the_rivals_name_and_never_passes_the_limit() -> None:
    words = Words(scale=" (a long note on what the evaluation counts)")
    rival = "Another option " + "x" * 20
    fits = search_reason(_weighing(((2.0,), (1.0,)), 0, ("Pick " + "y" * 40, rival)), 5.0, words)
    assert "long note" not in fits and rival in fits and len(fits) <= REASON_LIMIT
    huge = search_reason(_weighing(((2.0,), (1.0,)), 0, ("Pick " + "y" * 70, rival)), 5.0, words)
    assert rival not in huge and "the next best +1.0." in huge and len(huge) <= REASON_LIMIT
