"""Why the Eternia greedy bot chose what it chose: one short sentence a player understands.

Each prompt kind's reason states the priority the greedy bot applied (Victory Points before
fights, the weakest Enemy in reach, the fewest Wounds on the way) with the figures it compared,
read from the seat's own View and the content, as the bot reads them.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.bots import clip
from engines.core.types import Action, Prompt
from engines.eternia.content import content
from engines.eternia.hexes import Hex, distance
from engines.eternia.search import distances, goals
from engines.eternia.state import CTRL, EtView, ModelView


def _model(view: EtView, mid: str) -> ModelView | None:
    return next((m for m in view.models if m.id == mid), None)


def _pending_model(view: EtView) -> ModelView | None:
    p = view.agenda.pending
    return _model(view, p.model) if p is not None else None


def _at(action: Action) -> Hex | None:
    try:
        return (int(action.params[0]), int(action.params[1]))
    except (IndexError, ValueError, TypeError):
        return None


def _foe_cells(view: EtView, side: str) -> list[Hex]:
    return [h for m in view.models if m.hexes and m.side not in (side, "npc") for h in m.hexes]


def _short(view: EtView, me: ModelView, at: Hex) -> str:
    """How far from of use ``me`` would stand at ``at``: spaces short of an Enemy in range and of a goal."""
    fight, grab = distances(me, at, view.models, goals(view.objectives, view.beacons, view.models, me.side))
    if min(fight, grab) == 0:
        return "in range of an Enemy" if fight == 0 else "next to a goal"
    short = min(fight, grab)
    return f"{short} space{'s' if short != 1 else ''} short of a fight or a goal"


def explain(view: EtView, prompt: Prompt, action: Action, actions: Sequence[Action]) -> str:
    """The greedy bot's reason for ``action`` among ``actions`` (its priorities, with their figures)."""
    label = action.label.rstrip(".")
    if len(actions) == 1:
        return clip(f"{label}: the only legal choice.")
    why = _why(view, prompt.kind, action)
    return clip(f"{label}: {why}")


def _why(view: EtView, kind: str, action: Action) -> str:
    """The clause after the label: the priority that put ``action`` first."""
    c = content()
    group, key = action.group, action.key
    by_id = {m.id: m for m in view.models}
    if kind == "order":
        if view.side == CTRL:
            return "the order that puts the Strategy Activation in the best-paying slot."
        return "the greedy bot keeps the first order offered; it does not plan the order."
    if kind == "act":
        me = _pending_model(view)
        if group == "interact":
            return "Interacting scores Victory Points, which come first."
        if group == "attack":
            return f"its strongest Attack ({c.skills[str(action.params[0])].dice} dice)."
        if group in ("skill", "bonus"):
            hp = f" ({me.hp} of {me.max_hp} HP)" if me is not None else ""
            heals = any(e.do in ("heal", "undaze") for e in c.skills[str(action.params[0])].effects)
            return (
                f"the Character is wounded{hp}."
                if heals
                else "a Skill it can use now, with no Attack to make."
            )
        if group == "move" and me is not None and me.hexes:
            return f"nothing to attack or reach here; it stands {_short(view, me, me.hexes[0])}."
        if group == "end":
            return "nothing left worth doing: it is already where it is of use."
        return "no Attack, Skill or Interaction comes before it."
    if kind == "move":
        me = _pending_model(view)
        at = _at(action)
        if key == "stay" or me is None or at is None:
            return "no space is nearer to a fight or a goal without more Wounds."
        wounds = _wounds(action)
        return f"there it stands {_short(view, me, at)}, with {wounds} Wounds on the way."
    if kind in ("target", "minion_attack") and group == "target":
        m = by_id[str(action.params[0])]
        return f"{m.name}, a {m.kind} with {m.hp} HP, is the weakest it can hit (Characters first)."
    if kind == "bonus_attack" and group == "attack":
        m = by_id[str(action.params[1])]
        return f"{m.name} has the fewest HP of those in reach ({m.hp})."
    if kind in ("atk_boost", "def_boost", "card_window"):
        if group in ("boost", "card", "reaction"):
            return "there is Power (or a card) to pay for it, so it takes every boost it can."
        return "nothing to boost with."
    if kind == "react":
        return "a Reaction it can use now." if group == "reaction" else "no Reaction to use."
    if kind in ("power", "ctrl_power"):
        if key.startswith("put.reserves."):
            room = sum(1 for m in view.models if m.kind == "minion" and m.side == CTRL and m.hexes)
            return f"Minions first while the Battlefield has room ({room} of {c.rules.minion_limit})."
        return "the automatic spread of Power." if key == "auto" else "the first placement on offer."
    if kind == "ctrl_skills":
        if key == "reserves":
            return "Reserves come first: they bring Minions."
        if group == "card":
            return "a Strategy card it can play now."
        if key.startswith("cmd."):
            m = by_id[str(action.params[0])]
            near = min((distance(m.hexes[0], h) for h in _foe_cells(view, CTRL)), default=0) if m.hexes else 0
            return f"{m.name} stands nearest the team ({near} space{'s' if near != 1 else ''})."
        return "no Skill left worth using." if key == "done" else "nothing else to use this turn."
    if kind in ("spawn", "elite") and key.startswith("at."):
        at = _at(action)
        foes = _foe_cells(view, view.side or CTRL)
        near = min((distance(at, h) for h in foes), default=0) if at is not None else 0
        return f"the space nearest an Enemy ({near} space{'s' if near != 1 else ''})."
    if kind in ("respawn", "place") and key.startswith("at."):
        me, at = _pending_model(view), _at(action)
        if me is not None and at is not None:
            return f"there it stands {_short(view, me, at)}."
        return "the first space on offer."
    if kind == "push":
        return "the farthest push moves the Enemy most out of its plan."
    if kind == "any" and action.params:
        m = by_id[str(action.params[0])]
        return f"{m.name} has the most HP ({m.hp})."
    if kind == "unlock" and action.params:
        attack = c.skills[str(action.params[0])].type == "attack"
        return "an Attack Skill comes first." if attack else "no Attack Skill is on offer; the first Skill."
    return "the greedy bot's usual answer to this choice."


def _wounds(action: Action) -> int:
    """The Wounds a move's label says it costs (0 when it names none)."""
    words = action.label.split()
    for i, word in enumerate(words[1:], 1):
        if word.startswith(("Wound", "Escape")) and words[i - 1].isdigit():
            return int(words[i - 1])
    return 0
