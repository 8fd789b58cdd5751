"""Encore (大活躍, B2.7-32) and the end of the attack phase (B2.3-14).

Whenever a character would go from the stage to the waiting room (reversed at the end of the
attack phase, or sent there by an effect) a ``leave`` task runs for it; if its owner can pay the
price it asks them, else the character goes. A character replaced by a newly played one never
comes here (B2.4-19).
"""

from __future__ import annotations

from engines.climax.ctx import Ctx
from engines.climax.effects import encore_price
from engines.climax.flow import ASKS, asking, task
from engines.climax.state import REST, Choice, Job
from engines.climax.words import say
from engines.core.types import Action, seat_ref


@task("encore_step")
def end_of_attack_phase(ctx: Ctx, job: Job) -> None:
    """B2.3-14: every reversed character (both players') leaves; the turn player's first."""
    ctx.state.phase = "encore"
    ctx.state.attack = None
    jobs: list[Job] = []
    for seat in (job.seat, ctx.other(job.seat)):
        jobs.extend(
            Job(kind="leave", seat=seat, s=ctx.p(seat).stage[i].card) for i in ctx.reversed_slots(seat)
        )
    if jobs:
        ctx.push(*jobs)


@task("leave")
def leave_stage(ctx: Ctx, job: Job) -> None:
    """A character is about to go to the waiting room: offer encore if its owner can pay."""
    if ctx.slot_of(job.seat, job.s) < 0:
        return  # already gone
    if len(ctx.p(job.seat).stock) >= encore_price(ctx, job.s):
        ctx.ask(Choice(kind="encore", seat=job.seat, s=job.s, n=encore_price(ctx, job.s)))
    else:
        to_waiting(ctx, job.seat, job.s)


def to_waiting(ctx: Ctx, seat: int, iid: str) -> None:
    """Move a stage character to its owner's waiting room."""
    ctx.clear_slot(seat, ctx.slot_of(seat, iid))
    ctx.p(seat).waiting.append(iid)
    ctx.say("to_waiting", card=ctx.name(iid))


def _offers(ctx: Ctx, choice: Choice) -> list[Action]:
    name = ctx.name(choice.s)
    return [
        Action("yes", say(ctx.lang, "encore_yes", card=name, n=choice.n), "encore", choice.s, ("yes",)),
        Action("no", say(ctx.lang, "encore_no", card=name), "encore", choice.s, ("no",)),
    ]


def _answer(ctx: Ctx, choice: Choice, action: Action) -> None:
    seat, iid = choice.seat, choice.s
    if action.key == "no":
        to_waiting(ctx, seat, iid)
        return
    ctx.pay(seat, choice.n)
    ctx.p(seat).stage[ctx.slot_of(seat, iid)].pose = REST  # stays in the same slot, rested
    ctx.say("encored", who=seat_ref(seat), card=ctx.name(iid), n=choice.n)


ASKS.add("encore", asking(_offers, _answer, private=False))
