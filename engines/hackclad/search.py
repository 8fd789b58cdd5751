"""HackClad's search bot: weighs a few turn and draft choices by playing them out in sampled worlds.

At her own turn or draft pick the witch draws worlds that agree with her View
(``worlds.determinize``: the other witches' cards, her deck's order and the Clad deck sampled from
what she cannot see), plays each candidate out to the end of the round with the witch bot moving
for everyone, the Clad following its rules, and keeps the candidate whose end positions score best:
her side's VP as the book counts them (shards, deck, missions, injuries) less the best rival side's,
or her own VP alone in solo. Elsewhere (reactions, choices inside a card, the mission and enhanced
picks at the start) and whenever one choice is all there is, it plays as the witch bot does.

Nothing is shared between witches that the book keeps secret: a team's witches each search from
their own View (a person running two witches sees both of their hands, as the table would).

Why the ruleset is handed in (``SearchBot(rules)``): the ruleset lists this bot, so importing it
back from here would make an import cycle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engines.core.bots import Suggestion
from engines.core.rng import Rng
from engines.core.search import Sampling, Weighed
from engines.core.types import Action, Prompt
from engines.hackclad.bots import WitchBot, card_value
from engines.hackclad.scoring import breakdown, witch_teams
from engines.hackclad.seats import owner
from engines.hackclad.state import HackState, HackView, copy_state
from engines.hackclad.view import build_view
from engines.hackclad.worlds import determinize, rebuildable

if TYPE_CHECKING:
    from engines.core.ruleset import Ruleset

#: sampled worlds per decision at most
SAMPLES = 8
#: candidates weighed per decision at most (the witch bot's choice first)
WIDTH = 5
#: playout moves per decision at most: keeps a decision under 0.5 s of CPU (see the README)
BUDGET = 500
#: playout moves at most (a round of four witches with their reactions fits well inside)
HORIZON = 200

_GREEDY = WitchBot()


def side_vp(world: HackState, witches: Sequence[int]) -> int:
    """The VP a side would score if the game ended now (book 9: shards, deck, missions, injuries)."""
    return sum(breakdown(world, x)["total"] for x in witches)


def evaluate(world: HackState, me: int) -> float:
    """Witch ``me``'s side's VP less the best rival side's (her own VP alone when she has no rival)."""
    sides = witch_teams(world)
    mine = next(side for side in sides if me in side)
    rivals = [side_vp(world, side) for side in sides if side is not mine]
    return side_vp(world, mine) - (max(rivals) if rivals else 0)


def _settled(world: HackState, view: HackView) -> bool:
    """The playout's stopping point: the round under way is over (or the game is)."""
    return world.phase == "over" or world.round > view.round


def candidates(view: HackView, prompt: Prompt, actions: Sequence[Action], first: Action) -> list[Action]:
    """The choices worth weighing, the witch bot's ``first``; one of each kind of move, best first."""
    if prompt.kind == "draft":
        # The slot decides when she acts against the Clad; the card, what she keeps in hand.
        slots = [a for a in actions if a.card == first.card]
        cards = [a for a in actions if a.params[0] == first.params[0]]
        pool = [*slots, *cards]
    else:
        pool = sorted(actions, key=lambda a: -_promise(view, a))
    out: list[Action] = [first]
    seen = {_kind(first)}
    for action in pool:
        kind = _kind(action)
        if kind not in seen:
            seen.add(kind)
            out.append(action)
        if len(out) >= WIDTH:
            break
    return out


def _kind(action: Action) -> tuple[object, ...]:
    """Actions that differ only in ways a playout would not tell apart share a kind."""
    head = action.key.split(".")[0]
    if head == "p" and action.params and action.params[0] == "attack":
        return (head, action.card, action.params[3], action.params[4])  # any facing that hits
    if head in ("bm", "bp"):
        return (head,)  # which card pays is the witch bot's call: its least useful one
    if head == "d":
        return (head, action.params[0], action.card)
    return (action.key,)


def _promise(view: HackView, action: Action) -> float:
    """A quick guess of a turn action's worth, to pick which ones to weigh."""
    head = action.key.split(".")[0]
    hand = {c.id: c for c in view.hand}
    if head == "p":
        return 100.0 + float(action.params[1]) if action.params[0] == "attack" else 50.0
    if head == "cp":
        return 40.0
    if head in ("bm", "bp"):
        return 30.0 - card_value(hand[action.card]) / 10 if action.card in hand else 0.0
    return 20.0  # end the turn


class SearchBot:
    """Weighs its turn and draft choices in sampled worlds (:class:`engines.core.search.Sampling`)."""

    name = "search"

    def __init__(
        self, rules: Ruleset[HackState, HackView], samples: int = SAMPLES, budget: int | None = BUDGET
    ) -> None:
        self.rules = rules  # plays the sampled worlds forward
        self.sampling: Sampling[HackView, HackState] = Sampling(
            determinize=determinize,
            copy=copy_state,
            play=self._play,
            step=self._step,
            stop=_settled,
            evaluate=lambda world, view: evaluate(world, view.asking),
            samples=samples,
            budget=budget,
            horizon=HORIZON,
        )

    def _play(self, world: HackState, view: HackView, action: Action) -> None:
        """The candidate, made in place by the witch being asked."""
        self.rules._apply(world, owner(world, view.asking), action)

    def _step(self, world: HackState, rng: Rng) -> None:
        """One witch-bot move in place, for whoever is asked (the Clad moves inside ``_apply``)."""
        prompts = self.rules._prompts(world)
        seat = min(prompts)
        actions = self.rules._legal_actions(world, seat)
        action = _GREEDY.choose(build_view(world, seat), prompts[seat], actions, rng)
        self.rules._apply(world, seat, action)

    def choose(self, view: HackView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """The candidate with the best total over the sampled worlds (the witch bot's elsewhere)."""
        return self.suggest(view, prompt, actions, rng).action

    def suggest(self, view: HackView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The choice with the playouts' numbers behind it."""
        first = _GREEDY.suggest(view, prompt, actions, rng)
        if len(actions) < 2 or prompt.kind not in ("turn", "draft") or not rebuildable(view):
            return first
        pool = candidates(view, prompt, actions, first.action)
        if len(pool) < 2:
            return first
        weighed = self.sampling.weigh(view, pool, rng)
        return Suggestion(weighed.action, reason(view, pool, weighed))


def reason(view: HackView, pool: Sequence[Action], weighed: Weighed) -> str:
    """One sentence from the playouts: the choice's average result and the runner-up's."""
    best = pool.index(weighed.action)
    worlds = max(1, weighed.worlds)
    order = sorted(range(len(pool)), key=lambda i: -weighed.totals[i])
    runner = next(i for i in order if i != best)
    mean, other = weighed.totals[best] / worlds, weighed.totals[runner] / worlds
    solo = len(view.witches) == 1
    what = "VP" if solo else "VP against the best rival"
    sign = "" if solo else "+"
    text = ""
    for most in (40, 30, 20):  # the shortest labels only when the longest would pass 160 characters
        chosen, second = _short(weighed.action.label, most), _short(pool[runner].label, most - 10)
        text = (
            f"{chosen}: {mean:{sign}.1f} {what} at the round's end over {worlds} sampled futures; "
            f"next best, {second}, {other:{sign}.1f}."
        )
        if len(text) <= 160:
            break
    return text


def _short(text: str, most: int) -> str:
    """A label without its closing full stop, cut to ``most`` characters, so reasons stay short."""
    text = text.rstrip(".")
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"
