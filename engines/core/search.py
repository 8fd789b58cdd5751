"""Sampling search for bots: weigh a few candidate actions in worlds sampled from a seat's View.

A search bot cannot see the hidden cards, so it draws full states that agree with its View (the
game's ``determinize``), plays each candidate out in every drawn world with a cheap policy up to a
stopping point, and keeps the candidate whose end positions evaluate best on the sum. The game
supplies the pieces (:class:`Sampling`); the loop, the fairness rules and the budget live here so
every game's search bot weighs candidates the same way:

- Worlds are drawn one at a time, and every candidate meets each world with the same dice (one
  generator seed per world handed to every playout), so only the candidate differs.
- The budget counts playout moves, not seconds, and is checked between worlds: every candidate
  always meets the same worlds, a decision stays cheap whatever the position, and the same View
  and generator give the same choice on any machine, so a game replays exactly.
- Ties go to the earlier candidate: candidates come best-first by the game's own rules of thumb.
- Whoever runs the bots may also cap a search's time (:func:`capped`, a clock and seconds handed
  in): checked between worlds like the budget, it stops the search early on a slower machine
  with the best candidate over the worlds met so far (always at least one). The log records what
  was played, so games still replay exactly; only a search cut short may choose differently.

Nothing here reads a clock of its own, a file or the game's own generator: without a cap, same
inputs, same choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Generic, TypeVar

from engines.core.rng import Rng
from engines.core.types import Action, Prompt

V = TypeVar("V")  # the seat's View
W = TypeVar("W")  # a sampled world (a full state)

#: the time cap on searches in this context, as (clock, seconds); set by :func:`capped` only
_CAP: ContextVar[tuple[Callable[[], float], float] | None] = ContextVar("search_cap", default=None)


@contextmanager
def capped(clock: Callable[[], float], seconds: float) -> Iterator[None]:
    """Inside, a search stops drawing worlds once it has used ``seconds`` by ``clock`` (after one world)."""
    token = _CAP.set((clock, seconds))
    try:
        yield
    finally:
        _CAP.reset(token)


def _time_up() -> Callable[[], bool]:
    """Whether the cap in force (if any) is reached, counted from now."""
    cap = _CAP.get()
    if cap is None:
        return lambda: False
    clock, seconds = cap
    ends = clock() + seconds
    return lambda: clock() >= ends


def ranked(
    view: V,
    prompt: Prompt,
    actions: Sequence[Action],
    score: Callable[[V, Prompt, Action], float],
    width: int,
) -> list[Action]:
    """The ``width`` best actions by ``score``, best first (equal scores keep the listed order)."""
    return sorted(actions, key=lambda a: -score(view, prompt, a))[:width]


@dataclass(frozen=True)
class Weighed:
    """What one search found: the choice, the worlds it met, the playout moves, each candidate's total."""

    action: Action
    worlds: int
    moves: int
    totals: tuple[float, ...]


@dataclass(frozen=True)
class Sampling(Generic[V, W]):
    """A game's pieces for sampling search, and the loop that weighs candidates with them.

    ``determinize(view, rng)`` draws a world that shows ``view``; ``copy(world)`` copies it (each
    candidate plays on its own copy); ``play(world, view, action)`` makes the candidate move in
    place; ``step(world, rng)`` makes one move of the playout policy in place, for whoever is to
    move; ``stop(world, view)`` says the playout has reached its stopping point; and
    ``evaluate(world, view)`` scores the end position for the viewer (higher is better).

    ``samples`` worlds at most, ``budget`` playout moves at most per decision (``None``: no
    bound; the world under way is always finished), ``horizon`` moves at most per playout.
    ``margin`` is added, per world, to the first candidate (the rules of thumb's choice), so a
    search leaves that choice only for a clear gain rather than for sampling noise.
    """

    determinize: Callable[[V, Rng], W]
    copy: Callable[[W], W]
    play: Callable[[W, V, Action], object]  # whatever it returns is ignored
    step: Callable[[W, Rng], object]
    stop: Callable[[W, V], bool]
    evaluate: Callable[[W, V], float]
    samples: int = 6
    budget: int | None = 1000
    horizon: int = 120
    margin: float = 0.0

    def weigh(self, view: V, candidates: Sequence[Action], rng: Rng) -> Weighed:
        """Play every candidate out in the same sampled worlds; the best total wins (ties: earliest)."""
        if not candidates:
            raise ValueError("weigh needs at least one candidate")
        totals = [0.0] * len(candidates)
        worlds = moves = 0
        time_up = _time_up()
        while worlds < self.samples and (self.budget is None or moves < self.budget):
            if worlds and time_up():
                break
            world = self.determinize(view, rng.fork())
            dice = rng.next_u64()  # the playout policy's dice, the same for every candidate
            for i, action in enumerate(candidates):
                state = self.copy(world)
                self.play(state, view, action)
                made = self.playout(state, view, Rng(dice))
                totals[i] += self.evaluate(state, view)
                moves += made + 1
            worlds += 1
        if self.margin:
            totals[0] += self.margin * worlds
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return Weighed(candidates[best], worlds, moves, tuple(totals))

    def playout(self, world: W, view: V, rng: Rng) -> int:
        """Policy moves in place until the stopping point or the horizon; the moves made."""
        for made in range(self.horizon):
            if self.stop(world, view):
                return made
            self.step(world, rng)
        return self.horizon
