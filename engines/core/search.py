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

What a search found is also what its bot says (``suggest``): :meth:`Sampling.weigh_recorded` keeps
every evaluation, and :func:`search_reason` words the choice beside the next best option from a
game's own :class:`Words` (English, or a Climax table's Japanese).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Generic, TypeVar

from engines.core.bots import REASON_LIMIT, Suggestion, clip
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
class Weighing:
    """A search's result with each candidate's evaluation in every world it met (world order)."""

    found: Weighed
    candidates: tuple[Action, ...]
    values: tuple[tuple[float, ...], ...]  # per candidate, one value a world


class SearchChoice(Generic[V]):
    """``choose`` and ``suggest`` of a search bot that keeps its rules of thumb's choice unless it weighs one.

    The game's bot writes ``weighed`` (the choice and, when it was weighed by sampling, every
    evaluation the search made), ``greedy_reason`` (why the rules of thumb chose, where nothing was
    weighed) and ``weighed_reason`` (what the playouts gave the choice beside the next best).
    """

    def weighed(
        self, view: V, prompt: Prompt, actions: Sequence[Action], rng: Rng
    ) -> tuple[Action, Weighing | None]:
        """The choice and, when it was weighed by sampling, every evaluation the search made."""
        raise NotImplementedError

    def greedy_reason(self, view: V, prompt: Prompt, chosen: Action, actions: Sequence[Action]) -> str:
        """Why the rules of thumb chose ``chosen`` (nothing was weighed)."""
        raise NotImplementedError

    def weighed_reason(self, view: V, weighing: Weighing) -> str:
        """What the playouts gave the choice beside the next best."""
        raise NotImplementedError

    def choose(self, view: V, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """The weighed choice (the rules of thumb's where there is nothing to weigh)."""
        return self.weighed(view, prompt, actions, rng)[0]

    def suggest(self, view: V, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The choice with its reason: the playouts' where it was weighed, else the rules of thumb's."""
        chosen, weighing = self.weighed(view, prompt, actions, rng)
        if weighing is None:
            return Suggestion(chosen, self.greedy_reason(view, prompt, chosen, actions))
        return Suggestion(chosen, self.weighed_reason(view, weighing))


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
        return self.weigh_recorded(view, candidates, rng).found

    def weigh_recorded(self, view: V, candidates: Sequence[Action], rng: Rng) -> Weighing:
        """:meth:`weigh`, with each candidate's evaluation in every world kept (for the bot's reason)."""
        if not candidates:
            raise ValueError("weigh needs at least one candidate")
        values: list[list[float]] = [[] for _ in candidates]
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
                values[i].append(self.evaluate(state, view))
                moves += made + 1
            worlds += 1
        totals = [sum(v) for v in values]
        if self.margin:
            totals[0] += self.margin * worlds
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        found = Weighed(candidates[best], worlds, moves, tuple(totals))
        return Weighing(found, tuple(candidates), tuple(tuple(v) for v in values))

    def playout(self, world: W, view: V, rng: Rng) -> int:
        """Policy moves in place until the stopping point or the horizon; the moves made."""
        for made in range(self.horizon):
            if self.stop(world, view):
                return made
            self.step(world, rng)
        return self.horizon


# ------------------------------------------------------------------------------ saying why
@dataclass(frozen=True)
class Words:
    """The pieces a search reason is made of, in one language (English unless a game gives its own).

    Fields are ``str.format`` templates. ``won`` and ``score`` say what the chosen action's
    playouts gave (``{n}`` games won, ``{x}`` the mean evaluation, of ``{w}`` worlds, ``{s}`` the
    plural ending, ``{scale}`` the game's ``scale`` where it fits); ``it_won`` and ``it_score``
    say it as a clause after the rules of thumb's pick. ``best``, ``kept`` and ``ranked`` are the
    whole sentence: the choice beats the next best, is the rules of thumb's first pick kept within
    the margin or a tie, or ties a candidate they rank lower; each has a ``_short`` form without
    the rival's name, for when the first passes the limit.
    """

    scale: str = ""  # what the evaluation counts, e.g. " (a Hit Point is 1, a VP 12)"
    only: str = "{label}: the only option left to weigh."
    won: str = "won {n} of {w} sampled playout{s}"
    it_won: str = "it won {n} of {w} sampled playout{s}"
    won_n: str = "{n}"
    score: str = "scores {x} on average over {w} sampled playout{s}{scale}"
    it_score: str = "it scores {x} on average over {w} sampled playout{s}{scale}"
    best: str = "{label}: {mine}; the next best ({other}) {theirs}."
    best_short: str = "{label}: {mine}; the next best {theirs}."
    kept: str = "{label}: the rule of thumb's pick; {it_mine}; the best other ({other}) {theirs}."
    kept_short: str = "{label}: the rule of thumb's pick; {it_mine}; the best other {theirs}."
    ranked: str = "{label}: ranked first by the rules of thumb; {it_mine}; the best other ({other}) {theirs}."
    ranked_short: str = "{label}: ranked first by the rules of thumb; {it_mine}; the best other {theirs}."

    @classmethod
    def of(cls, table: Mapping[str, str]) -> Words:
        """Words from a game's table of templates (keys: the field names; missing ones stay English)."""
        return cls(**{k: v for k, v in table.items() if k in cls.__dataclass_fields__})


ENGLISH = Words()


def search_reason(weighing: Weighing, decided: float, words: Words = ENGLISH) -> str:
    """Why the search kept its choice: playouts won, else the mean evaluation, beside the next best.

    An evaluation of at least ``decided`` is a playout that ended in a won game; games won are
    counted when the choice or the next best won any, else the means are compared.
    """
    found, values = weighing.found, weighing.values
    chosen = weighing.candidates.index(found.action)
    label = found.action.label.rstrip(".")
    rivals = [i for i in range(len(values)) if i != chosen]
    if not rivals:
        return clip(words.only.format(label=label))
    w = found.worlds
    mean = [sum(v) / w if w else 0.0 for v in values]
    wins = [sum(1 for x in v if x >= decided) for v in values]
    nxt = max(rivals, key=lambda i: mean[i])
    if mean[nxt] < mean[chosen] - 1e-9:
        key = "best"
    elif chosen == 0:  # not better by the search's margin, or tied: the rules of thumb's pick stays
        key = "kept"
    else:  # tied with a candidate the rules of thumb rank lower
        key = "ranked"
    plural = "" if w == 1 else "s"
    other = weighing.candidates[nxt].label.rstrip(".")
    counted = bool(wins[chosen] or wins[nxt])
    texts = []
    for form in (key, f"{key}_short"):
        # the game's scale first, then without it, before the rival's name is left out
        for scale in dict.fromkeys((words.scale, "")):
            said = {"n": wins[chosen], "w": w, "s": plural, "x": f"{mean[chosen]:+.1f}", "scale": scale}
            mine = (words.won if counted else words.score).format(**said)
            it_mine = (words.it_won if counted else words.it_score).format(**said)
            theirs = words.won_n.format(n=wins[nxt]) if counted else f"{mean[nxt]:+.1f}"
            sentence = getattr(words, form)
            texts.append(sentence.format(label=label, mine=mine, it_mine=it_mine, other=other, theirs=theirs))
    return next((t for t in texts if len(t) <= REASON_LIMIT), clip(texts[-1]))
