"""The climax phase (B2.3-12, B2.4-21): optionally put 1 climax from hand into the climax zone."""

from __future__ import annotations

from engines.climax.ctx import Ctx
from engines.climax.flow import ASKS, asking, card_actions, task
from engines.climax.state import Choice, Job
from engines.core.types import Action, seat_ref


@task("climax")
def climax_phase(ctx: Ctx, job: Job) -> None:
    """Ask the turn player whenever they hold cards (asking only when they hold a climax would tell)."""
    ctx.state.phase = "climax"
    if ctx.p(job.seat).hand and not ctx.p(job.seat).climax:
        ctx.ask(Choice(kind="climax", seat=job.seat))


def playable_climaxes(ctx: Ctx, seat: int) -> list[str]:
    """Climaxes in hand whose colour is met (B2.4-21: no level or cost)."""
    return [
        iid
        for iid in ctx.p(seat).hand
        if ctx.card(iid).kind == "climax" and ctx.colour_met(seat, ctx.card(iid).colour)
    ]


def _offers(ctx: Ctx, choice: Choice) -> list[Action]:
    return card_actions(ctx, playable_climaxes(ctx, choice.seat), "x", "play_climax", "climax")


def _answer(ctx: Ctx, choice: Choice, action: Action) -> None:
    p = ctx.p(choice.seat)
    p.hand.remove(action.card)
    p.climax = action.card
    ctx.say("climax_played", who=seat_ref(choice.seat), card=ctx.name(action.card))


ASKS.add("climax", asking(_offers, _answer, passing="climax_pass"))
