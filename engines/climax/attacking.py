"""Abilities that act in the attack (B2.5) and at encore (B2.7).

"When this attacks" resolves after the battle choice (B2.5-23); counter and backup cards are
played by the defender in the counter step (B2.5-24); "when reversed" acts at the battle step
(B2.5-27); a cheaper encore changes the price of B2.7-32, read where encore asks it.
"""

from __future__ import annotations

from engines.climax.abilities import keyword
from engines.climax.content import Ability
from engines.climax.ctx import Ctx
from engines.climax.state import REVERSE, Choice, Job


def _attack_power(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    index = ctx.slot_of(seat, iid)
    if index >= 0:
        ctx.p(seat).stage[index].power += ab.n
        ctx.say("gain_power", card=ctx.name(iid), n=ab.n)


def _attack_soul(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    index = ctx.slot_of(seat, iid)
    if index >= 0:
        ctx.p(seat).stage[index].soul += ab.n
        ctx.say("gain_soul", card=ctx.name(iid), n=ab.n)


def _attack_draw(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    ctx.draw(seat, 1)
    ctx.ask(Choice(kind="discard", seat=seat, n=1, s="effect"))


def _counter_power(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    attack = ctx.state.attack
    if attack is None or not attack.facing:
        return
    index = ctx.slot_of(seat, attack.facing)
    if index >= 0:
        ctx.p(seat).stage[index].power += ab.n
        ctx.say("gain_power", card=ctx.name(attack.facing), n=ab.n)


def _counter_soul(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    attack = ctx.state.attack
    if attack is None:
        return
    index = ctx.slot_of(attack.seat, attack.card)
    if index >= 0:
        ctx.p(attack.seat).stage[index].soul -= ab.n
        ctx.say("lose_soul", card=ctx.name(attack.card), n=ab.n)


def _revenge(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    # job.s is the character it battled (on the other side)
    foe = ctx.other(seat)
    index = ctx.slot_of(foe, job.s)
    if index >= 0 and ctx.p(foe).stage[index].pose != REVERSE:
        ctx.p(foe).stage[index].pose = REVERSE
        ctx.say("revenge", card=ctx.name(iid), target=ctx.name(job.s))


def _noop(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    """Keywords whose rule is read where it applies (encore price, backup value)."""


keyword(
    "attack_power",
    "on_attack",
    "When this attacks, it gets +{n} power for the turn.",
    "このカードが攻撃した時、そのターン中、このカードのパワーを＋{n}。",
    run=_attack_power,
)

keyword(
    "attack_soul",
    "on_attack",
    "When this attacks, it gets +{n} AP for the turn.",
    "このカードが攻撃した時、そのターン中、このカードのAPを＋{n}。",
    run=_attack_soul,
)

keyword(
    "attack_draw",
    "on_attack",
    "When this attacks, draw 1 card, then put 1 card from your hand into your waiting room.",
    "このカードが攻撃した時、カードを1枚引き、手札を1枚選び控え室に置く。",
    run=_attack_draw,
)

keyword(
    "backup",
    "backup",
    "[Backup +{n}] In the counter step, pay this card's cost and put it from your hand into your "
    "waiting room: your defending character gets +{n} power for the turn.",
    "【助太刀＋{n}】助太刀ステップに、コストを払い手札のこのカードを控え室に置く：防御中のあなたの"
    "キャラに、そのターン中、パワーを＋{n}。",
    run=_counter_power,
)

keyword(
    "counter_power",
    "counter",
    "[Counter] Your defending character gets +{n} power for the turn.",
    "【防御中】防御中のあなたのキャラに、そのターン中、パワーを＋{n}。",
    run=_counter_power,
)

keyword(
    "counter_soul",
    "counter",
    "[Counter] The attacking character gets -{n} AP for the turn.",
    "【防御中】攻撃中のキャラに、そのターン中、APを－{n}。",
    run=_counter_soul,
)

keyword(
    "revenge",
    "on_reverse",
    "When this is reversed in battle, reverse the character it battled.",
    "このカードがバトルでリバースした時、バトルしているキャラをリバースする。",
    run=_revenge,
)

keyword(
    "cheap_encore",
    "encore",
    "Encore for this card costs {n} stock instead.",
    "このカードの大活躍のコストは、ストック{n}枚になる。",
    run=_noop,
)


def encore_price(ctx: Ctx, iid: str) -> int:
    """B2.7-32: the stock an encore costs (the table's price, or a cheaper one printed on the card)."""
    prices = [ab.n for ab in ctx.card(iid).abilities if ab.kw == "cheap_encore"]
    return min([ctx.state.encore_cost, *prices])
