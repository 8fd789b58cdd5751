"""Moving (A1.10 #54-60): single steps, Move Actions step by step or by destination, pushes,
Escape Damage.

Every change of space goes through :func:`step`, one hex at a time, so the per-step rules (Escape
Damage for leaving a space next to Enemies, Terrain Penalties for entering one) are exact whatever
moved the model. The move prompt offers both ways (A5-5): single steps, asked again after each with
the points left, and destinations, expanded into their single steps by ``hexes.routes`` (the safest
route, documented there). A move may pass through Allies but stops only on a free space.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import TypeVar

import msgspec

from engines.core.types import Action, counted
from engines.eternia import hexes
from engines.eternia.ctx import CHOICES, TASKS, Ctx, choice, key, paged, terrain_rules, turn_page, unkey
from engines.eternia.damage import wound
from engines.eternia.hexes import Hex, Route
from engines.eternia.state import EtTask, Model, Pending

T = TypeVar("T")


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


def points(ctx: Ctx, m: Model, base: int) -> int:
    """Movement points of a move: one less while Dazed (A1.9 #51)."""
    return max(0, base - (1 if m.dazed else 0))


def reach(ctx: Ctx, m: Model, base: int, fly: bool = False) -> dict[Hex, Route]:
    """Every destination ``m`` may end a move of ``base`` spaces on, with its safest route."""
    return reach_points(ctx, m, points(ctx, m, base), fly)


def reach_points(ctx: Ctx, m: Model, left: int, fly: bool = False, at: Hex | None = None) -> dict[Hex, Route]:
    """Every destination reachable from ``at`` (default: where ``m`` stands) with ``left`` points."""
    return _Search(ctx, m, fly).routes(at if at is not None else m.hexes[0], left)


def can_move(ctx: Ctx, m: Model, base: int, fly: bool = False) -> bool:
    """Whether ``reach(ctx, m, base, fly)`` has any destination, found without every safest route.

    The Activation menu only asks whether a move is possible; the full route search (every route
    with its Wounds) was most of an action's cost.
    """
    return _Search(ctx, m, fly).any_destination(m.hexes[0], points(ctx, m, base))


#: route searches remembered by value (see ``_Search.routes``), oldest dropped first
_ROUTES: dict[tuple[object, ...], dict[Hex, Route]] = {}
_ROUTES_KEPT = 64


class _Search:
    """The rules of one route search for ``m``, each worked out once per hex or per step.

    Nothing on the Battlefield changes during a search, so the terrain and token maps, the spaces
    a step may not enter and the Escape Damage next to each Enemy are read once here, not once per
    step tried (the search tries every step from every label: this was most of an Eternia action's
    cost). Each answer is the same as ``Ctx``'s for the same hex (named on each method).
    """

    def __init__(self, ctx: Ctx, m: Model, fly: bool) -> None:
        self.fly = fly
        self.ctx, self.m = ctx, m
        self.board = set(ctx.state.board)
        self.terrain, self.tokens = ctx.terrain_map(), ctx.token_map()
        self.rules = terrain_rules()
        kinds = ctx.content.terrain
        foes = ctx.enemies(m)
        enemies = {h for e in foes for h in e.hexes}
        taken = {h for o in ctx.state.models if o is not m for h in o.hexes}
        closed = {h for h, kind in (*self.terrain.items(), *self.tokens.items()) if not kinds[kind].passable}
        self.marked = self.terrain.keys() | self.tokens.keys()  # spaces whose step costs may differ from 1
        self.foes = foes
        # the Wounds of each space (see _count_wounds), needed only when routes are worked out
        self.wounds: dict[Hex, int] = {}
        self.foes_near: dict[Hex, int] = {}
        self.counted = False
        if len(m.hexes) == 1:
            stop = enemies | closed
            self.may_enter: Callable[[Hex], bool] = lambda h: h not in stop
            self.may_end: Callable[[Hex], bool] = lambda h: h not in taken
        else:  # a mounted model: its second hex must fit too (mount_fits)
            self.may_enter = _per_hex(
                lambda h: h not in enemies and h not in closed and mount_fits(ctx, m, h, True)
            )
            self.may_end = _per_hex(lambda h: h not in taken and mount_fits(ctx, m, h, False))

    def cost(self, a: Hex, b: Hex) -> int:
        """As ``Ctx.step_cost``."""
        if self.fly or (a not in self.marked and b not in self.marked):
            return 1
        rules = self.rules
        return hexes.step_cost(a, b, self.terrain, rules) + hexes.step_cost(a, b, self.tokens, rules) - 1

    def _count_wounds(self) -> None:
        """Fill in the Wounds by space: Terrain Penalties as ``Ctx.penalty`` (the piece's and the
        token's, on the marked spaces only) and Escape Damage as ``Ctx.adjacent_enemies`` (1 per
        Enemy with a hex 1 space away: spaces 1 apart always see each other, see hexes.adjacent)."""
        if self.counted:
            return
        self.counted = True
        kinds = self.ctx.content.terrain
        for h in self.marked:
            hurt = sum(kinds[k].penalty_wounds for k in (self.terrain.get(h), self.tokens.get(h)) if k)
            if hurt:
                self.wounds[h] = hurt
        for e in self.foes:
            for h in {n for x in e.hexes for n in hexes.neighbours(x)}:
                self.foes_near[h] = self.foes_near.get(h, 0) + 1

    def escape(self, h: Hex) -> int:
        """As ``Ctx.adjacent_enemies``."""
        return self.foes_near.get(h, 0)

    def penalty(self, h: Hex) -> int:
        """As ``Ctx.penalty``."""
        return self.wounds.get(h, 0)

    def routes(self, start: Hex, left: int) -> dict[Hex, Route]:
        """Every destination from ``start`` with ``left`` points, each by its safest route.

        Remembered by value (the search's facts, the start and the points), since the same search
        comes back several times for one state: the move prompt is listed for the buttons and for
        each check of a click, and ``apply`` looks the destination up before it walks the route.
        """
        state, m = self.ctx.state, self.m
        # Everything the search's answers are made of, as plain values.
        wanted = (
            id(self.ctx.content),  # loaded once per process (``content()``), so its identity names it
            self.fly,
            m.side,
            len(m.hexes),
            tuple((o.side, o.kind, tuple(o.hexes)) for o in state.models if o is not m and o.hexes),
            tuple(state.board),
            tuple(state.terrain.items()),
            tuple(state.tokens.items()),
            start,
            left,
        )
        known = _ROUTES.get(wanted)
        if known is None:
            self._count_wounds()
            known = hexes.routes(
                start,
                left,
                self.board,
                cost=self.cost,
                may_enter=self.may_enter,
                may_end=self.may_end,
                wounds_leaving=self.escape,
                wounds_entering=self.penalty,
            )
            if len(_ROUTES) >= _ROUTES_KEPT:
                _ROUTES.pop(next(iter(_ROUTES)), None)  # the oldest
            _ROUTES[wanted] = known
        return dict(known)  # the caller's own dict; the routes themselves are never changed

    def any_destination(self, start: Hex, left: int) -> bool:
        """Whether :meth:`routes` has any destination: some space a move may end on can be reached
        within ``left`` points at all, which a cheapest-cost search stopping at the first one answers."""
        spent_at: dict[Hex, int] = {start: 0}
        frontier = [(0, start)]
        while frontier:
            spent, here = heapq.heappop(frontier)
            if spent > spent_at[here]:
                continue
            for d in hexes.DIRECTIONS:
                there = (here[0] + d[0], here[1] + d[1])
                if there not in self.board or there == start or not self.may_enter(there):
                    continue
                total = spent + self.cost(here, there)
                if total > left:
                    continue
                if self.may_end(there):
                    return True
                if total < spent_at.get(there, total + 1):
                    spent_at[there] = total
                    heapq.heappush(frontier, (total, there))
        return False


def _per_hex(answer: Callable[[Hex], T]) -> Callable[[Hex], T]:
    """``answer`` remembered per hex for one search (the route search asks about a hex many times)."""
    known: dict[Hex, T] = {}

    def ask(h: Hex) -> T:
        if h not in known:
            known[h] = answer(h)
        return known[h]

    return ask


def walk(ctx: Ctx, m: Model, route: Route) -> None:
    """Follow a route step by step (stops if the model is KO'ed on the way)."""
    ctx.state.last_path = [m.hexes[0]]
    start = m.hexes[0]
    for h in route.path:
        if not step(ctx, m, h, "move"):
            return
    settle_mount(ctx, m)
    ctx.say("move", f"{ctx.who(m)} moves {hexes.label(start)} → {hexes.label(m.hexes[0])}.")


def push_options(ctx: Ctx, target: Model, source: Model, n: int, mode: str) -> dict[Hex, tuple[Hex, ...]]:
    """Where ``source`` may push ``target`` (A1.10 #58; other models and impassable spaces stop it)."""
    taken = ctx.occupied() - set(target.hexes)
    return hexes.push_destinations(
        target.hexes[0],
        source.hexes[0],
        n,
        mode,
        set(ctx.state.board),
        may_enter=lambda h: h not in taken and ctx.passable(h) and mount_fits(ctx, target, h, False),
    )


def push(ctx: Ctx, target: Model, path: tuple[Hex, ...], by: Model) -> None:
    """Push ``target`` along ``path`` (no Escape Damage, not shortened by Daze)."""
    if not path:
        return
    start = target.hexes[0]
    ctx.state.last_path = [start]
    for h in path:
        if not step(ctx, target, h, "push"):
            return
    settle_mount(ctx, target)
    ctx.say(
        "push",
        f"{ctx.who(by)} pushes {ctx.who(target)} {hexes.label(start)} → {hexes.label(target.hexes[0])}.",
    )


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
    search: _Search | None = None  # made only when a step would enter an Ally's space
    out: dict[Hex, tuple[int, int]] = {}
    for h in hexes.neighbours(here):
        if h not in board or h in enemies or not ctx.passable(h) or not mount_fits(ctx, m, h, True):
            continue
        cost = ctx.step_cost(here, h, fly)
        if cost > left:
            continue
        if h in mates or not mount_fits(ctx, m, h, False):
            search = search or _Search(ctx, m, fly)
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
