"""Moving (A1.10 #54-57, #59): single steps, Move Actions step by step or by destination, Escape
Damage. Pushes are in ``pushes``, mounted models in ``mounted``, the route search in ``routes``.

Every change of space goes through :func:`step`, one hex at a time, so the per-step rules (Escape
Damage for leaving a space next to Enemies, Terrain Penalties for entering one) are exact whatever
moved the model. The move prompt offers both ways (A5-5): single steps, asked again after each with
the points left, and destinations, expanded into their single steps by ``hexes.routes`` (the safest
route, documented there; ``routes`` reads the Battlefield for it). A move may pass through Allies
but stops only on a free space.
"""

from __future__ import annotations

import msgspec

from engines.core.types import Action, counted
from engines.eternia import hexes
from engines.eternia.ctx import CHOICES, TASKS, Ctx, choice, key, paged, turn_page, unkey
from engines.eternia.damage import wound
from engines.eternia.hexes import Hex, Route
from engines.eternia.mounted import mount_fits, orient, settle_mount
from engines.eternia.routes import RouteSearch, points, reach_points
from engines.eternia.state import EtTask, Model, Pending


def step(ctx: Ctx, m: Model, to: Hex, how: str) -> bool:
    """Move ``m`` one space into ``to``; ``how`` is move | push | enemy. False if it was KO'ed.

    Escape Damage applies to a model's own moves only: never to pushes nor to moves made by an
    Enemy's effect (A1.10 #59). Terrain Penalties apply to every entry (A5-8).
    """
    frm = m.hexes[0]
    if how == "move":
        hurt = escape(ctx, m)
        if hurt:
            wound(ctx, m, hurt, f"Escape Damage leaving {hexes.label(frm)}")
            if not m.hexes:
                return False
    # A mounted model moves from its first hex and its second follows into the space just left,
    # turned if that would leave it half in a terrain piece (never, at any step: A1.10 #60).
    m.hexes = [to] if len(m.hexes) == 1 else orient(ctx, m, to, frm)
    ctx.state.last_path.append(to)
    pen = ctx.penalty(to)
    if pen:
        wound(ctx, m, pen, f"Terrain Penalty at {hexes.label(to)}")
    return bool(m.hexes)


def escape(ctx: Ctx, m: Model) -> int:
    """Escape Damage for leaving where ``m`` stands: 1 per Enemy next to any of its hexes (A1.10 #59-60)."""
    if len(m.hexes) == 1:
        return ctx.adjacent_enemies(m, m.hexes[0])
    blocking = ctx.blocking()
    return sum(
        1 for e in ctx.enemies(m) if any(hexes.adjacent(a, b, blocking) for a in m.hexes for b in e.hexes)
    )


def walk(ctx: Ctx, m: Model, route: Route) -> None:
    """Follow a route step by step (stops if the model is KO'ed on the way)."""
    ctx.state.last_path = [m.hexes[0]]
    start = m.hexes[0]
    for h in route.path:
        if not step(ctx, m, h, "move"):
            return
    settle_mount(ctx, m)
    ctx.say("move", f"{ctx.who(m)} moves {hexes.label(start)} → {hexes.label(m.hexes[0])}.")


def alone(ctx: Ctx, m: Model) -> bool:
    """True when a move may end where ``m`` stands: no other model on its space (A1.10 #55).

    A mounted model needs its first hex free and some way of turning there that covers only free
    spaces (``settle_mount`` turns it so, #60): its second hex may still lie on an Ally it passed.
    """
    others = {h for o in ctx.state.models if o is not m for h in o.hexes}
    if m.hexes[0] in others:
        return False
    return mount_fits(ctx, m, m.hexes[0], False) if len(m.hexes) == 2 else True


def steps(ctx: Ctx, m: Model, left: int, fly: bool = False) -> dict[Hex, tuple[int, int]]:
    """Single steps ``m`` may take with ``left`` points: each neighbour with (cost, Escape Damage).

    A step onto a space the move may not end on (an Ally's, or for a mounted model one where it
    cannot turn onto free spaces) is offered only when the move can still end somewhere from there.
    """
    here = m.hexes[0]
    enemies = {h for e in ctx.enemies(m) for h in e.hexes}
    board = set(ctx.state.board)
    mates = {h for o in ctx.state.models if o is not m for h in o.hexes}
    hurt = escape(ctx, m)
    search: RouteSearch | None = None  # made only when a step would enter an Ally's space
    out: dict[Hex, tuple[int, int]] = {}
    for h in hexes.neighbours(here):
        if h not in board or h in enemies or not ctx.passable(h) or not mount_fits(ctx, m, h, True):
            continue
        cost = ctx.step_cost(here, h, fly)
        if cost > left:
            continue
        if h in mates or not mount_fits(ctx, m, h, False):
            search = search or RouteSearch(ctx, m, fly)
            if not search.any_destination(h, left - cost):
                continue
        out[h] = (cost, hurt)
    return out


# ------------------------------------------------------------------------------ the move prompt
@TASKS.register("move_ask")
def _move_ask(ctx: Ctx, t: EtTask) -> None:
    m = ctx.model(t.model)
    if m.hexes and not ctx.is_ai(m):  # the AI moves by its own rules (ai.py), never by a prompt
        # Daze takes its space off once, when the move starts (A1.9 #51); Pending.n is what is left.
        ctx.ask(Pending(kind="move", seat=m.seat, model=m.id, n=points(ctx, m, t.n), skill=t.s))


def _move_actions(ctx: Ctx, p: Pending) -> list[Action]:
    m = ctx.model(p.model)
    fly = p.skill == "fly"
    out = [
        _step_action(h, cost, hurt)
        for h, (cost, hurt) in sorted(
            steps(ctx, m, p.n, fly).items(), key=lambda kv: hexes.axial_to_offset(kv[0])[::-1]
        )
    ]
    dests = reach_points(ctx, m, p.n, fly)
    order = sorted(dests, key=lambda h: (dests[h].cost, hexes.axial_to_offset(h)[::-1]))
    for h in order:
        wounds = f", {dests[h].wounds} Wounds on the way" if dests[h].wounds else ""
        out.append(
            Action(
                f"to.{key(h)}",
                f"Move to {hexes.label(h)} ({dests[h].cost} pts{wounds})",
                group="move",
                params=(h[0], h[1]),
            )
        )
    fixed = [_stay_action(p)] if alone(ctx, m) else []
    return paged(out, p.page, fixed)


def _step_action(h: Hex, cost: int, hurt: int) -> Action:
    """The move prompt's choice of one step into ``h``."""
    extra = f", {hurt} Escape Damage" if hurt else ""
    return Action(
        f"s.{key(h)}",
        f"Step to {hexes.label(h)} ({cost} pts{extra})",
        group="step",
        params=(h[0], h[1]),
    )


def _stay_action(p: Pending) -> Action:
    """The move prompt's choice to end the move where the model stands."""
    return Action("stay", "Stay here" if not p.steps else "Stop here", group="move")


def _move_find(ctx: Ctx, p: Pending, wanted: str) -> Action | None:
    """The move choice ``wanted`` names. Staying, and a single step on the first page, need no
    route to every destination: single steps come first in the list, so the first page always
    shows them (at most 6, fewer than a page). Anything else is looked up in the whole list."""
    m = ctx.model(p.model)
    if wanted == "stay":
        return _stay_action(p) if alone(ctx, m) else None
    if wanted.startswith("s.") and p.page == 0:
        try:
            h = unkey(wanted[2:])
        except ValueError:
            return None  # not a hex: no choice has this key
        found = steps(ctx, m, p.n, p.skill == "fly").get(h)
        if found is None or wanted != f"s.{key(h)}":
            return None
        return _step_action(h, *found)
    return next((a for a in _move_actions(ctx, p) if a.key == wanted), None)


def _move_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    if turn_page(ctx, p, a):
        return
    m = ctx.model(p.model)
    fly = p.skill == "fly"
    if a.key == "stay":
        settle_mount(ctx, m)
        if p.steps:
            ctx.say("move", f"{ctx.who(m)} stops at {hexes.label(m.hexes[0])}.")
        return
    h = (int(a.params[0]), int(a.params[1]))
    if a.key.startswith("to."):
        route = reach_points(ctx, m, p.n, fly)[h]
        if p.steps:
            for to in route.path:
                if not step(ctx, m, to, "move"):
                    return
            settle_mount(ctx, m)
            ctx.say("move", f"{ctx.who(m)} moves on to {hexes.label(m.hexes[0])}.")
        else:
            walk(ctx, m, route)
        return
    # One step: pay its points, suffer what leaving costs, then ask again with what is left.
    cost = ctx.step_cost(m.hexes[0], h, fly)
    if not p.steps:
        ctx.state.last_path = [m.hexes[0]]
    frm = m.hexes[0]
    if not step(ctx, m, h, "move"):
        return
    ctx.say("move", f"{ctx.who(m)} steps {hexes.label(frm)} → {hexes.label(h)}.")
    left = p.n - cost
    if not steps(ctx, m, left, fly) and alone(ctx, m):
        settle_mount(ctx, m)  # nothing more it can do: the move ends here
        return
    ctx.ask(msgspec.structs.replace(p, n=left, steps=p.steps + 1, page=0))


CHOICES.add(
    "move",
    choice(
        _move_actions,
        _move_answer,
        lambda ctx, p: (
            f"Move {ctx.name(ctx.model(p.model))}: {counted(p.n, 'point')} left. "
            "Step one space, or choose where to stop."
        ),
        _move_find,
    ),
)
