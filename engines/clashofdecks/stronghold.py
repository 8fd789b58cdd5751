"""The Stronghold: HP as a position in hand (players) or as the deck pile (AI kingdoms).

Players: damage shifts the Stronghold right; reaching the rightmost position destroys the Bastion
(flip to Fort, back to the leftmost position, excess lost) or the Fort (the game is lost). Holding
only the Stronghold also loses. AI kingdoms: damage mills the deck pile; an empty pile under the
Bastion flips it and reshuffles the discard pile into a new deck; under the Fort the AI loses.
"""

from __future__ import annotations

from engines.clashofdecks.ctx import Ctx
from engines.clashofdecks.state import STRONGHOLD
from engines.core.context import GameOver
from engines.core.types import counted


def settle(ctx: Ctx, k: int, by: int) -> None:
    """Apply the rightmost-position / empty-hand / empty-deck rules to kingdom ``k`` after a change."""
    kingdom = ctx.kingdom(k)
    if kingdom.is_ai:
        if kingdom.deck:
            return
        if kingdom.fort:
            lose(ctx, k, by, f"{ctx.name(k)}'s deck pile is empty under its Fort")
        kingdom.fort = True
        pile = kingdom.discard
        kingdom.discard = []
        ctx.rng.shuffle(pile)
        kingdom.deck = pile
        ctx.report(
            "reshuffle",
            f"{ctx.name(k)}'s Bastion falls: its discard pile becomes a new deck "
            f"of {len(pile)} over the Fort.",
            kingdom=k,
            amount=len(pile),
        )
        if not pile:
            lose(ctx, k, by, f"{ctx.name(k)} has nothing left to shuffle under its Fort")
        return
    hand = kingdom.hand
    if len(hand) == 1:
        lose(ctx, k, by, f"{ctx.name(k)} holds only the Stronghold")
    if hand.index(STRONGHOLD) == len(hand) - 1:
        if kingdom.fort:
            lose(ctx, k, by, f"{ctx.name(k)}'s Fort reaches the rightmost position")
        kingdom.fort = True
        hand.remove(STRONGHOLD)
        hand.insert(0, STRONGHOLD)
        ctx.report(
            "bastion_falls",
            f"{ctx.name(k)}'s Bastion falls; the Fort stands at the left of the hand.",
            target="Stronghold",
            kingdom=k,
        )


def damage(ctx: Ctx, k: int, amount: int, by: int, source: str) -> int:
    """Deal ``amount`` to kingdom ``k``'s Stronghold in one instance; return the damage dealt."""
    if amount <= 0:
        return 0
    kingdom = ctx.kingdom(k)
    if kingdom.is_ai:
        if ctx.state.ai.resistance and by != k:
            amount = 1  # custom-play Resistance: every attack on the deck pile mills one card
        milled = kingdom.deck[-amount:]
        del kingdom.deck[-amount:]
        milled.reverse()  # cards go face up one by one, the old top card first
        kingdom.discard.extend(milled)
        ctx.report(
            "mill",
            f"{source} hits {ctx.name(k)}: {counted(len(milled), 'card')} from its deck pile to the discard.",
            source=source,
            target="Stronghold",
            kingdom=k,
            amount=len(milled),
        )
        settle(ctx, k, by)
        return len(milled)
    hand = kingdom.hand
    pos = hand.index(STRONGHOLD)
    new = min(pos + amount, len(hand) - 1)  # excess beyond the rightmost position is lost
    hand.remove(STRONGHOLD)
    hand.insert(new, STRONGHOLD)
    ctx.report(
        "stronghold",
        f"{source} deals {amount} to {ctx.name(k)}'s {'Fort' if kingdom.fort else 'Bastion'}.",
        source=source,
        target="Stronghold",
        kingdom=k,
        amount=amount,
    )
    settle(ctx, k, by)
    return amount


def damage_in_ones(ctx: Ctx, k: int, amount: int, source: str) -> None:
    """Self-inflicted damage (Price of Blood) dealt one point at a time, so it can cross the Bastion."""
    for _ in range(amount):
        damage(ctx, k, 1, k, source)


def regenerate(ctx: Ctx, k: int, source: str) -> None:
    """Regeneration: shift the Stronghold one position left (AI: discard top back onto the deck)."""
    kingdom = ctx.kingdom(k)
    if kingdom.is_ai:
        if kingdom.discard:
            kingdom.deck.append(kingdom.discard.pop())
            ctx.report(
                "regenerate",
                f"{source} regenerates: the top discard returns to {ctx.name(k)}'s deck pile.",
                source=source,
                kingdom=k,
                amount=1,
            )
        return
    hand = kingdom.hand
    pos = hand.index(STRONGHOLD)
    if pos > 0:
        hand.remove(STRONGHOLD)
        hand.insert(pos - 1, STRONGHOLD)
        ctx.report(
            "regenerate",
            f"{source} regenerates {ctx.name(k)}'s Stronghold by 1.",
            source=source,
            kingdom=k,
            amount=1,
        )
    elif kingdom.fort:
        # A Fort pushed past the left edge turns back into the Bastion, second from the right.
        kingdom.fort = False
        hand.remove(STRONGHOLD)
        hand.insert(len(hand) - 1, STRONGHOLD)
        ctx.report(
            "regenerate", f"{source} rebuilds {ctx.name(k)}'s Bastion.", source=source, kingdom=k, amount=1
        )


def lose(ctx: Ctx, k: int, by: int, reason: str) -> None:
    """Kingdom ``k`` is defeated: decide the winners by mode and stop all resolution."""
    state = ctx.state
    kingdom = ctx.kingdom(k)
    kingdom.lost = True
    state.loser = k
    state.phase = "over"
    players = [i for i, other in enumerate(state.kingdoms) if not other.is_ai]
    if state.mode in ("solo", "coop"):
        win_kingdoms = players if kingdom.is_ai else []
    elif state.mode == "duel":
        win_kingdoms = [i for i in players if i != k]
    elif state.mode == "2v2":
        # Team-mates never share a line, so a fallen Fort always goes to the other team.
        team = 1 - kingdom.team
        win_kingdoms = [i for i in players if state.kingdoms[i].team == team]
    else:  # ffa: the owner of the card that destroyed the Fort
        if by >= 0 and by != k:
            win_kingdoms = [by]
        else:
            # No enemy card did it (Price of Blood, an emptied hand): the healthiest enemy wins,
            # ties going to the first of them in turn order after the loser.
            ring = state.ring
            start = ring.index(k)
            others = [ring[(start + i) % len(ring)] for i in range(1, len(ring))]
            best = max(ctx.stronghold_hp(i) + (0 if ctx.kingdom(i).fort else 100) for i in others)
            win_kingdoms = [
                next(i for i in others if ctx.stronghold_hp(i) + (0 if ctx.kingdom(i).fort else 100) == best)
            ]
    state.winners = sorted(state.kingdoms[i].seat for i in win_kingdoms)
    if win_kingdoms:
        names = " and ".join(ctx.name(i) for i in win_kingdoms)
        state.result = f"{reason}: {names} win{'s' if len(win_kingdoms) == 1 else ''}."
    else:
        state.result = f"{reason}: the AI wins."
    if state.ai.level:
        counted = (
            "" if state.ai.credited == state.ai.level else f", counted as {state.ai.credited} with a Champion"
        )
        state.result += f" Custom play level {state.ai.level}{counted}."
    ctx.report("fort_falls", state.result, kingdom=k)
    raise GameOver
