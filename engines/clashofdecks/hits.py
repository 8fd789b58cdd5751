"""Dealing damage to creatures and sending destroyed creatures back (shared by Assault and spells)."""

from __future__ import annotations

import msgspec

from engines.clashofdecks import abilities as ab
from engines.clashofdecks.ctx import Abilities, Ctx, Loc
from engines.clashofdecks.state import Unit


class Hit(msgspec.Struct):
    """What one damage instance did: total dealt, destroyed creatures and hurt survivors."""

    dealt: int = 0
    destroyed: list[str] = []  # unit ids, in the book's return order
    excess: dict[int, int] = {}  # kingdom -> excess damage on its destroyed creatures
    hurt: list[str] = []  # unit ids that took at least 1 damage and survived
    hurt_abilities: list[Abilities] = []  # the abilities each of ``hurt`` had when it was hit


def deal(ctx: Ctx, targets: list[tuple[Loc, int]], source: str, *, spell: bool) -> Hit:
    """Deal each (target, amount) at once: Protection, Indestructible (for spells), destruction."""
    hit = Hit()
    dead: list[tuple[Loc, Unit]] = []
    for loc, amount in targets:
        unit = ctx.at(loc)
        found = ctx.abilities(loc)
        name = ctx.unit_name(unit)
        if spell and ab.indestructible(found):
            untouched(ctx, name, source, unit.owner, loc.line)
            continue
        dealt = ab.protection(unit, found, amount)
        if amount and not dealt:
            ctx.report(
                "protection",
                f"{name}'s Protection stops {source}.",
                source=source,
                target=name,
                kingdom=unit.owner,
                line=loc.line,
            )
            continue
        if dealt <= 0:
            continue
        unit.damage += dealt
        hit.dealt += dealt
        ctx.report(
            "damage",
            f"{source} deals {dealt} to {name}.",
            source=source,
            target=name,
            kingdom=unit.owner,
            amount=dealt,
            line=loc.line,
        )
        hp = ctx.hp(unit)
        if unit.damage >= hp:
            over = unit.damage - hp
            hit.excess[unit.owner] = hit.excess.get(unit.owner, 0) + over
            dead.append((loc, unit))
        else:
            hit.hurt.append(unit.cards[0])
            hit.hurt_abilities.append(found)
    if dead:
        if len(dead) > 1:
            dead.sort(key=lambda pair: ctx.order_key(pair[0]))
        hit.destroyed = [unit.cards[0] for _, unit in dead]
        remove(ctx, dead, source)
    return hit


def remove(ctx: Ctx, dead: list[tuple[Loc, Unit]], source: str, *, verb: str = "destroyed") -> None:
    """Take creatures out of play (creatures behind close the gap) and send their cards back in order."""
    for loc, unit in dead:
        ctx.state.lines[loc.line].sides[loc.side].remove(unit)
    for loc, unit in dead:
        name = ctx.unit_name(unit)
        ctx.report(
            "destroyed" if verb == "destroyed" else "returned",
            f"{name} is {verb}.",
            source=source,
            target=name,
            kingdom=unit.owner,
            line=loc.line,
        )
        send_home(ctx, unit, loc.line)


def send_home(ctx: Ctx, unit: Unit, line: int) -> None:
    """Return a creature's cards: the Symbiote card first, Mercenary cards to the enemy across ``line``."""
    owner = ctx.kingdom(unit.owner)
    for iid in reversed(unit.cards):
        card = ctx.card(iid)
        if card.kind == "champion":
            owner.champion_status = "exhausted"
            ctx.report("exhausted", f"{card.name} is exhausted.", source=card.name, kingdom=unit.owner)
        elif ab.mercenary(ctx, iid):
            give(ctx, iid, ctx.enemy_on(line, unit.owner), "changes sides to")
        else:
            give(ctx, iid, unit.owner)


def give(ctx: Ctx, iid: str, k: int, crossing: str = "") -> None:
    """Card ``iid`` goes home to kingdom ``k``: a player's hand, or an AI's discard pile. A card
    ``crossing`` to an enemy (a Mercenary: "changes sides to") joins its hand, or an AI's deck pile."""
    kingdom = ctx.kingdom(k)
    if not crossing:
        (kingdom.discard if kingdom.is_ai else kingdom.hand).append(iid)
        return
    (kingdom.deck if kingdom.is_ai else kingdom.hand).append(iid)
    name = ctx.card(iid).name
    ctx.report("mercenary", f"{name} {crossing} {ctx.name(k)}.", source=name, kingdom=k)


def untouched(ctx: Ctx, name: str, source: str, kingdom: int = -1, line: int = -1) -> None:
    """Say that Indestructible keeps incantation ``source`` off the creature called ``name``."""
    ctx.report(
        "indestructible",
        f"{name} is untouched by {source}.",
        source=source,
        target=name,
        kingdom=kingdom,
        line=line,
    )


def located(ctx: Ctx, uid: str) -> Loc:
    """Where a creature known to be in play stands."""
    where = ctx.find(uid)
    assert where is not None
    return where


def in_book_order(ctx: Ctx, uids: list[str]) -> list[tuple[str, Loc]]:
    """The creatures still in play among ``uids`` with their places, upper line first, furthest from
    the Bridge first."""
    placed: list[tuple[str, Loc]] = []
    for uid in uids:
        loc = ctx.find(uid)
        if loc is not None:
            placed.append((uid, loc))
    if len(placed) > 1:
        placed.sort(key=lambda pair: ctx.order_key(pair[1]))
    return placed


def vanish_all(ctx: Ctx, hit: Hit) -> None:
    """Vanish step for the survivors of ``hit``: decide who vanishes from the Auras as they stand now,
    then move them in book order. Callers move no creature between ``deal`` and this step."""
    if not hit.hurt:
        return
    if not hit.destroyed:
        # Nobody left play, so no Aura changed since the hit: only a survivor that had Vanish
        # then can vanish now.
        for found in hit.hurt_abilities:
            if "vanish" in found:
                break
        else:
            return
    # One creature vanishing can carry an Aura away from another; the book decides them all from
    # the Aura update before this step, so read every creature's abilities before anyone moves.
    snapshot = [(uid, ctx.abilities(loc)) for uid, loc in in_book_order(ctx, hit.hurt)]
    for uid, found in snapshot:
        if "vanish" in found:  # only a vanishing creature moves; others need not be found again
            ab.vanish(ctx, located(ctx, uid), found)
