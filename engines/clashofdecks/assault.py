"""Phase 3, the Assault: the active kingdom's creatures attack in the book's activation order.

Per attack: (1) Aura check, (2) clearance (in play since last turn, or Rage), (3) targets (Defender,
Aerial, Splash, Perforation), (4) Sprint, (5) Aura update, (6) Aquatic, (7) damage (Vulnerability),
(8) dealing (Protection), (9) damage stays until the end of the turn, (10) destroyed creatures go
back (Mercenary), (11) the line closes up, (12) Aura update, (13) Regeneration, (14) Sharpening,
(15) Vanish, (16) close up, (17) Aura update, (18) Berserk repeats, (19) Instinct answers.
Auras are read from positions whenever a step needs them, which is the book's "Aura update" at
steps 1, 5, 12 and 17; the one place a live read would differ is Vanish, where one creature moving
could strip another's lent Vanish mid-step, so Vanish takes its snapshot first (``hits.vanish_all``).
Simultaneous triggers (Vanish, Instinct) resolve upper line first, furthest from the Bridge first.
"""

from __future__ import annotations

import msgspec

from engines.clashofdecks import abilities as ab
from engines.clashofdecks.ctx import Abilities, Ctx, Loc
from engines.clashofdecks.hits import deal, in_book_order, vanish_all
from engines.clashofdecks.stronghold import damage as stronghold_damage

#: a safety bound on attacks in one Assault (Instinct answering Instinct always converges, since
#: damage stays until the end of the turn; the bound only guards against content mistakes)
MAX_ATTACKS = 200


class Targets(msgspec.Struct, frozen=True):
    """Who an attack hits: creatures (primary first) or the enemy Stronghold of ``enemy``."""

    enemy: int
    units: tuple[Loc, ...] = ()
    stronghold: bool = False


def targets(ctx: Ctx, loc: Loc, found: Abilities, rage_only: bool) -> Targets | None:
    """Step 3: what this creature attacks now, or None when it cannot attack anything."""
    owner = ctx.owner_of(loc)
    enemy = ctx.enemy_on(loc.line, owner)
    may_hit_stronghold = not ab.defender(found) and not rage_only
    if ab.aerial(ctx, loc, found):
        return Targets(enemy, stronghold=True) if may_hit_stronghold else None
    enemy_side = 1 - loc.side
    if ctx.state.lines[loc.line].sides[enemy_side]:
        primary = Loc(loc.line, enemy_side, 0)
        hit = [primary, *ab.perforation(ctx, primary, found), *ab.splash(ctx, primary, found)]
        return Targets(enemy, units=tuple(hit))
    return Targets(enemy, stronghold=True) if may_hit_stronghold else None


def cleared(ctx: Ctx, loc: Loc) -> tuple[bool, bool]:
    """Step 2: (may attack, only creatures because it arrived this turn thanks to Rage)."""
    unit = ctx.at(loc)
    if unit.entered < ctx.state.turn:
        return True, False
    return ab.rage(ctx.abilities(loc)), True  # step 1's Aura check matters only to a newcomer


def amount(ctx: Ctx, loc: Loc, found: Abilities, target_hp: int) -> int:
    """Steps 6-7: the damage one target takes (Vulnerability, Sprint bonus, then Aquatic doubling)."""
    unit = ctx.at(loc)
    base = ab.vulnerability(found, target_hp, ctx.av(unit)) + unit.sprint
    return ab.aquatic(ctx, loc, found, base)


def attack(ctx: Ctx, uid: str, rage_only: bool, loc: Loc) -> None:
    """One creature's full attack: steps 3-17 (again for Berserk, step 18), then Instinct answers (19).

    ``loc`` is where the creature whose host card is ``uid`` stands now (the caller just found it).
    """
    hurt_by_it: list[str] = []  # survivors this creature damaged, for step 19
    while ctx.attacks < MAX_ATTACKS:
        found = ctx.abilities(loc)
        aim = targets(ctx, loc, found, rage_only)
        if aim is None:
            break
        ctx.attacks += 1
        dashed = ab.sprint(ctx, loc, found)
        if dashed != loc:
            loc = dashed
            found = ctx.abilities(loc)  # step 5: Aura update after moving (nothing moved otherwise)
        unit = ctx.at(loc)
        name = ctx.unit_name(unit)
        owner = unit.owner
        if aim.stronghold:
            dealt = amount(ctx, loc, found, ctx.stronghold_hp(aim.enemy))
            ctx.report(
                "attack",
                f"{name} attacks {ctx.name(aim.enemy)}'s Stronghold.",
                source=name,
                target="Stronghold",
                kingdom=aim.enemy,
                line=loc.line,
            )
            dealt = stronghold_damage(ctx, aim.enemy, dealt, owner, name)
            ab.regeneration(ctx, owner, found, dealt, name)
            break
        # The targets were found before Sprint; it moves only this creature along its own side, so
        # the targets, all on enemy sides, are still where they were.
        units = [ctx.at(t) for t in aim.units]
        primary = ctx.unit_name(units[0])
        ctx.report(
            "attack",
            f"{name} attacks {primary}.",
            source=name,
            target=primary,
            kingdom=units[0].owner,
            line=loc.line,
        )
        plan = [
            (where, amount(ctx, loc, found, ctx.hp(target) - target.damage))
            for where, target in zip(aim.units, units, strict=True)
        ]
        hit = deal(ctx, plan, name, spell=False)  # steps 7-12
        ab.regeneration(ctx, owner, found, hit.dealt, name)  # step 13
        for victim, excess in hit.excess.items():  # step 14
            spill = ab.sharpening(found, excess)
            if spill:
                ctx.report(
                    "sharpen",
                    f"{name}'s Sharpening carries {spill} on.",
                    source=name,
                    kingdom=victim,
                    amount=spill,
                )
                stronghold_damage(ctx, victim, spill, owner, name)
        vanish_all(ctx, hit)  # steps 15-17
        hurt_by_it.extend(h for h in hit.hurt if h not in hurt_by_it)
        killed_enemy = bool(hit.destroyed)
        if not killed_enemy:
            break  # step 18 needs a kill, so no need to read this creature's abilities again
        now = ctx.find(uid)
        if now is None or not ab.berserk(ctx.abilities(now), killed_enemy):
            break
        ctx.report(
            "berserk", f"{name} goes berserk and attacks again.", source=name, kingdom=owner, line=now.line
        )
        loc = now
    # Step 19: every survivor it hurt that has Instinct now (after Vanish and the Aura update of
    # step 17) answers, in the book's order for simultaneous effects.
    answers = [h for h, at in in_book_order(ctx, hurt_by_it) if ab.instinct(ctx.abilities(at), True)]
    for hurt in answers:
        where = ctx.find(hurt)
        if where is None or targets(ctx, where, ctx.abilities(where), False) is None:
            continue  # gone, or nothing it may attack (a Defender facing no creature)
        answering = ctx.unit_name(ctx.at(where))
        ctx.report(
            "instinct",
            f"{answering} strikes back on Instinct.",
            source=answering,
            kingdom=ctx.owner_of(where),
            line=where.line,
        )
        attack(ctx, hurt, False, where)


def assault(ctx: Ctx, k: int) -> None:
    """Phase 3 for kingdom ``k``: every cleared creature attacks, upper line first, far to near."""
    ctx.records = []
    ctx.attacks = 0
    for uid, loc in ctx.activation_places(k):
        if ctx.attacks:  # an attack may have moved or removed it (nothing moves before the first)
            now = ctx.find(uid)
            if now is None or ctx.owner_of(now) != k:
                continue
            loc = now
        may, rage_only = cleared(ctx, loc)
        if may:
            attack(ctx, uid, rage_only, loc)
    if ctx.records:  # a turn without attacks keeps the last real assault on show
        ctx.state.last_assault = ctx.records


def end_of_turn(ctx: Ctx) -> None:
    """Damage that did not destroy a creature heals, and Sprint bonuses lapse."""
    for line in ctx.state.lines:
        for side in line.sides:
            for unit in side:
                unit.damage = 0
                unit.sprint = 0
