"""Words every Eternia picture and text shares: model codes, content names, the round line."""

from __future__ import annotations

import re

from engines.eternia.content import content
from engines.eternia.hexes import Hex, label
from engines.eternia.state import EtView, ModelView

_SMALL = {"on", "at", "of", "the"}
_NUMBER = re.compile(r"\s+(\d+)$")
PHASES = {"order": "Order Phase", "activation": "Activation Phase", "over": "Game over"}


def design_of(m: ModelView) -> str:
    """The content id of a Character (its model id ends in it); "" for Minions and NPCs.

    The view has no design field yet, so the id ("t.he_man") or else the name is matched.
    """
    if m.kind != "character":
        return ""
    chars = content().characters
    tail = m.id.rsplit(".", 1)[-1]
    if tail in chars:
        return tail
    return next((c.id for c in chars.values() if c.name == m.name), "")


def base_name(m: ModelView) -> str:
    """A model's name without its serial number ("Hover Robot 3" -> "Hover Robot")."""
    return _NUMBER.sub("", m.name)


def serial(m: ModelView) -> str:
    """The serial number at the end of a Minion's or NPC's name ("" for a Character)."""
    found = _NUMBER.search(m.name)
    return found.group(1) if found else ""


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[\s\-]+", name) if w and w.lower() not in _SMALL]


def code(m: ModelView) -> str:
    """The short label drawn on a model's piece: "HM" for He-Man, "R3" for Hover Robot 3.

    Characters take the first letters of their first and last words; a Minion or NPC the first
    letter of its last word and its number; a mounted (two-hex) model the letters of both ends.
    """
    words = _words(base_name(m)) or ["?"]
    if m.kind == "character" or len(m.hexes) > 1 or mounted(m):
        if len(words) == 1:
            return words[0][:2].upper()
        return (words[0][0] + words[-1][0]).upper()
    return words[-1][0].upper() + serial(m)


def mounted(m: ModelView) -> bool:
    """Whether ``m`` is of a mounted (two-hex) Minion type, on the map or not."""
    kinds = content().minions.values()
    return m.kind == "minion" and any(t.mounted and t.name == base_name(m) for t in kinds)


def type_code(m: ModelView) -> str:
    """The letter a Minion or NPC type is known by ("R" for Hover Robots); a mounted one's two letters."""
    return code(m) if m.kind == "character" or mounted(m) else code(m).rstrip("0123456789")


def skill_name(skill: str) -> str:
    """A Skill's printed name."""
    found = content().skills.get(skill)
    return found.name if found else skill.replace("_", " ").title()


def ctrl_skill_name(skill: str) -> str:
    """A Controller Skill's printed name."""
    found = content().controller_skills.get(skill)
    return found.name if found else skill.replace("_", " ").title()


def strategy_name(card: str) -> str:
    """A Strategy card's printed name."""
    found = content().strategy.get(card)
    return found.name if found else card.replace("_", " ").title()


def ai_card_name(card: str) -> str:
    """An AI card's printed name."""
    found = content().ai.get(card)
    return found.name if found else card.replace("_", " ").title()


def terrain_name(kind: str) -> str:
    """A terrain or token kind's printed name."""
    found = content().terrain.get(kind)
    return found.name if found else kind.replace("_", " ").title()


def scenario_name(view: EtView) -> str:
    """The Scenario's printed name."""
    found = content().scenarios.get(view.scenario)
    return found.name if found else view.scenario


def where(m: ModelView) -> str:
    """Where a model stands, as players name hexes ("C4", "C4-D4" mounted), or "off"."""
    return "-".join(label(h) for h in m.hexes) if m.hexes else "off"


def hex_label(h: Hex) -> str:
    """A hex's name on the board ("C4")."""
    return label(h)


def card_name(view: EtView, card: str) -> str:
    """What a track card is called: a Character's name, "Strategy", "Any Character" or "?"."""
    if card == "strategy":
        return "Strategy"
    if card == "any":
        return "Any Character"
    found = next((m for m in view.models if m.id == card), None)
    return found.name if found else (card or "?")


def knocked_out(m: ModelView) -> bool:
    """A model off the Battlefield at 0 HP (a Character comes back at its next Activation)."""
    return not m.hexes and m.hp == 0


def headline(view: EtView) -> str:
    """The round / phase line."""
    if view.over:
        return f"Game over after round {view.round}"
    return f"Round {view.round}/{view.round_limit} · {PHASES.get(view.phase, view.phase)}"
