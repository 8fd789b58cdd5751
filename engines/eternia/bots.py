"""Bots for either side (random, greedy, search) and ``determinize`` for the search bot.

The greedy bot reads only its seat's View and the content. It plays the Scenario: Interact for VP
first, attack the weakest Enemy it can (a Character before a Minion), boost when it can pay, and
move where it can attack or reach an Objective with the fewest Wounds on the way. It answers every
prompt kind on purpose (orders, step moves, Power placement, Reactions, Elite placement, targets,
Strategy card windows, the Controller's Skills), so a person may leave either side to it.

Each bot also says why (``suggest``): greedy the priority it applied and its figures
(:mod:`engines.eternia.reasons`), search what its sampled playouts gave beside the next best
option (``engines.eternia.search.search_reason``).

``determinize(view, rng)`` builds a full state that gives the same View: what the viewer cannot
see (the other side's face-down cards and sealed order, the Strategy hand and deck, the AI decks,
the RNG) is sampled, never read from the real state.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

from engines.core.bots import Bot, RandomBot, Suggestion
from engines.core.carry import carry
from engines.core.rng import Rng
from engines.core.types import Action, Prompt
from engines.eternia.content import content
from engines.eternia.hexes import Hex, distance
from engines.eternia.reasons import explain
from engines.eternia.rounds import ANY, STRATEGY, order_choices, team_cards
from engines.eternia.search import SearchBot
from engines.eternia.state import CTRL, TEAM, EtState, EtView, Model, ModelView, SkillSlot, Slot
from engines.eternia.tactics import danger, reach, spare_boost, target_rank

_WOUNDS = re.compile(r"(\d+) (?:Wounds on the way|Escape Damage)")


# ------------------------------------------------------------------------------ reading a view
def _model(view: EtView, mid: str) -> ModelView | None:
    return next((m for m in view.models if m.id == mid), None)


def _foes(view: EtView, side: str) -> list[ModelView]:
    return [m for m in view.models if m.hexes and m.side not in (side, "npc")]


def _near(h: Hex, cells: Sequence[Hex]) -> int:
    return min((distance(h, c) for c in cells), default=99)


def _reach(mv: ModelView | None) -> int:
    """The longest range among a model's Attacks (1 for melee, 4 for a plain ranged Attack)."""
    return 1 if mv is None else reach(mv)


def _goals(view: EtView, side: str) -> list[Hex]:
    """Spaces worth reaching for VP: Objectives, beacons not yet held, villagers (the team)."""
    out = list(view.objectives)
    out += [tuple(int(x) for x in k.split(",")) for k, who in view.beacons.items() if who != side]  # type: ignore[misc]
    if side == TEAM:
        out += [h for m in view.models if m.kind == "npc" and m.hexes for h in m.hexes]
    return out


def _worth(view: EtView, mv: ModelView | None, side: str, h: Hex) -> int:
    """How far ``h`` is from being useful: 0 next to a goal or in Attack range of an Enemy."""
    foes = [x for m in _foes(view, side) for x in m.hexes]
    fight = max(0, _near(h, foes) - _reach(mv)) if foes else 99
    goals = _goals(view, side)
    grab = max(0, _near(h, goals) - 1) if goals else 99
    return min(fight, grab)


def _wounds(a: Action) -> int:
    found = _WOUNDS.search(a.label)
    return int(found.group(1)) if found else 0


def _hex(a: Action) -> Hex:
    return (int(a.params[0]), int(a.params[1]))


# ------------------------------------------------------------------------------ the greedy bot
class GreedyBot:
    """Scores VP and KOs when it can, boosts when it can pay, moves where it becomes useful.

    ``careful`` (hard's policy) adds :mod:`engines.eternia.tactics` against the AI Controller.
    """

    name = "greedy"

    def __init__(self, careful: bool = False) -> None:
        self.careful = careful

    def _wary(self, view: EtView) -> bool:
        """Whether the careful rules apply: hard's policy, on the team against the AI Controller."""
        return self.careful and view.mode == "ai" and view.side == TEAM

    def choose(self, view: EtView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """Pick by the prompt kind's priorities, read from the View and the content."""
        pick = getattr(self, f"_{prompt.kind}", None)
        choice = pick(view, list(actions)) if pick is not None else None
        return choice if choice is not None else _fallback(actions)

    def suggest(self, view: EtView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The greedy choice with the priority that put it first and its figures."""
        chosen = self.choose(view, prompt, actions, rng)
        return Suggestion(chosen, explain(view, prompt, chosen, actions))

    # -------------------------------------------------------------- Order Phase
    @staticmethod
    def _order(view: EtView, actions: list[Action]) -> Action:
        # The Strategy Activation in the best-paying slot; otherwise the first order.
        if view.side != CTRL:
            return actions[0]
        return max(actions, key=lambda a: list(a.params).index(STRATEGY) if STRATEGY in a.params else 0)

    # -------------------------------------------------------------- a Character's Activation
    @staticmethod
    def _act(view: EtView, actions: list[Action]) -> Action:
        c = content()
        me = _model(view, view.agenda.pending.model if view.agenda.pending else "")
        groups: dict[str, list[Action]] = {}
        for a in actions:
            groups.setdefault(a.group, []).append(a)
        if "interact" in groups:
            return groups["interact"][0]
        if "attack" in groups:
            return max(groups["attack"], key=lambda a: c.skills[str(a.params[0])].dice)
        if "daze" in groups:
            return groups["daze"][0]
        for a in groups.get("skill", []) + groups.get("bonus", []):
            s = c.skills[str(a.params[0])]
            heals = any(e.do in ("heal", "undaze") for e in s.effects)
            if not heals or (me is not None and me.hp < me.max_hp):
                return a
        if "move" in groups and me is not None and me.hexes and _worth(view, me, me.side, me.hexes[0]) > 0:
            return groups["move"][0]
        return groups["end"][0] if "end" in groups else actions[0]

    def _move(self, view: EtView, actions: list[Action]) -> Action:
        p = view.agenda.pending
        me = _model(view, p.model if p else "")
        if me is None or not me.hexes:
            return actions[0]
        if self._wary(view):
            return _wary_move(view, me, actions)
        side = me.side
        here = _worth(view, me, side, me.hexes[0])
        options = [a for a in actions if a.key.startswith("to.")]
        stay = next((a for a in actions if a.key == "stay"), None)
        if not options:
            steps = [a for a in actions if a.key.startswith("s.")]
            return stay or min(steps, key=lambda a: (_wounds(a), _worth(view, me, side, _hex(a)), a.key))
        best = min(
            options, key=lambda a: (_worth(view, me, side, _hex(a)) + 2 * _wounds(a), _wounds(a), a.key)
        )
        if stay is not None and here <= _worth(view, me, side, _hex(best)) + 2 * _wounds(best):
            return stay
        return best

    def _target(self, view: EtView, actions: list[Action]) -> Action | None:
        targets = [a for a in actions if a.group == "target"]
        if not targets:
            return None
        by_id = {m.id: m for m in view.models}
        p = view.agenda.pending
        if self._wary(view) and p is not None and p.skill in content().skills:
            dice = content().skills[p.skill].dice
            return min(targets, key=lambda a: target_rank(view, dice, by_id[str(a.params[0])], a.key))

        def rank(a: Action) -> tuple[int, int, str]:
            m = by_id[str(a.params[0])]
            return (0 if m.kind == "character" else 1 if m.kind == "minion" else 2, m.hp, a.key)

        # A Character is worth VP; an NPC is the team's to rescue, so the team never strikes one.
        side = view.side
        choices = [a for a in targets if side != TEAM or by_id[str(a.params[0])].kind != "npc"]
        return min(choices or targets, key=rank)

    _minion_attack = _target

    @staticmethod
    def _bonus_attack(view: EtView, actions: list[Action]) -> Action | None:
        by_id = {m.id: m for m in view.models}
        hits = [a for a in actions if a.group == "attack"]
        if not hits:
            return None
        return min(hits, key=lambda a: (by_id[str(a.params[1])].hp, a.key))

    # -------------------------------------------------------------- boosts, Reactions, cards
    def _atk_boost(self, view: EtView, actions: list[Action]) -> Action | None:
        if self._wary(view) and spare_boost(view):
            return next((a for a in actions if a.key == "done"), None)
        return self._def_boost(view, actions)

    @staticmethod
    def _def_boost(view: EtView, actions: list[Action]) -> Action | None:
        for group in ("boost", "card", "reaction"):
            for a in actions:
                if a.group == group:
                    return a
        return None

    _card_window = _def_boost

    @staticmethod
    def _react(view: EtView, actions: list[Action]) -> Action:
        return next((a for a in actions if a.group == "reaction"), actions[-1])

    # -------------------------------------------------------------- Power
    @staticmethod
    def _power(view: EtView, actions: list[Action]) -> Action | None:
        return next((a for a in actions if a.key == "auto"), None)

    @staticmethod
    def _ctrl_power(view: EtView, actions: list[Action]) -> Action | None:
        # Minions first while the Battlefield has room for them; then the automatic spread.
        on_board = sum(1 for m in view.models if m.kind == "minion" and m.side == CTRL and m.hexes)
        if on_board < content().rules.minion_limit and view.ctrl_skills.get("reserves", 0) < 2:
            puts = [a for a in actions if a.key.startswith("put.reserves.")]
            if puts:
                return max(puts, key=lambda a: int(a.params[1]))
        return next((a for a in actions if a.key == "auto"), None)

    @staticmethod
    def _ctrl_skills(view: EtView, actions: list[Action]) -> Action:
        by_key = {a.key: a for a in actions}
        if "reserves" in by_key:
            return by_key["reserves"]
        cards = [a for a in actions if a.group == "card"]
        if cards:
            return cards[0]
        commands = [a for a in actions if a.key.startswith("cmd.")]
        if commands:
            by_id = {m.id: m for m in view.models}
            foes = [h for m in _foes(view, CTRL) for h in m.hexes]
            return min(commands, key=lambda a: _near(by_id[str(a.params[0])].hexes[0], foes))
        if "draw" in by_key:
            return by_key["draw"]
        return by_key.get("done", actions[-1])

    # -------------------------------------------------------------- placing models and tokens
    @staticmethod
    def _near_foes(view: EtView, actions: list[Action], side: str) -> Action | None:
        cells = [a for a in actions if a.key.startswith("at.")]
        if not cells:
            return None
        foes = [h for m in _foes(view, side) for h in m.hexes]
        return min(cells, key=lambda a: (_near(_hex(a), foes), a.key))

    def _spawn(self, view: EtView, actions: list[Action]) -> Action | None:
        return self._near_foes(view, actions, CTRL)

    def _elite(self, view: EtView, actions: list[Action]) -> Action | None:
        return self._near_foes(view, actions, view.side or CTRL)

    @staticmethod
    def _respawn(view: EtView, actions: list[Action]) -> Action | None:
        p = view.agenda.pending
        me = _model(view, p.model if p else "")
        if me is None:
            return None
        return min(actions, key=lambda a: (_worth(view, me, me.side, _hex(a)), a.key))

    def _place(self, view: EtView, actions: list[Action]) -> Action | None:
        p = view.agenda.pending
        if p is not None and p.skill == "teleport":
            return self._respawn(view, [a for a in actions if a.key.startswith("at.")]) or None
        return next((a for a in actions if a.key.startswith("at.")), None)

    @staticmethod
    def _push(view: EtView, actions: list[Action]) -> Action:
        # Options come shortest first: the farthest push moves the Enemy most out of its plan.
        return actions[-1]

    @staticmethod
    def _any(view: EtView, actions: list[Action]) -> Action:
        by_id = {m.id: m for m in view.models}
        return max(actions, key=lambda a: (by_id[str(a.params[0])].hp, a.key))

    @staticmethod
    def _unlock(view: EtView, actions: list[Action]) -> Action:
        c = content()
        return next((a for a in actions if c.skills[str(a.params[0])].type == "attack"), actions[0])


def _wary_move(view: EtView, me: ModelView, actions: list[Action]) -> Action:
    """The greedy destination with each space's danger counted against it (hard, in ``ai``)."""

    def cost(at: Hex, wounds: int) -> float:
        return _worth(view, me, me.side, at) + 2 * wounds + danger(view, me, at, wounds)

    options = [a for a in actions if a.key.startswith("to.")]
    stay = next((a for a in actions if a.key == "stay"), None)
    if not options:
        steps = [a for a in actions if a.key.startswith("s.")]
        return stay or min(steps, key=lambda a: (cost(_hex(a), _wounds(a)), a.key))
    best = min(options, key=lambda a: (cost(_hex(a), _wounds(a)), a.key))
    if stay is not None and cost(me.hexes[0], 0) <= cost(_hex(best), _wounds(best)):
        return stay
    return best


def _fallback(actions: Sequence[Action]) -> Action:
    for wanted in ("done", "auto", "skip", "end", "stay"):
        for a in actions:
            if a.key == wanted:
                return a
    return actions[0]


# ------------------------------------------------------------------------------ determinize
def _sides_cards(st: EtState, side: str) -> list[str]:
    """Every Activation card ``side`` places each Round ("any" rides face up for 3 Characters)."""
    if side == CTRL:
        return [m.id for m in st.models if m.kind == "character" and m.side == CTRL] + [STRATEGY]
    return team_cards(st)


def determinize(view: EtView, rng: Rng) -> EtState:
    """A full state that shows ``view`` to its viewer; every hidden part is sampled from ``rng``."""
    me = view.viewer
    if me is None:
        raise ValueError("determinize needs a seat's view, not a spectator's")
    c = content()
    side = view.side
    models = [
        Model(
            **carry(
                m,
                "id kind design side seat hp max_hp dazed power empowered spawned_round owner",
                lists="hexes skills",
            ),
            armor=m.base_armor,
            unlocked=[SkillSlot(skill=u.skill, power=u.power) for u in m.unlocked],
        )
        for m in view.models
    ]
    st = EtState(
        **carry(
            view,
            "mode scenario ctrl_seat leader ai_escalation minion_type minion_serial slot round phase"
            " activation strike in_action owed escalation levels ai_power ai_card winner result",
            lists="team_seats board objectives team_spawn ctrl_spawn ctrl_empowered strategy_played"
            " last_path last_los last_roll rolls",
            dicts="terrain tokens beacons vp ctrl_skills",
        ),
        seats=view.players,
        ai=view.mode == "ai",
        models=models,
        track=[Slot(side=s.side, power=s.power, card=s.card, flipped=s.flipped) for s in view.track],
        agenda=view.agenda.copy(),
        schema_version=1,
        rng=rng.next_u64(),
    )
    st = msgspec.convert(msgspec.to_builtins(st), type=EtState)  # nothing shared with the view
    # The other side's face-down cards: its unseen cards, dealt at random.
    for s_side in (TEAM, CTRL):
        if s_side == side or st.phase == "order":
            continue
        slots = [s for s in st.track if s.side == s_side and not s.card]
        unseen = _sides_cards(st, s_side) + ([ANY] if len(_sides_cards(st, s_side)) == 3 else [])
        for s in st.track:
            if s.side == s_side and s.card in unseen:
                unseen.remove(s.card)
        rng.shuffle(unseen)
        for s, card in zip(slots, unseen, strict=False):
            s.card = card
    # Sealed orders: the viewer's own as it shows; another side's, a random legal one.
    for s_side in view.sealed:
        if s_side == side:
            st.orders[s_side] = list(view.my_order)
        else:
            choices = order_choices(st, s_side)
            st.orders[s_side] = list(choices[rng.below(len(choices))])
    # The Strategy cards out of sight: the unplayed ones the viewer does not hold, shuffled.
    held = list(view.strategy_hand) if side == CTRL else []
    unseen = [cid for cid in c.strategy if cid not in view.strategy_played and cid not in held]
    rng.shuffle(unseen)
    if side == CTRL:
        st.strategy_hand, st.strategy_deck = held, unseen[: view.strategy_deck_size]
    else:
        n = view.strategy_hand_size
        st.strategy_hand, st.strategy_deck = unseen[:n], unseen[n : n + view.strategy_deck_size]
    # The AI decks' order is hidden from everyone: any cards of the right deck, shuffled.
    for deck, size in (
        ("character", view.ai_character_cards_left),
        ("strategy", view.ai_strategy_cards_left),
    ):
        ids = [a.id for a in c.ai.values() if a.deck == deck]
        rng.shuffle(ids)
        if deck == "character":
            st.ai_char_deck = ids[:size]
        else:
            st.ai_strategy_deck = ids[:size]
    return st


BOTS: dict[str, Bot] = {
    "random": RandomBot(),
    "greedy": GreedyBot(),
    "search": SearchBot(GreedyBot(careful=True), determinize, explain),
}
