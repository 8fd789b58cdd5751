"""The turn: Phase 1 (Mana Regeneration), Phase 2 (Summoning, players decide), Phase 3 (Assault).

AI kingdoms take their whole turn here; the loop stops when a player must decide or a Fort falls
(the kit's ``GameOver``, which ``Ctx.act`` catches).
"""

from __future__ import annotations

from engines.clashofdecks import abilities as ab
from engines.clashofdecks.ai import ai_mana, summon_phase
from engines.clashofdecks.assault import assault, end_of_turn
from engines.clashofdecks.ctx import Ctx
from engines.clashofdecks.stronghold import damage


def mana(ctx: Ctx, k: int) -> int:
    """Phase 1: as many mana as cards in hand (Stronghold included), less on a kingdom's first turn."""
    kingdom = ctx.kingdom(k)
    if kingdom.is_ai:
        return ai_mana(ctx, k)
    if kingdom.turns == 0 and kingdom.first_mana:
        return kingdom.first_mana + ab.catalyst(ctx, k)
    return len(kingdom.hand) + ab.catalyst(ctx, k)


def start_turn(ctx: Ctx, k: int) -> None:
    """Make ``k`` the active kingdom and regenerate its mana (unspent mana of others is lost)."""
    state = ctx.state
    for kingdom in state.kingdoms:
        kingdom.mana = 0
    state.turn += 1
    state.active = k
    state.this_turn = []
    ctx.records = None
    kingdom = ctx.kingdom(k)
    kingdom.mana = mana(ctx, k)
    ctx.report(
        "turn", f"Turn {state.turn}: {ctx.name(k)} gains {kingdom.mana} mana.", kingdom=k, amount=kingdom.mana
    )
    kingdom.turns += 1
    if state.sudden_death and state.turn >= state.sudden_death:
        damage(ctx, k, 1, -1, "Sudden death")


def finish_turn(ctx: Ctx) -> None:
    """Phase 3 for the active kingdom, then hand the turn on (AI turns run straight through)."""
    state = ctx.state
    assault(ctx, state.active)
    end_of_turn(ctx)
    while True:
        ring = state.ring
        nxt = ring[(ring.index(state.active) + 1) % len(ring)]
        start_turn(ctx, nxt)
        if not ctx.kingdom(nxt).is_ai:
            return
        summon_phase(ctx, nxt)
        assault(ctx, nxt)
        end_of_turn(ctx)


def open_game(ctx: Ctx, first: int) -> None:
    """Start the first turn with kingdom ``first`` (an AI opener plays its turn at once)."""
    state = ctx.state
    state.phase = "summon"
    start_turn(ctx, first)
    if ctx.kingdom(first).is_ai:
        summon_phase(ctx, first)
        state.active = first
        finish_turn(ctx)
