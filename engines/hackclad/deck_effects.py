"""The effect keywords of gauges and cards (rules.md "Your deck"; RULES_AUDIT 6.4.2): MP, draws,
mills, cards taken back or stacked, looks at the top of a deck, upgrades and peeks at the Clad.

Each handler is registered in ``effects.EFFECTS`` (its answers in ``ctx.ANSWERS``) when the ruleset
imports this module.
"""

from __future__ import annotations

from engines.hackclad.cards import clad_of
from engines.hackclad.content import Eff
from engines.hackclad.ctx import ANSWERS, Ctx, ask_choice
from engines.hackclad.deck import from_hand, need_reform, put_on_top, take_top
from engines.hackclad.effects import EFFECTS
from engines.hackclad.state import Ask, Task


# ------------------------------------------------------------------------------------- gauges and cards
@EFFECTS.register("gain_mp")
def gain_mp(ctx: Ctx, seat: int, eff: Eff) -> None:
    """+n MP."""
    ctx.gain_mp(seat, eff.n)


@EFFECTS.register("set_mp")
def set_mp(ctx: Ctx, seat: int, eff: Eff) -> None:
    """The MP gauge becomes n."""
    ctx.witch(seat).mp = eff.n


@EFFECTS.register("draw")
def draw(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Draw n cards."""
    ctx.push(Task(kind="draw", seat=seat, n=eff.n))


@EFFECTS.register("mill")
def mill(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Put the top n cards of your deck into your discard pile."""
    ctx.push(Task(kind="mill", seat=seat, n=eff.n))


@EFFECTS.register("discard_deck")
def discard_deck(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Put the whole deck into the discard pile."""
    w = ctx.witch(seat)
    w.discard.extend(w.deck)
    ctx.say("mill", f"{ctx.who(seat)} puts {len(w.deck)} cards from their deck into their discard pile.")
    w.deck = []
    w.top_seen = w.top_known = ""


@EFFECTS.register("return_reaction")
def return_reaction(ctx: Ctx, seat: int, eff: Eff) -> None:
    """You may take a Reaction card from your discard pile into your hand."""
    cards = [c for c in ctx.witch(seat).discard if ctx.card(c).is_reaction]
    if cards:
        options = [("none", "Take nothing")] + [(f"c.{c}", f"Take {ctx.card(c).name}") for c in cards]
        ask_choice(ctx, seat, "to_hand", "Take a Reaction card back into your hand?", options)


@EFFECTS.register("return_any")
def return_any(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Take any card from your discard pile into your hand."""
    cards = ctx.witch(seat).discard
    if cards:
        options = [(f"c.{c}", f"Take {ctx.card(c).name}") for c in cards]
        ask_choice(ctx, seat, "to_hand", "Take a card from your discard pile into your hand.", options)


@ANSWERS.register("to_hand")
def to_hand(ctx: Ctx, ask: Ask, key: str) -> None:
    """Move the chosen discarded card into the hand (it was public, so the event is too)."""
    if key == "none":
        return
    card = key[2:]
    w = ctx.witch(ask.seat)
    w.discard.remove(card)
    w.hand.append(card)
    w.shown.append(card)  # everyone saw it go from the open discard pile into her hand
    ctx.say("recover", f"{ctx.who(ask.seat)} takes {ctx.card(card).name} from their discard pile.")


@EFFECTS.register("stack_discard")
def stack_discard(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Put a card from your discard pile on top of your deck."""
    cards = ctx.witch(seat).discard
    if cards:
        options = [(f"c.{c}", f"Put {ctx.card(c).name} on top") for c in cards]
        ask_choice(ctx, seat, "stack", "Put a discarded card on top of your deck.", options)


@ANSWERS.register("stack")
def stack(ctx: Ctx, ask: Ask, key: str) -> None:
    """The chosen discarded card goes on top of the deck."""
    card = key[2:]
    w = ctx.witch(ask.seat)
    w.discard.remove(card)
    put_on_top(w, card, seen=True)  # it was face up in the discard pile
    ctx.say("stack", f"{ctx.who(ask.seat)} puts {ctx.card(card).name} on top of their deck.")


def _look_top(
    ctx: Ctx, seat: int, eff: Eff, handler_name: str, text: str, options: list[tuple[str, str]]
) -> None:
    w = ctx.witch(seat)
    if not w.deck:
        if need_reform(ctx, seat, Task(kind="eff", seat=seat, eff=eff)):
            return
        return
    top = ctx.card(w.deck[0])
    w.top_known = w.deck[0]
    ctx.tell(seat, "look", f"Your top card is {top.name}.")
    ask_choice(ctx, seat, handler_name, text.format(top.name), options)


@EFFECTS.register("scry")
def scry(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Look at your top card; leave it or put it at the bottom."""
    _look_top(
        ctx,
        seat,
        eff,
        "scry",
        "Your top card is {}: keep it on top or put it at the bottom?",
        [("top", "Leave it on top"), ("bottom", "Put it at the bottom")],
    )


@ANSWERS.register("scry")
def scry_answer(ctx: Ctx, ask: Ask, key: str) -> None:
    """Apply the scry decision."""
    w = ctx.witch(ask.seat)
    if key == "bottom":
        w.deck.append(take_top(w))
    ctx.split(
        ask.seat,
        "scry",
        f"You put the card {'at the bottom' if key == 'bottom' else 'back on top'}.",
        f"{ctx.who(ask.seat)} looks at their top card.",
    )


@EFFECTS.register("defrag")
def defrag(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Look at your top card; discard it or leave it."""
    _look_top(
        ctx,
        seat,
        eff,
        "defrag",
        "Your top card is {}: discard it or leave it?",
        [("keep", "Leave it on top"), ("discard", "Discard it")],
    )


@ANSWERS.register("defrag")
def defrag_answer(ctx: Ctx, ask: Ask, key: str) -> None:
    """Apply the defrag decision (a discarded card is shown to all)."""
    w = ctx.witch(ask.seat)
    if key == "discard":
        card = take_top(w)
        w.discard.append(card)
        ctx.say("mill", f"{ctx.who(ask.seat)} discards {ctx.card(card).name} from the top of their deck.")
    else:
        ctx.say("look", f"{ctx.who(ask.seat)} leaves their top card where it is.")


@EFFECTS.register("upgrade")
def upgrade(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Trade a hand card for an enhanced card worth exactly 1 VP more (it goes to the discard pile)."""
    w = ctx.witch(seat)
    vps = {ctx.card(c).vp for c in w.enhanced}
    cards = [c for c in w.hand if ctx.card(c).vp + 1 in vps]
    # Asked whenever she holds a card and has an enhanced pile (facts all can see), even with no
    # possible trade: skipping the question would tell the table her hand has no match.
    if w.hand and w.enhanced:
        options = [("none", "Do not upgrade")] + [(f"c.{c}", f"Trade away {ctx.card(c).name}") for c in cards]
        ask_choice(
            ctx,
            seat,
            "upgrade_out",
            "Upgrade: which card from your hand goes to your enhanced pile?",
            options,
        )


@ANSWERS.register("upgrade_out")
def upgrade_out(ctx: Ctx, ask: Ask, key: str) -> None:
    """Pick the enhanced card to take for the traded card."""
    if key == "none":
        return
    card = key[2:]
    w = ctx.witch(ask.seat)
    want = ctx.card(card).vp + 1
    options = [(f"c.{c}", f"Take {ctx.card(c).name}") for c in sorted(w.enhanced) if ctx.card(c).vp == want]
    ask_choice(ctx, ask.seat, "upgrade_in", f"Take which {want}-VP enhanced card?", options, s=card)


@ANSWERS.register("upgrade_in")
def upgrade_in(ctx: Ctx, ask: Ask, key: str) -> None:
    """Swap: the hand card goes to the enhanced pile, the enhanced card to the discard pile."""
    w = ctx.witch(ask.seat)
    out, into = ask.s, key[2:]
    from_hand(w, out)
    w.enhanced.remove(into)
    w.enhanced.append(out)
    w.discard.append(into)
    ctx.say("upgrade", f"{ctx.who(ask.seat)} upgrades a card from their hand into {ctx.card(into).name}.")


@EFFECTS.register("peek_clad")
def peek_clad(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Look at the top card of the Clad deck (only you learn it)."""
    st = ctx.state
    if not st.clad_deck:
        ctx.tell(seat, "peek", "The Clad deck is empty.")
        return
    ctx.witch(seat).peek = st.clad_deck[0]
    ctx.split(
        seat,
        "peek",
        f"The top Clad card is {clad_of(st.clad_deck[0]).name}.",
        f"{ctx.who(seat)} looks at the top Clad card.",
    )
