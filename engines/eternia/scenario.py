"""Scenario rules beyond Objectives (A1.11 #63-65): the Scenario tokens (beacons) and the NPCs.

A Character on or next to a beacon may Interact to claim it for its side; at the end of each Round
each side scores the Scenario's ``vp_per_beacon`` per beacon it holds. NPCs never gain Power and
only ever suffer the Wounds of Attacks; a Player Character next to one may Interact to lead it to
safety (it leaves the Battlefield and the team scores ``vp_per_rescue``); an NPC KO'ed by a
Controller Attack scores ``vp_per_npc_ko`` for the Controller. At the end of each Round a "flee" NPC
moves 1 space away from the nearest Controller model, as a push (no Escape Damage).
"""

from __future__ import annotations

from engines.core.types import counted
from engines.eternia import hexes
from engines.eternia.ctx import Ctx, key, unkey
from engines.eternia.hexes import Hex
from engines.eternia.moves import step
from engines.eternia.power import score
from engines.eternia.pushes import push_options
from engines.eternia.state import CTRL, TEAM, Model


def beacons_near(ctx: Ctx, m: Model) -> list[Hex]:
    """Beacons on or next to ``m`` that its side does not hold yet."""
    return [
        unkey(k)
        for k, side in sorted(ctx.state.beacons.items())
        if side != m.side and any(hexes.distance(unkey(k), h) <= 1 for h in m.hexes)
    ]


def npcs_near(ctx: Ctx, m: Model) -> list[Model]:
    """NPCs next to a Player Character, which it may lead to safety."""
    if m.side != TEAM or not ctx.content.scenarios[ctx.state.scenario].vp_per_rescue:
        return []
    return [n for n in ctx.state.models if n.kind == "npc" and n.hexes and ctx.adjacent(m, n)]


def claim(ctx: Ctx, m: Model, h: Hex) -> None:
    """``m`` claims the beacon at ``h`` for its side."""
    ctx.state.beacons[key(h)] = m.side
    ctx.say("interact", f"{ctx.who(m)} lights the beacon at {hexes.label(h)} for its side.")


def rescue(ctx: Ctx, m: Model, npc: Model) -> None:
    """``m`` leads ``npc`` off the Battlefield; the team scores (the game may end)."""
    npc.hexes = []
    ctx.say("interact", f"{ctx.who(m)} leads {ctx.name(npc)} to safety.")
    score(ctx, TEAM, ctx.content.scenarios[ctx.state.scenario].vp_per_rescue, f"{ctx.name(npc)} rescued")


def end_of_round(ctx: Ctx) -> None:
    """The Scenario's end-of-Round rules: beacons score, then NPCs act."""
    per = ctx.content.scenarios[ctx.state.scenario].vp_per_beacon
    for side in (TEAM, CTRL):
        held = sum(1 for s in ctx.state.beacons.values() if s == side)
        score(ctx, side, per * held, f"{counted(held, 'beacon')} held")
    foes = [m for m in ctx.on_board(CTRL)]
    for npc in [n for n in ctx.state.models if n.kind == "npc" and n.hexes]:
        if ctx.content.npcs[npc.design].behaviour != "flee" or not foes:
            continue
        near = min(foes, key=lambda f: (ctx.distance(npc, f), f.id))
        opts = push_options(ctx, npc, near, 1, "away")
        far = max(opts, key=lambda h: (hexes.distance(h, near.hexes[0]), tuple(-x for x in h)))
        if opts[far]:
            step(ctx, npc, opts[far][0], "push")
            if npc.hexes:  # a Terrain Penalty on the way can KO it
                ctx.say("npc", f"{ctx.name(npc)} flees to {hexes.label(npc.hexes[0])}.")
