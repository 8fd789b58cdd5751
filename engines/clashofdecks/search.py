"""The Clash of Decks search bot: the tactician's play, weighed by playing it out in sampled worlds.

A seat cannot see the other players' hands nor the AI kingdoms' deck piles. :func:`determinize`
draws a full state that shows the seat's View exactly: every card the View shows keeps its place
and instance id, and the unseen places (sizes kept, the Stronghold where the View puts it) are
filled from the cards nobody has seen, under fresh ids, so nothing of the true deal is copied.
Which cards may be unseen follows from what the format puts on the table: a preconstructed deck
is one of the four (a kingdom's own cards in play name it), a Constructed deck was revealed
before play, a draft pile was cut from the whole collection.

:class:`SearchBot` weighs, at each summoning choice, the tactician's best few plays and ending
the summoning (:class:`engines.core.search.Sampling`): in every sampled world each candidate is
played, then the tactician plays every seat (the AI kingdoms follow their rules) until the seat's
next turn begins, and the position is scored for the seat's side in health (:func:`evaluate`).
The budget counts playout moves, never seconds, so a game replays the same on any machine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from engines.clashofdecks.bots import Tactician
from engines.clashofdecks.content import catalog
from engines.clashofdecks.modes import layout
from engines.clashofdecks.reading import deed, fit, my_kingdom
from engines.clashofdecks.setup import FIRST_TURN_MANA
from engines.clashofdecks.state import (
    SCHEMA_VERSION,
    STRONGHOLD,
    CardInfo,
    ClashState,
    ClashView,
    Kingdom,
    Line,
    Record,
    Unit,
    copy_state,
)
from engines.clashofdecks.view import build_view
from engines.core.bots import Suggestion
from engines.core.carry import carry
from engines.core.rng import Rng
from engines.core.search import Sampling, Weighed, ranked
from engines.core.types import Action, Prompt

if TYPE_CHECKING:
    from engines.core.ruleset import Ruleset

#: the prefix of the ids a sampled world gives its unseen cards (real ids are "c" and a number)
HIDDEN = "h"


# ------------------------------------------------------------------------------ determinize
@cache
def _design_of_name() -> dict[str, str]:
    """Card design ids by printed name (a View shows faces, and names are unique)."""
    return {card.name: card.id for card in catalog().cards.values()}


def _turns(view: ClashView, ring: Sequence[int]) -> tuple[dict[int, int], list[int]]:
    """Turns each kingdom has started, and the turn order from the first player on.

    Turns go round the ring one kingdom at a time, so the active kingdom and the turn count say
    who opened and how often each kingdom has been active."""
    n = len(ring)
    at = ring.index(view.active)
    opener = (at - (view.turn - 1)) % n
    order = [ring[(opener + i) % n] for i in range(n)]
    started = {k: sum(1 for t in range(view.turn) if order[t % n] == k) for k in ring}
    return started, order


def _decks(view: ClashView, me: int, seen_by: dict[int, list[str]], rng: Rng) -> dict[int, list[str]]:
    """Every player's deck list as far as the format tells (precon and Constructed; draft: none).

    A preconstructed deck is the one most of a kingdom's cards in view belong to (the viewer's
    first); the decks nothing names are dealt at random among the kingdoms left."""
    players = [me, *(kv.index for kv in view.kingdoms if not kv.is_ai and kv.index != me)]
    if view.format == "constructed":
        return {k: [_design_of_name()[c.name] for c in view.kingdoms[k].revealed_deck] for k in players}
    if view.format != "precon":
        return {}
    free = list(catalog().decks)
    found: dict[int, list[str]] = {}
    for k in players:
        shown = Counter(d.id for d in free for design in seen_by.get(k, ()) if design in d.cards)
        if shown:
            deck = next(d for d in free if d.id == shown.most_common(1)[0][0])
            found[k] = list(deck.cards)
            free.remove(deck)
    rng.shuffle(free)
    for k in players:
        if k not in found and free:
            found[k] = list(free.pop().cards)
    return found


def _universe(view: ClashView, decks: dict[int, list[str]]) -> list[str]:
    """Every card design the game holds outside the Champions (once each, but for Constructed
    decks, which may share cards)."""
    cat = catalog()
    if view.format == "constructed" or (view.format == "precon" and view.mode in ("duel", "ffa", "2v2")):
        return [d for deck in decks.values() for d in deck]
    if view.format == "precon" and view.mode == "solo":
        return [d for deck in cat.decks for d in deck.cards]  # the AI holds the other three decks
    return list(cat.collection)


def determinize(view: ClashView, rng: Rng) -> ClashState:
    """A full state that shows ``view`` to its viewer: the unseen cards drawn from those unseen.

    Only the summoning phase is sampled (the search bot drafts as the tactician does)."""
    if view.phase != "summon" or view.viewer is None or view.hand is None:
        raise ValueError("only a seat's View during the summoning phase can be sampled")
    names = _design_of_name()
    cards: dict[str, str] = {}
    seen_by: dict[int, list[str]] = {}  # designs in view, by the kingdom that holds them

    def show(info: CardInfo, holder: int) -> str:
        cards[info.id] = names[info.name]
        seen_by.setdefault(holder, []).append(cards[info.id])
        return info.id

    me = my_kingdom(view)
    ring = layout(view.mode).ring
    started, order = _turns(view, ring)
    caps = FIRST_TURN_MANA if len(ring) == 4 else FIRST_TURN_MANA[:1]
    kingdoms: list[Kingdom] = []
    for kv in view.kingdoms:
        kingdom = Kingdom(
            seat=-1 if kv.seat is None else kv.seat,
            team=kv.team,
            lines=[kv.upper_line, kv.lower_line],
            fort=kv.side == "fort",
            mana=kv.mana,
            turns=started[kv.index],
            discard=[show(c, kv.index) for c in kv.discard],
            revealed=[names[c.name] for c in kv.revealed_deck],
            lost=kv.lost,
        )
        place = order.index(kv.index)
        if not kv.is_ai and place < len(caps):
            kingdom.first_mana = caps[place]
        if kv.champion is not None:
            kingdom.champion = show(kv.champion.card, kv.index)
            kingdom.champion_status = kv.champion.status
        kingdoms.append(kingdom)
    hand = [show(c, me) for c in view.hand.cards]
    hand.insert(view.hand.stronghold_pos, STRONGHOLD)
    kingdoms[me].hand = hand
    lines = []
    for lv in view.lines:
        sides = [
            [
                Unit(
                    cards=[show(c, u.owner) for c in u.cards],
                    owner=u.owner,
                    entered=view.turn if u.summoned_this_turn else view.turn - 1,
                    damage=u.damage,
                    sprint=u.sprint_bonus,
                    shielded=u.protection_spent,
                )
                for u in sv.units
            ]
            for sv in (lv.left, lv.right)
        ]
        lines.append(Line(kingdoms=[lv.left.kingdom, lv.right.kingdom], sides=sides))
    _deal_unseen(view, me, kingdoms, cards, seen_by, rng)
    return ClashState(
        **carry(view, "mode format champions players ai sudden_death phase turn active"),
        schema_version=SCHEMA_VERSION,
        rng=rng.next_u64(),
        cards=cards,
        kingdoms=kingdoms,
        lines=lines,
        ring=list(ring),
        last_assault=[
            Record(r.kind, r.text, r.source, r.target, r.kingdom, r.amount, r.line) for r in view.last_assault
        ],
        this_turn=[
            Record(r.kind, r.text, r.source, r.target, r.kingdom, r.amount, r.line) for r in view.this_turn
        ],
    )


def _deal_unseen(
    view: ClashView,
    me: int,
    kingdoms: list[Kingdom],
    cards: dict[str, str],
    seen_by: dict[int, list[str]],
    rng: Rng,
) -> None:
    """Fill the other players' hands and the AI deck piles (in place) with unseen cards."""
    decks = _decks(view, me, seen_by, rng)
    unseen = list((Counter(_universe(view, decks)) - Counter(cards.values())).elements())
    rng.shuffle(unseen)
    fresh = iter(f"{HIDDEN}{n:03d}" for n in range(1, 1000))

    def draw(wanted: list[str], count: int) -> list[str]:
        """``count`` cards: ``wanted`` first, then anything unseen (never short)."""
        taken = wanted[:count]
        for design in taken:
            if design in unseen:
                unseen.remove(design)
        while len(taken) < count:
            taken.append(unseen.pop() if unseen else rng.choice(list(catalog().collection)))
        ids = [next(fresh) for _ in taken]
        cards.update(zip(ids, taken, strict=True))
        return ids

    for kv in view.kingdoms:
        if kv.is_ai or kv.index == me:
            continue
        own = decks.get(kv.index, [])
        if view.format == "constructed":
            # Constructed decks may share cards: its unseen cards are its own list less its own in view.
            wanted = list((Counter(own) - Counter(seen_by.get(kv.index, []))).elements())
        else:
            wanted = [d for d in own if d in unseen]
        rng.shuffle(wanted)
        hidden = draw(wanted, kv.hand_size - 1)
        hidden.insert(kv.stronghold_pos, STRONGHOLD)
        kingdoms[kv.index].hand = hidden
    for kv in view.kingdoms:
        if kv.is_ai:
            kingdoms[kv.index].deck = draw([], kv.deck_size)


# ------------------------------------------------------------------------------ evaluation
#: a won (or lost) game, in health: more than any lead short of it
WON = 60.0
#: the health a creature in play is worth per point of its AV and of its HP left
BOARD_AV, BOARD_HP = 0.5, 0.25
#: the weight of every kingdom on a side beside the one nearest its fall (which counts whole)
SPREAD = 0.3


def life(state: ClashState, k: int) -> int:
    """The damage kingdom ``k`` can still take: its Stronghold's side, plus the Fort behind a Bastion."""
    kingdom = state.kingdoms[k]
    if kingdom.is_ai:
        return len(kingdom.deck) + (0 if kingdom.fort else len(kingdom.discard))
    hp = len(kingdom.hand) - 1 - kingdom.hand.index(STRONGHOLD)
    return hp + (0 if kingdom.fort else len(kingdom.hand) - 1)


def _side_value(state: ClashState, ks: Sequence[int]) -> float:
    """A side's health: its weakest kingdom's life whole (whoever fells one Fort wins), the others'
    a little, and its creatures' attack and health in play."""
    lives = sorted(life(state, k) for k in ks)
    total = lives[0] + SPREAD * sum(lives[1:])
    cat = catalog()
    for line in state.lines:
        for k, side in zip(line.kingdoms, line.sides, strict=True):
            if k in ks:
                for unit in side:
                    faces = [cat.cards[state.cards[iid]] for iid in unit.cards]
                    total += BOARD_AV * sum(c.av for c in faces)
                    total += BOARD_HP * (sum(c.hp for c in faces) - unit.damage)
    return total


def evaluate(state: ClashState, me: int) -> float:
    """How good ``state`` is for kingdom ``me``'s side, in health: its side less the enemies in reach."""
    team = state.kingdoms[me].team
    if state.phase == "over":
        seat = state.kingdoms[me].seat
        return WON if seat in state.winners else -WON
    ours = [k for k, kd in enumerate(state.kingdoms) if kd.team == team]
    reach = {k for line in state.lines if set(line.kingdoms) & set(ours) for k in line.kingdoms}
    theirs = [k for k in sorted(reach) if state.kingdoms[k].team != team]
    return _side_value(state, ours) - _side_value(state, theirs)


# ------------------------------------------------------------------------------ the bot
def _mine(view: ClashView) -> int:
    return my_kingdom(view)


class SearchBot:
    """The tactician's best few plays and ending the summoning, weighed in sampled worlds.

    ``width`` candidates at most (the tactician's best first: a tie keeps its choice), ``samples``
    worlds, ``budget`` playout moves per decision, playouts to the seat's next turn."""

    name = "search"

    def __init__(
        self,
        rules: Ruleset[ClashState, ClashView],
        samples: int = 8,
        width: int = 6,
        budget: int = 1200,
        margin: float = 0.3,
    ) -> None:
        self.rules = rules  # plays the sampled worlds forward (the ruleset hands itself in)
        self.policy = Tactician()
        self.width = width
        self.sampling: Sampling[ClashView, ClashState] = Sampling(
            determinize=determinize,
            copy=copy_state,
            play=lambda world, view, action: rules._apply(world, _seat(view), action),
            step=self._step,
            stop=_settled,
            evaluate=lambda world, view: evaluate(world, _mine(view)),
            samples=samples,
            budget=budget,
            horizon=200,
            margin=margin,  # another play must beat the tactician's by this much health a world
        )

    def _step(self, world: ClashState, rng: Rng) -> None:
        """One tactician move, in place, for whoever must decide."""
        seat, prompt = next(iter(self.rules._prompts(world).items()))
        view = build_view(world, seat)
        action = self.policy.choose(view, prompt, self.rules._legal_actions(world, seat), rng)
        self.rules._apply(world, seat, action)

    def choose(self, view: ClashView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """The candidate with the best sampled outcome (the tactician's choice where nothing is weighed)."""
        return self.plan(view, prompt, actions, rng)[0]

    def suggest(self, view: ClashView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The same choice, with how it fared in the sampled futures against the next best."""
        chosen, found, candidates = self.plan(view, prompt, actions, rng)
        if found is None or found.worlds == 0:
            return self.policy.suggest(view, prompt, actions, rng.fork())
        worlds = found.worlds
        order = sorted(range(len(candidates)), key=lambda i: -found.totals[i])
        best = candidates.index(chosen)
        runner = next(i for i in order if i != best)
        mean, other = found.totals[best] / worlds, found.totals[runner] / worlds
        what = deed(view, chosen)
        tail = f"in {worlds} sampled futures it scored {mean:+.1f} health, the next best {other:+.1f}"
        return Suggestion(chosen, fit(f"{what}; {tail} ({candidates[runner].label})."))

    def plan(
        self, view: ClashView, prompt: Prompt, actions: Sequence[Action], rng: Rng
    ) -> tuple[Action, Weighed | None, list[Action]]:
        """The choice, what the search found (None: not weighed) and the candidates it weighed."""
        first = self.policy.choose(view, prompt, actions, rng)
        candidates = self.candidates(view, prompt, actions, first)
        if len(candidates) < 2:
            return first, None, candidates
        found = self.sampling.weigh(view, candidates, rng)
        return found.action, found, candidates

    def candidates(
        self, view: ClashView, prompt: Prompt, actions: Sequence[Action], first: Action
    ) -> list[Action]:
        """The tactician's choice first, then its next best plays, and ending the summoning."""
        if prompt.kind != "summon" or len(actions) < 2:
            return [first]
        best = ranked(view, prompt, actions, self.policy.score, self.width)
        chosen = [first, *(a for a in best if a.key != first.key)][: self.width]
        end = next((a for a in actions if a.key == "end"), None)
        if end is not None and all(a.key != "end" for a in chosen):
            chosen.append(end)
        return chosen


def _seat(view: ClashView) -> int:
    assert view.viewer is not None
    return view.viewer


def _settled(world: ClashState, view: ClashView) -> bool:
    """The playouts' stopping point, the same for every candidate: the seat's next turn begins
    (every other kingdom has answered), or the game is over."""
    return world.phase != "summon" or world.turn >= view.turn + len(world.ring)
