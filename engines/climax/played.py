"""Abilities of cards as they are played (B2.4): on play, activated ``[Act]``, and events (B2.4-20).

An event resolves and then goes to the waiting room; while one of its choices pauses the agenda
it lies face up in ``playing``. The choices these effects ask (a target to pick, a card to
discard) are answered in ``effects``.
"""

from __future__ import annotations

from engines.climax.abilities import keyword
from engines.climax.content import Ability
from engines.climax.ctx import Ctx
from engines.climax.state import Choice, Job
from engines.core.types import seat_ref


def _play_stock(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    top = ctx.take_top(seat)
    ctx.to_stock(seat, top)
    ctx.say("to_stock", who=seat_ref(seat), card=ctx.name(iid))


def salvage_targets(ctx: Ctx, seat: int, level: int) -> tuple[str, ...]:
    """Characters of level ``level`` or lower in the seat's waiting room (oldest first, one per design)."""
    seen: dict[str, str] = {}
    for iid in ctx.p(seat).waiting:
        card = ctx.card(iid)
        if card.kind == "character" and card.level <= level and card.id not in seen:
            seen[card.id] = iid
    return tuple(seen.values())


def _salvage(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    targets = salvage_targets(ctx, seat, ab.n)
    if targets:
        # n=1: may decline ("up to one")
        ctx.ask(Choice(kind="pick", seat=seat, s="salvage", cards=targets, n=1))


def opposing(ctx: Ctx, seat: int, level: int) -> tuple[str, ...]:
    """The opponent's stage characters of level ``level`` or lower, in slot order."""
    foe = ctx.other(seat)
    return tuple(s.card for s in ctx.p(foe).stage if s.card and ctx.card(s.card).level <= level)


def _bounce(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    targets = opposing(ctx, seat, ab.n)
    if targets:
        ctx.ask(Choice(kind="pick", seat=seat, s="bounce", cards=targets))


def _destroy(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    targets = opposing(ctx, seat, ab.n)
    if targets:
        ctx.ask(Choice(kind="pick", seat=seat, s="destroy", cards=targets))


def _burn(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    ctx.push(Job(kind="damage", seat=ctx.other(seat), n=ab.n, s="effect"))


def _ev_draw(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    ctx.draw(seat, ab.n)
    ctx.ask(Choice(kind="discard", seat=seat, n=1, s="effect"))


def _rally(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    mine = tuple(s.card for s in ctx.p(seat).stage if s.card and s.card != iid)
    if mine:
        ctx.ask(Choice(kind="pick", seat=seat, s="rally", cards=mine, n=ab.n))  # n: the bonus to give


keyword(
    "play_stock",
    "on_play",
    "When this is played, put the top card of your deck face down on your stock.",
    "このカードがプレイされた時、あなたの山札の上から1枚をストック置場に置く。",
    run=_play_stock,
)

keyword(
    "play_salvage",
    "on_play",
    "When this is played, you may return 1 character of level {n} or lower from your waiting room to "
    "your hand.",
    "このカードがプレイされた時、あなたは自分の控え室のレベル{n}以下のキャラを1枚選び、手札に戻してよい。",
    run=_salvage,
)

keyword(
    "rally",
    "activated",
    "[Act] Pay {cost} stock and rest this: another of your characters gets +{n} power for the turn.",
    "【起動】ストックを{cost}枚払い、このカードをレストする：このカード以外のあなたのキャラ1枚に、"
    "そのターン中、パワーを＋{n}。",
    run=_rally,
)

keyword(
    "ev_draw",
    "event",
    "Draw {n} cards, then put 1 card from your hand into your waiting room.",
    "カードを{n}枚引き、手札を1枚選び控え室に置く。",
    run=_ev_draw,
)

keyword(
    "ev_salvage",
    "event",
    "Return 1 character of level {n} or lower from your waiting room to your hand.",
    "あなたの控え室のレベル{n}以下のキャラを1枚選び、手札に戻す。",
    run=_salvage,
)

keyword(
    "ev_bounce",
    "event",
    "Return 1 opposing character of level {n} or lower to its owner's hand.",
    "相手のレベル{n}以下のキャラを1枚選び、持ち主の手札に戻す。",
    run=_bounce,
)

keyword(
    "ev_burn",
    "event",
    "Deal {n} damage to your opponent (a climax can cancel it).",
    "相手に{n}ダメージを与える（クライマックスでキャンセルできる）。",
    run=_burn,
)

keyword(
    "ev_destroy",
    "event",
    "Put 1 opposing character of level {n} or lower into its owner's waiting room.",
    "相手のレベル{n}以下のキャラを1枚選び、控え室に置く。",
    run=_destroy,
)
