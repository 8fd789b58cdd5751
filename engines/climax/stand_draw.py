"""The start of a turn (B2.3-8, B2.3-9): the stand phase and the draw phase, and the turn's task list."""

from __future__ import annotations

from engines.climax.ctx import Ctx
from engines.climax.flow import task
from engines.climax.state import REST, STAND, Job
from engines.core.types import seat_ref

#: the phases of a turn in the book's order, each one task
PHASES = ("stand", "draw", "clock", "main", "climax", "attack", "encore_step", "end")


@task("turn")
def begin_turn(ctx: Ctx, job: Job) -> None:
    """Start ``job.seat``'s turn: queue its phases, then the opponent's turn."""
    state = ctx.state
    state.active = job.seat
    state.turn += 1
    state.attacks = 0
    state.attack = None
    state.last = None
    ctx.say("turn", who=seat_ref(job.seat), n=state.turn)
    ctx.push(*(Job(kind=k, seat=job.seat) for k in PHASES), Job(kind="turn", seat=ctx.other(job.seat)))


@task("stand")
def stand_phase(ctx: Ctx, job: Job) -> None:
    """B2.3-8: every rested card of the turn player stands."""
    ctx.state.phase = "stand"
    for slot in ctx.p(job.seat).stage:
        if slot.card and slot.pose == REST:
            slot.pose = STAND


@task("draw")
def draw_phase(ctx: Ctx, job: Job) -> None:
    """B2.3-9: draw 1 (the first player too, on the first turn)."""
    ctx.state.phase = "draw"
    ctx.draw(job.seat, 1)
