"""Why an Arclash bot chose what it chose: one short sentence a player understands.

The greedy bot's reason names the card and the figure it compared (power, the support's expected
swing, the card least worth keeping); the search bot's names what its sampled playouts gave: the
games won, or the points against the best rival at the end of the turn, beside the next best
option's. Every figure comes from the seat's own View and the worlds the search drew from it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from engines.arclash.content import SUPPORT, Card
from engines.core.rng import Rng
from engines.core.search import Sampling, Weighed
from engines.core.types import Action

Lookup = Callable[[Action], Card | None]
V = TypeVar("V")
W = TypeVar("W")

#: the most a reason may say
LIMIT = 160
#: an evaluation this far from zero is a finished game (the search adds +-100 for one)
DECIDED = 50.0


def clip(text: str) -> str:
    """``text`` cut to :data:`LIMIT` characters (an ellipsis marks a cut)."""
    return text if len(text) <= LIMIT else text[: LIMIT - 1].rstrip() + "…"


def greedy_reason(
    kind: str, action: Action, top: Card | None, lookup: Lookup, worth: Callable[[Card], float]
) -> str:
    """Why the greedy rules picked ``action`` for a ``kind`` prompt (``worth``: what a card is worth)."""
    design = lookup(action)
    if design is None:
        return clip(_without_card(kind, action))
    name, power = design.name, design.power
    if kind == "opening":
        return clip(f"Opens with {name}: at {power} power, the strongest level 1 start in the deck.")
    if kind == "advance":
        return clip(f"Advances to {name}: at {power} power, the strongest character it can advance to now.")
    if kind in ("advance_pay", "support_pay"):
        return clip(f"Discards {name} to pay: the card in hand least worth keeping ({worth(design):.1f}).")
    if kind == "support":
        return clip(
            f"Plays {name}: worth about {worth(design):+.0f} power in this battle, the most of any support."
        )
    if kind == "swap":
        before = f" instead of {top.power}" if top is not None else ""
        return clip(f"Starts over with {name}: {power} power now{before}.")
    if design.kind == SUPPORT:
        return clip(f"Takes {name}: the most useful card on offer (worth about {worth(design):+.0f} power).")
    return clip(f"Takes {name}: the most useful card on offer ({power} power).")


def _without_card(kind: str, action: Action) -> str:
    """Reasons for the choices that name no card (passing, keeping, finishing a pick)."""
    if action.key == "keep":
        return "Keeps the character: starting over with a level 1 from hand would not make it stronger."
    if action.key == "done":
        return "Done: nothing left on offer to take."
    if kind == "advance":
        return "Passes: no character in hand it can advance to and pay for."
    if kind == "support":
        return "Passes: no support in hand adds power to this battle."
    return f"{action.label}: the only sensible choice left."


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


def search_reason(weighing: Weighing) -> str:
    """Why the search bot kept its choice: games won in the playouts, else points against the leader."""
    found, values = weighing.found, weighing.values
    chosen = weighing.candidates.index(found.action)
    rivals = [i for i in range(len(values)) if i != chosen]
    worlds = found.worlds
    mean = [sum(v) / worlds for v in values]
    wins = [sum(1 for x in v if x >= DECIDED) for v in values]
    label = found.action.label
    if not rivals:
        return clip(f"{label}: the only option left to weigh.")
    nxt = max(rivals, key=lambda i: mean[i])
    other = weighing.candidates[nxt].label
    played = f"{worlds} sampled playout{'s' if worlds != 1 else ''}"
    if wins[chosen] or wins[nxt]:
        mine, theirs = f"won {wins[chosen]} of {played}", str(wins[nxt])
    else:
        mine = f"scores {mean[chosen]:+.1f} on average over {played} (lead in points, plus level)"
        theirs = f"{mean[nxt]:+.1f}"
    if mean[nxt] < mean[chosen] - 1e-9:
        lead, after = f"{label}: {mine}", "the next best"
    elif chosen == 0:  # kept within the margin, or tied: the rules of thumb's pick stays
        lead, after = f"{label}: the rule of thumb's pick; it {mine}", "the best other"
    else:  # tied with a candidate the rules of thumb rank lower
        lead, after = f"{label}: ranked first by the rules of thumb; it {mine}", "the best other"
    return _longest(f"{lead}; {after} ({other}) {theirs}.", f"{lead}; {after} {theirs}.")


def _longest(*texts: str) -> str:
    """The first of ``texts`` that fits the limit (the last one, cut, if none does)."""
    return next((t for t in texts if len(t) <= LIMIT), clip(texts[-1]))
