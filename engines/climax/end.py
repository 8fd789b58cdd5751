"""The end phase (B2.3-15): the climax goes to the waiting room, hands above 7 are discarded to 7,
and every bonus "for the turn" ends."""

from __future__ import annotations

from engines.climax.ctx import Ctx
from engines.climax.flow import task
from engines.climax.state import Choice, Job
from engines.core.types import seat_ref

HAND_LIMIT = 7


@task("end")
def end_phase(ctx: Ctx, job: Job) -> None:
    """Climax to the waiting room, then the hand limit (one card per answer), then the clean-up."""
    state = ctx.state
    state.phase = "end"
    p = ctx.p(job.seat)
    if p.climax:
        p.waiting.append(p.climax)
        ctx.say("climax_ends", card=ctx.name(p.climax))
        p.climax = ""
    ctx.push(Job(kind="cleanup", seat=job.seat))
    if len(p.hand) > HAND_LIMIT:
        ctx.say("hand_limit", who=seat_ref(job.seat), n=len(p.hand) - HAND_LIMIT)
        ctx.ask(Choice(kind="discard", seat=job.seat, n=len(p.hand) - HAND_LIMIT, s="end"))


@task("cleanup")
def cleanup(ctx: Ctx, job: Job) -> None:
    """Bonuses and losses "for the turn" end on both sides."""
    for player in ctx.state.players:
        for slot in player.stage:
            slot.power = 0
            slot.soul = 0
    ctx.state.last = None
