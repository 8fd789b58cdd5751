"""The solo / co-op AI kingdom: a rule-driven automaton resolved inside ``apply``.

Phase 1: fixed mana plus so much per creature its enemies have in play on its lines (quick play
6 + 1 each), plus Catalyst. Phase 2: reveal the top card of the deck pile onto the upper line, then
the lower, alternating, until the cost of what it summoned reaches its mana; every revealed card
takes its turn in the alternation, even one that is discarded unused. Incantations hit the enemy
creature nearest the Bridge on that line (none: discarded, no mana spent); Symbiotes merge with its
own creature nearest the Bridge there that can take one (none: discarded, no mana spent); Price of
Blood costs no mana but mills its cost. Only a card actually played readies a Champion of the same
cost. Phase 3 is the ordinary Assault.
"""

from __future__ import annotations

from engines.clashofdecks import abilities as ab
from engines.clashofdecks.ctx import Ctx
from engines.clashofdecks.incantations import cast
from engines.clashofdecks.stronghold import settle
from engines.clashofdecks.summoning import enter, ready_champions


def ai_mana(ctx: Ctx, k: int) -> int:
    """Phase 1 for an AI kingdom."""
    settings = ctx.state.ai
    enemies = sum(len(ctx.units(line, ctx.enemy_on(line, k))) for line in ctx.kingdom(k).lines)
    return settings.fixed_mana + settings.mana_per_creature * enemies + ab.catalyst(ctx, k)


def _discard(ctx: Ctx, k: int, iid: str, why: str) -> None:
    """Put a revealed card that cannot be used on the discard pile; it costs no mana."""
    ctx.kingdom(k).discard.append(iid)
    ctx.report(
        "fizzle",
        f"{ctx.name(k)} reveals {ctx.card(iid).name}: {why}; discarded.",
        source=ctx.card(iid).name,
        kingdom=k,
    )


def summon_phase(ctx: Ctx, k: int) -> None:
    """Phase 2 for an AI kingdom: reveal and place cards, alternating lines, until the mana is reached."""
    kingdom = ctx.kingdom(k)
    spent = 0
    turn_line = 0
    while spent < kingdom.mana:
        iid = kingdom.deck.pop()
        card = ctx.card(iid)
        line = kingdom.lines[turn_line % 2]
        turn_line += 1
        blood = "price_of_blood" in card.abilities
        price = 0 if blood else card.cost
        if card.kind == "incantation":
            enemy = ctx.enemy_on(line, k)
            foes = ctx.units(line, enemy)
            if not foes:
                _discard(ctx, k, iid, "no enemy creature on that line")
                settle(ctx, k, -1)
                continue
            ctx.state.casting = iid
            ready_champions(ctx, card.cost)
            settle(ctx, k, -1)
            if blood:
                ab.price_of_blood(ctx, k, card.cost, card.name)
            spent += price
            cast(ctx, k, iid, foes[0].cards[0])
            ctx.state.casting = ""
            continue
        if "symbiote" in card.abilities:
            # "No creature available": a creature that already carries a Symbiote cannot take one,
            # so the merge goes to the nearest creature that can.
            host = next((u for u in ctx.units(line, k) if ab.symbiote(ctx, u)), None)
            if host is None:
                _discard(ctx, k, iid, "no creature to merge with on that line")
                settle(ctx, k, -1)
                continue
            ready_champions(ctx, card.cost)
            host.cards.append(iid)
            ctx.report(
                "symbiote",
                f"{ctx.name(k)} reveals {card.name} and merges it onto {ctx.card(host.cards[0]).name}.",
                source=card.name,
                kingdom=k,
                line=line,
            )
        else:
            ready_champions(ctx, card.cost)
            enter(ctx, k, iid, line, "reveals {card} onto its {where} line")
        settle(ctx, k, -1)
        if blood:
            ab.price_of_blood(ctx, k, card.cost, card.name)
        spent += price
