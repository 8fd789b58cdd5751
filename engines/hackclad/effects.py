"""One handler per effect keyword, shared by every skill card and CP action that uses it.

A handler gets the context, the acting seat and the effect step. Steps that need the player to pick
something ask a listed choice; its answer handler lives next to the keyword.

Why ``EFFECTS`` is checked from the ruleset: the data files name these keywords, but ``content``
sits below this module (it loads what is played here), so it only lists where each keyword is
used; the ruleset's ``check_content`` passes that list to ``EFFECTS.check``.

Why one module of ~600 lines: it is the game's whole effect vocabulary (over fifty keywords and
their answers, most under ten lines), read as a glossary; splitting it by theme would scatter
keywords that cards combine.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.keywords import Registry
from engines.hackclad import grid
from engines.hackclad.cards import clad_atk, clad_of, is_enhanced, passive_cards, tagged_cards
from engines.hackclad.clad import (
    blocked,
    deal_damage,
    entry_options,
    move_options,
    option_cell,
    place_witch,
    step_witch,
    turn_order,
)
from engines.hackclad.content import Eff
from engines.hackclad.ctx import ANSWERS, TASKS, Ctx, ask_choice
from engines.hackclad.deck import from_hand, need_reform, put_on_top, take_top
from engines.hackclad.missions import check_now
from engines.hackclad.state import Ask, Play, Task

#: An effect keyword's handler: it gets the context, the acting witch and the effect step.
EffectHandler = Callable[[Ctx, int, Eff], None]
#: each effect keyword of the data files, bound to its handler (``@EFFECTS.register("deal")``)
EFFECTS: Registry[EffectHandler] = Registry("HackClad", "effect keyword")


def condition(ctx: Ctx, seat: int, cond: str) -> bool:
    """Whether an effect step's condition holds now."""
    st, w = ctx.state, ctx.witch(seat)
    if cond == "":
        return True
    if cond == "behind":
        # "From behind": standing in the Clad's rear half (designed reading of the fan card text).
        return w.pos >= 0 and grid.relative(st.clad_pos, st.clad_facing, w.pos)[1] < 0
    if cond == "late_slot":
        return w.slot in (2, 3)
    if cond == "picked_shards":
        return w.picked_round > 0
    if cond == "adjacent_clad":
        return w.pos >= 0 and grid.adjacent(w.pos, st.clad_pos)
    if cond == "x6":
        return bool(st.plays) and st.plays[-1].x >= 6
    raise ValueError(f"unknown condition {cond!r}")


def play(ctx: Ctx) -> Play:
    """The card being resolved."""
    return ctx.state.plays[-1]


def tagged_in_discard(ctx: Ctx, seat: int, tag: str) -> int:
    """How many cards with ``tag`` lie in the seat's discard pile."""
    tagged = tagged_cards(ctx.state, seat, tag)
    return sum(1 for c in ctx.witch(seat).discard if c in tagged) if tagged else 0


def passive_count(ctx: Ctx, seat: int, passive: str) -> int:
    """How many cards with a discard-pile passive lie in the seat's discard pile."""
    w = ctx.witch(seat)
    if passive not in ctx.content.witch_passives[w.witch]:
        return 0
    marked = passive_cards(ctx.state, seat, passive)
    return sum(1 for c in w.discard if c in marked)


@TASKS.register("eff")
def run_effect(ctx: Ctx, t: Task) -> None:
    """Run one effect step if its condition holds."""
    assert t.eff is not None
    if condition(ctx, t.seat, t.eff.cond):
        EFFECTS[t.eff.key](ctx, t.seat, t.eff)


# ------------------------------------------------------------------------------------- damage and ATK
def attack_value(ctx: Ctx, seat: int) -> int:
    """The ATK the current attack card deals now, with every bonus that applies."""
    w = ctx.witch(seat)
    bonus = w.turn_bonus + w.round_bonus + passive_count(ctx, seat, "atk_bonus")
    return max(0, play(ctx).atk + bonus)


@EFFECTS.register("deal")
def deal(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Hit the Clad with the card's ATK; take that many shards."""
    deal_damage(ctx, seat, attack_value(ctx, seat), by_card=True)


@EFFECTS.register("strike")
def strike(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Hit the Clad for a fixed amount (a reaction's counter-blow)."""
    deal_damage(ctx, seat, eff.n, by_card=True)


@EFFECTS.register("strike_clad_atk")
def strike_clad_atk(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Hit the Clad for its own current ATK."""
    deal_damage(ctx, seat, clad_atk(ctx.state), by_card=True)


@EFFECTS.register("atk_per_discard")
def atk_per_discard(ctx: Ctx, seat: int, eff: Eff) -> None:
    """+1 ATK per card with the tag in the discard pile."""
    play(ctx).atk += tagged_in_discard(ctx, seat, eff.tag)


@EFFECTS.register("atk_if")
def atk_if(ctx: Ctx, seat: int, eff: Eff) -> None:
    """+n ATK (the step's condition has already been checked)."""
    play(ctx).atk += eff.n


@EFFECTS.register("play_bonus")
def play_bonus(ctx: Ctx, seat: int, eff: Eff) -> None:
    """+n ATK to the card being paid for."""
    play(ctx).atk += eff.n


@EFFECTS.register("atk_moved")
def atk_moved(ctx: Ctx, seat: int, eff: Eff) -> None:
    """+1 ATK per space the witch moved this round."""
    play(ctx).atk += ctx.witch(seat).moved_round


@EFFECTS.register("atk_clad_moved")
def atk_clad_moved(ctx: Ctx, seat: int, eff: Eff) -> None:
    """+n ATK per space the Clad moved this round."""
    play(ctx).atk += eff.n * ctx.state.clad_moved


@EFFECTS.register("atk_enhanced")
def atk_enhanced(ctx: Ctx, seat: int, eff: Eff) -> None:
    """+1 ATK per enhanced card in the discard pile."""
    play(ctx).atk += sum(1 for c in ctx.witch(seat).discard if is_enhanced(c))


@EFFECTS.register("atk_milled_vp")
def atk_milled_vp(ctx: Ctx, seat: int, eff: Eff) -> None:
    """+ATK equal to the VP of the card just milled."""
    play(ctx).atk += play(ctx).milled_vp


@EFFECTS.register("atk_reveal")
def atk_reveal(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Reveal the top card; +1 ATK if it is an attack card."""
    ctx.push(Task(kind="reveal", seat=seat))


@EFFECTS.register("atk_x")
def atk_x(ctx: Ctx, seat: int, eff: Eff) -> None:
    """+X ATK, X being the MP paid."""
    play(ctx).atk += play(ctx).x


@EFFECTS.register("repel")
def repel(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Mark the Clad to be repelled once the card is done (repel resolves last)."""
    play(ctx).repel = True


@EFFECTS.register("turn_bonus")
def turn_bonus(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Your attacks get +n ATK for the rest of this turn."""
    ctx.witch(seat).turn_bonus += eff.n


@EFFECTS.register("round_bonus")
def round_bonus(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Your attacks get +n ATK for the rest of this round."""
    ctx.witch(seat).round_bonus += eff.n


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


# ------------------------------------------------------------------------------------- movement
@EFFECTS.register("move")
def move(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Move n spaces one at a time (up to n when the step says so)."""
    ctx.push(Task(kind="move", seat=seat, n=eff.n, s="upto" if eff.upto else ""))


# Each step's menu line depends only on the cell and the direction, so all 100 are made once.
_STEP_OPTIONS = tuple(
    tuple((f"d{d}", f"Move {grid.DIR_NAMES[d]} to {grid.label(grid.step(cell, d))}") for d in range(4))
    for cell in range(grid.CELLS)
)


@TASKS.register("move")
def move_task(ctx: Ctx, t: Task) -> None:
    """Ask for the next step of a move."""
    if t.n <= 0 or ctx.witch(t.seat).pos < 0:
        return
    dirs = move_options(ctx.state, t.seat)
    if not dirs:
        ctx.say("stuck", f"{ctx.who(t.seat)} has nowhere to move.")
        return
    steps = _STEP_OPTIONS[ctx.witch(t.seat).pos]
    options = [steps[d] for d in dirs]
    if t.s == "upto":
        options.append(("stop", "Stay"))
    ask_choice(ctx, t.seat, "move", f"Move ({t.n} left): which way?", options, s=t.s, n=t.n)


@ANSWERS.register("move")
def move_answer(ctx: Ctx, ask: Ask, key: str) -> None:
    """Take one step and ask for the next."""
    if key == "stop":
        return
    step_witch(ctx, ask.seat, int(key[1]))
    ctx.push(Task(kind="move", seat=ask.seat, n=ask.n - 1, s=ask.s))


@EFFECTS.register("move_toward_clad")
def move_toward_clad(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Step 1 space straight towards the Clad, if it is in line and the space is free."""
    w = ctx.witch(seat)
    d = grid.direction_to(w.pos, ctx.state.clad_pos) if w.pos >= 0 else None
    if d is not None and not blocked(ctx.state, grid.step(w.pos, d)):
        step_witch(ctx, seat, d)


@EFFECTS.register("teleport")
def teleport(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Jump to any empty space; it counts as moving 1."""
    cells = [c for c in range(grid.CELLS) if not blocked(ctx.state, c)]
    if ctx.witch(seat).pos < 0 or not cells:
        return
    ask_choice(
        ctx, seat, "teleport", "Jump to which space?", [(f"x{c}", f"Space {grid.label(c)}") for c in cells]
    )


@ANSWERS.register("teleport")
def teleport_answer(ctx: Ctx, ask: Ask, key: str) -> None:
    """Land on the chosen space."""
    cell = int(key[1:])
    ctx.witch(ask.seat).moved_round += 1
    ctx.say("jump", f"{ctx.who(ask.seat)} jumps to {grid.label(cell)}.")
    place_witch(ctx, ask.seat, cell)
    check_now(ctx, ask.seat)


@EFFECTS.register("jump_entry")
def jump_entry(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Jump to a free entry point."""
    if ctx.witch(seat).pos < 0:
        return
    ask_choice(ctx, seat, "jump_entry", "Jump to which entry point?", entry_options(ctx.state))


@ANSWERS.register("jump_entry")
def jump_entry_answer(ctx: Ctx, ask: Ask, key: str) -> None:
    """Land on the chosen entry point."""
    cell = option_cell(key)
    ctx.say("jump", f"{ctx.who(ask.seat)} vanishes and reappears at {grid.label(cell)}.")
    place_witch(ctx, ask.seat, cell)


@EFFECTS.register("take_field_shard")
def take_field_shard(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Take 1 shard from any space of the field."""
    cells = [c for c in range(grid.CELLS) if ctx.state.field[c] > 0]
    if cells:
        ask_choice(
            ctx,
            seat,
            "take_shard",
            "Take a shard from which space?",
            [(f"x{c}", f"{grid.label(c)} ({ctx.state.field[c]} there)") for c in cells],
        )


@ANSWERS.register("take_shard")
def take_shard_answer(ctx: Ctx, ask: Ask, key: str) -> None:
    """Take the shard (it counts as picking up shards from the field)."""
    cell = int(key[1:])
    w = ctx.witch(ask.seat)
    ctx.state.field[cell] -= 1
    w.shards += 1
    w.picked_round += 1
    ctx.say("pickup", f"{ctx.who(ask.seat)} fetches 1 shard VP from {grid.label(cell)}.")
    if w.scythe:
        deal_damage(ctx, ask.seat, 1, by_card=False)
    check_now(ctx, ask.seat)


@EFFECTS.register("robin_hood")
def robin_hood(ctx: Ctx, seat: int, eff: Eff) -> None:
    """The richest other witch hands 1 shard to the poorest witch (ties: earliest in turn order)."""
    order = turn_order(ctx.state)
    others = [s for s in order if s != seat]
    if not others:
        return
    rich = max(others, key=lambda s: (ctx.witch(s).shards, -order.index(s)))
    poor = min(order, key=lambda s: (ctx.witch(s).shards, order.index(s)))
    if rich == poor or ctx.witch(rich).shards <= 0:
        return
    ctx.witch(rich).shards -= 1
    ctx.witch(poor).shards += 1
    ctx.say("robin", f"{ctx.who(rich)} gives 1 shard VP to {ctx.who(poor)}.")


# ------------------------------------------------------------------------------------- the Clad
@EFFECTS.register("lock_clad")
def lock_clad(ctx: Ctx, seat: int, eff: Eff) -> None:
    """The Clad cannot move or be repelled for the rest of the round."""
    ctx.state.clad_locked = True
    ctx.say("locked", "The Clad is pinned in place for the rest of the round.")


@EFFECTS.register("clad_forward")
def clad_forward(ctx: Ctx, seat: int, eff: Eff) -> None:
    """The Clad moves n spaces forward, charging."""
    ctx.push(Task(kind="clad_move", n=eff.n))


@EFFECTS.register("clad_back_to_me")
def clad_back_to_me(ctx: Ctx, seat: int, eff: Eff) -> None:
    """The Clad turns so its back faces the witch."""
    w = ctx.witch(seat)
    d = grid.direction_to(w.pos, ctx.state.clad_pos) if w.pos >= 0 else None
    ctx.state.clad_facing = w.facing if d is None else d
    ctx.say("clad_turn", f"The Clad turns away to face {grid.DIR_NAMES[ctx.state.clad_facing]}.")


@EFFECTS.register("clad_reverse")
def clad_reverse(ctx: Ctx, seat: int, eff: Eff) -> None:
    """The Clad turns around."""
    ctx.state.clad_facing = grid.turned(ctx.state.clad_facing, "back")
    ctx.say("clad_turn", f"The Clad is turned around to face {grid.DIR_NAMES[ctx.state.clad_facing]}.")


@EFFECTS.register("scythe")
def scythe(ctx: Ctx, seat: int, eff: Eff) -> None:
    """This round, picking up shards also deals that much damage to the Clad."""
    ctx.witch(seat).scythe = True


@EFFECTS.register("aristocracy")
def aristocracy(ctx: Ctx, seat: int, eff: Eff) -> None:
    """This round: Clad attacks deal 2 less to you, and the Clad is pinned (it may still turn)."""
    ctx.witch(seat).aristocracy = True
    ctx.state.clad_locked = True


# ------------------------------------------------------------------------------------- reactions
def _frame_seat(ctx: Ctx) -> bool:
    return bool(ctx.state.frames)


@EFFECTS.register("reduce")
def reduce(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Take n less damage from the attack being resolved."""
    if _frame_seat(ctx):
        ctx.state.frames[-1].reduce[seat] += eff.n


@EFFECTS.register("reduce_per_discard")
def reduce_per_discard(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Take 1 less damage per card with the tag in your discard pile."""
    if _frame_seat(ctx):
        ctx.state.frames[-1].reduce[seat] += tagged_in_discard(ctx, seat, eff.tag)


@EFFECTS.register("reduce_if")
def reduce_if(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Take n less damage (the step's condition has already been checked)."""
    if _frame_seat(ctx):
        ctx.state.frames[-1].reduce[seat] += eff.n


@EFFECTS.register("prevent")
def prevent(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Take no damage from the attack being resolved."""
    if _frame_seat(ctx):
        ctx.state.frames[-1].prevent[seat] = True


@EFFECTS.register("end_turn")
def end_turn(ctx: Ctx, seat: int, eff: Eff) -> None:
    """Your turn ends once this card is resolved."""
    ctx.witch(seat).turn_over = True
