"""The attack phase (B2.3-13, B2.5): declaration, counter, trigger, damage and battle, repeated.

Declaration keys: ``f.<slot>`` (front: battle), ``s.<slot>`` (no battle: AP minus the level of the
character in front), ``d.<slot>`` (nobody in front), ``end``. Counter keys: ``k.<card>``, ``pass``.
"""

from __future__ import annotations

from engines.climax.ctx import Ctx
from engines.climax.effects import fire, is_counter, power_of, salvage_targets
from engines.climax.flow import ASKS, PASS, asking, pass_action, task
from engines.climax.main import play_event
from engines.climax.state import FRONT, REST, REVERSE, STAND, Attack, Choice, Job
from engines.climax.words import say, slot_name
from engines.core.types import Action, seat_ref


@task("attack")
def attack_phase(ctx: Ctx, job: Job) -> None:
    """Ask for the next attack while one is possible (only one on the first player's first turn)."""
    state = ctx.state
    state.phase = "attack"
    if state.attack is not None:
        state.last, state.attack = state.attack, None
    if state.turn == 1 and state.attacks >= 1:
        return  # B2.3-13
    if any(ctx.p(job.seat).stage[i].card and ctx.p(job.seat).stage[i].pose == STAND for i in FRONT):
        ctx.ask(Choice(kind="attack", seat=job.seat))


def _offers(ctx: Ctx, choice: Choice) -> list[Action]:
    seat, lang = choice.seat, ctx.lang
    foe = ctx.p(ctx.other(seat))
    actions = []
    for index in FRONT:
        slot = ctx.p(seat).stage[index]
        if not slot.card or slot.pose != STAND:
            continue
        name, where = ctx.name(slot.card), slot_name(lang, index)
        facing = foe.stage[index].card
        if facing:
            target = ctx.name(facing)
            actions.append(
                Action(
                    f"f.{index}",
                    say(lang, "attack_battle", card=name, target=target),
                    "attack",
                    slot.card,
                    ("f", index),
                )
            )
            actions.append(
                Action(
                    f"s.{index}",
                    say(lang, "attack_nobattle", card=name, target=target),
                    "attack",
                    slot.card,
                    ("s", index),
                )
            )
        else:
            actions.append(
                Action(
                    f"d.{index}",
                    say(lang, "attack_direct", card=name, slot=where),
                    "attack",
                    slot.card,
                    ("d", index),
                )
            )
    actions.append(Action("end", say(lang, "end_attack"), "end", params=("end",)))
    return actions


def _declare(ctx: Ctx, choice: Choice, action: Action) -> None:
    """B2.5-22/23: rest the attacker, set AP for the turn, then its "when it attacks" abilities."""
    if action.key == "end":
        return
    state = ctx.state
    seat, foe = choice.seat, ctx.other(choice.seat)
    kind, index = str(action.params[0]), int(action.params[1])
    slot = ctx.p(seat).stage[index]
    facing = ctx.p(foe).stage[index].card
    battle = kind == "f"
    slot.pose = REST
    state.attacks += 1
    if facing and state.front_bonus == "book":
        slot.soul += 1  # book: +1 AP when a character stands in front
    if not facing and state.front_bonus == "family":
        slot.soul += 1  # family: +1 AP on a direct attack
    if kind == "s":
        slot.soul -= ctx.card(facing).level  # no battle: AP minus the level in front
    state.attack = Attack(seat=seat, slot=index, card=slot.card, facing=facing, battle=battle)
    key = {"f": "declared_battle", "s": "declared_nobattle", "d": "declared_direct"}[kind]
    ctx.say(key, who=seat_ref(seat), card=ctx.name(slot.card), target=ctx.name(facing) if facing else "")
    ctx.push(
        Job(kind="counter", seat=foe),
        Job(kind="trigger", seat=seat),
        Job(kind="damage", seat=foe, s="attack"),
        Job(kind="battle", seat=seat),
        Job(kind="attack", seat=seat),
    )
    fire(ctx, seat, slot.card, "on_attack")


# ------------------------------------------------------------------------------ counter step
@task("counter")
def counter_step(ctx: Ctx, job: Job) -> None:
    """B2.5-24, B5-5: whenever a battle happens the defender is asked, whatever they hold."""
    attack = ctx.state.attack
    if attack is None or not attack.battle:
        return
    # Asked even with an empty hand: the window's presence must never depend on what is held.
    ctx.ask(Choice(kind="counter", seat=job.seat))


def counters(ctx: Ctx, seat: int) -> list[str]:
    """Hand cards the defender may use now: counter cards whose play conditions are met."""
    ok = []
    for iid in ctx.p(seat).hand:
        card = ctx.card(iid)
        if not is_counter(card):
            continue
        colour = not (card.kind == "character" and ctx.state.counter_colour == "family")
        if ctx.meets(seat, iid, colour=colour):
            ok.append(iid)
    return ok


def _counter_offers(ctx: Ctx, choice: Choice) -> list[Action]:
    actions = [
        Action(
            f"k.{iid}",
            say(ctx.lang, "counter_card", card=ctx.name(iid), cost=ctx.card(iid).cost),
            "counter",
            iid,
            ("k", iid),
        )
        for iid in counters(ctx, choice.seat)
    ]
    actions.append(pass_action(ctx, "counter_pass"))
    return actions


def _counter_answer(ctx: Ctx, choice: Choice, action: Action) -> None:
    if action.key == PASS:
        ctx.say("no_counter", who=seat_ref(choice.seat))
        return
    seat, iid = choice.seat, action.card
    card = ctx.card(iid)
    if card.kind == "character":
        # Backup: pay, put the card from hand into the waiting room, then its bonus.
        ctx.pay(seat, card.cost)
        ctx.p(seat).hand.remove(iid)
        ctx.p(seat).waiting.append(iid)
        ctx.say("backup", who=seat_ref(seat), card=ctx.name(iid))
        fire(ctx, seat, iid, "backup")
    else:
        play_event(ctx, seat, iid, "counter")


# ------------------------------------------------------------------------------ trigger step
@task("trigger")
def trigger_step(ctx: Ctx, job: Job) -> None:
    """B2.5-25: turn over the deck top, +1 AP per soul icon, the card goes face down to stock."""
    attack = ctx.state.attack
    assert attack is not None
    seat = job.seat
    iid = ctx.take_top(seat)
    attack.trigger = iid
    ctx.to_stock(seat, iid)
    card = ctx.card(iid)
    ctx.say("triggered", who=seat_ref(seat), card=card.name(ctx.lang))
    index = ctx.slot_of(seat, attack.card)
    souls = card.triggers.count("soul")
    if souls and index >= 0:
        ctx.p(seat).stage[index].soul += souls
        ctx.say("gain_soul", card=ctx.name(attack.card), n=souls)
    if ctx.state.triggers != "family":
        return
    # Designed family icons (option `triggers = family`).
    for icon in card.triggers:
        if icon == "pool":
            ctx.to_stock(seat, ctx.take_top(seat))
            ctx.say("icon_pool", who=seat_ref(seat))
        elif icon == "draw":
            ctx.draw(seat, 1)
        elif icon == "comeback":
            targets = salvage_targets(ctx, seat, 3)
            if targets:
                ctx.ask(Choice(kind="pick", seat=seat, s="salvage", cards=targets, n=1))
        elif icon == "shot":
            tasks = ctx.state.agenda.tasks
            for at, queued in enumerate(tasks):
                if queued.kind == "damage" and queued.s == "attack":
                    tasks[at] = Job(kind="damage", seat=queued.seat, s="attack", cards=("shot",))
                    break


# ------------------------------------------------------------------------------ battle step
@task("battle")
def battle_step(ctx: Ctx, job: Job) -> None:
    """B2.5-27: compare power; the lower is reversed, both on a tie."""
    attack = ctx.state.attack
    assert attack is not None
    if not attack.battle:
        return
    seat, foe = attack.seat, ctx.other(attack.seat)
    mine, theirs = ctx.slot_of(seat, attack.card), ctx.slot_of(foe, attack.facing)
    if mine < 0 or theirs < 0:
        return  # one of them left the stage: no battle
    power, against = power_of(ctx, seat, mine), power_of(ctx, foe, theirs)
    ctx.say(
        "battle",
        card=ctx.name(attack.card),
        target=ctx.name(attack.facing),
        n=power,
        m=against,
    )
    losers = []
    if power <= against:
        losers.append((seat, mine, attack.card, attack.facing))
    if against <= power:
        losers.append((foe, theirs, attack.facing, attack.card))
    for owner, index, iid, _ in losers:
        ctx.p(owner).stage[index].pose = REVERSE
        ctx.say("reversed", card=ctx.name(iid))
    for owner, _, iid, other in reversed(losers):
        fire(ctx, owner, iid, "on_reverse", other)


ASKS.add("attack", asking(_offers, _declare, private=False))
ASKS.add("counter", asking(_counter_offers, _counter_answer))
