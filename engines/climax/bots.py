"""Bots for the climax TCG: random, greedy, and a search bot that samples what it cannot see.

Every bot reads only its own seat's View. The greedy bot scores each legal action with rules of
thumb that hold for every deck: bigger characters in the front row; battle when it wins (not into a
revenge character, which would take the winner down too), counting "when it attacks" power; a
counter only when it changes the battle; rally only from the back row and only when the bonus wins
a battle (resting a front-row character costs its attack); an event only with something to act on;
encore at the card's own price; at level-up the first card of each colour the deck plays; clock a
spare card while the clock is short. The search bot samples full states consistent with its View
(:func:`determinize`), plays each candidate action out with the greedy policy to the end of the
opponent's next turn in every sampled world, and keeps the action with the best average.

Each bot also says why (``suggest``), in the table's language from keys in ``words``: greedy the
rule of thumb and its figures (:func:`explain`), search what its sampled playouts gave beside the
next best option (:mod:`engines.climax.reasons`), random that it chose at random.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.climax.content import catalog
from engines.climax.ctx import Ctx
from engines.climax.determinize import DECK_SIZE, determinize
from engines.climax.effects import power_of
from engines.climax.play import CHOICES
from engines.climax.reasons import search_reason
from engines.climax.state import (
    FRONT,
    CardFace,
    ClimaxState,
    ClimaxView,
    copy_state,
)
from engines.climax.view import build_view
from engines.climax.words import say, term
from engines.core.bots import Bot, RandomBot, Suggestion, clip
from engines.core.rng import Rng
from engines.core.search import Sampling, SearchChoice, Weighing, ranked
from engines.core.types import Action, Prompt


# ------------------------------------------------------------------------------ greedy
def _face(view: ClimaxView, iid: str) -> CardFace | None:
    """The face of a card the viewer can see, by id."""
    for held in view.hand:
        if held.card.id == iid:
            return held.card
    for side in view.sides:
        for group in (side.waiting, side.clock, side.level_cards, side.playing):
            for face in group:
                if face.id == iid:
                    return face
        for slot in side.stage:
            if slot.card is not None and slot.card.id == iid:
                return slot.card
    return None


def _value(card: CardFace | None) -> float:
    """A rough worth of a card in hand: higher levels and power are worth more."""
    if card is None:
        return 0.0
    if card.kind == "climax":
        return 2.5
    if card.kind == "event":
        return 2.0 + card.level
    return card.power / 2000 + card.level


def score(view: ClimaxView, prompt: Prompt, action: Action) -> float:
    """The greedy bot's score of one action (higher is better; ties go to the first)."""
    me = view.viewer if view.viewer is not None else 0
    mine, theirs = view.sides[me], view.sides[1 - me]
    kind = str(action.params[0]) if action.params else action.key
    card = _face(view, action.card) if action.card else None
    if prompt.kind == "mulligan":
        if kind == "keep":
            return 0.5
        marked = action.card in view.marked
        bad = card is not None and (card.kind == "climax" or card.level >= 2)
        return (1.0 if bad else -1.0) * (-1 if marked else 1)
    if prompt.kind == "clock":
        if kind == "pass":
            return 0.5
        short = mine.level * 7 + len(mine.clock) < 12 and len(view.hand) >= 4
        return (3.0 - _value(card)) if short else -1.0
    if prompt.kind == "main":
        if kind == "p":
            assert card is not None
            slot = int(action.params[2])
            here = mine.stage[slot]
            front = slot < 3
            assist = "[Back row]" in card.text or "【後列】" in card.text
            gain = card.power / 1000 + 2 * card.level + card.soul
            if here.card is not None:
                gain -= here.card.power / 1000 + 2 * here.card.level + 3
            if assist:
                gain += 1.5 if not front else -1.0
            elif not front:
                gain -= 2.0
            return gain
        if kind == "e":
            return _event_worth(view, card)
        if kind == "a":
            # Rallying rests the character (from the front row that costs its attack) and spends
            # stock: worth it only when the bonus wins a battle that would otherwise be lost.
            if int(action.params[1]) in FRONT:
                return -1.0
            bonus = _bonus(card, "rally") if card is not None else 0
            return 0.8 if _rally_target(view, bonus)[1] > 0 else -1.0
        if kind == "m":
            return -5.0
        return 0.0
    if prompt.kind == "climax":
        attackers = sum(1 for s in mine.stage[:3] if s.card is not None and s.pose == "stand")
        return (1.0 if attackers >= 2 else -0.5) if kind == "x" else 0.0
    if prompt.kind == "attack":
        if kind == "end":
            return -1.0
        slot = int(action.params[1])
        attacker = mine.stage[slot]
        facing = theirs.stage[slot]
        if kind == "d":
            return 3.0
        assert facing.card is not None and attacker.card is not None
        if kind == "f":
            ours = attacker.power + _bonus(attacker.card, "attack_power")  # it acts on declaring
            trade = 1.0 + facing.card.level - attacker.card.level  # both characters reversed
            if ours > facing.power:
                # a character with revenge reverses the one that beat it
                return trade if _bonus(facing.card, "revenge", 1) else 4.0 + facing.card.level
            return trade if ours == facing.power else 0.5
        return 2.0 - facing.card.level  # no battle: AP lost to the level in front
    if prompt.kind == "counter":
        if kind == "pass":
            return 0.5
        return _counter_worth(view, card)
    if prompt.kind == "encore":
        price = view.pending.n if view.pending is not None else int(view.options["encore_cost"])
        keep = kind == "yes" and mine.stock - price >= 2
        return 1.0 if keep else (0.8 if kind == "no" else 0.5)
    if prompt.kind == "level":
        if card is None:
            return 0.0
        # The level zone keeps a colour met for good: the first card of each colour the deck
        # plays is worth more there than any card's worth in the waiting room.
        held = {f.colour for f in mine.level_cards}
        share = sum(1 for d in view.decklist if catalog().card(d).colour == card.colour) / DECK_SIZE
        return -_value(card) + (6.0 * share if card.colour not in held else 0.0)
    if prompt.kind == "pick":
        if kind == "pass":
            return 0.0
        if view.pending is not None and view.pending.s == "rally":
            return 1.0 if action.card == _rally_target(view, view.pending.n)[0] else 0.0
        return 1.0 + (card.level if card is not None else 0)
    if prompt.kind == "discard":
        return -_value(card)
    return 0.0


def _bonus(card: CardFace, kw: str, each: int = 0) -> int:
    """The sum of ``kw``'s numbers on ``card`` (``each`` counts every such ability as that much)."""
    return sum(each or a.n for a in catalog().card(card.design).abilities if a.kw == kw)


def _event_worth(view: ClimaxView, card: CardFace | None) -> float:
    """A main-phase event is worth playing only when it has something to act on."""
    if card is None:
        return 0.0
    me = view.viewer if view.viewer is not None else 0
    for ab in catalog().card(card.design).abilities:
        if ab.kw in ("ev_bounce", "ev_destroy"):
            foes = [s.card for s in view.sides[1 - me].stage if s.card is not None and s.card.level <= ab.n]
            return 1.5 + max(f.level for f in foes) if foes else -1.0
        if ab.kw == "ev_salvage":
            mine = view.sides[me].waiting
            return 1.5 if any(f.kind == "character" and f.level <= ab.n for f in mine) else -1.0
    return 1.5


def _counter_worth(view: ClimaxView, card: CardFace | None) -> float:
    """Worth of a counter card now: above passing (0.5) only when it changes the outcome."""
    if card is None:
        return 0.0
    attack = view.attack
    design = catalog().card(card.design)
    if attack is None:
        return 0.0
    if design.has("counter_soul"):
        return 1.0 if attack.ap > 0 else 0.0  # one damage less, whatever the battle
    bonus = sum(a.n for a in design.abilities if a.kw in ("backup", "counter_power"))
    ours, theirs = view.sides[1 - attack.seat].stage[attack.slot], view.sides[attack.seat].stage[attack.slot]
    if ours.power > theirs.power or ours.power + bonus < theirs.power:
        return 0.0  # the character is safe anyway, or lost anyway
    saves = ours.power + bonus > theirs.power
    return (1.5 if saves else 0.7) + (ours.card.level if ours.card is not None else 0) - 0.2 * card.level


def _rally_target(view: ClimaxView, bonus: int) -> tuple[str, float]:
    """The standing front-row character a power bonus helps most, and how much (0: none).

    It helps a character that would not beat the one in front of it on its own but does with it
    (worth more the higher the level it then reverses)."""
    me = view.viewer if view.viewer is not None else 0
    best, worth = "", 0.0
    for index in FRONT:
        slot, facing = view.sides[me].stage[index], view.sides[1 - me].stage[index]
        if slot.card is None or slot.pose != "stand" or facing.card is None or facing.pose == "reverse":
            continue
        power = slot.power + _bonus(slot.card, "attack_power")
        if power <= facing.power < power + bonus and not _bonus(facing.card, "revenge", 1):
            value = 1.0 + facing.card.level
            if value > worth:
                best, worth = slot.card.id, value
    return best, worth


def explain(view: ClimaxView, prompt: Prompt, action: Action, actions: Sequence[Action]) -> str:
    """Why the greedy rules rank ``action`` first, in the view's language, with the figures they read."""
    lang, label = view.lang, action.label
    if len(actions) == 1:
        return clip(say(lang, "why_only", label=label))
    me = _me(view)
    mine, theirs = view.sides[me], view.sides[1 - me]
    kind = str(action.params[0]) if action.params else action.key
    card = _face(view, action.card) if action.card else None
    key = "why_any"
    params: dict[str, object] = {}
    if prompt.kind == "mulligan":
        key = "why_keep" if kind == "keep" else "why_unmark" if action.card in view.marked else "why_mark"
    elif prompt.kind == "clock":
        hurt = mine.level * 7 + len(mine.clock)
        params = {"n": hurt}
        if kind != "pass":
            key = "why_clock"
        else:
            key = "why_clock_keep" if hurt < 12 and len(view.hand) >= 4 else "why_clock_long"
    elif prompt.kind == "main" and card is not None and kind in ("p", "e", "a"):
        key = {"p": "why_play", "e": "why_event", "a": "why_rally"}[kind]
        rallied = _rally_target(view, _bonus(card, "rally"))[0] if kind == "a" else ""
        params = {"power": card.power, "level": card.level, "card": _name(view, rallied)}
    elif prompt.kind == "main" and kind == "end":
        key = "why_end_main"
    elif prompt.kind == "climax":
        standing = sum(1 for x in mine.stage[:3] if x.card is not None and x.pose == "stand")
        key, params = ("why_climax" if kind == "x" else "why_climax_pass"), {"n": standing}
    elif prompt.kind == "attack" and kind in ("d", "f", "s"):
        slot = int(action.params[1])
        attacker, facing = mine.stage[slot], theirs.stage[slot]
        assert attacker.card is not None
        ours = attacker.power + _bonus(attacker.card, "attack_power")
        params = {"n": ours, "m": facing.power, "card": facing.card.name if facing.card else ""}
        if kind == "d":
            key = "why_direct"
        elif kind == "s":
            key = "why_past"
        else:
            wins, even = ours > facing.power, ours == facing.power
            key = "why_battle" if wins else "why_trade" if even else "why_battle_left"
    elif prompt.kind == "attack":
        key = "why_end_attack"
    elif prompt.kind == "counter" and view.attack is not None:
        attack = view.attack
        ours_slot, theirs_slot = mine.stage[attack.slot], theirs.stage[attack.slot]
        key = "why_counter_pass" if kind == "pass" else "why_counter"
        params = {"n": ours_slot.power, "m": theirs_slot.power}
    elif prompt.kind == "encore":
        key, params = ("why_encore" if kind == "yes" else "why_no_encore"), {"n": mine.stock}
    elif prompt.kind == "level" and card is not None:
        held = {f.colour for f in mine.level_cards}
        key = "why_level" if card.colour in held else "why_level_colour"
        params = {"colour": term(card.colour, lang)}
    elif prompt.kind == "pick":
        rally = view.pending is not None and view.pending.s == "rally"
        key = "why_pick_none" if kind == "pass" else "why_rally" if rally else "why_pick"
        params = {"card": card.name if card else ""}
    elif prompt.kind == "discard":
        key = "why_discard"
    return clip(say(lang, key, label=label, **params))


def _name(view: ClimaxView, iid: str) -> str:
    face = _face(view, iid) if iid else None
    return face.name if face is not None else ""


class Greedy:
    """Takes the best-scoring action by rules of thumb."""

    name = "greedy"

    def choose(self, view: ClimaxView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """The highest-scoring legal action (a tiny random spread breaks ties)."""
        return max(actions, key=lambda a: score(view, prompt, a) + rng.below(100) / 100_000)

    def suggest(self, view: ClimaxView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The greedy action with the rule of thumb and the figures that ranked it first."""
        chosen = self.choose(view, prompt, actions, rng)
        return Suggestion(chosen, explain(view, prompt, chosen, actions))


class Random(RandomBot):
    """Picks uniformly among the legal actions, and says so in the table's language."""

    def suggest(self, view: ClimaxView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The random choice, said to be one."""
        return Suggestion(self.choose(view, prompt, actions, rng), say(view.lang, "why_random"))


# ------------------------------------------------------------------------------ search
def evaluate(state: ClimaxState, me: int) -> float:
    """How good ``state`` is for ``me``: damage taken by each side first, then stock and board."""
    if state.phase == "over":
        return 1000.0 if state.winner == me else -1000.0
    ctx = Ctx(state)
    total = 0.0
    for seat, sign in ((me, 1.0), (1 - me, -1.0)):
        p = state.players[seat]
        hurt = 7 * len(p.level) + len(p.clock)
        board = sum(power_of(ctx, seat, i) for i in range(3) if p.stage[i].card) / 4000
        total += sign * (-hurt + 0.3 * len(p.stock) + board + 0.2 * len(p.hand))
    return total


#: the decisions the search bot weighs by sampling; the rest (mulligan, level-up, targets,
#: discards) it takes greedily
SEARCHED = ("main", "attack", "counter", "clock", "climax", "encore")


def _me(view: ClimaxView) -> int:
    return view.viewer if view.viewer is not None else 0


def _greedy_step(state: ClimaxState, rng: Rng) -> None:
    """One greedy move, in place, for the seat the pending choice asks."""
    choice = state.agenda.pending
    assert choice is not None
    view = build_view(state, choice.seat)
    prompt = Prompt(choice.seat, choice.kind, "")
    CHOICES.answer(state, _GREEDY.choose(view, prompt, CHOICES.offers(state, choice.seat), rng))


def _settled(state: ClimaxState, view: ClimaxView) -> bool:
    """The playouts' stopping point, the same for every candidate: the end of the opponent's next
    turn (the start of turn ``view.turn + 2``), the end of the game, or nothing left to decide."""
    return state.agenda.pending is None or state.phase == "over" or state.turn >= view.turn + 2


_GREEDY = Greedy()


class Search(SearchChoice[ClimaxView]):
    """Samples hidden cards, plays each candidate out greedily, keeps the best sum
    (:class:`engines.core.search.Sampling`: the same worlds and dice for every candidate).

    ``budget`` bounds the playout moves of one decision (checked between worlds): it keeps a
    decision cheap whatever the position, and, unlike a clock, gives the same move on any machine,
    so a game replays exactly.
    """

    name = "search"

    def __init__(self, samples: int = 6, width: int = 6, horizon: int = 120, budget: int = 1000) -> None:
        self.samples = samples
        self.width = width
        self.horizon = horizon
        self.budget = budget
        self.greedy = _GREEDY
        self.sampling: Sampling[ClimaxView, ClimaxState] = Sampling(
            determinize=determinize,
            copy=copy_state,
            play=lambda state, view, action: CHOICES.answer(state, action),
            step=_greedy_step,
            stop=_settled,
            evaluate=lambda state, view: evaluate(state, _me(view)),
            samples=samples,
            budget=budget,
            horizon=horizon,
        )

    def greedy_reason(
        self, view: ClimaxView, prompt: Prompt, chosen: Action, actions: Sequence[Action]
    ) -> str:
        """The greedy bot's reason, in the table's language."""
        return explain(view, prompt, chosen, actions)

    def weighed_reason(self, view: ClimaxView, weighing: Weighing) -> str:
        """Playouts won, else the average evaluation, beside the next best (in the table's language)."""
        return search_reason(weighing, view.lang)

    def plan(
        self, view: ClimaxView, prompt: Prompt, actions: Sequence[Action], rng: Rng
    ) -> tuple[Action, int, int]:
        """The choice, the worlds it was weighed in and the playout moves that took."""
        chosen, weighing = self.weighed(view, prompt, actions, rng)
        return (chosen, 0, 0) if weighing is None else (chosen, weighing.found.worlds, weighing.found.moves)

    def weighed(
        self, view: ClimaxView, prompt: Prompt, actions: Sequence[Action], rng: Rng
    ) -> tuple[Action, Weighing | None]:
        """The choice and, when it was weighed by sampling, every evaluation the search made."""
        if len(actions) == 1 or prompt.kind not in SEARCHED:
            return self.greedy.choose(view, prompt, actions, rng), None
        weighing = self.sampling.weigh_recorded(view, ranked(view, prompt, actions, score, self.width), rng)
        return weighing.found.action, weighing


BOTS: dict[str, Bot] = {"random": Random(), "greedy": Greedy(), "search": Search()}
