"""The main phase (B2.3-11, B2.4): play characters and events, rearrange the stage, use abilities.

Keys: ``p.<card>.<slot>`` play a character, ``e.<card>`` play an event, ``m.<a>.<b>`` swap two stage
slots, ``a.<slot>`` use the activated ability of the character there, ``end``.
"""

from __future__ import annotations

from engines.climax.ctx import Ctx
from engines.climax.effects import KEYWORDS, fire
from engines.climax.flow import ASKS, asking, task
from engines.climax.state import REST, REVERSE, SLOTS, STAND, Choice, Job, Slot
from engines.climax.words import say, slot_name
from engines.core.types import Action, seat_ref


@task("main")
def main_phase(ctx: Ctx, job: Job) -> None:
    """Ask the turn player for the next main-phase action (asked again after each one)."""
    ctx.state.phase = "main"
    ctx.ask(Choice(kind="main", seat=job.seat))


def is_event(ctx: Ctx, iid: str) -> bool:
    """A card played in the main phase as an event (counter events wait for the counter step)."""
    card = ctx.card(iid)
    return card.kind == "event" and any(KEYWORDS[a.kw].timing == "event" for a in card.abilities)


def activated(ctx: Ctx, seat: int, index: int) -> int:
    """The index of a usable activated ability of the character in ``index``, or -1."""
    slot = ctx.p(seat).stage[index]
    if not slot.card or slot.pose != STAND:
        return -1
    for i, ab in enumerate(ctx.card(slot.card).abilities):
        if KEYWORDS[ab.kw].timing == "activated" and len(ctx.p(seat).stock) >= ab.cost:
            return i
    return -1


def _offers(ctx: Ctx, choice: Choice) -> list[Action]:
    seat = choice.seat
    lang = ctx.lang
    p = ctx.p(seat)
    actions: list[Action] = []
    for iid in p.hand:
        card = ctx.card(iid)
        if card.kind == "character" and ctx.meets(seat, iid):
            for index in range(SLOTS):
                actions.append(
                    Action(
                        f"p.{iid}.{index}",
                        say(
                            lang,
                            "play_char",
                            card=card.name(lang),
                            slot=slot_name(lang, index),
                            cost=card.cost,
                        ),
                        "play",
                        iid,
                        ("p", iid, index),
                    )
                )
        elif is_event(ctx, iid) and ctx.meets(seat, iid):
            actions.append(
                Action(
                    f"e.{iid}",
                    say(lang, "play_event", card=card.name(lang), cost=card.cost),
                    "event",
                    iid,
                    ("e", iid),
                )
            )
    for index in range(SLOTS):
        if activated(ctx, seat, index) >= 0:
            name = ctx.name(p.stage[index].card)
            actions.append(
                Action(
                    f"a.{index}", say(lang, "activate", card=name), "act", p.stage[index].card, ("a", index)
                )
            )
    # B5-6: free rearrangement among own slots (swaps included); reversed cards stay put.
    for a in range(SLOTS):
        for b in range(a + 1, SLOTS):
            one, two = p.stage[a], p.stage[b]
            if (one.card or two.card) and REVERSE not in (one.pose, two.pose):
                label = say(lang, "move", one=slot_name(lang, a), two=slot_name(lang, b))
                actions.append(Action(f"m.{a}.{b}", label, "move", params=("m", a, b)))
    actions.append(Action("end", say(lang, "end_main"), "end", params=("end",)))
    return actions


def play_character(ctx: Ctx, seat: int, iid: str, index: int) -> None:
    """B2.4-19: pay, then put the character standing into ``index``; an occupant goes to the waiting
    room with no encore (its slot is being taken)."""
    p = ctx.p(seat)
    card = ctx.card(iid)
    ctx.pay(seat, card.cost)
    p.hand.remove(iid)
    old = ctx.clear_slot(seat, index)
    if old:
        p.waiting.append(old)
        ctx.say("replaced", card=ctx.name(old))
    p.stage[index] = Slot(card=iid, pose=STAND)
    ctx.say("played", who=seat_ref(seat), card=card.name(ctx.lang), slot=slot_name(ctx.lang, index))
    fire(ctx, seat, iid, "on_play")


def play_event(ctx: Ctx, seat: int, iid: str, timing: str) -> None:
    """B2.4-20: pay, resolve the event's abilities of ``timing``, then put it into the waiting room."""
    p = ctx.p(seat)
    ctx.pay(seat, ctx.card(iid).cost)
    p.hand.remove(iid)
    p.playing.append(iid)
    ctx.say("event", who=seat_ref(seat), card=ctx.name(iid))
    ctx.push(Job(kind="event_done", seat=seat, s=iid))
    fire(ctx, seat, iid, timing)


@task("event_done")
def event_done(ctx: Ctx, job: Job) -> None:
    """An event that has resolved goes to the waiting room."""
    p = ctx.p(job.seat)
    p.playing.remove(job.s)
    p.waiting.append(job.s)


def _answer(ctx: Ctx, choice: Choice, action: Action) -> None:
    seat = choice.seat
    kind = action.params[0]
    if kind == "end":
        return
    ctx.push(Job(kind="main", seat=seat))  # after this action and its effects, ask again
    if kind == "p":
        play_character(ctx, seat, str(action.params[1]), int(action.params[2]))
    elif kind == "e":
        play_event(ctx, seat, str(action.params[1]), "event")
    elif kind == "m":
        stage = ctx.p(seat).stage
        a, b = int(action.params[1]), int(action.params[2])
        stage[a], stage[b] = stage[b], stage[a]
        ctx.say("moved", who=seat_ref(seat), one=slot_name(ctx.lang, a), two=slot_name(ctx.lang, b))
    elif kind == "a":
        index = int(action.params[1])
        slot = ctx.p(seat).stage[index]
        which = activated(ctx, seat, index)
        ab = ctx.card(slot.card).abilities[which]
        ctx.pay(seat, ab.cost)
        slot.pose = REST
        ctx.say("activated", card=ctx.name(slot.card))
        ctx.push(Job(kind="ability", seat=seat, cards=(slot.card, ab.kw), n=which))


ASKS.add("main", asking(_offers, _answer))
