"""Effects as they resolve: queuing a card's abilities, running one, and the choices they ask.

The keywords and their text are in ``abilities``; their handlers live by the book section where
they act: ``continuous`` (power and AP), ``played`` (B2.4: on play, activated, events) and
``attacking`` (B2.5 and encore, B2.7). Importing this module registers them all, so the phase
modules import the effects they use from here.

Choices an effect needs (a target, a card to discard) pause the agenda through ``ctx.ask``; their
answers are registered here as the ``pick`` and ``discard`` choices.
"""

from __future__ import annotations

from engines.climax.abilities import KEYWORDS, card_text, is_counter
from engines.climax.attacking import encore_price
from engines.climax.continuous import power_of, soul_of
from engines.climax.ctx import Ctx
from engines.climax.flow import ASKS, PASS, asking, card_actions, pass_action, task
from engines.climax.played import salvage_targets
from engines.climax.state import Choice, Job
from engines.core.types import Action, seat_ref

#: what the phase modules read from here (the handlers' modules register their keywords on import)
__all__ = [
    "KEYWORDS",
    "card_text",
    "encore_price",
    "fire",
    "is_counter",
    "power_of",
    "run_ability",
    "salvage_targets",
    "soul_of",
]


def fire(ctx: Ctx, seat: int, iid: str, timing: str, context: str = "") -> None:
    """Queue the card's abilities of ``timing`` to run next, in printed order."""
    jobs = [
        Job(kind="ability", seat=seat, s=context, cards=(iid, ab.kw), n=i)
        for i, ab in enumerate(ctx.card(iid).abilities)
        if KEYWORDS[ab.kw].timing == timing
    ]
    if jobs:
        ctx.push(*jobs)


@task("ability")
def run_ability(ctx: Ctx, job: Job) -> None:
    """Resolve one ability of a card: ``cards`` = (instance, keyword), ``n`` = its index on the card."""
    iid, _ = job.cards
    ab = ctx.card(iid).abilities[job.n]
    runner = KEYWORDS[ab.kw].run
    if runner is not None:
        runner(ctx, job.seat, iid, ab, job)


# ------------------------------------------------------------------------------ effect choices
def _pick_offers(ctx: Ctx, choice: Choice) -> list[Action]:
    actions = card_actions(ctx, choice.cards, "t", f"pick_{choice.s}", "pick")
    if choice.s == "salvage":
        actions.append(pass_action(ctx, "pick_none"))
    return actions


def _pick_answer(ctx: Ctx, choice: Choice, action: Action) -> None:
    if action.key == PASS:
        return
    iid = action.card
    seat = choice.seat
    if choice.s == "salvage":
        ctx.p(seat).waiting.remove(iid)
        ctx.p(seat).hand.append(iid)
        ctx.say("salvaged", who=seat_ref(seat), card=ctx.name(iid))
    elif choice.s == "rally":
        index = ctx.slot_of(seat, iid)
        ctx.p(seat).stage[index].power += choice.n
        ctx.say("gain_power", card=ctx.name(iid), n=choice.n)
    elif choice.s == "bounce":
        foe = ctx.other(seat)
        ctx.clear_slot(foe, ctx.slot_of(foe, iid))
        ctx.p(foe).hand.append(iid)
        ctx.say("bounced", card=ctx.name(iid), who=seat_ref(foe))
    elif choice.s == "destroy":
        foe = ctx.other(seat)
        ctx.push(Job(kind="leave", seat=foe, s=iid))


def _discard_offers(ctx: Ctx, choice: Choice) -> list[Action]:
    return card_actions(ctx, ctx.p(choice.seat).hand, "h", "discard_card", "discard")


def _discard_answer(ctx: Ctx, choice: Choice, action: Action) -> None:
    seat = choice.seat
    ctx.p(seat).hand.remove(action.card)
    ctx.p(seat).waiting.append(action.card)
    ctx.say("discarded", who=seat_ref(seat), card=ctx.name(action.card))
    if choice.n > 1 and ctx.p(seat).hand:
        ctx.ask(Choice(kind="discard", seat=seat, n=choice.n - 1, s=choice.s))


ASKS.add("pick", asking(_pick_offers, _pick_answer, private=False))

ASKS.add("discard", asking(_discard_offers, _discard_answer))
