"""The clock phase (B2.3-10): optionally put 1 hand card face up into the clock, then draw 2."""

from __future__ import annotations

from engines.climax.ctx import Ctx
from engines.climax.flow import ASKS, asking, task
from engines.climax.state import Choice, Job
from engines.climax.words import say
from engines.core.types import Action, seat_ref

CLOCK_DRAW = 2


@task("clock")
def clock_phase(ctx: Ctx, job: Job) -> None:
    """Ask the turn player (hand size is public, so an empty hand is simply skipped)."""
    ctx.state.phase = "clock"
    if ctx.p(job.seat).hand:
        ctx.ask(Choice(kind="clock", seat=job.seat))


def _offers(ctx: Ctx, choice: Choice) -> list[Action]:
    actions = [
        Action(f"c.{iid}", say(ctx.lang, "clock_card", card=ctx.name(iid)), "clock", iid, ("c", iid))
        for iid in ctx.p(choice.seat).hand
    ]
    actions.append(Action("pass", say(ctx.lang, "clock_pass"), "pass", params=("pass",)))
    return actions


def _answer(ctx: Ctx, choice: Choice, action: Action) -> None:
    if action.key == "pass":
        return
    seat = choice.seat
    ctx.p(seat).hand.remove(action.card)
    ctx.p(seat).clock.append(action.card)  # face up: the clock is public
    ctx.say("clocked", who=seat_ref(seat), card=ctx.name(action.card))
    # B5-8: drawing 2 follows at once; a level-up it caused is checked after this task (flow.rule_job).
    ctx.draw(seat, CLOCK_DRAW)


ASKS.add("clock", asking(_offers, _answer))
