"""The route search of a Move Action (A1.10 #54-56, A5-5): every destination a model may end a move
on, each by its safest route, and whether it may move at all.

Movement points are the move's spaces less one while Dazed (A1.9 #51); a step costs what the terrain
piece and the token on its spaces say (#56). The search itself is ``hexes.routes``; this module
reads the Battlefield's facts for it once per search and remembers its answers by value.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import TypeVar

from engines.eternia import hexes
from engines.eternia.ctx import Ctx, terrain_rules
from engines.eternia.hexes import Hex, Route
from engines.eternia.mounted import mount_fits
from engines.eternia.state import Model

T = TypeVar("T")


def points(ctx: Ctx, m: Model, base: int) -> int:
    """Movement points of a move: one less while Dazed (A1.9 #51)."""
    return max(0, base - (1 if m.dazed else 0))


def reach(ctx: Ctx, m: Model, base: int, fly: bool = False) -> dict[Hex, Route]:
    """Every destination ``m`` may end a move of ``base`` spaces on, with its safest route."""
    return reach_points(ctx, m, points(ctx, m, base), fly)


def reach_points(ctx: Ctx, m: Model, left: int, fly: bool = False, at: Hex | None = None) -> dict[Hex, Route]:
    """Every destination reachable from ``at`` (default: where ``m`` stands) with ``left`` points."""
    return RouteSearch(ctx, m, fly).routes(at if at is not None else m.hexes[0], left)


def can_move(ctx: Ctx, m: Model, base: int, fly: bool = False) -> bool:
    """Whether ``reach(ctx, m, base, fly)`` has any destination, found without every safest route.

    The Activation menu only asks whether a move is possible; the full route search (every route
    with its Wounds) was most of an action's cost.
    """
    return RouteSearch(ctx, m, fly).any_destination(m.hexes[0], points(ctx, m, base))


#: route searches remembered by value (see ``RouteSearch.routes``), oldest dropped first
_ROUTES: dict[tuple[object, ...], dict[Hex, Route]] = {}
_ROUTES_KEPT = 64


class RouteSearch:
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
