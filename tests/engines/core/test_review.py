"""The review estimator (``engines.core.review``): win chances from full-state playouts of a finished
game, and the turning points with the hard bot's alternative."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from engines import registry
from engines.core import Action, Bot, GameConfig, Outcome, Prompt, RandomBot, Rng
from engines.core.driver import Match, bot_for
from engines.core.review import (
    Review,
    ReviewError,
    Side,
    coarse_to_fine,
    review,
    shares,
    side_of,
    sides_of,
)
from engines.core.timeline import Timeline, build
from tests.engines.core.tinygame import TinyRules, TinyState, TinyView, value


class Plain(RandomBot):
    """The middle bot (the playouts' policy): random, under its own name."""

    name = "plain"


class Spy:
    """The 'hard' bot: plays its highest card and remembers what it was shown."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[tuple[Any, tuple[str, ...]]] = []

    def choose(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        self.seen.append((view, tuple(a.key for a in actions)))
        return max(actions, key=lambda a: (value(a.card or "0-0"), a.key))


class SpiedRules(TinyRules):
    """The tiny game with a spying hard bot, and a count of every state it is asked to apply to."""

    def __init__(self) -> None:
        super().__init__()
        self.spy = Spy()
        self.applied = 0

    def bots(self) -> Mapping[str, Bot]:
        return {"random": RandomBot(), "plain": Plain(), "spy": self.spy}

    def apply(self, state: TinyState, seat: int, action: Action | str) -> Any:
        self.applied += 1
        return super().apply(state, seat, action)


def _finished(ruleset: TinyRules, seed: int, players: int = 2) -> Timeline:
    config = ruleset.resolve_config(GameConfig("race", players, {}))
    match = Match(ruleset, config, seed)
    match.play_out(RandomBot())
    return build(ruleset, config, seed, match.log)


def test_the_same_game_and_dice_give_the_same_review() -> None:
    rules = SpiedRules()
    timeline = _finished(rules, 11)
    one = review(rules, timeline, playouts=6, budget=50_000, rng=Rng(3))
    two = review(rules, timeline, playouts=6, budget=50_000, rng=Rng(3))
    assert one == two
    other = review(rules, timeline, playouts=6, budget=50_000, rng=Rng(4))
    assert other.points[-1] == one.points[-1]  # the result is the result whatever the dice
    assert one.moves > 0 and one.playouts == 6


def test_a_decided_game_ends_at_the_result_and_every_point_shares_out_one() -> None:
    rules = SpiedRules()
    timeline = _finished(rules, 5)
    assert timeline.outcome is not None
    winner = timeline.outcome.winners[0]
    made = review(rules, timeline, playouts=8, budget=50_000, rng=Rng(1))
    last = made.points[-1]
    assert last.step == timeline.steps
    assert last.chances[winner] == 1.0 and last.chances[1 - winner] == 0.0
    assert made.points[0].step == 0
    for point in made.points:
        assert sum(point.chances) == pytest.approx(1.0, abs=1e-3)
        assert all(0.0 <= c <= 1.0 for c in point.chances)


def test_a_short_game_is_estimated_at_every_step() -> None:
    rules = SpiedRules()
    timeline = _finished(rules, 7)
    made = review(rules, timeline, playouts=4, budget=50_000, rng=Rng(2))
    assert [p.step for p in made.points] == list(range(timeline.steps + 1))


def test_turning_points_are_the_biggest_swings_of_their_movers_side() -> None:
    rules = SpiedRules()
    timeline = _finished(rules, 21, players=3)
    made = review(rules, timeline, playouts=8, budget=80_000, rng=Rng(9))
    chances = {p.step: p.chances for p in made.points}
    swings = []
    for step in range(1, timeline.steps + 1):
        seat = timeline.mover(step)
        assert seat is not None
        side = side_of(made.sides, seat)
        swings.append((abs(chances[step][side] - chances[step - 1][side]), step))
    expected = [step for swing, step in sorted(swings, key=lambda s: (-s[0], s[1]))[:3] if swing > 0]
    assert [t.step for t in made.turning] == expected
    for point in made.turning:
        assert point.before == chances[point.step - 1][point.side]
        assert point.after == chances[point.step][point.side]
        assert timeline.log[point.move][1] == point.seat == timeline.mover(point.step)
        assert point.played == timeline.log[point.move][2]
        assert point.played_label.startswith("Play ")


def test_the_alternative_is_the_hard_bots_choice_on_the_movers_view() -> None:
    rules = SpiedRules()
    timeline = _finished(rules, 33)
    rules.spy.seen.clear()
    made = review(rules, timeline, playouts=6, budget=50_000, rng=Rng(5))
    assert made.turning
    assert len(rules.spy.seen) == len(made.turning)  # asked once per turning point, never in playouts
    for point, (view, keys) in zip(made.turning, rules.spy.seen, strict=True):
        before = timeline.state_after(point.move)
        assert isinstance(view, TinyView) and view == rules.view(before, point.seat)
        assert keys == tuple(a.key for a in rules.legal_actions(before, point.seat))
        best = max(rules.legal_actions(before, point.seat), key=lambda a: (value(a.card or "0-0"), a.key))
        if best.key == point.played:
            assert point.instead == "" and point.instead_chance is None
        else:
            assert point.instead == best.key and point.instead_label == best.label
            assert point.instead_chance is not None and 0.0 <= point.instead_chance <= 1.0


def test_a_running_game_is_refused_before_any_state_is_played_out() -> None:
    rules = SpiedRules()
    config = rules.resolve_config(GameConfig("race", 2, {}))
    match = Match(rules, config, 8)
    match.advance(RandomBot(), steps=2)
    timeline = build(rules, config, 8, match.log)
    assert not timeline.over
    rules.applied = 0
    rules.spy.seen.clear()
    with pytest.raises(ReviewError, match="still running"):
        review(rules, timeline, playouts=4, budget=10_000, rng=Rng(1))
    assert rules.applied == 0 and rules.spy.seen == []


def test_a_small_budget_keeps_the_chart_spanning_the_game() -> None:
    ruleset = registry.get("arclash")
    config = ruleset.resolve_config(GameConfig("standard", 2, {}))
    match = Match(ruleset, config, 4)
    match.play_out(bot_for(ruleset, "normal"))
    timeline = build(ruleset, config, 4, match.log)
    made = review(ruleset, timeline, playouts=2, budget=600, rng=Rng(1), points=20)
    steps = [p.step for p in made.points]
    assert steps[0] == 0 and steps[-1] == timeline.steps and len(steps) >= 5
    assert len(steps) < 20  # the budget cut the spread short, coarse to fine
    assert steps[len(steps) // 2] > timeline.steps // 8  # the middle was taken before the edges' neighbours
    roomy = review(ruleset, timeline, playouts=2, budget=20_000, rng=Rng(1), points=20)
    assert len(roomy.points) > len(made.points) and roomy.moves > made.moves


def test_coarse_to_fine_spreads_widest_first() -> None:
    assert coarse_to_fine(4, 10) == [0, 4, 2, 1, 3]
    order = coarse_to_fine(100, 5)
    assert order == [0, 100, 50, 25, 75]
    assert sorted(coarse_to_fine(300, 40)) == sorted(set(coarse_to_fine(300, 40)))
    assert len(coarse_to_fine(300, 40)) == 40


def test_sides_follow_the_teams_and_the_rules_opponent() -> None:
    eternia = registry.get("eternia")
    versus = eternia.resolve_config(GameConfig("versus", 3, {}))
    assert sides_of(eternia, versus) == (Side((0,)), Side((1, 2)))
    solo = eternia.resolve_config(GameConfig("ai", 2, {}))
    assert sides_of(eternia, solo) == (Side((0, 1)), Side((), eternia.automaton(solo)))
    clad = registry.get("hackclad")
    alone = clad.resolve_config(GameConfig("solo", 1, {}))
    assert sides_of(clad, alone)[-1].automaton == "the Clad (solo)"


def test_results_share_out_one_between_the_sides() -> None:
    rules = SpiedRules()
    config = rules.resolve_config(GameConfig("race", 3, {}))
    sides = sides_of(rules, config)
    assert shares(rules, config, sides, Outcome((1,), ((1,), (0, 2)), "won")) == [0.0, 1.0, 0.0]
    assert shares(rules, config, sides, Outcome((0, 2), ((0, 2), (1,)), "shared")) == [0.5, 0.0, 0.5]
    assert shares(rules, config, sides, Outcome((), ((0, 1, 2),), "draw")) == pytest.approx([1 / 3] * 3)
    assert shares(rules, config, sides, None) == pytest.approx([1 / 3] * 3)  # a playout cut short
    eternia = registry.get("eternia")
    solo = eternia.resolve_config(GameConfig("ai", 1, {}))
    both = sides_of(eternia, solo)
    assert shares(eternia, solo, both, Outcome((0,), ((0,),), "won")) == [1.0, 0.0]
    lost = Outcome((), ((0,),), "lost", automaton="AI Controller")
    assert shares(eternia, solo, both, lost) == [0.0, 1.0]


def test_a_review_round_trips_as_plain_data() -> None:
    import msgspec

    rules = SpiedRules()
    made = review(rules, _finished(rules, 2), playouts=3, budget=20_000, rng=Rng(6))
    assert msgspec.convert(msgspec.to_builtins(made), Review) == made
    assert isinstance(made.sides[0], Side) and isinstance(made.points[0].chances, tuple)
