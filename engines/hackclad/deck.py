"""Your deck: drawing, milling, revealing, and reforming it when it runs out (book 7.1)."""

from __future__ import annotations

from functools import cache

from engines.core.types import counted
from engines.hackclad.content import Card
from engines.hackclad.ctx import ANSWERS, TASKS, Ctx, ask_choice
from engines.hackclad.state import Ask, Task, WitchState


def take_top(w: WitchState) -> str:
    """Take the top card of a deck (nobody knows the new top card yet)."""
    w.top_seen = w.top_known = ""
    return w.deck.pop(0)


def put_on_top(w: WitchState, card: str, *, seen: bool) -> None:
    """Put a card on top of a deck: its owner knows it, and so does everyone if ``seen``."""
    w.deck.insert(0, card)
    w.top_known = card
    w.top_seen = card if seen else ""


def from_hand(w: WitchState, card: str) -> None:
    """Take a card out of the hand (if everyone knew it was there, it is no longer known there)."""
    w.hand.remove(card)
    if card in w.shown:
        w.shown.remove(card)


def need_reform(ctx: Ctx, seat: int, resume: Task) -> bool:
    """If the deck is empty but the discard pile is not, queue a reform and then ``resume``."""
    w = ctx.witch(seat)
    if w.deck or not w.discard:
        return False
    ctx.push(Task(kind="reform", seat=seat), resume)
    return True


@TASKS.register("draw")
def draw(ctx: Ctx, t: Task) -> None:
    """Draw ``n`` cards, reforming the deck when it runs out."""
    w = ctx.witch(t.seat)
    got: list[str] = []
    n = t.n
    while n > 0:
        if not w.deck:
            if need_reform(ctx, t.seat, Task(kind="draw", seat=t.seat, n=n)):
                break
            break  # nothing anywhere to draw
        card = take_top(w)
        w.hand.append(card)
        got.append(card)
        n -= 1
    if got:
        names = ", ".join(ctx.card(c).name for c in got)
        seen = f"{ctx.who(t.seat)} draws {counted(len(got), 'card')}."
        ctx.split(t.seat, "draw", f"You draw {names}.", seen)


@TASKS.register("draw_to")
def draw_to(ctx: Ctx, t: Task) -> None:
    """Draw until the hand holds ``n`` cards (the Draw phase)."""
    missing = t.n - len(ctx.witch(t.seat).hand)
    if missing > 0:
        ctx.push(Task(kind="draw", seat=t.seat, n=missing))


@TASKS.register("mill")
def mill(ctx: Ctx, t: Task) -> None:
    """Put the top ``n`` cards of the deck into the discard pile (face up); remember the last one's VP."""
    w = ctx.witch(t.seat)
    n = t.n
    while n > 0:
        if not w.deck:
            if need_reform(ctx, t.seat, Task(kind="mill", seat=t.seat, n=n)):
                return
            return
        card = take_top(w)
        w.discard.append(card)
        if ctx.state.plays and ctx.state.plays[-1].seat == t.seat:
            ctx.state.plays[-1].milled_vp = ctx.card(card).vp
        ctx.say("mill", f"{ctx.who(t.seat)} mills {ctx.card(card).name}.")
        n -= 1


@TASKS.register("reform")
def reform(ctx: Ctx, t: Task) -> None:
    """Reform an empty deck: +1 CP, an optional hidden enhanced swap, then shuffle the discards in."""
    w = ctx.witch(t.seat)
    ctx.gain_cp(t.seat, 1)
    ctx.say("reform", f"{ctx.who(t.seat)} reforms their deck and gains 1 CP.")
    ctx.push(Task(kind="shuffle_in", seat=t.seat))
    if w.enhanced and w.discard:
        options = [("none", "Keep the deck as it is")]
        options += [_pile_option("in", "Swap in", c, ctx.card(c)) for c in sorted(w.enhanced)]
        ask_choice(ctx, t.seat, "reform_in", "Reform: swap an enhanced card into your deck?", options)


def _pile_option(prefix: str, verb: str, cid: str, card: Card) -> tuple[str, str]:
    return _option(prefix, verb, cid, card.name, card.vp)


@cache
def _option(prefix: str, verb: str, cid: str, name: str, vp: int) -> tuple[str, str]:
    # A reform lists every discarded card: each card's line is made once.
    return f"{prefix}.{cid}", f"{verb} {name} ({vp} VP)"


@ANSWERS.register("reform_in")
def reform_in(ctx: Ctx, ask: Ask, key: str) -> None:
    """First half of the swap: which enhanced card comes in."""
    if key == "none":
        return
    card = key[3:]
    w = ctx.witch(ask.seat)
    options = [_pile_option("out", "Take out", c, ctx.card(c)) for c in w.discard]
    ask_choice(
        ctx,
        ask.seat,
        "reform_out",
        f"Which discarded card makes way for {ctx.card(card).name}?",
        options,
        s=card,
    )


@ANSWERS.register("reform_out")
def reform_out(ctx: Ctx, ask: Ask, key: str) -> None:
    """Second half of the swap: the discarded card goes to the enhanced pile, unseen by others."""
    w = ctx.witch(ask.seat)
    out, into = key[4:], ask.s
    w.discard.remove(out)
    w.enhanced.remove(into)
    w.discard.append(into)
    w.enhanced.append(out)
    ctx.split(
        ask.seat,
        "swap",
        f"You swap {ctx.card(out).name} for {ctx.card(into).name}.",
        f"{ctx.who(ask.seat)} swaps an enhanced card into their deck.",
    )


@TASKS.register("shuffle_in")
def shuffle_in(ctx: Ctx, t: Task) -> None:
    """Shuffle the discard pile face down to become the deck."""
    w = ctx.witch(t.seat)
    w.deck = w.deck + w.discard
    w.discard = []
    w.top_seen = w.top_known = ""
    ctx.rng.shuffle(w.deck)


@TASKS.register("reveal")
def reveal(ctx: Ctx, t: Task) -> None:
    """Reveal the top card; +1 ATK to the card being played if it is an attack card."""
    w = ctx.witch(t.seat)
    if not w.deck:
        need_reform(ctx, t.seat, Task(kind="reveal", seat=t.seat))
        return
    top = ctx.card(w.deck[0])
    w.top_seen = w.top_known = w.deck[0]  # shown to all, then turned back over on top (book 10)
    ctx.say("reveal", f"{ctx.who(t.seat)} reveals {top.name} from the top of their deck.")
    if top.is_attack and ctx.state.plays:
        ctx.state.plays[-1].atk += 1
