"""Phase 2, Summoning: which cards a player may play, what they cost, and playing them."""

from __future__ import annotations

from engines.clashofdecks import abilities as ab
from engines.clashofdecks.content import Card
from engines.clashofdecks.ctx import Ctx
from engines.clashofdecks.incantations import cast
from engines.clashofdecks.state import STRONGHOLD, ClashState, Unit
from engines.clashofdecks.stronghold import settle

#: how many of the leftmost cards (the Stronghold not counted) may be played
PLAYABLE = 4


def playable(state: ClashState, k: int) -> list[str]:
    """The (up to) 4 leftmost cards of kingdom ``k``'s hand, skipping the Stronghold."""
    return [iid for iid in state.kingdoms[k].hand if iid != STRONGHOLD][:PLAYABLE]


def cost(ctx: Ctx, k: int, iid: str) -> int:
    """Mana cost of ``iid``; a Champion pays 1 less per creature in play sharing its exact cost."""
    card = ctx.card(iid)
    if card.kind != "champion":
        return card.cost
    twins = sum(
        1
        for _, unit in ctx.all_units()
        for c in unit.cards
        if ctx.card(c).cost == card.cost and ctx.card(c).kind != "incantation"
    )
    return max(0, card.cost - twins)


def within_means(card: Card, price: int, mana: int) -> bool:
    """True when ``card`` at ``price`` can be paid from ``mana`` (Price of Blood is always paid in blood)."""
    return "price_of_blood" in card.abilities or price <= mana


def affordable(ctx: Ctx, k: int, iid: str) -> bool:
    """True when ``k`` can pay for ``iid`` now."""
    return within_means(ctx.card(iid), cost(ctx, k, iid), ctx.kingdom(k).mana)


def ready_champions(ctx: Ctx, played_cost: int) -> None:
    """Any card played with a Champion's exact cost readies that exhausted Champion."""
    for k, kingdom in enumerate(ctx.state.kingdoms):
        if kingdom.champion_status == "exhausted" and ctx.card(kingdom.champion).cost == played_cost:
            kingdom.champion_status = "ready"
            ctx.report("ready", f"{ctx.card(kingdom.champion).name} is readied.", kingdom=k)


def _take(ctx: Ctx, k: int, iid: str, card: Card) -> None:
    """Take card ``iid`` out of the hand (or the Champion off the table) and note its cost for readying."""
    kingdom = ctx.kingdom(k)
    if iid == kingdom.champion:
        kingdom.champion_status = "in_play"
    else:
        kingdom.hand.remove(iid)
    ready_champions(ctx, card.cost)


def _pay(ctx: Ctx, k: int, card: Card, price: int) -> None:
    """Pay mana (or blood, for Price of Blood), then apply the Stronghold rules to the smaller hand."""
    settle(ctx, k, -1)
    if "price_of_blood" in card.abilities:
        ab.price_of_blood(ctx, k, price, card.name)
    else:
        ctx.kingdom(k).mana -= price


def summon(ctx: Ctx, k: int, iid: str, line: int) -> None:
    """Play a creature (or the Champion) behind the creatures already on ``line``."""
    card = ctx.card(iid)
    price = cost(ctx, k, iid)
    _take(ctx, k, iid, card)
    enter(ctx, k, iid, line, "summons {card} on the {where} line")
    _pay(ctx, k, card, price)


def enter(ctx: Ctx, k: int, iid: str, line: int, how: str) -> None:
    """Put creature ``iid`` into play behind kingdom ``k``'s creatures on ``line`` and say ``how``
    (its ``{card}`` and ``{where}``, upper or lower, filled in: "summons {card} on the {where} line")."""
    name = ctx.card(iid).name
    ctx.units(line, k).append(Unit([iid], k, ctx.state.turn))
    where = "upper" if ctx.is_upper(k, line) else "lower"
    said = how.format(card=name, where=where)
    ctx.report("summon", f"{ctx.name(k)} {said}.", source=name, kingdom=k, line=line)


def merge(ctx: Ctx, k: int, iid: str, host_uid: str) -> None:
    """Play a Symbiote card on top of one of ``k``'s creatures; their values add up."""
    card = ctx.card(iid)
    price = cost(ctx, k, iid)
    loc = ctx.find(host_uid)
    assert loc is not None
    _take(ctx, k, iid, card)
    host = ctx.at(loc)
    host.cards.append(iid)
    host_name = ctx.card(host_uid).name
    ctx.report(
        "symbiote",
        f"{ctx.name(k)} merges {card.name} onto {host_name}.",
        source=card.name,
        target=host_name,
        kingdom=k,
        line=loc.line,
    )
    _pay(ctx, k, card, price)


def incantation(ctx: Ctx, k: int, iid: str, target_uid: str) -> None:
    """Play an incantation from the hand on any creature in play."""
    card = ctx.card(iid)
    price = cost(ctx, k, iid)
    _take(ctx, k, iid, card)
    ctx.state.casting = iid
    _pay(ctx, k, card, price)
    cast(ctx, k, iid, target_uid)
    ctx.state.casting = ""


def symbiote_hosts(ctx: Ctx, k: int) -> list[str]:
    """Kingdom ``k``'s creatures a Symbiote may be placed on."""
    hosts = []
    for line in ctx.kingdom(k).lines:
        for unit in ctx.units(line, k):
            if ab.symbiote(ctx, unit):
                hosts.append(unit.cards[0])
    return hosts
