"""Incantations: one handler per effect keyword, resolved in the book's incantation order.

Order: (1) targets (Splash, Perforation), (2) damage (Vulnerability), (3) dealing (Protection,
Indestructible), (4) damage stays until the end of the turn, (5) destroyed creatures go back
(Mercenary creatures), (6) close up, (7) Aura update, (8) Regeneration, (9) Sharpening, (10) the
incantation goes back to its caster's hand (a Mercenary incantation to an enemy), (11) Vanish,
(12) close up, (13) Aura update.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.clashofdecks import abilities as ab
from engines.clashofdecks.content import Card
from engines.clashofdecks.ctx import Ctx, Loc
from engines.clashofdecks.hits import Hit, deal, give, remove, untouched, vanish_all
from engines.clashofdecks.stronghold import damage as stronghold_damage
from engines.core.keywords import Registry

#: An effect keyword's handler: it gets the context, the incantation and its targets (step 1's).
Effect = Callable[[Ctx, Card, list[Loc]], Hit]
#: each incantation effect keyword of the data file, bound to its handler
#: (``@EFFECTS.register("strike")``); the ruleset's ``check_content`` checks the cards against it
EFFECTS: Registry[Effect] = Registry("Clash of Decks", "incantation effect")


@EFFECTS.register("strike")
def strike(ctx: Ctx, card: Card, locs: list[Loc]) -> Hit:
    """Deal the card's power (or, with Vulnerability, each target's HP minus 1) to every target."""
    found = ctx.cat.ability_sets[card.id]
    plan = []
    for loc in locs:
        unit = ctx.at(loc)
        plan.append((loc, ab.vulnerability(found, ctx.hp(unit) - unit.damage, card.power)))
    return deal(ctx, plan, card.name, spell=True)


@EFFECTS.register("rout")
def rout(ctx: Ctx, card: Card, locs: list[Loc]) -> Hit:
    """Move every target to the far end of its line."""
    uids = [ctx.at(loc).cards[0] for loc in locs]
    for uid in uids:
        where = ctx.find(uid)
        if where is None:
            continue
        name = ctx.unit_name(ctx.at(where))
        if ab.indestructible(ctx.abilities(where)):
            untouched(ctx, name, card.name)
            continue
        ctx.move_to_back(where)
        ctx.report(
            "rout",
            f"{card.name} blows {name} to the back of its line.",
            source=card.name,
            target=name,
            kingdom=ctx.owner_of(where),
            line=where.line,
        )
    return Hit()


@EFFECTS.register("bounce")
def bounce(ctx: Ctx, card: Card, locs: list[Loc]) -> Hit:
    """Send every target back to where destroyed cards go (hand, AI discard, exhausted Champion)."""
    gone = []
    for loc in locs:
        unit = ctx.at(loc)
        if ab.indestructible(ctx.abilities(loc)):
            untouched(ctx, ctx.unit_name(unit), card.name)
            continue
        gone.append((loc, unit))
    gone.sort(key=lambda pair: ctx.order_key(pair[0]))
    remove(ctx, gone, card.name, verb="sent back")
    return Hit()


def spell_targets(ctx: Ctx, card: Card, target: Loc) -> list[Loc]:
    """Step 1: the chosen creature plus Perforation's and Splash's extra targets."""
    found = ctx.cat.ability_sets[card.id]
    return [target, *ab.perforation(ctx, target, found), *ab.splash(ctx, target, found)]


def cast(ctx: Ctx, k: int, iid: str, target_uid: str) -> None:
    """Resolve incantation ``iid`` (already paid for and out of the hand) on creature ``target_uid``."""
    card = ctx.card(iid)
    target = ctx.find(target_uid)
    assert target is not None
    victim_owner = ctx.owner_of(target)
    target_line = target.line
    victim_name = ctx.unit_name(ctx.at(target))
    ctx.report(
        "incantation",
        f"{ctx.name(k)} casts {card.name} on {victim_name}.",
        source=card.name,
        target=victim_name,
        kingdom=victim_owner,
        line=target.line,
    )
    locs = spell_targets(ctx, card, target)
    hit = EFFECTS[card.effect](ctx, card, locs)  # steps 2-9, by the card's effect keyword
    found = ctx.cat.ability_sets[card.id]
    ab.regeneration(ctx, k, found, hit.dealt, card.name)
    for victim, excess in hit.excess.items():
        spill = ab.sharpening(found, excess)
        if spill:
            stronghold_damage(ctx, victim, spill, k, card.name)
    spell_home(ctx, k, iid, victim_owner, target_line)
    vanish_all(ctx, hit)  # steps 11-13


def spell_home(ctx: Ctx, k: int, iid: str, victim: int, line: int) -> None:
    """Step 10: the incantation returns to its caster, or a Mercenary one goes to an enemy."""
    caster = ctx.kingdom(k)
    if ab.mercenary(ctx, iid):
        # To the enemy it was cast on; cast on a friend, to the enemy across that line.
        dest = victim if ctx.kingdom(victim).team != caster.team else ctx.enemy_on(line, victim)
        give(ctx, iid, dest, "goes over to")
    else:
        give(ctx, iid, k)
