"""Hard's rules of thumb against the AI Controller: read the danger before stepping into it.

The greedy bot (normal) charges: it moves to the nearest space where it can attack, strikes the
weakest Character it can reach whatever its Armor, and boosts every Attack. Against the book's AI
Controller, whose Characters Attack twice when an Enemy is in range and whose Minions all close in
on the nearest Enemy, that trades the lone hero's KOs at a poor rate. The careful variant, which
the search bot (hard) uses as its first candidate and its playout policy, differs in three places,
each read from the seat's own View and the content only:

- **Where to move**: a space's *threat* is the Wounds the Enemies could deal there before the
  Character acts again (:func:`threat`); it counts against the space, strongly when it could KO
  the Character. An Enemy that can also reach an ally with fewer HP strikes that ally (the AI
  takes the lowest HP in range), so it adds nothing: a team may stand together. In the last
  Round, level or behind on VP, it charges as greedy does: a draw wins nothing.
- **Whom to Attack**: a Character this Attack can KO first, then a Character or Minion it can
  wound through Armor, the fewest HP left after the expected Wounds first.
- **Boosts**: none on an Attack that already all but surely KOs unarmoured Minions: the Power a
  Player spends feeds the AI Controller (the Balance of Power).

``tests/engines/eternia/test_bots.py`` holds each rule's effect; the README's Eternia ladder
section gives what it changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engines.eternia.content import content
from engines.eternia.hexes import Hex, distance
from engines.eternia.state import CTRL, TEAM, EtView, ModelView


class Piece(Protocol):
    """What the evaluation reads of a model: a state's Model and a View's ModelView alike."""

    kind: str
    side: str
    design: str
    hexes: list[Hex]
    skills: list[str]


def reach(m: Piece) -> int:
    """The longest range among a model's Attacks (1 for melee)."""
    c = content()
    sids = [c.minions[m.design].attack] if m.kind == "minion" else list(m.skills)
    sids += [u.skill for u in getattr(m, "unlocked", [])]
    best = 1
    for sid in sids:
        s = c.skills.get(sid)
        if s is not None and s.type == "attack":
            best = max(best, s.range or (1 if s.attack == "melee" else c.rules.ranged_range))
    return best


#: a die's chance of a Success in either kind of Attack (2 of 6 faces of the kind, and the power face)
HIT = 0.5
#: Attack dice that already all but surely KO a 1-HP model with no Armor (7 in 8 at 3 dice)
SURE_DICE = 3


def dice_of(m: Piece) -> int:
    """The most dice among a model's Attacks."""
    c = content()
    if m.kind == "minion":
        s = c.skills.get(c.minions[m.design].attack)
        return s.dice if s is not None else 1
    sids = [*m.skills, *(u.skill for u in getattr(m, "unlocked", []))]
    return max((c.skills[s].dice for s in sids if s in c.skills and c.skills[s].type == "attack"), default=0)


def threat(view: EtView, me: ModelView, at: Hex) -> float:
    """Expected Wounds the Enemies could deal ``me`` standing at ``at`` in their next Activations.

    A Character in range already Attacks twice (its two Actions), one a move away once; a Minion
    moves and Attacks once; one that can reach an ally with fewer HP goes for the ally instead.
    Line of Sight and Terrain are left out: a cheap upper reading.
    """
    total = 0.0
    allies = [m for m in view.models if m.hexes and m.side == me.side and m.id != me.id]
    for e in view.models:
        if not e.hexes or e.side in (me.side, "npc"):
            continue
        d = min(distance(h, at) for h in e.hexes)
        r = reach(e)
        step = content().rules.move - (1 if e.dazed else 0)
        if e.kind == "minion":
            attacks = 1 if d <= r + step else 0
        else:
            attacks = 2 if d <= r else 1 if d <= r + step else 0
        # The AI strikes the lowest HP it can reach (A3): a weaker ally within its reach draws it.
        if attacks and any(a.hp < me.hp and _within(e, a, r + step) for a in allies):
            continue
        total += attacks * max(0.0, HIT * dice_of(e) - me.armor)
    return total


def _within(e: Piece, m: ModelView, spaces: int) -> bool:
    """Whether ``m`` stands within ``spaces`` of ``e``."""
    return min(distance(h, x) for h in e.hexes for x in m.hexes) <= spaces


def charging(view: EtView) -> bool:
    """Whether to ignore the danger: the last Round, and the team not ahead on VP."""
    foe = CTRL if view.side == TEAM else TEAM
    return view.round >= view.round_limit and view.vp.get(view.side or TEAM, 0) <= view.vp.get(foe, 0)


def danger(view: EtView, me: ModelView, at: Hex, wounds: int) -> float:
    """What standing at ``at`` risks, on the greedy bot's move scale (a space short of use is 1)."""
    if charging(view):
        return 0.0
    t = threat(view, me, at)
    return t * (2.0 if t + wounds >= me.hp else 0.3)


def target_rank(view: EtView, dice: int, m: ModelView, key: str) -> tuple[int, int, float, str]:
    """Whom to Attack first with ``dice`` dice: a Character it can KO, then whoever it can wound."""
    net = HIT * dice - m.armor
    kind = {"character": 0, "minion": 1}.get(m.kind, 3)
    kos = kind == 0 and net >= m.hp
    return (0 if kos else 1, kind if net > 0 else 2, m.hp - net, key)


def spare_boost(view: EtView) -> bool:
    """Whether the Attack under way needs no boost: enough dice against unarmoured Minions only."""
    s = view.strike
    if s is None or s.dice < SURE_DICE:
        return False
    by_id = {m.id: m for m in view.models}
    hit: Sequence[ModelView | None] = [by_id.get(t) for t in s.targets]
    return bool(hit) and all(m is not None and m.kind == "minion" and m.armor == 0 for m in hit)
