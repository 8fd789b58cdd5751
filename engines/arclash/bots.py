"""Arclash bots: a greedy one that maximises this battle's power, and a search one.

Both see only their own seat's View. The search bot samples complete states that agree with
that View (``determinize``), plays every candidate action forward in each sample with greedy
play for everyone, and keeps the action with the best average result.

Each bot also says why (``suggest``, reasons in :mod:`engines.arclash.reasons`): greedy names the
card and the figure it compared, search what its sampled playouts gave beside the next best option.

Why the search bot is handed the ruleset (``SearchBot(rules)``) instead of importing it: the
ruleset lists these bots, so an import back from here would make an import cycle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engines.arclash import zones
from engines.arclash.content import CHARACTER, SUPPORT, Card, catalogue, matches
from engines.arclash.decks import starters
from engines.arclash.reasons import Weighing, greedy_reason, search_reason, weigh_recorded
from engines.arclash.state import ADVANCE, OPENING, OVER, SWAP, ArclashState, ArclashView, SeatState
from engines.arclash.turn import advance_options
from engines.core.bots import Suggestion
from engines.core.rng import Rng
from engines.core.search import Sampling
from engines.core.types import Action, Prompt

if TYPE_CHECKING:
    from engines.core.ruleset import Ruleset

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


def _state_lookup(state: ArclashState) -> Lookup:
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


# ---------------------------------------------------------------------- determinization
def _hidden_pool(view: ArclashView, seat: int) -> Counter[str]:
    """Cards a seat may hold out of sight: its list (own, or its starter) minus its face-up cards."""
    sv = view.seats[seat]
    shown = Counter([*(c.id for c in sv.stack), *(c.id for c in sv.supports), *(c.id for c in sv.discard)])
    if seat == view.viewer:
        shown.update(c.id for c in view.hand)
        listed = Counter(view.my_list)
    elif sv.deck_name in starters():
        listed = Counter(starters()[sv.deck_name].cards)
    else:
        # A custom deck: any card of the pool, two copies each, is possible.
        listed = Counter({card_id: 2 for card_id in catalogue()})
    return listed - shown


def determinize(view: ArclashView, rng: Rng) -> ArclashState:
    """A full state consistent with ``view``: hidden cards sampled, nothing taken from the real state."""
    me = view.viewer
    if me is None:
        raise ValueError("determinize needs a seat's view, not a spectator's")
    ids: dict[str, str] = {}
    seats: list[SeatState] = []
    for sv in view.seats:
        ids.update({c.iid: c.id for c in sv.stack})
        ids.update({c.iid: c.id for c in sv.supports})
        ids.update({c.iid: c.id for c in sv.discard})
        unknown = sorted(_hidden_pool(view, sv.seat).elements())
        rng.shuffle(unknown)
        hidden = sv.deck_count + (0 if sv.seat == me else sv.hand_count)
        pool_ids = sorted(catalogue())
        while len(unknown) < hidden:  # the public record is odd (custom lists): pad from the pool
            unknown.append(rng.choice(pool_ids))
        made = [f"h{sv.seat}-{k:02d}" for k in range(hidden)]
        ids.update(zip(made, unknown, strict=False))
        if sv.seat == me:
            hand = [c.iid for c in view.hand]
            ids.update({c.iid: c.id for c in view.hand})
            deck = made
        else:
            hand, deck = made[: sv.hand_count], made[sv.hand_count :]
        seats.append(
            SeatState(
                deck_name=sv.deck_name,
                deck=deck,
                hand=hand,
                discard=[c.iid for c in sv.discard],
                stack=[c.iid for c in sv.stack],
                supports=[c.iid for c in sv.supports],
                points=sv.points,
                mods=list(sv.mods),
                passed=sv.passed,
            )
        )
    state = ArclashState(
        players=view.players,
        target=view.target,
        phase=view.phase,
        turn=view.turn,
        round=view.round,
        seats=seats,
        ids=ids,
        order=list(view.order),
        current=view.current,
        winner=view.winner,
        rng=rng.next_u64(),
    )
    mine = state.seats[me]
    if view.my_choice is not None:
        if view.phase == OPENING:
            mine.choice = next(i for i in mine.deck if ids[i] == view.my_choice.id)
        else:
            mine.choice = view.my_choice.iid
        mine.paying = [c.iid for c in view.my_paying]
    mine.sealed = view.seats[me].sealed
    for sv in view.seats:
        if sv.seat != me and sv.sealed:
            _guess_sealed(state, sv.seat)
    return state


def _guess_sealed(state: ArclashState, seat: int) -> None:
    """Give a seat that has sealed a plausible hidden choice (what greedy play would have sealed)."""
    zone = state.seats[seat]
    zone.sealed = True
    if state.phase == OPENING:
        ones = zones.level_ones(state, zone.deck)
        zone.choice = max(ones, key=lambda i: zones.card(state, i).power) if ones else ""
    elif state.phase == ADVANCE:
        payable = [
            i for i in advance_options(state, seat) if zones.card(state, i).discard <= len(zone.hand) - 1
        ]
        if payable:
            zone.choice = max(payable, key=lambda i: zones.card(state, i).power)
            top = zones.top(state, seat)
            rest = sorted(
                (i for i in zone.hand if i != zone.choice),
                key=lambda i: keep_value(zones.card(state, i), top),
            )
            zone.paying = rest[: zones.card(state, zone.choice).discard]
    elif state.phase == SWAP:
        zone.choice = ""
    if state.phase == OPENING and not zone.choice:
        zone.sealed = False


# ---------------------------------------------------------------------- search
def _evaluate(state: ArclashState, seat: int) -> float:
    best_other = max(z.points for s, z in enumerate(state.seats) if s != seat)
    score = state.seats[seat].points - best_other + 0.3 * zones.level(state, seat)
    if state.phase == OVER:
        score += 100 if state.winner == seat else -100
    return score


#: playout moves at most (a turn of every player fits well inside)
HORIZON = 400


def _settled(world: ArclashState, stop_turn: int) -> bool:
    return world.phase == OVER or world.turn > stop_turn


def _stop_turn(view: ArclashView) -> int:
    """The last turn a playout covers: this one, or the next when swapping ends this turn."""
    return view.turn + (1 if view.phase == SWAP else 0)


def _greedy_step(rules: Ruleset[ArclashState, ArclashView], world: ArclashState) -> None:
    """One greedy move, in place, by the lowest seat asked."""
    prompts = rules._prompts(world)
    who = min(prompts)
    actions = rules._legal_actions(world, who)
    rules._apply(
        world, who, greedy_pick(prompts[who].kind, actions, zones.top(world, who), _state_lookup(world))
    )


def _me(view: ArclashView) -> int:
    assert view.viewer is not None
    return view.viewer


class SearchBot:
    """Tries every choice in several sampled worlds, playing each forward greedily; keeps the best
    (:class:`engines.core.search.Sampling`: the same worlds for every candidate)."""

    name = "search"

    def __init__(
        self, rules: Ruleset[ArclashState, ArclashView], worlds: int = 6, margin: float = 0.25
    ) -> None:
        self.rules = rules  # plays the sampled worlds forward
        self.worlds = worlds
        self.margin = margin
        self.sampling: Sampling[ArclashView, ArclashState] = Sampling(
            determinize=determinize,
            copy=rules.clone,
            play=lambda world, view, action: rules._apply(world, _me(view), action),
            step=lambda world, rng: _greedy_step(rules, world),  # greedy play needs no dice
            stop=lambda world, view: _settled(world, _stop_turn(view)),
            evaluate=lambda world, view: _evaluate(world, _me(view)),
            samples=worlds,
            budget=None,  # every decision meets all its worlds, as before the kit
            horizon=HORIZON,
            # Leave the greedy choice only for a clear gain: sampling noise should not flip decisions.
            margin=margin,
        )

    def choose(self, view: ArclashView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """Pick the action with the best average rollout over sampled worlds."""
        return self.plan(view, prompt, actions, rng)[0]

    def suggest(self, view: ArclashView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The search's choice, with what its playouts gave it and the next best option."""
        chosen, weighing = self.plan(view, prompt, actions, rng)
        if weighing is None:
            return Suggestion(chosen, explain_greedy(view, prompt.kind, chosen))
        return Suggestion(chosen, search_reason(weighing))

    def plan(
        self, view: ArclashView, prompt: Prompt, actions: Sequence[Action], rng: Rng
    ) -> tuple[Action, Weighing | None]:
        """The choice and, when it was weighed by sampling, every evaluation the search made."""
        greedy = GreedyBot().choose(view, prompt, actions, rng)
        # Samples cannot rebuild a half-done search (the cards looked at are hidden), and
        # taking the most useful card is what a rollout would find anyway.
        if len(actions) == 1 or prompt.kind in ("opening", *PICKS):
            return greedy, None
        candidates = [greedy, *(a for a in actions if a.key != greedy.key)]
        weighing = weigh_recorded(self.sampling, view, candidates, rng)
        return weighing.found.action, weighing


__all__ = ["CHARACTER", "GreedyBot", "SearchBot", "determinize", "greedy_pick"]
