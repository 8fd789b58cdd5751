"""The Eternia search bot: the greedy bot's play, weighed by sampling where a choice matters.

It reads only its own seat's View, on either side (the Controller, or a Player Team seat; the
team's shared choices come to the leader seat like any other prompt). Most prompts it answers as
the greedy bot would. Where the choice changes the fight it weighs candidates with the kit's
sampling search (:class:`engines.core.search.Sampling`): it draws full states that show its View
(``determinize``: the other side's face-down cards and sealed order, the Strategy hand and deck,
the dice), plays each candidate and then greedy moves for everyone to a stopping point, and scores
the position for its side: Victory Points first (a beacon held counts one and a half, as it scores at
every Round's end left; a game the beacons' scoring would end at this Round's end, team first, nearly
as a win; a villager still standing a quarter, its Wounds towards the Controller's VP), then Hit
Points, models standing, Power, and how near its Characters stand to a goal (an Objective, a
beacon, a villager) or to an Enemy in range.

The weighed decisions, each with the greedy bot's choice as the first candidate (it keeps its
place unless another is better by more than a Hit Point on average):

- ``act`` (Move, which Attack, which Skill, Interact) and ``move`` (the destination, among the
  greedy one and those nearest a goal or a fight): played to the end of the Activation, so a move
  is worth what it lets the Character do next;
- ``target``, ``minion_attack``, ``bonus_attack`` (whom to Attack) and ``atk_boost``, ``def_boost``
  (whether to spend Power on a boost): played to the end of the Action, in up to 3 worlds;
- ``ctrl_skills`` (Reserves, Command, Battle Plan, a Strategy card): played until the Controller
  is back at its Skills menu, the Skill's spawns or Command's Actions included;
- ``any`` (against the AI Controller: which Character the team's "any Player Character" card
  activates, in the Round's last team slot with the most Power): each Character, played through its
  whole Activation and the AI's reply. Greedy picks the most HP; weighing it is most of what hard
  gains with three Characters (README, "Clash for Eternia: bots and the AI Controller").

Against the book's AI Controller (the ``ai`` mode) a playout that reaches the AI's Activation runs
through it to the team's next Activation (the AI's reply is rules: what a move risks shows there),
and a decision meets up to 8 worlds on a budget of 400 playout moves instead of 3 and 60. There
the "greedy" play is the careful one (``GreedyBot(careful=True)``, :mod:`engines.eternia.tactics`):
it keeps out of reach that could KO its Character, so a move's rival candidates are the next safest
useful spaces too.

The Order Phase, Power placement, spawn places, Reactions and unlocks stay greedy: their effect
shows only later than a short playout can see at this cost. The budget counts playout moves, never
seconds, so a game replays the same on any machine.

Why the greedy bot, ``determinize`` and the greedy reasons are handed in
(``SearchBot(GreedyBot(careful=True), determinize, explain)``):
the bots module lists this bot, so importing from it here would make an import cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import msgspec

from engines.core.bots import Bot
from engines.core.rng import Rng
from engines.core.search import Sampling, SearchChoice, Weighed, Weighing, Words
from engines.core.search import search_reason as kit_reason
from engines.core.types import Action, Prompt
from engines.eternia.content import content
from engines.eternia.ctx import CHOICES, Ctx
from engines.eternia.hexes import Hex, distance
from engines.eternia.state import CTRL, TEAM, EtState, EtView, other
from engines.eternia.tactics import Piece, danger, reach
from engines.eternia.view import build_view

Determinize = Callable[[EtView, Rng], EtState]
#: ``explain(view, prompt, chosen, actions)``: the greedy bot's reason for its choice
Explain = Callable[[EtView, Prompt, Action, Sequence[Action]], str]

#: decisions weighed in up to ``samples`` worlds (the dice decide them)
DICE = ("act", "any", "target", "minion_attack", "bonus_attack", "atk_boost", "def_boost", "ctrl_skills")
#: decisions weighed in two worlds: a destination's cost is known; the worlds only vary what follows
PLACES = ("move",)
SEARCHED = DICE + PLACES


# ------------------------------------------------------------------------------ evaluation
def goals(
    objectives: Sequence[Hex], beacons: dict[str, str], models: Sequence[Piece], side: str
) -> list[Hex]:
    """Spaces worth reaching for VP: Objectives, beacons ``side`` does not hold, villagers (the team)."""
    out = list(objectives)
    for k, who in beacons.items():
        if who != side:
            q, r = k.split(",")
            out.append((int(q), int(r)))
    if side == TEAM:
        out += [h for m in models if m.kind == "npc" and m.hexes for h in m.hexes]
    return out


def distances(m: Piece, at: Hex, models: Sequence[Piece], targets: Sequence[Hex]) -> tuple[int, int]:
    """Spaces ``m`` standing at ``at`` still lacks to attack an Enemy, and to reach a goal (0: none)."""
    foes = [h for e in models if e.hexes and e.side not in (m.side, "npc") for h in e.hexes]
    fight = max(0, min(distance(at, h) for h in foes) - reach(m)) if foes else 8
    grab = max(0, min(distance(at, h) for h in targets) - 1) if targets else 8
    return min(fight, 8), min(grab, 8)


def position(m: Piece, at: Hex, models: Sequence[Piece], targets: Sequence[Hex]) -> float:
    """How far from of use ``m`` stands at ``at`` (a goal, worth VP, counts more than a fight)."""
    fight, grab = distances(m, at, models, targets)
    return 0.2 * fight + 0.3 * grab


#: the worth of one Victory Point in the evaluation (a Hit Point is worth 1)
VP = 12.0
#: the worth of a game the beacons would end at this Round's end, as things stand (short of a won
#: game: the Activations left in the Round may still change who holds what)
RACE = 4 * VP


def round_end(st: EtState) -> str:
    """Who wins at this Round's end if nothing changes before it: the beacons score the team first,
    then the Controller, and the first to the VP target wins; at the round limit, the VP lead or the
    tie rule. Empty when the game goes on."""
    sc = content().scenarios[st.scenario]
    vp = dict(st.vp)
    for s in (TEAM, CTRL):  # the order of ``scenario.end_of_round``
        vp[s] = vp.get(s, 0) + sc.vp_per_beacon * sum(1 for held in st.beacons.values() if held == s)
        if vp[s] >= sc.vp_target:
            return s
    if st.round < sc.round_limit:
        return ""
    team, ctrl = vp[TEAM], vp[CTRL]
    return sc.tie if team == ctrl else (TEAM if team > ctrl else CTRL)


def evaluate(st: EtState, side: str) -> float:
    """How good ``st`` is for ``side``: a won game, then VP, then HP, models, Power and position."""
    foe = other(side)
    if st.phase == "over":
        return 1000.0 if st.winner == side else (-1000.0 if st.winner == foe else -200.0)
    total = VP * (st.vp.get(side, 0) - st.vp.get(foe, 0))
    # the beacons' scoring may decide the game at the Round's end: who scores first matters then
    ahead = round_end(st)
    total += RACE if ahead == side else -RACE if ahead == foe else 0.0
    # a beacon held scores at the end of every Round left: more than one VP, unless taken back
    per = content().scenarios[st.scenario].vp_per_beacon
    total += 1.5 * VP * per * sum(1 if s == side else -1 if s == foe else 0 for s in st.beacons.values())
    wanted = {s: goals(st.objectives, st.beacons, st.models, s) for s in (side, foe)}
    for m in st.models:
        if m.kind == "npc":
            continue
        sign = 1.0 if m.side == side else -1.0
        if m.kind == "minion":
            total += sign * (1.5 if m.hexes else 0.0)
            continue
        if not m.hexes:
            total += sign * 0.5 * m.max_hp  # back at full HP next Activation, but a turn and a place lost
            continue
        power = m.power + sum(u.power for u in m.unlocked)
        far = position(m, m.hexes[0], st.models, wanted[m.side])
        total += sign * (2.0 + m.hp + 0.1 * power - (1.5 if m.dazed else 0.0) - far)
    # a villager still standing may yet be led to safety (team VP) or KO'ed (Controller VP)
    rescue = content().scenarios[st.scenario].vp_per_rescue
    npcs = [m for m in st.models if m.kind == "npc" and m.hexes]
    total += 0.25 * VP * rescue * len(npcs) * (1 if side == TEAM else -1)
    # its Wounds bring the Controller's VP nearer (a little: the team may KO it first, for nothing)
    wounds = sum(1.0 - m.hp / m.max_hp for m in npcs if m.max_hp)
    total += 0.3 * VP * content().scenarios[st.scenario].vp_per_npc_ko * wounds * (1 if side != TEAM else -1)
    ctrl = 0.1 * (sum(st.ctrl_skills.values()) + st.ai_power)
    total += ctrl if side != TEAM else -ctrl
    return total


# ------------------------------------------------------------------------------ playing a world
def answer(st: EtState, action: Action) -> None:
    """Answer the pending choice in place and run the rules on, as ``Ruleset.apply`` does."""
    p = st.agenda.pending
    assert p is not None
    Ctx(st).answer(CHOICES[p.kind], action)


def copy_state(st: EtState) -> EtState:
    """An independent copy of a world (each candidate plays on its own)."""
    return msgspec.convert(msgspec.to_builtins(st), type=EtState)


#: decisions whose playouts run to the end of the Activation (a move is worth what it lets the
#: Character do next: claim a beacon, reach an Objective, Attack); the rest stop with the Action
WHOLE_ACTIVATION = ("act", "move")


def settled(st: EtState, view: EtView) -> bool:
    """The playout's stopping point: the Activation (for ``act`` and ``move``) or the Action under
    way is over, the track moved on, the Order Phase came, the game ended, or nothing is asked.

    Against the AI Controller the track moving on is not enough: its Activation is rules, the same
    in every world once the hidden cards are drawn, and cheap to play, so the playout runs through
    it (a Defense Boost the team is asked for meanwhile included) to the team's next Activation.
    Stopping at the team's Defense Boost would score the position before the AI's dice, so a
    move into its reach looked free."""
    p = st.agenda.pending
    if st.phase != "activation" or p is None or st.round != view.round:
        return True
    if st.slot != view.slot:
        return not st.ai or st.track[st.slot].side == view.side
    asked = view.agenda.pending
    if asked is not None and asked.kind == "any":
        return False  # the chosen Character's whole Activation: the slot moving on ends it
    if asked is not None and asked.kind == "ctrl_skills":
        return p.kind == "ctrl_skills"  # the Skill used (a Command's Actions included) is over
    if asked is not None and asked.kind in WHOLE_ACTIVATION:
        return (
            st.activation is None or view.activation is None or st.activation.model != view.activation.model
        )
    return p.kind == "act"


class SearchBot(SearchChoice[EtView]):
    """Greedy play, with the choices that decide fights weighed in sampled worlds."""

    name = "search"

    def __init__(
        self,
        greedy: Bot,
        determinize: Determinize,
        explain: Explain,
        samples: int = 3,
        width: int = 4,
        budget: int = 60,
        ai_samples: int = 8,
        ai_budget: int = 400,
    ) -> None:
        self.greedy = greedy  # the rules of thumb: the first candidate and the playout policy
        self.explain = explain  # the rules of thumb's reason, where nothing is weighed
        self.width = width
        self.dice: Sampling[EtView, EtState] = Sampling(
            determinize=determinize,
            copy=copy_state,
            play=lambda st, view, action: answer(st, action),
            step=self._step,
            stop=settled,
            evaluate=lambda st, view: evaluate(st, view.side),
            samples=samples,
            budget=budget,
            horizon=40,
            margin=1.0,  # another candidate must beat greedy's by more than a Hit Point a world
        )
        self.places = replace(self.dice, samples=min(samples, 2))
        # Against the AI Controller a decision meets more worlds: its dice swing a fight by
        # several Hit Points, more than one or two worlds can tell from a better move, and its
        # turn, played out by the rules, costs few playout moves (only the team's answers count).
        self.ai_dice = replace(self.dice, samples=ai_samples, budget=ai_budget)
        self.ai_places = replace(self.ai_dice, samples=min(ai_samples, 2))

    def greedy_reason(self, view: EtView, prompt: Prompt, chosen: Action, actions: Sequence[Action]) -> str:
        """The rules of thumb's reason (handed in as ``explain``)."""
        return self.explain(view, prompt, chosen, actions)

    def weighed_reason(self, view: EtView, weighing: Weighing) -> str:
        """Playouts won, else the average evaluation, beside the next best."""
        return search_reason(weighing)

    def plan(
        self, view: EtView, prompt: Prompt, actions: Sequence[Action], rng: Rng
    ) -> tuple[Action, Weighed | None]:
        """The choice and, when it was weighed by sampling, what the search found."""
        chosen, weighing = self.weighed(view, prompt, actions, rng)
        return chosen, None if weighing is None else weighing.found

    def weighed(
        self, view: EtView, prompt: Prompt, actions: Sequence[Action], rng: Rng
    ) -> tuple[Action, Weighing | None]:
        """The choice and, when it was weighed by sampling, every evaluation the search made."""
        first = self.greedy.choose(view, prompt, actions, rng)
        candidates = self.candidates(view, prompt, actions, first)
        if len(candidates) < 2:
            return first, None
        if view.mode == "ai":
            sampling = self.ai_places if prompt.kind in PLACES else self.ai_dice
        else:
            sampling = self.places if prompt.kind in PLACES else self.dice
        weighing = sampling.weigh_recorded(view, candidates, rng)
        return weighing.found.action, weighing

    def candidates(
        self, view: EtView, prompt: Prompt, actions: Sequence[Action], first: Action
    ) -> list[Action]:
        """The actions worth weighing, the greedy choice first; none where the bot stays greedy."""
        if prompt.kind not in SEARCHED or view.phase != "activation":
            return []
        if prompt.kind == "any" and view.mode != "ai":
            return []  # versus play stays as it was measured (test_tactics.py)
        if prompt.kind == "move":
            rest = [a for a in actions if a.key.startswith(("to.", "s.")) and a.key != first.key]
            rest.sort(key=lambda a: _move_rank(view, a))
        else:
            # Ending an Activation early is never weighed against doing something: a short
            # playout sees the harm an advance risks at once, not the VP lost by standing still.
            passive = ("end",) if prompt.kind == "act" else ()
            rest = [a for a in actions if a.key != first.key and a.group != "page" and a.key not in passive]
        return [first, *rest[: self.width - 1]]

    def _step(self, st: EtState, rng: Rng) -> None:
        """One greedy move in a world, for the seat the pending choice asks."""
        p = st.agenda.pending
        assert p is not None
        view = build_view(st, p.seat)
        actions = CHOICES[p.kind].actions(Ctx(st), p)
        answer(st, self.greedy.choose(view, Prompt(p.seat, p.kind, ""), actions, rng))


def _move_rank(view: EtView, a: Action) -> tuple[float, str]:
    """Destinations nearest to being of use first (an Enemy in range, a goal), then by key."""
    p = view.agenda.pending
    me = next((m for m in view.models if p is not None and m.id == p.model), None)
    if me is None:
        return (99.0, a.key)
    at = (int(a.params[0]), int(a.params[1]))
    wanted = goals(view.objectives, view.beacons, view.models, me.side)
    # Against the AI Controller the rivals of the careful choice are the next safest useful spaces
    # (the playout meets one AI Activation, not every threat the position faces before its next turn).
    risk = danger(view, me, at, 0) if view.mode == "ai" and me.side == TEAM else 0.0
    return (position(me, at, view.models, wanted) + risk, a.key)


# ------------------------------------------------------------------------------ saying why
#: an evaluation this far from zero is a finished game (the evaluation gives +-1000 for one)
DECIDED = 500.0
#: the search's reason in Eternia's words: "worth" (the evaluation's scale, where it fits)
WORDS = Words(
    scale=" (a Hit Point is 1, a VP 12)",
    score="worth {x} on average over {w} sampled playout{s}{scale}",
    it_score="it is worth {x} on average over {w} sampled playout{s}{scale}",
)


def search_reason(weighing: Weighing) -> str:
    """Why the search kept its choice: playouts won, else the average evaluation, beside the next best."""
    return kit_reason(weighing, DECIDED, WORDS)
