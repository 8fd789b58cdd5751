"""Moving (A1.10 #54-60): single steps, Move Actions by destination, pushes, Escape Damage.

Every change of space goes through :func:`step`, one hex at a time, so the per-step rules (Escape
Damage for leaving a space next to Enemies, Terrain Penalties for entering one) are exact whatever
moved the model. A move chosen by destination is expanded into its single steps by
``hexes.routes`` (the safest route, documented there).
"""

from __future__ import annotations

from engines.eternia import hexes
from engines.eternia.ctx import Ctx
from engines.eternia.damage import wound
from engines.eternia.hexes import Hex, Route
from engines.eternia.state import Model


def step(ctx: Ctx, m: Model, to: Hex, how: str) -> bool:
    """Move ``m`` one space into ``to``; ``how`` is move | push | enemy. False if it was KO'ed.

    Escape Damage applies to a model's own moves only: never to pushes nor to moves made by an
    Enemy's effect (A1.10 #59). Terrain Penalties apply to every entry (A5-8).
    """
    frm = m.hexes[0]
    if how == "move":
        hurt = ctx.adjacent_enemies(m, frm)
        if hurt:
            wound(ctx, m, hurt, f"Escape Damage leaving {hexes.label(frm)}")
            if not m.hexes:
                return False
    m.hexes = [to]
    ctx.st.last_path.append(to)
    pen = ctx.penalty(to)
    if pen:
        wound(ctx, m, pen, f"Terrain Penalty at {hexes.label(to)}")
    return bool(m.hexes)


def points(ctx: Ctx, m: Model, base: int) -> int:
    """Movement points of a move: one less while Dazed (A1.9 #51)."""
    return max(0, base - (1 if m.dazed else 0))


def reach(ctx: Ctx, m: Model, base: int, fly: bool = False) -> dict[Hex, Route]:
    """Every destination ``m`` may end a move of ``base`` spaces on, with its safest route."""
    enemies = {h for e in ctx.enemies(m) for h in e.hexes}
    taken = ctx.occupied()
    board = set(ctx.st.board)
    return hexes.routes(
        m.hexes[0],
        points(ctx, m, base),
        board,
        cost=lambda a, b: ctx.step_cost(a, b, fly),
        may_enter=lambda h: h not in enemies and ctx.passable(h),
        may_end=lambda h: h not in taken,
        wounds_leaving=lambda h: ctx.adjacent_enemies(m, h),
        wounds_entering=ctx.penalty,
    )


def walk(ctx: Ctx, m: Model, route: Route) -> None:
    """Follow a route step by step (stops if the model is KO'ed on the way)."""
    ctx.st.last_path = [m.hexes[0]]
    start = m.hexes[0]
    for h in route.path:
        if not step(ctx, m, h, "move"):
            return
    ctx.say("move", f"{ctx.who(m)} moves {hexes.label(start)} → {hexes.label(m.hexes[0])}.")


def push_options(ctx: Ctx, target: Model, source: Model, n: int, mode: str) -> dict[Hex, tuple[Hex, ...]]:
    """Where ``source`` may push ``target`` (A1.10 #58; other models and impassable spaces stop it)."""
    taken = ctx.occupied() - set(target.hexes)
    return hexes.push_destinations(
        target.hexes[0],
        source.hexes[0],
        n,
        mode,
        set(ctx.st.board),
        may_enter=lambda h: h not in taken and ctx.passable(h),
    )


def push(ctx: Ctx, target: Model, path: tuple[Hex, ...], by: Model) -> None:
    """Push ``target`` along ``path`` (no Escape Damage, not shortened by Daze)."""
    if not path:
        return
    start = target.hexes[0]
    ctx.st.last_path = [start]
    for h in path:
        if not step(ctx, target, h, "push"):
            return
    ctx.say(
        "push",
        f"{ctx.who(by)} pushes {ctx.who(target)} {hexes.label(start)} → {hexes.label(target.hexes[0])}.",
    )
