"""Wounds, KO, Heal and re-entry (A1.9 #50-52, A1.5 #25)."""

from __future__ import annotations

from engines.eternia import hexes
from engines.eternia.ctx import Ctx
from engines.eternia.hexes import Hex
from engines.eternia.power import cards_ready, escalate, score
from engines.eternia.state import CTRL, EtTask, Model, other


def wound(ctx: Ctx, m: Model, n: int, why: str) -> None:
    """``m`` suffers ``n`` Wounds; at 0 HP it is KO'ed (a Minion has 1 HP: any Wound KOs it)."""
    if n <= 0 or not m.hexes:
        return
    m.hp = max(0, m.hp - n)
    ctx.say("wound", f"{ctx.who(m)} suffers {n} Wound{'s' if n != 1 else ''} ({why}): {m.hp} HP left.")
    if m.hp == 0:
        ko(ctx, m)


def ko(ctx: Ctx, m: Model) -> None:
    """KO: leave the Battlefield, lose every condition; a Character comes back at its next Activation."""
    m.hexes = []
    m.dazed = False
    ctx.say("ko", f"{ctx.who(m)} is KO'ed!")
    if cards_ready(ctx):  # the Controller's card window "after a KO" (A5-18), once this resolves
        ctx.push(EtTask(kind="card_window", s="ko", model=m.id))
    sc = ctx.content.scenarios[ctx.state.scenario]
    strike = ctx.state.strike
    if m.kind == "npc" and strike is not None and ctx.model(strike.attacker).side == CTRL:
        score(ctx, CTRL, sc.vp_per_npc_ko, f"{ctx.name(m)} KO'ed")  # the Scenario's NPC rule (A1.11 #64)
    if m.kind != "character":
        return
    score(ctx, other(m.side), sc.vp_per_ko, f"{ctx.name(m)} KO'ed")
    escalate(ctx, sc.escalation_per_ko, f"{ctx.name(m)} KO'ed")


def heal(ctx: Ctx, m: Model, n: int) -> int:
    """Heal up to ``n`` HP (never above the maximum); return HP restored."""
    got = min(n, m.max_hp - m.hp)
    if got > 0:
        m.hp += got
        ctx.say("heal", f"{ctx.who(m)} Heals {got}: {m.hp} HP.")
    return got


def spawn_choices(ctx: Ctx, m: Model) -> list[Hex]:
    """Where a KO'ed Character may re-enter: any free friendly Spawn token, else the nearest free spaces.

    The book lets the owner pick (A1.9 #50); when every Spawn token is taken, every free space at
    the least distance from one is offered.
    """
    spawns = ctx.state.team_spawn if m.side == "team" else ctx.state.ctrl_spawn
    taken = ctx.occupied()
    free = [h for h in spawns if h not in taken and ctx.passable(h)]
    if free:
        return free
    open_ = [h for h in ctx.state.board if h not in taken and ctx.passable(h)]
    if not open_ or not spawns:
        return open_[:1]
    near = min(min(hexes.distance(h, s) for s in spawns) for h in open_)
    return sorted(h for h in open_ if min(hexes.distance(h, s) for s in spawns) == near)


def respawn(ctx: Ctx, m: Model, at: Hex) -> None:
    """A KO'ed Character re-enters at the start of its Activation, healed to full (A1.3 #22)."""
    m.hexes = [at]
    m.hp = m.max_hp
    ctx.say("respawn", f"{ctx.who(m)} re-enters the Battlefield at {hexes.label(at)} with {m.hp} HP.")
