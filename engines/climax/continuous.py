"""Continuous abilities: bonuses read whenever power or AP is looked at.

Back-row support (B4.1: the back row cannot attack and carries "assist" abilities for the front
row), the climax zone's boosts (B2.3-12: a climax stays in its zone for the turn) and combos that
need a named climax there. A character's AP never goes below 0 (B2.5-22).
"""

from __future__ import annotations

from engines.climax.abilities import KEYWORDS, Bonus, keyword
from engines.climax.content import Ability
from engines.climax.ctx import Ctx

#: back slot -> the front slots "in front of" it (B4.1: back row supports the front row)
BACKED = {3: (0, 1), 4: (1, 2)}


def _assist(ctx: Ctx, seat: int, source: int, target: int, ab: Ability) -> int:
    return ab.n if target in BACKED.get(source, ()) else 0


def _boost_power(ctx: Ctx, seat: int, source: int, target: int, ab: Ability) -> int:
    return ab.n if source == -1 else 0


def _boost_soul(ctx: Ctx, seat: int, source: int, target: int, ab: Ability) -> int:
    return ab.soul if source == -1 else 0


def _combo(ctx: Ctx, seat: int, source: int, target: int, ab: Ability) -> int:
    climax = ctx.p(seat).climax
    return ab.n if source == target and climax and ctx.state.cards[climax] == ab.ref else 0


def _combo_soul(ctx: Ctx, seat: int, source: int, target: int, ab: Ability) -> int:
    climax = ctx.p(seat).climax
    return ab.soul if source == target and climax and ctx.state.cards[climax] == ab.ref else 0


keyword(
    "assist",
    "continuous",
    "[Back row] Your characters in the front slots before this one get +{n} power.",
    "【後列】このカードの前にいるあなたの前列のキャラすべてに、パワーを＋{n}。",
    power=_assist,
)

keyword(
    "climax_boost",
    "climax",
    "While this is in your climax zone, all your characters get +{n} power and +{soul} AP.",
    "このカードがクライマックス置場にある間、あなたのキャラすべてに、パワーを＋{n}し、APを＋{soul}。",
    power=_boost_power,
    soul=_boost_soul,
)

keyword(
    "combo",
    "continuous",
    "While your climax zone holds {ref}, this gets +{n} power.",
    "あなたのクライマックス置場に「{ref}」があるなら、このカードのパワーを＋{n}。",
    power=_combo,
    soul=_combo_soul,
)


def _bonuses(ctx: Ctx, seat: int, index: int, part: str) -> int:
    """What continuous abilities on the stage and in the climax zone add to one character's ``part``.

    ``part`` names the hook read: "power" or "soul".
    """
    p = ctx.p(seat)
    total = 0
    for source, other in enumerate(p.stage):
        if other.card:
            for ab in ctx.card(other.card).abilities:
                kw = KEYWORDS[ab.kw]
                bonus: Bonus | None = getattr(kw, part)
                if bonus is not None and kw.timing == "continuous":
                    total += bonus(ctx, seat, source, index, ab)
    if p.climax:
        for ab in ctx.card(p.climax).abilities:
            bonus = getattr(KEYWORDS[ab.kw], part)
            if bonus is not None:
                total += bonus(ctx, seat, -1, index, ab)
    return total


def power_of(ctx: Ctx, seat: int, index: int) -> int:
    """A stage character's power now: printed, bonuses for the turn, and continuous effects."""
    slot = ctx.p(seat).stage[index]
    return max(0, ctx.card(slot.card).power + slot.power + _bonuses(ctx, seat, index, "power"))


def soul_of(ctx: Ctx, seat: int, index: int) -> int:
    """A stage character's AP now; never below 0 (B2.5-22)."""
    slot = ctx.p(seat).stage[index]
    return max(0, ctx.card(slot.card).soul + slot.soul + _bonuses(ctx, seat, index, "soul"))
