"""The clock phase (B2.3-10): optionally put 1 hand card face up into the clock, then draw 2."""

from __future__ import annotations

from engines.climax.ctx import Ctx
from engines.climax.flow import ASKS, asking, card_actions, task
from engines.climax.state import Choice, Job
from engines.core.types import Action, seat_ref

CLOCK_DRAW = 2


@task("clock")
def clock_phase(ctx: Ctx, job: Job) -> None:
    """Ask the turn player (hand size is public, so an empty hand is simply skipped)."""
    ctx.state.phase = "clock"
    if ctx.p(job.seat).hand:
        ctx.ask(Choice(kind="clock", seat=job.seat))


def _offers(ctx: Ctx, choice: Choice) -> list[Action]:
    return card_actions(ctx, ctx.p(choice.seat).hand, "c", "clock_card", "clock")


def _answer(ctx: Ctx, choice: Choice, action: Action) -> None:
    seat = choice.seat
    ctx.p(seat).hand.remove(action.card)
    ctx.p(seat).clock.append(action.card)  # face up: the clock is public
    ctx.say("clocked", who=seat_ref(seat), card=ctx.name(action.card))
    # B5-8: drawing 2 follows at once; a level-up it caused is checked after this task (flow.rule_job).
    ctx.draw(seat, CLOCK_DRAW)


ASKS.add("clock", asking(_offers, _answer, passing="clock_pass"))
