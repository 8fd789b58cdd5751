"""Hex geometry of the Battlefield (A1.10): coordinates, distance, Line of Sight, movement, pushes.

Coordinates are axial ``(q, r)`` on a pointy-top grid. Everything here is exact integer (and, for
Line of Sight, rational) arithmetic: no floats, so a rule decided on one machine is decided the same
everywhere and every test case is exact.

Line of Sight lattice (A5-10): scale the axial plane by 3. A hex centre ``(q, r)`` sits at
``(3q, 3r)`` and its six corners at the centre plus ``CORNERS``, all integers. The lattice basis is
skewed, but straight lines, convexity and the sign of an orientation test do not change under an
affine map, so segment-against-hexagon tests are exact in these coordinates. The squared Euclidean
length of a lattice vector ``(a, b)`` is proportional to ``a² + ab + b²``, which ranks corner pairs by
true distance.

Nothing in this module knows the game state: callers pass the sets (blocking hexes, terrain by hex,
occupied hexes) that a rule needs, so every function is a pure function of its arguments.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache

Hex = tuple[int, int]

#: the six neighbour steps, in a fixed order (east, then counter-clockwise) used for every tie-break
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

#: corner offsets from a centre in the 3x lattice, counter-clockwise from the lower-right corner;
#: the edge from corner i to corner i+1 is shared with the neighbour at ``DIRECTIONS[i]``
CORNERS: tuple[Hex, ...] = ((2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2))


def add(a: Hex, b: Hex) -> Hex:
    """The sum of two axial vectors."""
    return (a[0] + b[0], a[1] + b[1])


def distance(a: Hex, b: Hex) -> int:
    """Spaces between two hexes, counted as the book counts them (hex distance, A1.10 #53)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes touching ``h``, in ``DIRECTIONS`` order (the board may not hold them all)."""
    return [(h[0] + d[0], h[1] + d[1]) for d in DIRECTIONS]


def within(h: Hex, n: int) -> list[Hex]:
    """Every hex within ``n`` spaces of ``h`` (``h`` itself included), in a stable order."""
    out: list[Hex] = []
    for dq in range(-n, n + 1):
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
            out.append((h[0] + dq, h[1] + dr))
    return out


def offset_to_axial(col: int, row: int) -> Hex:
    """Axial coordinates of an "odd-r" offset cell (odd rows shifted right), as boards are drawn."""
    return (col - (row - (row & 1)) // 2, row)


def axial_to_offset(h: Hex) -> tuple[int, int]:
    """The "odd-r" ``(col, row)`` of an axial hex (the inverse of :func:`offset_to_axial`)."""
    q, r = h
    return (q + (r - (r & 1)) // 2, r)


def label(h: Hex) -> str:
    """A short readable name of a hex for menus: column letter(s) and row number, e.g. ``C4``."""
    col, row = axial_to_offset(h)
    letters = ""
    n = col
    while True:
        letters = chr(ord("A") + n % 26) + letters
        n = n // 26 - 1
        if n < 0:
            break
    return f"{letters}{row + 1}"


# ---------------------------------------------------------------------------------- Line of Sight
Point = tuple[int, int]


def centre(h: Hex) -> Point:
    """The centre of ``h`` in the 3x lattice."""
    return (3 * h[0], 3 * h[1])


def corners(h: Hex) -> list[Point]:
    """The six corners of ``h`` in the 3x lattice, counter-clockwise."""
    cx, cy = centre(h)
    return [(cx + dx, cy + dy) for dx, dy in CORNERS]


def norm2(a: int, b: int) -> int:
    """A quantity proportional to the squared Euclidean length of lattice vector ``(a, b)``."""
    return a * a + a * b + b * b


def closest_corner_pairs(a: Hex, b: Hex) -> list[tuple[Point, Point]]:
    """Every pair (corner of ``a``, corner of ``b``) at the least distance (the book's LoS line)."""
    pairs = [(p, q) for p in corners(a) for q in corners(b)]
    best = min(norm2(q[0] - p[0], q[1] - p[1]) for p, q in pairs)
    return [(p, q) for p, q in pairs if norm2(q[0] - p[0], q[1] - p[1]) == best]


def _cross(o: Point, a: Point, p: tuple[Fraction, Fraction] | Point) -> Fraction:
    """Orientation of ``p`` against the directed edge o→a (positive: left side, i.e. inside)."""
    return Fraction((a[0] - o[0]) * (p[1] - o[1]) - (a[1] - o[1]) * (p[0] - o[0]))


def _side(o: Point, a: Point, p: Point) -> int:
    """``_cross`` for a lattice point: an integer, no fraction needed."""
    return (a[0] - o[0]) * (p[1] - o[1]) - (a[1] - o[1]) * (p[0] - o[0])


def _clip(h: Hex, p: Point, q: Point) -> tuple[Fraction, Fraction] | None:
    """The parameter interval [t0, t1] of segment p→q inside the closed hexagon ``h``, or None."""
    t0, t1 = Fraction(0), Fraction(1)
    cs = corners(h)
    for i in range(6):
        o, a = cs[i], cs[(i + 1) % 6]
        f0, f1 = _side(o, a, p), _side(o, a, q)
        if f0 < 0 and f1 < 0:
            return None
        if f0 < 0 or f1 < 0:
            t = Fraction(f0, f0 - f1)  # where the segment crosses this edge's line
            if f0 < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
        if t0 > t1:
            return None
    return t0, t1


def _edges_under(h: Hex, x: tuple[Fraction, Fraction]) -> list[int]:
    """Indexes of the edges of ``h`` that the point ``x`` (inside the closed hexagon) lies on."""
    cs = corners(h)
    return [i for i in range(6) if _cross(cs[i], cs[(i + 1) % 6], x) == 0]


def segment_blocked(p: Point, q: Point, blocking: Collection[Hex], ignore: Collection[Hex] = ()) -> bool:
    """True when segment p→q passes through the inside of the union of ``blocking`` hexes.

    A segment that only touches a blocking hex's boundary (a corner, or running along an edge whose
    other side is open) does not cross it (A5-10). Running along the seam between two blocking
    hexes does cross: the seam is inside their union (RULES_AUDIT "LoS seam").
    """
    if p == q:
        return False
    solid = [h for h in blocking if h not in ignore]
    if not solid:
        return False
    solid_set = set(solid)
    for h in solid:
        span = _clip(h, p, q)
        if span is None or span[0] == span[1]:
            continue  # missed, or touched at a single point
        mid = (span[0] + span[1]) / 2
        x = (p[0] + (q[0] - p[0]) * mid, p[1] + (q[1] - p[1]) * mid)
        on = _edges_under(h, x)
        if not on:
            return True  # through the interior
        # Along an edge: blocked only if the hex across that edge blocks too.
        if any(add(h, DIRECTIONS[i]) in solid_set for i in on):
            return True
    return False


def line_of_sight(a: Hex, b: Hex, blocking: Collection[Hex]) -> bool:
    """Line of Sight between two hexes (A1.10 #61): some closest-corner line crosses no blocker.

    The source picks among equally close corner pairs, so one clear pair is enough. The two end
    hexes never block their own line.
    """
    if a == b:
        return True
    apart = distance(a, b)
    if apart == 1:
        # Neighbours share an edge: their closest corners coincide, a line of no length that
        # nothing can block (test_hexes checks this against the full test).
        return True
    ends = (a, b)
    near = frozenset(h for h in blocking if h not in ends and distance(h, a) + distance(h, b) <= apart + 2)
    if not near:
        return True
    return _clear(a, b, near)


@lru_cache(maxsize=1 << 14)
def _clear(a: Hex, b: Hex, near: frozenset[Hex]) -> bool:
    """Some closest-corner line from ``a`` to ``b`` crosses none of ``near``.

    Remembered: the exact test is rational arithmetic, and the same pairs and blockers come back
    action after action (the terrain stays, models move a few spaces).
    """
    return any(not segment_blocked(p, q, near) for p, q in closest_corner_pairs(a, b))


def adjacent(a: Hex, b: Hex, blocking: Collection[Hex]) -> bool:
    """The book's "adjacent": within 1 space and in Line of Sight (A1.10 #53).

    Two hexes 1 space apart always see each other (see :func:`line_of_sight`), so ``blocking``
    never changes the answer; it is kept so callers state the rule they apply.
    """
    return distance(a, b) == 1


# ---------------------------------------------------------------------------------- terrain costs
class TerrainRule:
    """The movement facts of one terrain kind: extra cost to enter / leave, passable, penalty wounds."""

    __slots__ = ("enter", "leave", "passable", "wounds_on_enter")

    def __init__(
        self, enter: int = 0, leave: int = 0, passable: bool = True, wounds_on_enter: int = 0
    ) -> None:
        self.enter = enter
        self.leave = leave
        self.passable = passable
        self.wounds_on_enter = wounds_on_enter


def step_cost(
    frm: Hex,
    to: Hex,
    terrain: Mapping[Hex, str],
    rules: Mapping[str, TerrainRule],
) -> int:
    """Movement points to step from ``frm`` into the adjacent ``to`` (A1.10 #56).

    1 for the step, plus the leave cost of ``frm``'s terrain and the enter cost of ``to``'s terrain,
    each paid only when the step crosses that terrain's outer boundary: adjacent hexes of the same
    terrain kind form one piece, so stepping between them costs nothing extra.
    """
    a, b = terrain.get(frm, ""), terrain.get(to, "")
    cost = 1
    if a != b:
        if a:
            cost += rules[a].leave
        if b:
            cost += rules[b].enter
    return cost


def passable(h: Hex, terrain: Mapping[Hex, str], rules: Mapping[str, TerrainRule]) -> bool:
    """True when a model may enter ``h`` at all (impassable terrain never)."""
    kind = terrain.get(h, "")
    return not kind or rules[kind].passable


# ---------------------------------------------------------------------------------- movement
class Route:
    """A way to reach one destination: the single steps, movement spent, wounds risked on the way.

    Never changed once made: remembered routes are shared by every caller (``moves._Search``).
    """

    __slots__ = ("cost", "path", "wounds")

    def __init__(self, path: tuple[Hex, ...], cost: int, wounds: int) -> None:
        self.path = path  # the hexes entered, in order (the start is not included)
        self.cost = cost
        self.wounds = wounds

    def __repr__(self) -> str:
        return f"Route({self.path}, cost={self.cost}, wounds={self.wounds})"


def routes(
    start: Hex,
    points: int,
    board: Collection[Hex],
    *,
    cost: Callable[[Hex, Hex], int],
    may_enter: Callable[[Hex], bool],
    may_end: Callable[[Hex], bool],
    wounds_leaving: Callable[[Hex], int] = lambda h: 0,
    wounds_entering: Callable[[Hex], int] = lambda h: 0,
) -> dict[Hex, Route]:
    """Every destination reachable with ``points`` movement, each by its safest route (A1.10 #54-59).

    ``may_enter`` says a step may pass through a hex (not an Enemy, not impassable); ``may_end`` says
    a move may stop there (not an Ally either). The route to each destination is chosen to suffer the
    fewest Wounds (Escape Damage while leaving hexes, Terrain Penalties on entering), then to spend the
    fewest points, then by the first step in ``DIRECTIONS`` order, so a move by destination is always
    expanded into the same single steps (RULES_AUDIT "move by destination").
    """
    # Labels per (hex, points spent): a route with more Wounds but fewer points may still reach
    # farther, so the two criteria are not folded into one key until a destination is chosen.
    # Each label keeps the least (wounds, directions) that reached it; every step costs at least
    # 1 point, so one pass in order of points spent settles every label (the order within a layer
    # does not matter: a label only ever keeps the least of what reaches it).
    best: dict[tuple[Hex, int], tuple[int, tuple[int, ...]]] = {(start, 0): (0, ())}
    layers: list[list[Hex]] = [[] for _ in range(points + 1)]
    layers[0].append(start)
    # A hex is left from every label it holds: its ways out (direction, hex, points, Wounds of
    # leaving here and entering there) are worked out once.
    exits: dict[Hex, list[tuple[int, Hex, int, int]]] = {}
    # A label no safer than one that reached the same hex for fewer points is never left from:
    # whatever it would reach, that cheaper label reaches for fewer points with no more Wounds,
    # and a destination's choice ranks Wounds, then points, before the directions.
    least: dict[Hex, int] = {}  # the fewest Wounds of a label left from each hex so far
    for spent in range(points + 1):
        for here in layers[spent]:
            wounds, dirs = best[(here, spent)]
            if least.get(here, wounds + 1) <= wounds:
                continue
            least[here] = wounds
            ways = exits.get(here)
            if ways is None:
                ways = _ways_out(here, start, board, cost, may_enter, wounds_leaving, wounds_entering)
                exits[here] = ways
            for i, there, step, hurt in ways:
                total = spent + step
                if total > points:
                    continue
                label = (wounds + hurt, (*dirs, i))
                old = best.get((there, total))
                if old is None:
                    best[(there, total)] = label
                    layers[total].append(there)
                elif label < old:
                    best[(there, total)] = label
    chosen: dict[Hex, tuple[int, int, tuple[int, ...]]] = {}
    for (h, spent), (wounds, dirs) in best.items():
        key = (wounds, spent, dirs)
        if h not in chosen or key < chosen[h]:
            chosen[h] = key
    out: dict[Hex, Route] = {}
    for h, (wounds, spent, dirs) in chosen.items():
        if h == start or not may_end(h):
            continue
        path: list[Hex] = []
        at = start
        for i in dirs:
            at = add(at, DIRECTIONS[i])
            path.append(at)
        out[h] = Route(tuple(path), spent, wounds)
    return out


def _ways_out(
    here: Hex,
    start: Hex,
    board: Collection[Hex],
    cost: Callable[[Hex, Hex], int],
    may_enter: Callable[[Hex], bool],
    wounds_leaving: Callable[[Hex], int],
    wounds_entering: Callable[[Hex], int],
) -> list[tuple[int, Hex, int, int]]:
    """The steps a route may take from ``here``: (direction, hex, points, Wounds), for :func:`routes`."""
    leave = wounds_leaving(here)
    out = []
    for i, d in enumerate(DIRECTIONS):
        there = (here[0] + d[0], here[1] + d[1])
        if there in board and there != start and may_enter(there):
            out.append((i, there, cost(here, there), leave + wounds_entering(there)))
    return out


def escape_wounds(leaving: Hex, enemies: Iterable[Hex], blocking: Collection[Hex]) -> int:
    """Escape Damage for leaving ``leaving``: 1 Wound per Enemy adjacent to it (A1.10 #59)."""
    return sum(1 for e in enemies if adjacent(leaving, e, blocking))


# ---------------------------------------------------------------------------------- pushes
def push_destinations(
    start: Hex,
    source: Hex,
    n: int,
    mode: str,
    board: Collection[Hex],
    may_enter: Callable[[Hex], bool],
) -> dict[Hex, tuple[Hex, ...]]:
    """Where a push of up to ``n`` spaces may leave an element, each with its single steps (A1.10 #58).

    ``mode`` is ``"away"`` (may not end closer to ``source`` than it started), ``"towards"`` (may not
    end farther) or ``"any"``. Pushes ignore movement costs and Daze but respect ``may_enter``
    (impassable terrain, other models: A5-8). Staying put is always allowed ("up to"). Each
    destination's steps are the shortest, first by ``DIRECTIONS`` order.
    """
    d0 = distance(start, source)
    paths: dict[Hex, tuple[Hex, ...]] = {start: ()}
    frontier = [start]
    for _ in range(n):
        nxt: list[Hex] = []
        for here in frontier:
            for there in neighbours(here):
                if there in paths or there not in board or not may_enter(there):
                    continue
                paths[there] = (*paths[here], there)
                nxt.append(there)
        frontier = nxt
    out: dict[Hex, tuple[Hex, ...]] = {}
    for h, path in paths.items():
        d = distance(h, source)
        if (mode == "away" and d < d0) or (mode == "towards" and d > d0):
            continue
        out[h] = path
    return out


# ---------------------------------------------------------------------------------- mounted models
def footprints(anchor: Hex) -> list[tuple[Hex, Hex]]:
    """The six ways a two-hex (mounted) model can lie with one hex on ``anchor`` (A1.10 #60)."""
    return [(anchor, n) for n in neighbours(anchor)]


def footprint_fits(
    cells: tuple[Hex, ...],
    board: Collection[Hex],
    terrain: Mapping[Hex, str],
    free: Callable[[Hex], bool],
) -> bool:
    """True when a mounted model may lie on ``cells``: on the board, free, never half in a terrain.

    "Never half on, half off Terrain" (A1.10 #60): both hexes carry the same terrain kind (or none).
    """
    kinds = {terrain.get(c, "") for c in cells}
    return all(c in board and free(c) for c in cells) and len(kinds) == 1


def footprint_adjacent(cells: Iterable[Hex], other: Iterable[Hex], blocking: Collection[Hex]) -> bool:
    """True when any hex of one footprint is adjacent to any hex of the other."""
    mine = list(cells)
    return any(adjacent(a, b, blocking) for a in mine for b in other)


def footprint_distance(cells: Iterable[Hex], other: Iterable[Hex]) -> int:
    """The least distance between two footprints (a mounted model is as near as its nearest hex)."""
    mine = list(cells)
    return min(distance(a, b) for a in mine for b in other)
