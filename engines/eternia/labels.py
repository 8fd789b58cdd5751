"""Choice labels that fit a Discord button: a Skill's or card's name and as much of its text as fits.

Discord cuts a button label at 80 characters (a select option's at 100), mid-word. A label here
is "what it is: what it does" ("Crushing Blow (1 Power): the target has 1 less Armor ..."), and
the printed texts are written for cards, not buttons. So a label too long is shortened by wording,
each step only while it is still too long: asides in brackets go, then the text's lead-in ("Action:",
"When one of your models attacks:", which the moment of the choice already says), then its last
clauses; what remains is always whole words and whole clauses. The full texts stay on the cards,
the dashboards and ``/cards``.
"""

from __future__ import annotations

import re

from engines.core.types import Action
from engines.eternia.pieces import Skill, StrategyCard

#: the longest label any interface must show whole (a Discord button's label)
LABEL_MAX = 80

_ASIDE = re.compile(r" \([^()]*\)")
_LEAD_IN = re.compile(r"^[^:.;]{1,60}: (?=\S)")
_LAST_CLAUSE = re.compile(r"(?:[;.]|,| and| or)\s[^;.,]*$")


def labelled(head: str, text: str, limit: int = LABEL_MAX) -> str:
    """``"{head}: {text}"`` within ``limit`` characters, shortened by whole clauses (see the module)."""
    full = f"{head}: {text}" if text else head
    if len(full) <= limit:
        return full
    body = text.strip()
    for shorten in (_without_asides, _without_lead_in):
        body = shorten(body)
        if len(f"{head}: {body}") <= limit:
            return f"{head}: {body}"
    body = body.rstrip(".")
    while body and len(f"{head}: {body}") > limit:
        trimmed = _LAST_CLAUSE.sub("", body)
        body = trimmed if trimmed != body else ""
    return f"{head}: {body}" if body else head


def _without_asides(text: str) -> str:
    """``text`` without remarks in brackets ("(a mounted Elite Minion, two spaces)")."""
    return _ASIDE.sub("", text)


def _without_lead_in(text: str) -> str:
    """``text`` without its opening "Kind:" or "When ...:" clause, when something follows it."""
    return _LEAD_IN.sub("", text, count=1)


def skill_choice(key: str, skill: Skill, head: str = "", group: str = "boost", where: str = "") -> Action:
    """The choice to use ``skill``: ``head``, its name and cost (paid ``where``), and its text as fits."""
    label = labelled(f"{head}{skill.name} ({skill.cost} Power{where})", skill.text)
    return Action(key, label, group=group, params=(skill.id,))


def card_choice(card: StrategyCard, paid: str = "1 Battle Plan Power") -> Action:
    """The choice to play Strategy card ``card`` (its cost ``paid``), with its text as fits."""
    return Action(f"c.{card.id}", labelled(f"Play {card.name} ({paid})", card.text), group="card")
