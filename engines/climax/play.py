"""Answering the pending choice and running the rules on: shared by the Ruleset and the search bot.

Kept apart from ``ruleset.py`` so a bot can play a sampled state forward without importing the
Ruleset (which lists the bots: importing it back would make a cycle).
"""

from __future__ import annotations

# Phase modules register their tasks and choices with ``flow`` when imported.
from engines.climax import (  # noqa: F401
    attack,
    climax_phase,
    clock,
    damage,
    encore,
    end,
    level,
    main,
    stand_draw,
)
from engines.climax.ctx import Ctx, GameOver
from engines.climax.flow import ASKS, advance
from engines.climax.state import ClimaxState
from engines.core.rng import Rng
from engines.core.types import Action, Event


def offers(state: ClimaxState, seat: int) -> list[Action]:
    """The legal actions of ``seat`` (empty unless the pending choice is theirs)."""
    choice = state.agenda.pending
    if choice is None or choice.seat != seat or state.phase == "over":
        return []
    return ASKS[choice.kind].offers(Ctx(state, Rng(0)), choice)


def answer(state: ClimaxState, action: Action) -> list[Event]:
    """Apply ``action`` to the pending choice in place and run the agenda to the next choice."""
    rng = Rng(state.rng)
    ctx = Ctx(state, rng)
    choice = state.agenda.pending
    assert choice is not None
    state.agenda.pending = None
    try:
        ASKS[choice.kind].answer(ctx, choice, action)
        advance(ctx)
    except GameOver:
        pass
    state.rng = rng.state
    return ctx.events
