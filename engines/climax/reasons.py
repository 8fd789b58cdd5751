"""What a climax search bot found, said in the table's language (``words``: English or Japanese).

A reason gives what the sampled playouts gave the chosen action — games won, or the average
evaluation (damage taken by each side, then stock and board) — beside the next best option's.
Every figure comes from the worlds the search drew from the seat's own View.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from engines.climax.words import say
from engines.core.rng import Rng
from engines.core.search import Sampling, Weighed
from engines.core.types import Action

V = TypeVar("V")
W = TypeVar("W")

#: the most a reason may say
LIMIT = 160
#: an evaluation this far from zero is a finished game (the evaluation gives +-1000 for one)
DECIDED = 500.0


def clip(text: str) -> str:
    """``text`` cut to :data:`LIMIT` characters (an ellipsis marks a cut)."""
    return text if len(text) <= LIMIT else text[: LIMIT - 1].rstrip() + "…"


def longest(*texts: str) -> str:
    """The first of ``texts`` that fits the limit (the last one, cut, if none does)."""
    return next((t for t in texts if len(t) <= LIMIT), clip(texts[-1]))


@dataclass(frozen=True)
class Weighing:
    """A search's result with each candidate's evaluation in every world it met (world order)."""

    found: Weighed
    candidates: tuple[Action, ...]
    values: tuple[tuple[float, ...], ...]  # per candidate, one value a world


def weigh_recorded(sampling: Sampling[V, W], view: V, candidates: Sequence[Action], rng: Rng) -> Weighing:
    """``sampling.weigh`` with every evaluation kept (the same choice: the values are the same)."""
    seen: list[float] = []
    evaluate = sampling.evaluate

    def kept(world: W, seen_by: V) -> float:
        value = evaluate(world, seen_by)
        seen.append(value)
        return value

    found = replace(sampling, evaluate=kept).weigh(view, candidates, rng)
    n = len(candidates)
    return Weighing(found, tuple(candidates), tuple(tuple(seen[i::n]) for i in range(n)))


def search_reason(weighing: Weighing, lang: str) -> str:
    """Why the search kept its choice: playouts won, else the average evaluation, beside the next best."""
    found, values = weighing.found, weighing.values
    chosen = weighing.candidates.index(found.action)
    label = found.action.label
    rivals = [i for i in range(len(values)) if i != chosen]
    if not rivals:
        return clip(say(lang, "why_only", label=label))
    worlds = found.worlds
    mean = [sum(v) / worlds for v in values]
    wins = [sum(1 for x in v if x >= DECIDED) for v in values]
    nxt = max(rivals, key=lambda i: mean[i])
    if wins[chosen] or wins[nxt]:
        mine = say(lang, "why_won", n=wins[chosen], w=worlds)
        theirs = say(lang, "why_won_n", n=wins[nxt])
    else:
        mine = say(lang, "why_score", x=f"{mean[chosen]:+.1f}", w=worlds)
        theirs = f"{mean[nxt]:+.1f}"
    if mean[nxt] < mean[chosen] - 1e-9:
        key = "why_best"
    elif chosen == 0:  # tied, or not better by the search's margin: the rules of thumb's pick stays
        key = "why_kept"
    else:  # tied with a candidate the rules of thumb rank lower
        key = "why_ranked"
    other = weighing.candidates[nxt].label
    return longest(
        say(lang, key, label=label, mine=mine, other=other, theirs=theirs),
        say(lang, f"{key}_short", label=label, mine=mine, theirs=theirs),
    )
