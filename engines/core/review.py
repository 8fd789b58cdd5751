"""Where a finished game was won: each side's chance of winning along the game, and its turning points.

A review is made only once a game is over, so it may read the full state: hands, deck orders and
sealed choices are all history by then. At a step, each side's chance is estimated by playing the
game out from the state at the end of that step several times with a fast policy (the game's
normal bot for every seat, through :mod:`engines.core.driver`; automata play themselves inside
``apply``), and counting who won. Three things keep the figures honest and cheap:

- **Seeded dice, shared.** Playout ``i`` at every step (and for every alternative move) gets the
  same game dice and bot generators, drawn once from the caller's ``rng``. Two neighbouring steps
  then differ by what was played, not by luck, and the same review comes out on any machine.
- **A budget in playout moves, not seconds** (as in :mod:`engines.core.search`): the chart's
  steps are taken coarse to fine (the deal, the end, the middle, the quarters...) so a budget cut
  still spans the game; the widest swings are then narrowed down to single steps by bisection,
  and the hard bot's alternatives are always weighed.
- **The last point is the result itself** (1 for the winner, 0 for the loser), not an estimate.

Sides are ``ruleset.teams(config)`` (a team's chance is its members'), plus "the rules' opponent"
when the mode has one (``ruleset.automaton(config)``): in a solo game, the player's chance of
beating the automaton. Every playout's result is shared out so the sides' chances add up to 1: the
winning sides split it, a draw splits it evenly.

A turning point is a step whose last move changed its mover's side's chance the most (in either
direction). For each, the hard bot (``bot_for(ruleset, "hard")``) chooses at the state before that
move, from the mover's View as bots always do; when it picks another move, that move is weighed
with the same playouts.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Sequence
from typing import Any

import msgspec

from engines.core.bots import Bot, Suggestion
from engines.core.driver import Match, bot_for, bot_rng
from engines.core.rng import Rng
from engines.core.ruleset import AnyRuleset
from engines.core.timeline import Timeline
from engines.core.types import Action, GameConfig, Outcome, Prompt

#: playouts per estimated step
PLAYOUTS = 12
#: playout moves per review (the alternatives' playouts come on top, at most 3 steps' worth; finding
#: the turning points of a long game may take half as much again)
BUDGET = 36_000
#: steps spread evenly over the game before narrowing down the swings
POINTS = 40
#: the moves one playout may make before it is scored as undecided
HORIZON = 3_000
#: the turning points a review names
TURNING = 3
#: the steps always estimated, whatever the budget (the chart needs a shape)
FLOOR = 5
#: the share of the budget the evenly spread steps may use; narrowing swings uses the rest
SPREAD_SHARE = 0.5
#: how often (in a hundred) a playout move is a random legal move instead of the policy's
NOISE = 10


class Side(msgspec.Struct, frozen=True):
    """One side of the game: its seats, or none for the rules' own opponent (named ``automaton``)."""

    seats: tuple[int, ...]
    automaton: str = ""


class Point(msgspec.Struct, frozen=True):
    """Each side's estimated chance of winning (0..1, in the order of ``Review.sides``) after ``step``."""

    step: int
    chances: tuple[float, ...]


class Turning(msgspec.Struct, frozen=True):
    """A move that changed its side's chance the most, and what the hard bot would have played.

    ``move`` is the move's index in the log; ``before`` and ``after`` are the mover's side's
    chance at the step before and at this step. ``instead`` is the hard bot's move when it differs
    from the one played (``instead_chance`` its estimated chance), else empty.
    """

    step: int
    chapter: str
    move: int
    seat: int
    side: int
    played: str
    played_label: str
    before: float
    after: float
    instead: str = ""
    instead_label: str = ""
    instead_chance: float | None = None

    @property
    def swing(self) -> float:
        """How far the move moved its side's chance (positive: up)."""
        return self.after - self.before


class Review(msgspec.Struct, frozen=True):
    """A finished game's win chances along its steps and its turning points (biggest swing first)."""

    sides: tuple[Side, ...]
    points: tuple[Point, ...]
    turning: tuple[Turning, ...]
    steps: int
    playouts: int
    #: playout moves spent, the review's cost
    moves: int


class ReviewError(ValueError):
    """The timeline cannot be reviewed (a running game); the message says why in one line."""


def sides_of(ruleset: AnyRuleset, config: GameConfig) -> tuple[Side, ...]:
    """The game's sides: its teams, then the rules' opponent when the mode has one."""
    sides = [Side(tuple(team)) for team in ruleset.teams(config)]
    automaton = ruleset.automaton(config)
    if automaton:
        sides.append(Side((), automaton))
    return tuple(sides)


def shares(
    ruleset: AnyRuleset, config: GameConfig, sides: Sequence[Side], outcome: Outcome | None
) -> list[float]:
    """How one result counts for each side: the winners split 1, a draw (or no result) splits it evenly."""
    out = [0.0] * len(sides)
    if outcome is None:
        return [1 / len(sides)] * len(sides)
    seated = [i for i, side in enumerate(sides) if side.seats]
    robot = next((i for i, side in enumerate(sides) if not side.seats), None)
    left = 1.0
    if robot is not None:
        result = ruleset.automaton_result(config, outcome)
        if result > 0:
            out[robot] = 1.0
            return out
        if result == 0:
            out[robot] = left = 0.5
    winners = [i for i in seated if any(seat in outcome.winners for seat in sides[i].seats)]
    among = winners or seated or [robot or 0]
    for i in among:
        out[i] += left / len(among)
    return out


def side_of(sides: Sequence[Side], seat: int) -> int:
    """The index of the side ``seat`` plays on."""
    return next(i for i, side in enumerate(sides) if seat in side.seats)


def coarse_to_fine(last: int, count: int) -> list[int]:
    """Up to ``count`` steps spread evenly over ``0..last``, the widest spread first (0, last, middle...)."""
    if last + 1 <= count:
        grid = list(range(last + 1))
    else:
        grid = sorted({round(i * last / (count - 1)) for i in range(count)})
    order = [grid[0], grid[-1]] if len(grid) > 1 else [grid[0]]
    spans: deque[tuple[int, int]] = deque([(0, len(grid) - 1)])
    while spans:
        low, high = spans.popleft()
        middle = (low + high) // 2
        if low < middle < high:
            order.append(grid[middle])
            spans.extend(((low, middle), (middle, high)))
    return order


class Noisy:
    """A policy that now and then plays a random legal move: playouts then spread like real games do.

    With the full state known, a deterministic bot would play every playout from a step the same
    way, and each estimate would be all or nothing.
    """

    def __init__(self, inner: Bot, noise: int) -> None:
        self.inner = inner
        self.noise = noise
        self.name = f"{inner.name}~{noise}"

    def choose(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """The inner bot's move, or (``noise`` times in a hundred) any legal move."""
        if rng.below(100) < self.noise:
            return rng.choice(actions)
        return self.inner.choose(view, prompt, actions, rng)

    def suggest(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The inner bot's suggestion (playouts never ask for one; the protocol does)."""
        return self.inner.suggest(view, prompt, actions, rng)


class _Estimator:
    """Plays a state out with the policy under the review's fixed dice; counts every move made."""

    def __init__(
        self, ruleset: AnyRuleset, config: GameConfig, sides: tuple[Side, ...], policy: Bot, dice: list[int]
    ) -> None:
        self.ruleset = ruleset
        self.config = config
        self.sides = sides
        self.policy = policy
        self.dice = dice
        self.moves = 0

    def chances(self, state: Any) -> tuple[float, ...]:
        """Each side's share of wins over the playouts from ``state``."""
        totals = [0.0] * len(self.sides)
        for seed in self.dice:
            # the game's own dice are drawn afresh (the same for every step); the bots' come from
            # the same seed through the driver, so a playout is fixed by (state, seed)
            world = msgspec.structs.replace(state, rng=seed)
            match = Match(self.ruleset, self.config, seed, state=world)
            self.moves += match.advance(self.policy, steps=HORIZON)
            result = match.outcome()
            for i, share in enumerate(shares(self.ruleset, self.config, self.sides, result)):
                totals[i] += share
        return tuple(round(t / len(self.dice), 4) for t in totals)


def _label(ruleset: AnyRuleset, state: Any, seat: int, key: str) -> str:
    """The label of the legal action ``key`` at ``state`` (the key itself if it is not one)."""
    found = next((a for a in ruleset.legal_actions(state, seat) if a.key == key), None)
    return found.label if found is not None else key


def review(
    ruleset: AnyRuleset,
    timeline: Timeline,
    *,
    playouts: int = PLAYOUTS,
    budget: int = BUDGET,
    rng: Rng,
    policy: Bot | None = None,
    noise: int = NOISE,
    points: int = POINTS,
) -> Review:
    """Estimate each side's chance of winning along a finished game and find its turning points.

    Raises :class:`ReviewError` for a running game: its hidden cards are still secret.
    """
    if timeline.outcome is None:
        raise ReviewError("A game is reviewed once it is over; this one is still running.")
    if playouts < 1:
        raise ValueError("a review needs at least one playout per step")
    config = timeline.config
    sides = sides_of(ruleset, config)
    dice = [rng.next_u64() for _ in range(playouts)]
    playing = (
        Noisy(policy or bot_for(ruleset, "normal"), noise) if noise else policy or bot_for(ruleset, "normal")
    )
    estimator = _Estimator(ruleset, config, sides, playing, dice)
    last = timeline.steps
    known: dict[int, tuple[float, ...]] = {last: tuple(shares(ruleset, config, sides, timeline.outcome))}

    def estimate(step: int) -> None:
        if step not in known:
            known[step] = estimator.chances(timeline.state_after(timeline.moments[step].last))

    # the evenly spread steps, coarse to fine, while their share of the budget lasts
    for done, step in enumerate(coarse_to_fine(last, points)):
        if done >= FLOOR and estimator.moves >= budget * SPREAD_SHARE:
            break
        estimate(step)
    # narrow the widest swings down to single steps while the budget lasts, and past it (up to
    # half as much again) while fewer than three single-step swings are known: a long game's chart
    # may take most of the budget, and a review without its turning points says little
    while estimator.moves < budget or (
        estimator.moves < budget * 3 // 2 and _singles(timeline, known) < TURNING
    ):
        gap = _widest_gap(timeline, sides, known)
        if gap is None:
            break
        estimate((gap[0] + gap[1]) // 2)
    turning = _turning(ruleset, timeline, sides, known, estimator)
    chart = tuple(Point(step, known[step]) for step in sorted(known))
    return Review(sides, chart, turning, last, playouts, estimator.moves)


def _singles(timeline: Timeline, known: dict[int, tuple[float, ...]]) -> int:
    """How many steps were estimated together with the step before them (turning-point candidates)."""
    return sum(1 for step in known if step > 0 and step - 1 in known and timeline.mover(step) is not None)


def _step_swing(
    timeline: Timeline, sides: Sequence[Side], known: dict[int, tuple[float, ...]], step: int
) -> float:
    """How much step ``step`` (estimated with the one before it) moved its mover's side, in size."""
    seat = timeline.mover(step)
    if seat is None:
        return 0.0
    side = side_of(sides, seat)
    return abs(known[step][side] - known[step - 1][side])


def _widest_gap(
    timeline: Timeline, sides: Sequence[Side], known: dict[int, tuple[float, ...]]
) -> tuple[int, int] | None:
    """The unsplit span between estimated steps that may still hide a top-three turning point, widest first.

    A span's swing (the biggest change of any side across it) bounds what one step inside it
    could have done only loosely, so spans are split while they swing more than the third
    biggest single-step swing found so far.
    """
    steps = sorted(known)
    singles = sorted(
        (_step_swing(timeline, sides, known, b) for a, b in itertools.pairwise(steps) if b == a + 1),
        reverse=True,
    )
    bar = singles[TURNING - 1] if len(singles) >= TURNING else 0.0
    best: tuple[float, int, int] | None = None
    for a, b in itertools.pairwise(steps):
        if b - a < 2:
            continue
        swing = max(abs(x - y) for x, y in zip(known[a], known[b], strict=True))
        if swing > bar and (best is None or swing > best[0]):
            best = (swing, a, b)
    return None if best is None else (best[1], best[2])


def _turning(
    ruleset: AnyRuleset,
    timeline: Timeline,
    sides: Sequence[Side],
    known: dict[int, tuple[float, ...]],
    estimator: _Estimator,
) -> tuple[Turning, ...]:
    """The biggest single-step swings, each with the hard bot's choice at the state before its move."""
    candidates = [
        (_step_swing(timeline, sides, known, step), step)
        for step in sorted(known)
        if step > 0 and step - 1 in known and timeline.mover(step) is not None
    ]
    candidates.sort(key=lambda c: (-c[0], c[1]))
    hard = bot_for(ruleset, "hard")
    found: list[Turning] = []
    for swing, step in candidates[:TURNING]:
        if swing <= 0:
            break
        moment = timeline.moments[step]
        move = moment.last - 1
        _seq, seat, key = timeline.log[move]
        side = side_of(sides, seat)
        before_state = timeline.state_after(move)
        played = Turning(
            step=step,
            chapter=moment.chapter,
            move=move,
            seat=seat,
            side=side,
            played=key,
            played_label=_label(ruleset, before_state, seat, key),
            before=known[step - 1][side],
            after=known[step][side],
        )
        found.append(_with_alternative(ruleset, timeline, hard, before_state, played, estimator))
    return tuple(found)


def _with_alternative(
    ruleset: AnyRuleset, timeline: Timeline, hard: Bot, state: Any, played: Turning, estimator: _Estimator
) -> Turning:
    """``played`` with the hard bot's move at ``state`` and its chance, when it chose another move."""
    seat = played.seat
    actions = ruleset.legal_actions(state, seat)
    prompt = ruleset.prompts(state)[seat]
    # the View, as the bot always sees it; its generator is the one it would have had in the game
    choice: Action = hard.choose(
        ruleset.view(state, seat), prompt, actions, bot_rng(timeline.seed, state.seq)
    )
    if choice.key == played.played:
        return played
    after = ruleset.apply(state, seat, choice).state
    chance = estimator.chances(after)[played.side]
    return msgspec.structs.replace(
        played, instead=choice.key, instead_label=choice.label, instead_chance=chance
    )


def relabel(ruleset: AnyRuleset, made: Review, timeline: Timeline) -> Review:
    """``made`` with its turning points' chapters and move labels from ``timeline`` (the same game in
    another language): the figures stay, only the words change."""
    turning = []
    for point in made.turning:
        state = timeline.state_after(point.move)
        instead = _label(ruleset, state, point.seat, point.instead) if point.instead else ""
        turning.append(
            msgspec.structs.replace(
                point,
                chapter=timeline.moments[point.step].chapter,
                played_label=_label(ruleset, state, point.seat, point.played),
                instead_label=instead,
            )
        )
    return msgspec.structs.replace(made, turning=tuple(turning))
