"""Level up, refresh penalty and the loss at level 4 (B2.6-28..31).

Both are rule actions queued by ``flow.rule_job`` between tasks; the refresh itself (a new deck
from the waiting room) happens at once in ``Ctx.deck_emptied``.
"""

from __future__ import annotations

from engines.climax.ctx import Ctx
from engines.climax.flow import ASKS, asking, card_actions, task
from engines.climax.state import Choice, Job
from engines.core.types import Action, seat_ref

LEVEL_AT = 7  # clock cards that make a level
LOSING_LEVEL = 4


@task("level_up")
def level_up(ctx: Ctx, job: Job) -> None:
    """B2.6-28/29: with 7+ clock cards the owner levels up; a fourth level loses at once."""
    p = ctx.p(job.seat)
    if len(p.clock) < LEVEL_AT:
        return
    if len(p.level) + 1 >= LOSING_LEVEL:
        ctx.lose(job.seat, "lose_level")
    ctx.ask(Choice(kind="level", seat=job.seat, cards=_choices(ctx, p.clock[:LEVEL_AT])))


def _choices(ctx: Ctx, oldest: list[str]) -> tuple[str, ...]:
    """One card per design among the 7 oldest (copies are the same choice)."""
    seen: dict[str, str] = {}
    for iid in oldest:
        seen.setdefault(ctx.state.cards[iid], iid)
    return tuple(seen.values())


def _offers(ctx: Ctx, choice: Choice) -> list[Action]:
    return card_actions(ctx, choice.cards, "l", "level_card", "level")


def _answer(ctx: Ctx, choice: Choice, action: Action) -> None:
    p = ctx.p(choice.seat)
    oldest = p.clock[:LEVEL_AT]
    p.clock = p.clock[LEVEL_AT:]  # cards beyond the 7th stay in the clock
    oldest.remove(action.card)
    p.level.append(action.card)
    p.waiting.extend(oldest)
    ctx.say("levelled", who=seat_ref(choice.seat), n=len(p.level), card=ctx.name(action.card))


@task("penalty")
def refresh_penalty(ctx: Ctx, job: Job) -> None:
    """B2.6-30: after a refresh, the new deck's top card goes to the clock (not damage: no cancel)."""
    p = ctx.p(job.seat)
    p.penalty -= 1
    iid = ctx.take_top(job.seat)
    p.clock.append(iid)
    ctx.say("penalty", who=seat_ref(job.seat), card=ctx.name(iid))


ASKS.add("level", asking(_offers, _answer, private=False))
