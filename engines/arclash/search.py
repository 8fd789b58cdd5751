"""Arclash's search bot: weighs every choice by playing it out in worlds sampled from its View.

The bot sees only its own seat's View. It draws complete states that agree with that View
(``determinize``: the other hands, every deck's order and the others' sealed choices sampled from
what the seat cannot see), plays every candidate forward in each world with greedy play for
everyone, and keeps the candidate whose end positions score best
(:class:`engines.core.search.Sampling`: the same worlds and dice for every candidate).

Why the search bot is handed the ruleset (``SearchBot(rules)``) instead of importing it: the
ruleset lists the bots, so an import back from here would make an import cycle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engines.arclash import zones
from engines.arclash.bots import PICKS, GreedyBot, explain_greedy, greedy_pick, keep_value, state_lookup
from engines.arclash.content import catalogue
from engines.arclash.decks import starters
from engines.arclash.reasons import search_reason
from engines.arclash.state import ADVANCE, OPENING, OVER, SWAP, ArclashState, ArclashView, SeatState
from engines.arclash.turn import advance_options
from engines.core.carry import carry
from engines.core.rng import Rng
from engines.core.search import Sampling, SearchChoice, Weighing
from engines.core.types import Action, Prompt

if TYPE_CHECKING:
    from engines.core.ruleset import Ruleset


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
                **carry(sv, "deck_name points passed", lists="mods"),
                deck=deck,
                hand=hand,
                discard=[c.iid for c in sv.discard],
                stack=[c.iid for c in sv.stack],
                supports=[c.iid for c in sv.supports],
            )
        )
    state = ArclashState(
        **carry(view, "players target phase turn round current winner", lists="order"),
        seats=seats,
        ids=ids,
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
        # Greedy starts over only from a level 1, with a stronger level 1 from hand.
        top = zones.top(state, seat)
        ones = zones.level_ones(state, zone.hand)
        best = max(ones, key=lambda i: zones.card(state, i).power, default="")
        better = best and top is not None and top.level == 1 and zones.card(state, best).power > top.power
        zone.choice = best if better else ""
    if state.phase == OPENING and not zone.choice:
        zone.sealed = False


# ---------------------------------------------------------------------- search
#: from this many seats on, a finished game is worth its score target in the evaluation, not 100
SHAPED_FROM = 5


def win_value(players: int, target: int) -> float:
    """What a finished game adds to (or takes from) the evaluation: 100, or the target from five seats on.

    At five and six seats a game lasts two or three battles and most playouts end it inside the
    horizon, so at +-100 a choice turned on which few of the worlds were won; at the score target a
    playout's points lead still counts beside the win, a graded signal in every world.
    """
    return float(target) if players >= SHAPED_FROM else 100.0


def decided(players: int, target: int) -> float:
    """The evaluation from which a playout is a won game (:func:`evaluate` keeps the two apart).

    A won game leads by a point at least and the seat is at level 1 at least, so it scores over
    ``win + 1``; an unfinished one leads by ``target - 1`` at most plus 0.3 for each of four levels.
    """
    win = win_value(players, target)
    return win + 1.0 if players >= SHAPED_FROM else win / 2


def evaluate(state: ArclashState, seat: int, level_weight: float = 0.3) -> float:
    """The seat's lead in points over the best rival, plus its level; a finished game is +-win_value."""
    best_other = max(z.points for s, z in enumerate(state.seats) if s != seat)
    score = state.seats[seat].points - best_other + level_weight * zones.level(state, seat)
    if state.phase == OVER:
        win = win_value(state.players, state.target)
        score += win if state.winner == seat else -win
    return score


#: sampled worlds per decision at most
WORLDS = 16
#: playout moves per decision at most, counted between worlds: keeps a decision near 0.1 s of CPU
#: (0.2 s at most) on this project's machine at six players (see the README's ladder figures)
BUDGET = 4000
#: battles a playout covers: this turn's and the next, so what a choice keeps for later counts
TURNS = 2
#: playout moves at most (two turns of every player fit well inside)
HORIZON = 400


def _settled(world: ArclashState, stop_turn: int) -> bool:
    return world.phase == OVER or world.turn > stop_turn


def _stop_turn(view: ArclashView, turns: int) -> int:
    """The last turn a playout covers: ``turns`` battles on, counting this turn's unless it is fought."""
    return view.turn + (1 if view.phase == SWAP else 0) + turns - 1


def _greedy_step(rules: Ruleset[ArclashState, ArclashView], world: ArclashState) -> None:
    """One greedy move, in place, by the lowest seat asked."""
    prompts = rules._prompts(world)
    who = min(prompts)
    actions = rules._legal_actions(world, who)
    rules._apply(
        world, who, greedy_pick(prompts[who].kind, actions, zones.top(world, who), state_lookup(world))
    )


def _me(view: ArclashView) -> int:
    assert view.viewer is not None
    return view.viewer


class SearchBot(SearchChoice[ArclashView]):
    """Tries every choice in sampled worlds, playing each forward greedily to the end of the next
    turn; keeps the best (:class:`engines.core.search.Sampling`: the same worlds for every candidate,
    as many worlds as the playout-move budget allows)."""

    name = "search"

    def __init__(
        self,
        rules: Ruleset[ArclashState, ArclashView],
        worlds: int = WORLDS,
        margin: float = 0.25,
        budget: int | None = BUDGET,
        turns: int = TURNS,
        level_weight: float = 0.3,
    ) -> None:
        self.rules = rules  # plays the sampled worlds forward
        self.worlds = worlds
        self.margin = margin
        self.sampling: Sampling[ArclashView, ArclashState] = Sampling(
            determinize=determinize,
            copy=rules.clone,
            play=lambda world, view, action: rules._apply(world, _me(view), action),
            step=lambda world, rng: _greedy_step(rules, world),  # greedy play needs no dice
            stop=lambda world, view: _settled(world, _stop_turn(view, turns)),
            evaluate=lambda world, view: evaluate(world, _me(view), level_weight),
            samples=worlds,
            budget=budget,
            horizon=HORIZON,
            # Leave the greedy choice only for a clear gain: sampling noise should not flip decisions.
            margin=margin,
        )

    def weighed(
        self, view: ArclashView, prompt: Prompt, actions: Sequence[Action], rng: Rng
    ) -> tuple[Action, Weighing | None]:
        """The choice and, when it was weighed by sampling, every evaluation the search made."""
        return self.plan(view, prompt, actions, rng)

    def greedy_reason(
        self, view: ArclashView, prompt: Prompt, chosen: Action, actions: Sequence[Action]
    ) -> str:
        """The greedy bot's reason for its pick."""
        return explain_greedy(view, prompt.kind, chosen)

    def weighed_reason(self, view: ArclashView, weighing: Weighing) -> str:
        """Games won in the playouts, else points against the leader."""
        return search_reason(weighing, decided(view.players, view.target))

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
        weighing = self.sampling.weigh_recorded(view, candidates, rng)
        return weighing.found.action, weighing


__all__ = ["SearchBot", "decided", "determinize", "evaluate", "win_value"]
