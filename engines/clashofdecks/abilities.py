"""One small handler per special ability keyword, shared by every card that bears it.

``KEYWORDS`` binds each of the book's 20 keywords to its function. Each function is called by the
rule modules at the step of the book's activation order named in its docstring; ``assault.py`` and
``incantations.py`` run those steps in order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.clashofdecks.ctx import Abilities, Ctx, Loc
from engines.clashofdecks.state import Unit
from engines.clashofdecks.stronghold import damage_in_ones, regenerate
from engines.core.keywords import Registry

#: the book's 20 ability keywords, each bound to its handler
KEYWORDS: Registry[Callable[..., Any]] = Registry("Clash of Decks", "ability")


@KEYWORDS.register("aerial")
def aerial(ctx: Ctx, loc: Loc, abilities: Abilities) -> bool:
    """Target step: True when the creature flies over enemy creatures (Aerial on its upper line)."""
    return "aerial" in abilities and ctx.is_upper(ctx.owner_of(loc), loc.line)


@KEYWORDS.register("aquatic")
def aquatic(ctx: Ctx, loc: Loc, abilities: Abilities, amount: int) -> int:
    """Damage step: double the whole hit (Sprint bonus included) while next to the Bridge."""
    return amount * 2 if "aquatic" in abilities and loc.pos == 0 else amount


@KEYWORDS.register("aura")
def aura(ctx: Ctx, loc: Loc) -> set[str]:
    """Aura update: the abilities lent to this creature by Aura neighbours on its line."""
    return ctx.granted(loc)


@KEYWORDS.register("berserk")
def berserk(abilities: Abilities, killed_enemy: bool) -> bool:
    """Step 18: attack again after destroying at least one enemy creature."""
    return "berserk" in abilities and killed_enemy


@KEYWORDS.register("catalyst")
def catalyst(ctx: Ctx, k: int) -> int:
    """Phase 1: +2 mana for each of the kingdom's creatures with Catalyst in play."""
    bonus = 0
    for line in ctx.kingdom(k).lines:
        side = ctx.side_of(line, k)
        if not ctx.may_have(line, side, "catalyst"):
            continue
        for pos in range(len(ctx.state.lines[line].sides[side])):
            if "catalyst" in ctx.abilities(Loc(line, side, pos)):
                bonus += 2
    return bonus


@KEYWORDS.register("defender")
def defender(abilities: Abilities) -> bool:
    """Target step: True when the creature may not attack the enemy Stronghold."""
    return "defender" in abilities


@KEYWORDS.register("indestructible")
def indestructible(abilities: Abilities) -> bool:
    """Incantation step 3: True when incantations neither damage nor affect this creature."""
    return "indestructible" in abilities


@KEYWORDS.register("instinct")
def instinct(abilities: Abilities, hurt_by_creature: bool) -> bool:
    """Step 19: a creature hurt (not destroyed) by a creature strikes back after that creature's attacks."""
    return "instinct" in abilities and hurt_by_creature


@KEYWORDS.register("mercenary")
def mercenary(ctx: Ctx, iid: str) -> bool:
    """Return step: True when this card goes to the enemy (or the AI deck pile) instead of home."""
    return "mercenary" in ctx.card(iid).abilities


@KEYWORDS.register("perforation")
def perforation(ctx: Ctx, target: Loc, abilities: Abilities) -> list[Loc]:
    """Target step: the creature behind the target on the same line is hit as well."""
    side = ctx.state.lines[target.line].sides[target.side]
    if "perforation" in abilities and target.pos + 1 < len(side):
        return [Loc(target.line, target.side, target.pos + 1)]
    return []


@KEYWORDS.register("price_of_blood")
def price_of_blood(ctx: Ctx, k: int, cost: int, source: str) -> None:
    """Payment: spend all mana, then take 1 damage per missing mana (AI: mill ``cost`` cards instead)."""
    kingdom = ctx.kingdom(k)
    if kingdom.is_ai:
        damage_in_ones(ctx, k, cost, source)  # the AI pays nothing but mills the cost instead
        return
    missing = max(0, cost - kingdom.mana)
    kingdom.mana = max(0, kingdom.mana - cost)
    if missing:
        ctx.report(
            "price_of_blood",
            f"{ctx.name(k)} pays {missing} missing mana for {source} in blood.",
            source=source,
            kingdom=k,
            amount=missing,
        )
        damage_in_ones(ctx, k, missing, source)


@KEYWORDS.register("protection")
def protection(unit: Unit, abilities: Abilities, amount: int) -> int:
    """Dealing step: the first source of at least 1 damage aimed at the creature is reduced to 0."""
    if amount >= 1 and "protection" in abilities and not unit.shielded:
        unit.shielded = True
        return 0
    return amount


@KEYWORDS.register("rage")
def rage(abilities: Abilities) -> bool:
    """Clearance step: a creature may attack creatures (never the Stronghold) the turn it arrives."""
    return "rage" in abilities


@KEYWORDS.register("regeneration")
def regeneration(ctx: Ctx, k: int, abilities: Abilities, dealt: int, source: str) -> None:
    """Step 13: after dealing damage, the owner's Stronghold moves one step left (AI: un-mill one)."""
    if "regeneration" in abilities and dealt > 0:
        regenerate(ctx, k, source)


@KEYWORDS.register("sharpening")
def sharpening(abilities: Abilities, excess: int) -> int:
    """Step 14: excess damage from destroying creatures goes on to their owner's Stronghold."""
    return excess if "sharpening" in abilities else 0


@KEYWORDS.register("splash")
def splash(ctx: Ctx, target: Loc, abilities: Abilities) -> list[Loc]:
    """Target step: the creature in the same position on the target owner's other line is hit too."""
    if "splash" not in abilities:
        return []
    owner = ctx.owner_of(target)
    line = ctx.other_line(owner, target.line)
    side = ctx.side_of(line, owner)
    if target.pos < len(ctx.state.lines[line].sides[side]):
        return [Loc(line, side, target.pos)]
    return []


@KEYWORDS.register("sprint")
def sprint(ctx: Ctx, loc: Loc, abilities: Abilities) -> Loc:
    """Step 4: dash next to the Bridge, gaining +1 damage per creature passed until the Assault ends."""
    if "sprint" not in abilities or loc.pos == 0:
        return loc
    new, passed = ctx.move_to_front(loc)
    unit = ctx.at(new)
    unit.sprint += passed
    ctx.report(
        "sprint",
        f"{ctx.unit_name(unit)} sprints to the Bridge (+{passed}).",
        source=ctx.unit_name(unit),
        kingdom=unit.owner,
        amount=passed,
        line=loc.line,
    )
    return new


@KEYWORDS.register("symbiote")
def symbiote(ctx: Ctx, host: Unit) -> bool:
    """Placement: True when a Symbiote card may be stacked on ``host`` (the host has no Symbiote)."""
    return not any("symbiote" in ctx.card(iid).abilities for iid in host.cards)


@KEYWORDS.register("vanish")
def vanish(ctx: Ctx, loc: Loc, abilities: Abilities) -> Loc:
    """Step 15: a creature hurt but not destroyed moves to the far end of its line."""
    if "vanish" not in abilities:
        return loc
    new = ctx.move_to_back(loc)
    unit = ctx.at(new)
    ctx.report(
        "vanish",
        f"{ctx.unit_name(unit)} vanishes to the back of its line.",
        source=ctx.unit_name(unit),
        kingdom=unit.owner,
        line=loc.line,
    )
    return new


@KEYWORDS.register("vulnerability")
def vulnerability(abilities: Abilities, target_hp: int, av: int) -> int:
    """Damage step: ignore AV and deal the target's remaining HP minus 1."""
    return max(0, target_hp - 1) if "vulnerability" in abilities else av
