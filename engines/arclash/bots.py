"""Arclash's greedy bot: it maximises this battle's power and never looks ahead.

It sees only its own seat's View, and says why it chose (``suggest``, reasons in
:mod:`engines.arclash.reasons`): the card and the figure it compared. Its rules of thumb are also
the playout policy and the first candidate of the search bot (:mod:`engines.arclash.search`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engines.arclash.content import CHARACTER, SUPPORT, Card, catalogue, matches
from engines.arclash.reasons import greedy_reason
from engines.arclash.state import ArclashState, ArclashView
from engines.core.bots import Suggestion
from engines.core.rng import Rng
from engines.core.types import Action, Prompt

Lookup = Callable[[Action], Card | None]

# Rough worth of one card moved to hand, in power points, for comparing effects.
_CARD_WORTH = 15
# Prompts where a search or take-back effect has its owner choose cards.
PICKS = ("search", "recycle")


def support_value(design: Card, top: Card | None) -> float:
    """Expected power swing of a support for its player, right now."""
    total = 0.0
    for e in design.effects:
        if e.need and (top is None or not matches(top, e.need)):
            continue
        pips = 2.0 if e.half else 3.5
        total += {
            "power": e.amount,
            "weaken": e.amount,
            "die_power": pips * e.amount,
            "die_weaken": pips * e.amount,
            "coin_power": e.amount / 2,
            "count_power": e.amount * min(e.count, 2),
            "level_down": (7 - e.odds) / 6 * 150,
            "self_discard": -_CARD_WORTH * e.count,
        }.get(e.do, _CARD_WORTH * max(e.count, 1))
    return total - _CARD_WORTH * design.discard


def keep_value(design: Card, top: Card | None) -> float:
    """How much a card in hand is worth keeping (the cheapest is discarded to pay costs)."""
    if design.kind == SUPPORT:
        return support_value(design, top)
    return design.power / 6


def greedy_pick(kind: str, actions: Sequence[Action], top: Card | None, lookup: Lookup) -> Action:
    """The greedy choice: the strongest character, the biggest immediate support, the cheapest discard."""
    by_key = {a.key: a for a in actions}

    def score(action: Action) -> float:
        design = lookup(action)
        if design is None:
            return 0.0
        if kind in ("opening", "advance"):
            if "cannot pay" in action.label:
                return -1.0
            return float(design.power)
        if kind in ("advance_pay", "support_pay"):
            return -keep_value(design, top)
        if kind == "support":
            return support_value(design, top)
        if kind == "swap":
            return float(design.power) - (top.power if top and top.level == 1 else 10_000)
        return 0.0

    if kind in PICKS:
        # Any card is worth having: take the most useful one while any is left.
        takes = [a for a in actions if a.key.startswith("take:")]
        if not takes:
            return actions[-1]
        return max(takes, key=lambda a: keep_value(design, top) if (design := lookup(a)) else 0.0)
    if kind in ("advance_pay", "support_pay"):
        # Having chosen to pay, greedy pays with its least useful card.
        return max((a for a in actions if a.key.startswith("pay:")), key=score)
    best = max(actions, key=lambda a: (score(a), a.key == "pass" or a.key == "keep"))
    if score(best) <= 0 and kind != "opening":
        for fallback in ("pass", "keep"):
            if fallback in by_key:
                return by_key[fallback]
    return best


def _view_lookup(view: ArclashView) -> Lookup:
    pool = catalogue()
    known = {c.iid: c.id for c in view.hand}

    def lookup(action: Action) -> Card | None:
        if action.card:
            return pool[known[action.card]]
        if action.params:
            return pool[str(action.params[0])]
        return None

    return lookup


def state_lookup(state: ArclashState) -> Lookup:
    """The card design an action names, read off a full state (playouts know every card)."""
    pool = catalogue()

    def lookup(action: Action) -> Card | None:
        if action.card:
            return pool[state.ids[action.card]]
        if action.params:
            return pool[str(action.params[0])]
        return None

    return lookup


def _view_top(view: ArclashView) -> Card | None:
    assert view.viewer is not None
    stack = view.seats[view.viewer].stack
    return catalogue()[stack[-1].id] if stack else None


class GreedyBot:
    """Always goes for the most power in the current battle; never looks ahead."""

    name = "greedy"

    def choose(self, view: ArclashView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """Pick the greedy action from this seat's view."""
        return greedy_pick(prompt.kind, actions, _view_top(view), _view_lookup(view))

    def suggest(self, view: ArclashView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The greedy action and the figure that made it best."""
        chosen = self.choose(view, prompt, actions, rng)
        return Suggestion(chosen, explain_greedy(view, prompt.kind, chosen))


def explain_greedy(view: ArclashView, kind: str, chosen: Action) -> str:
    """The greedy reason for ``chosen``, with the worth greedy gave the card for this ``kind``."""
    top = _view_top(view)

    def worth(design: Card) -> float:
        return support_value(design, top) if kind == "support" else keep_value(design, top)

    return greedy_reason(kind, chosen, top, _view_lookup(view), worth)


__all__ = ["CHARACTER", "GreedyBot", "explain_greedy", "greedy_pick", "keep_value", "state_lookup"]
