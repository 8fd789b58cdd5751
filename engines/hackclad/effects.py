"""One handler per effect keyword, shared by every skill card and CP action that uses it.

A handler gets the context, the acting seat and the effect step. Steps that need the player to pick
something ask a listed choice; its answer handler lives next to the keyword.

Why ``EFFECTS`` is checked from the ruleset: the data files name these keywords, but ``content``
sits below this module (it loads what is played here), so it only lists where each keyword is
used; the ruleset's ``check_content`` passes that list to ``EFFECTS.check``.

This module holds the registry, the conditions, and the keywords of damage, ATK and reactions
(rules.md "Reactions and damage"; RULES_AUDIT 6.4.2); the keywords of gauges and cards are in
``deck_effects``, those that move witches or the Clad in ``field_effects``. Both register here.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.keywords import Registry
from engines.hackclad import grid
from engines.hackclad.cards import clad_atk, is_enhanced, passive_cards, tagged_cards
from engines.hackclad.clad import (
    deal_damage,
)
from engines.hackclad.content import Eff
from engines.hackclad.ctx import TASKS, Ctx
from engines.hackclad.state import Play, Task

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
