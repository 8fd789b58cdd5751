"""Damage (B2.5-26, B5-10): cards turned over one at a time; a climax whose colour is met cancels.

The same procedure serves attacks and effects. The refresh penalty and clocking in the clock phase
are not damage and never pass through here.
"""

from __future__ import annotations

from engines.climax.ctx import Ctx
from engines.climax.effects import soul_of
from engines.climax.flow import task
from engines.climax.state import Job
from engines.core.types import seat_ref


def deal(ctx: Ctx, seat: int, amount: int) -> bool:
    """Deal ``amount`` damage to ``seat``; True when a climax cancelled it."""
    p = ctx.p(seat)
    # The colours are read before any card is turned over: held cards do not count (B2.5-26).
    colours = {ctx.card(i).colour for i in (*p.level, *p.clock)}
    family = ctx.state.cancel_colour == "family"
    for _ in range(amount):
        iid = ctx.take_top(seat)  # an emptied deck refreshes at once; held cards stay out of it
        p.held.append(iid)
        card = ctx.card(iid)
        if card.kind == "climax" and (family or card.colour in colours):
            names = ", ".join(ctx.name(i) for i in p.held)
            _record(ctx, p.held, cancelled=True)
            p.waiting.extend(p.held)
            p.held = []
            ctx.say("cancelled", who=seat_ref(seat), n=amount, cards=names)
            return True
    names = ", ".join(ctx.name(i) for i in p.held)
    _record(ctx, p.held, cancelled=False)
    p.clock.extend(p.held)  # in the order turned over, at the end (B4.1)
    p.held = []
    if amount:
        ctx.say("damaged", who=seat_ref(seat), n=amount, cards=names)
    return False


def _record(ctx: Ctx, cards: list[str], *, cancelled: bool) -> None:
    """Keep the revealed cards on the attack being resolved, for the view."""
    attack = ctx.state.attack
    if attack is not None:
        attack.damage = list(cards)
        attack.cancelled = cancelled


@task("damage")
def damage_step(ctx: Ctx, job: Job) -> None:
    """Deal damage to ``job.seat``: the attacker's AP now (``s`` = "attack") or ``job.n``."""
    if job.s == "attack":
        attack = ctx.state.attack
        assert attack is not None
        ctx.state.phase = "attack"
        index = ctx.slot_of(attack.seat, attack.card)
        amount = soul_of(ctx, attack.seat, index) if index >= 0 else 0
        cancelled = deal(ctx, job.seat, amount)
        if cancelled and "shot" in job.cards:
            # Designed shot icon: a cancelled attack still deals 1 damage afterwards.
            ctx.push(Job(kind="damage", seat=job.seat, n=1, s="shot"))
        return
    deal(ctx, job.seat, job.n)
