"""The effect keywords that move pieces on the field (rules.md "Your turn" and "The Clad's turn";
RULES_AUDIT 6.4 Field): a witch's moves, teleports, re-entry jumps and shard pick-ups, and the
keywords that lock, turn or drive the Clad.

Each handler is registered in ``effects.EFFECTS`` (its answers in ``ctx.ANSWERS``) when the ruleset
imports this module.
"""

from __future__ import annotations

from engines.hackclad import grid
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
from engines.hackclad.effects import EFFECTS
from engines.hackclad.missions import check_now
from engines.hackclad.state import Ask, Task


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
