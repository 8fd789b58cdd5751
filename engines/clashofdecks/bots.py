"""Bots for human seats: random play, a greedy spender and a tactician. They read only the View.

Each bot scores the legal actions from its own seat's View and takes the best one (ending the
summoning when nothing scores above zero). The tactician knows the hand rules: a card to the right
of the Stronghold costs an HP when played, a card to its left does not; it weighs lines by the enemy
creatures facing them and spends incantations on creatures they can destroy.

At four kingdoms (free-for-all, 2 vs 2, co-op) both bots read the table: an incantation goes to a
creature that attacks them or their partner, never to one fighting two other kingdoms, and a new
creature leans to the line facing the weaker of their two enemies, since whoever fells a Fort wins.
At two kingdoms every line faces the one enemy, so both rules change nothing there.

Both also know two abilities the plain numbers hide: Aerial works only from the upper line, and a
Vulnerability creature merely leaves its target one short of falling, so it goes where creatures
of its own stand in front of it to finish the job (it attacks before them, from further back).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.clashofdecks.reading import (
    across,
    card_of,
    creatures,
    deed,
    fit,
    friendly,
    hp_cost,
    my_kingdom,
    side_units,
    unit_lines,
)
from engines.clashofdecks.state import CardInfo, ClashView, HandView, UnitView
from engines.core.bots import Bot, RandomBot, Suggestion
from engines.core.rng import Rng
from engines.core.types import Action, Prompt

#: rough worth of an ability on a creature, for scoring summons and draft picks
ABILITY_WORTH = {
    "aerial": 2.0,
    "aquatic": 1.5,
    "aura": 1.5,
    "berserk": 2.0,
    "catalyst": 2.0,
    "defender": -1.0,
    "indestructible": 1.0,
    "instinct": 1.0,
    "mercenary": -1.5,
    "perforation": 1.5,
    "price_of_blood": 0.5,
    "protection": 2.0,
    "rage": 1.5,
    "regeneration": 2.0,
    "sharpening": 1.0,
    "splash": 1.5,
    "sprint": 1.5,
    "symbiote": 1.0,
    "vanish": 1.0,
    "vulnerability": 2.0,
}


def card_worth(card: CardInfo) -> float:
    """A draft-pick and summon value: stats for the cost, plus what the abilities add."""
    if card.kind == "incantation":
        return 2.0 + card.power * 1.2 + sum(ABILITY_WORTH.get(a, 0) for a in card.abilities)
    return card.hp + card.av * 1.3 + sum(ABILITY_WORTH.get(a, 0) for a in card.abilities)


#: how much an enemy creature matters to the viewer, by where it stands (see ``_relevance``)
MY_LINE, PARTNER_LINE, ELSEWHERE = 1.0, 0.8, 0.2


def _relevance(view: ClashView, me: int, line: int) -> float:
    """How much a creature on ``line`` threatens the viewer's side.

    At two kingdoms every line is the viewer's. At four, a creature on one of the viewer's own lines
    attacks the viewer; one on a partner's line attacks the partner (2 vs 2, co-op); one anywhere
    else fights two other kingdoms, and spending a card on it helps one of them, not the viewer.
    """
    mine = view.kingdoms[me]
    if line in (mine.upper_line, mine.lower_line):
        return MY_LINE
    for kingdom in view.kingdoms:
        partner = kingdom.index != me and kingdom.team == mine.team
        if partner and line in (kingdom.upper_line, kingdom.lower_line):
            return PARTNER_LINE
    return ELSEWHERE


def _life(view: ClashView, k: int) -> int:
    """Roughly how much damage kingdom ``k`` can still take: its side's HP, plus a Fort behind a Bastion."""
    kingdom = view.kingdoms[k]
    return kingdom.hp + (kingdom.hand_size - 1 if kingdom.side == "bastion" and not kingdom.is_ai else 0)


def _focus(view: ClashView, me: int, line: int) -> float:
    """0..1: how much weaker the enemy across ``line`` is than the one across the viewer's other line.

    Whoever fells a Fort wins it (for the team, at 2 vs 2), so with two different enemies in reach
    the weaker one is the one to press; with a single enemy (duel, solo) both lines are alike: 0.
    """
    mine = view.kingdoms[me]
    other = mine.lower_line if line == mine.upper_line else mine.upper_line
    this_enemy, other_enemy = across(view, line, me), across(view, other, me)
    if this_enemy == other_enemy:
        return 0.0
    gap = _life(view, other_enemy) - _life(view, this_enemy)
    return max(0.0, min(1.0, gap / 8))


def _suicide(view: ClashView, me: int, hand: HandView, iid: str, blood: int) -> bool:
    """True when playing ``iid`` would destroy the viewer's own Fort (or Bastion, as a near miss)."""
    hp = len(hand.cards) - hand.stronghold_pos
    return hp - hp_cost(hand, iid) - blood <= 0


class Greedy:
    """Spends mana on the costliest card it can, on its emptier line (a flier on its upper line), and never
    wrecks its own Fort."""

    name = "greedy"

    def choose(self, view: ClashView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """Pick the costliest safe play, else end the turn."""
        return self._best(view, prompt, actions, rng)[0]

    def suggest(self, view: ClashView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The same choice, with the cost that made it."""
        chosen, score = self._best(view, prompt, actions, rng)
        card = card_of(view, chosen.card) if chosen.card else None
        if prompt.kind == "draft":
            return Suggestion(chosen, fit(f"{deed(view, chosen)}: the costliest card in the row."))
        if score is None or card is None:
            why = (
                "no card left that it can pay for" if len(actions) == 1 else "no card it can pay for is safe"
            )
            return Suggestion(chosen, fit(f"End the summoning and attack: {why} to play."))
        return Suggestion(
            chosen, fit(f"{deed(view, chosen)}: the costliest card it can play safely ({card.cost} mana).")
        )

    def _best(
        self, view: ClashView, prompt: Prompt, actions: Sequence[Action], rng: Rng
    ) -> tuple[Action, float | None]:
        """The choice and its score (None: a draft pick, or ending the summoning)."""
        if prompt.kind == "draft":
            return max(actions, key=lambda a: self._pick_value(view, a)), None
        me = my_kingdom(view)
        hand = view.hand
        best: tuple[float, Action] | None = None
        for action in actions:
            if action.key == "end" or hand is None:
                continue
            card = card_of(view, action.card)
            if card is None:
                continue
            blood = max(0, card.cost - view.kingdoms[me].mana) if "price_of_blood" in card.abilities else 0
            if _suicide(view, me, hand, action.card, blood):
                continue
            score = float(card.cost) + rng.below(100) / 1000
            if action.key.startswith("i."):
                target = creatures(view).get(str(action.params[1]))
                if target is None or friendly(view, me, target.owner):
                    continue
                relevance = _relevance(view, me, unit_lines(view)[target.id])
                if relevance <= ELSEWHERE:
                    continue  # it fights two other kingdoms: leave it to them
                score -= 0.2 * (MY_LINE - relevance)  # what hits us before what hits a partner
            if action.key.startswith("p."):
                line = int(action.params[1])
                mine = side_units(view, line, me)
                # Vulnerability only sets a target up: it joins the line where others finish the job.
                crowd = -0.1 if "vulnerability" not in card.abilities else 0.1
                score += crowd * len(mine) + FOCUS_GREEDY * _focus(view, me, line)
                if "aerial" in card.abilities and view.kingdoms[me].upper_line == line:
                    score += 0.5  # Aerial flies over creatures only from the upper line
            if best is None or score > best[0]:
                best = (score, action)
        return (best[1], best[0]) if best else (next(a for a in actions if a.key == "end"), None)

    def _pick_value(self, view: ClashView, action: Action) -> float:
        assert view.draft is not None
        card = next(c for c in view.draft.row if c.id == action.card)
        return float(card.cost)


#: weight of pressing the weaker of two enemies in reach (four-kingdom games), per bot
FOCUS_GREEDY = 0.15
FOCUS_TACTICIAN = 1.0

#: from this turn on the tactician varies its play more and more (see _restlessness)
STALE_TURN = 40


def _restlessness(turn: int) -> float:
    """How much random spread to add to each score (per unit of a 0..99 draw).

    Two tacticians can settle into a cycle where the same trades repeat forever (the book has no
    turn limit). Past ``STALE_TURN`` the bot grows less predictable each turn, which breaks such
    cycles without changing any rule; before it, the spread only breaks ties.
    """
    if turn <= STALE_TURN:
        return 0.0001
    return 0.0001 + min(turn - STALE_TURN, 60) * 0.001


class Tactician(Greedy):
    """Scores every play: creature value, where it is needed, HP it costs, spells that kill."""

    name = "tactician"

    def choose(self, view: ClashView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """Take the best-scoring action; end the turn when nothing is worth its price."""
        return max(self._scored(view, prompt, actions, rng), key=lambda pair: pair[0])[1]

    def suggest(self, view: ClashView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The same choice, with its rating against the next best."""
        scored = sorted(self._scored(view, prompt, actions, rng), key=lambda pair: -pair[0])
        best, chosen = scored[0]
        if prompt.kind == "draft":
            return Suggestion(chosen, fit(f"{deed(view, chosen)}: the most value for its cost in the row."))
        rest = scored[1:]
        if chosen.key == "end":
            if not rest:
                return Suggestion(chosen, "End the summoning and attack: no card left that it can pay for.")
            runner = f"{rest[0][1].label} at {rest[0][0]:.1f}"
            return Suggestion(
                chosen, fit(f"End the summoning and attack: no play rates above 0 (best: {runner}).")
            )
        other = f", the next best {rest[0][0]:.1f}" if rest else ""
        return Suggestion(chosen, fit(f"{deed(view, chosen)}; rated {best:.1f}{other}."))

    def score(self, view: ClashView, prompt: Prompt, action: Action) -> float:
        """The rules of thumb's rating of one action (higher is better; the search ranks by it)."""
        if prompt.kind == "draft":
            return self._pick_value(view, action)
        return self._score(view, my_kingdom(view), action)

    def _scored(
        self, view: ClashView, prompt: Prompt, actions: Sequence[Action], rng: Rng
    ) -> list[tuple[float, Action]]:
        """Every action with its rating, dice included, in the order given."""
        if prompt.kind == "draft":
            return [(self._pick_value(view, a) + rng.below(10) / 100, a) for a in actions]
        me = my_kingdom(view)
        noise = _restlessness(view.turn)
        return [(self._score(view, me, a) + rng.below(100) * noise, a) for a in actions]

    def _pick_value(self, view: ClashView, action: Action) -> float:
        assert view.draft is not None
        card = next(c for c in view.draft.row if c.id == action.card)
        return card_worth(card) / max(1, card.cost) + card.cost * 0.4

    def _score(self, view: ClashView, me: int, action: Action) -> float:
        if action.key == "end":
            return 0.0
        hand = view.hand
        card = card_of(view, action.card)
        if hand is None or card is None:
            return -1.0
        mana = view.kingdoms[me].mana
        blood = max(0, card.cost - mana) if "price_of_blood" in card.abilities else 0
        if _suicide(view, me, hand, action.card, blood):
            return -100.0
        hp_left = len(hand.cards) - hand.stronghold_pos
        hp_loss = hp_cost(hand, action.card) + blood
        # Losing HP matters more the closer the Stronghold is to the right edge (and on the Fort).
        risk = hp_loss * (2.5 + (6.0 if hand.side == "fort" else 0.0) + max(0, 4 - hp_left) * 1.5)
        units = creatures(view)
        if action.key.startswith("i."):
            # A spell comes back at the right end: cast from left of the Stronghold it gains an HP,
            # from its right it costs nothing (unless a Mercenary spell leaves for good).
            left_of = hp_cost(hand, action.card) == 0
            leaves = "mercenary" in card.abilities
            swing = {(True, True): 0.0, (True, False): -2.5, (False, True): 2.0, (False, False): 0.0}[
                (leaves, left_of)
            ]
            spell_risk = blood * (2.5 + (6.0 if hand.side == "fort" else 0.0))
            target = units.get(str(action.params[1]))
            value = self._spell(card, target, view, me)
            if target is not None and value > 0:
                value *= _relevance(view, me, unit_lines(view)[target.id])
            return value - spell_risk + swing
        value = card_worth(card)
        if action.key.startswith("s."):
            return value + 1.0 - risk
        line = int(action.params[1])
        mine = side_units(view, line, me)
        enemy_k = (
            view.lines[line].right.kingdom
            if view.lines[line].left.kingdom == me
            else view.lines[line].left.kingdom
        )
        theirs = side_units(view, line, enemy_k)
        threat = sum(u.av for u in theirs)
        guard = sum(u.hp for u in mine)
        upper = view.kingdoms[me].upper_line == line
        bonus = 0.0
        flies = "aerial" in card.abilities and upper
        walls = "defender" in card.abilities
        strike = float(card.av)
        if "vulnerability" in card.abilities:
            # It leaves its target one short of falling; it attacks before the creatures already in
            # front of it on the line, so with one of them there the target falls this Assault.
            finisher = any(u.av > 0 and "defender" not in u.abilities for u in mine)
            strike = 3.0 if finisher else 1.0
            if theirs and finisher:
                bonus += 1.0
        if theirs and not mine and not flies:
            bonus += min(threat, hp_left + 2) * 0.8  # a blocker soaks a whole line's attack
        elif not theirs and not walls:
            bonus += strike * 0.7  # an open line lets it hit the Stronghold
        if flies and not walls:
            bonus += strike * 0.9
        if walls and not theirs:
            bonus -= 2.0
        if "rage" in card.abilities and theirs:
            bonus += 1.0
        if theirs and mine and threat > guard:
            bonus += 1.0
        if not walls:
            bonus += FOCUS_TACTICIAN * strike * _focus(view, me, line)  # press the enemy nearest its fall
        # A little cheaper per point of value beats dumping everything: keep mana use sensible.
        return value * 0.6 + bonus - risk - 1.0

    @staticmethod
    def _spell(card: CardInfo, target: UnitView | None, view: ClashView, me: int) -> float:
        if target is None:
            return -1.0
        ours = friendly(view, me, target.owner)
        left = target.hp - target.damage
        if card.effect == "strike":
            damage = left - 1 if "vulnerability" in card.abilities else card.power
            kills = damage >= left and "indestructible" not in target.abilities
            if "protection" in target.abilities and not target.protection_spent:
                kills = False
            if ours:
                return -10.0
            return (target.cost * 2.0 + target.av if kills else damage * 0.6) + 0.5 * len(card.abilities)
        if card.effect == "bounce":
            # Sending a creature home heals its owner, unless a Mercenary card then comes to us.
            if ours:
                return -10.0
            return target.cost * 1.5 if "mercenary" in target.abilities else target.cost * 0.8
        # rout: pull a dangerous front creature away from the Bridge
        return -10.0 if ours else (1.5 if target.position == 0 else -0.5)


BOTS: dict[str, Bot] = {"random": RandomBot(), "greedy": Greedy(), "tactician": Tactician()}
