"""Mounted models (A1.10 #60): two hexes, never half in a terrain piece, turned to fit as they move.

A mounted model moves from its first hex and its second follows into the space just left, turned
when that would leave it half in a terrain piece; at the end of a move it is turned so both its
hexes are free. It may pass through Allies, never end on them (#55).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.eternia import hexes
from engines.eternia.ctx import Ctx
from engines.eternia.hexes import Hex
from engines.eternia.state import Model


def _free_for(ctx: Ctx, m: Model, passing: bool) -> Callable[[Hex], bool]:
    """Which spaces a mounted model's hexes may cover: never an Enemy's or impassable; an Ally's
    only while ``passing`` through (a move may pass through Allies, never end on them, #55)."""
    blocked = {
        h for o in ctx.state.models if o is not m and (not passing or o.side != m.side) for h in o.hexes
    }
    return lambda h: h not in blocked and ctx.passable(h)


def mount_fits(ctx: Ctx, m: Model, lead: Hex, passing: bool) -> bool:
    """True when ``m`` may have its first hex on ``lead``: always for one-hex models; for a mounted
    one, some orientation fits on the board, on free spaces, never half in a terrain piece (#60)."""
    if len(m.hexes) != 2:
        return True
    board, terrain, free = set(ctx.state.board), ctx.terrain_map(), _free_for(ctx, m, passing)
    return any(hexes.footprint_fits(f, board, terrain, free) for f in hexes.footprints(lead))


def orient(ctx: Ctx, m: Model, lead: Hex, trail: Hex, passing: bool = True) -> list[Hex]:
    """A mounted model's hexes with its first on ``lead``: ``trail`` behind it when that fits, else
    the first orientation (east, then counter-clockwise) that does; as it was when none fits."""
    board, terrain, free = set(ctx.state.board), ctx.terrain_map(), _free_for(ctx, m, passing)
    if hexes.footprint_fits((lead, trail), board, terrain, free):
        return [lead, trail]
    for f in hexes.footprints(lead):
        if hexes.footprint_fits(f, board, terrain, free):
            return list(f)
    return [lead, trail]


def settle_mount(ctx: Ctx, m: Model) -> None:
    """At the end of a move, turn a mounted model so both its hexes are free and never half in a
    terrain piece (any orientation, #60)."""
    if len(m.hexes) == 2:
        m.hexes = orient(ctx, m, m.hexes[0], m.hexes[1], passing=False)
