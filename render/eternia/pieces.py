"""What stands on each hex, laid out so that nothing covers anything else.

Every hex keeps fixed places: its coordinate label at the top, a model's piece in the middle (its
HP tab under it, a Dazed badge on its shoulder), an Objective star in the lower-left corner and a
Scenario token flag in the lower-right one. A mounted model fills two hexes: a piece in each,
joined by a bar across their shared edge, which never runs through the lower corners; its HP tab
and Dazed badge go on the disc the bar does not leave downwards. :func:`map_marks` returns every
shape and word as data, so the layout can be checked geometrically (tests do), and
``render.core.marks.draw_marks`` draws exactly those.
"""

from __future__ import annotations

import math

from engines.eternia.hexes import Hex
from engines.eternia.state import EtView, ModelView
from render.core.canvas import Canvas, text_width
from render.core.marks import Mark, Shape, Words
from render.core.palette import INK, MUTED, RGB, ink_on, tint
from render.eternia.hexmap import MapLayout
from render.eternia.palette import (
    DAZED,
    GOLD,
    HEX_FILL,
    HP,
    NEUTRAL,
    WHITE,
    character_colour,
    side_colour,
    terrain_colour,
)
from render.eternia.words import code, design_of, hex_label

# Places inside a hex, in units of the hex radius (62 px at full size), from its centre.
LABEL_DY = -0.55
DISC_DY = 0.10
R_CHAR, R_SMALL = 0.42, 0.35
TAB_DY, TAB_W, TAB_H = 0.52, 0.54, 0.25
BADGE_DX, BADGE_DY, BADGE_R = 0.37, -0.25, 0.15
SLOT_DX, SLOT_DY, SLOT_R = 0.58, 0.33, 0.11  # tucked into the lower corners, clear of bars and tab
BAR_W = 0.11
ACTIVE_RING = 3  # px


#: one thing on the map (a label, an Objective, a beacon, a piece) and the hexes it must stay inside
MapMark = Mark[Hex]


def _disc(cx: float, cy: float, r: float, fill: RGB, ring: RGB | None, width: int) -> Shape:
    return Shape("ellipse", (cx - r, cy - r, cx + r, cy + r), fill, ring, width)


def label_mark(lay: MapLayout, h: Hex, ground: RGB) -> MapMark:
    """The hex's coordinate ("C4") at its top, in a colour that reads on its ground."""
    cx, cy = lay.centre(h)
    size = max(9, round(lay.size * 0.23))
    ink = MUTED if ink_on(ground) == INK else WHITE
    words = Words((cx, cy + LABEL_DY * lay.size), hex_label(h), size, ink, "condensed")  # "K10" stays narrow
    return Mark("label", (h,), words=(words,))


def _slot(lay: MapLayout, h: Hex, side: int) -> tuple[float, float, float]:
    """The centre and radius of the lower-left (-1) or lower-right (+1) feature slot of ``h``."""
    cx, cy = lay.centre(h)
    return cx + side * SLOT_DX * lay.size, cy + SLOT_DY * lay.size, SLOT_R * lay.size


def objective_mark(lay: MapLayout, h: Hex, side: int) -> MapMark:
    """An Objective token: a gold star in a feature slot."""
    x, y, r = _slot(lay, h, side)
    points: list[float] = []
    for i in range(10):
        reach = r if i % 2 == 0 else r * 0.45
        angle = math.radians(-90 + 36 * i)
        points += [x + reach * math.cos(angle), y + reach * math.sin(angle)]
    return Mark("objective", (h,), shapes=(Shape("polygon", tuple(points), GOLD, INK),))


def beacon_mark(lay: MapLayout, h: Hex, holder: str, side: int) -> MapMark:
    """A Scenario token: a pennant in its holder's colour (grey while unclaimed) on a white disc."""
    x, y, r = _slot(lay, h, side)
    colour = side_colour(holder) if holder else NEUTRAL
    f = r * 0.72  # the pennant's reach inside the disc
    pole = (x - f * 0.55, y - f, x - f * 0.25, y - f, x - f * 0.25, y + f, x - f * 0.55, y + f)
    flag = (x - f * 0.25, y - f, x + f, y - f * 0.4, x - f * 0.25, y + f * 0.2)
    shapes = (_disc(x, y, r, WHITE, INK, 1), Shape("polygon", pole, INK), Shape("polygon", flag, colour, INK))
    return Mark("beacon", (h,), shapes=shapes)


def piece_colours(m: ModelView) -> tuple[RGB, RGB]:
    """A piece's fill and ring: a Character's own colour, a Minion the side's; the ring is the side's."""
    ring = side_colour(m.side) if m.kind != "npc" else NEUTRAL
    if m.kind == "character":
        return character_colour(design_of(m)), ring
    return (WHITE if m.kind == "npc" else tint(ring, 0.8)), ring


def _code_size(text: str, room: float, start: int, weight: str) -> int:
    """The largest size (down to 9 px) at which ``text`` fits ``room`` px."""
    size = start
    while size > 9 and text_width(text, size, weight) > room:
        size -= 1
    return size


def _tab(cx: float, cy: float, lay: MapLayout, m: ModelView, ring: RGB) -> tuple[Shape, Words]:
    """The HP tab under a piece: current HP, red when a third or less is left."""
    w, h = TAB_W * lay.size, TAB_H * lay.size
    y = cy + TAB_DY * lay.size
    low = m.hp * 3 <= m.max_hp
    fill = HP if low else WHITE
    text = str(m.hp)
    size = _code_size(f"{text}♥", w - 6, max(10, round(lay.size * 0.27)), "bold")
    box = Shape(
        "rounded", (cx - w / 2, y - h / 2, cx + w / 2, y + h / 2), fill, ring, 2, max(2, round(h / 3))
    )
    return box, Words((cx, y), f"{text}♥", size, WHITE if low else HP)


def _badge(x: float, y: float, lay: MapLayout) -> tuple[Shape, Words]:
    """The Dazed badge: a yellow disc with "Z"."""
    r = BADGE_R * lay.size
    return _disc(x, y, r, DAZED, INK, 1), Words((x, y), "Z", max(9, round(r * 1.3)), INK)


def piece_mark(lay: MapLayout, m: ModelView, active: bool = False) -> MapMark:
    """A model's piece: a disc per hex with its code, the HP tab (if it has more than 1 HP), Dazed.

    The model activating now wears a gold ring around its disc.
    """
    fill, ring = piece_colours(m)
    big = m.kind == "character" or len(m.hexes) > 1
    r = (R_CHAR if big else R_SMALL) * lay.size
    text = code(m)
    weight = "bold" if len(text) <= 2 else "condensed"
    size = _code_size(text, 2 * r - 8, round(lay.size * (0.37 if big else 0.31)), weight)
    shapes: list[Shape] = []
    words: list[Words] = []
    centres = [lay.centre(h) for h in m.hexes]
    discs = [(x, y + DISC_DY * lay.size) for x, y in centres]
    if len(discs) == 2:
        shapes.append(_bar(discs[0], discs[1], BAR_W * lay.size / 2, ring))
    for x, y in discs:
        if active:
            shapes.append(_disc(x, y, r + ACTIVE_RING, GOLD, None, 1))
        shapes.append(_disc(x, y, r, fill, ring, max(2, round(lay.size / 16))))
        words.append(Words((x, y), text, size, ink_on(fill), weight))
    home, partner = _home(discs)
    hx, hy = home
    if m.max_hp > 1:
        box, hp = _tab(hx, centres[discs.index(home)][1], lay, m, ring)
        shapes.append(box)
        words.append(hp)
    if m.dazed:
        side = -1 if partner is not None and partner[0] > hx and partner[1] < hy - 1 else 1
        bx = hx + side * BADGE_DX * lay.size
        by = centres[discs.index(home)][1] + BADGE_DY * lay.size
        disc, z = _badge(bx, by, lay)
        shapes.append(disc)
        words.append(z)
    return Mark("piece", tuple(m.hexes), tuple(shapes), tuple(words))


def _home(discs: list[tuple[float, float]]) -> tuple[tuple[float, float], tuple[float, float] | None]:
    """Which disc carries the HP tab and badge: the one whose partner is not below it (the tab is)."""
    if len(discs) < 2:
        return discs[0], None
    a, b = discs[0], discs[1]
    return (a, b) if b[1] <= a[1] + 1 else (b, a)


def _bar(a: tuple[float, float], b: tuple[float, float], half: float, fill: RGB) -> Shape:
    """A bar of half-width ``half`` from ``a`` to ``b`` (the link between a mounted model's discs)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * half, dx / length * half
    pts = (a[0] + nx, a[1] + ny, b[0] + nx, b[1] + ny, b[0] - nx, b[1] - ny, a[0] - nx, a[1] - ny)
    return Shape("polygon", pts, fill)


def map_marks(lay: MapLayout, view: EtView, labels: bool = True) -> list[MapMark]:
    """Everything drawn on the hexes of ``view``'s map, in drawing order (``labels``: the coordinates too)."""
    marks: list[MapMark] = []
    for h in view.board if labels else ():
        ground = ground_colour(view, h)
        marks.append(label_mark(lay, h, ground))
    objectives = set(view.objectives)
    for h in view.board:
        key = f"{h[0]},{h[1]}"
        if h not in objectives and key not in view.beacons:
            continue
        if h in objectives:
            marks.append(objective_mark(lay, h, -1))
        if key in view.beacons:
            marks.append(beacon_mark(lay, h, view.beacons[key], 1))
    marks += [piece_mark(lay, m, m.id == view.active_model) for m in view.models if m.hexes]
    return marks


def ground_colour(view: EtView, h: Hex) -> RGB:
    """The fill of a hex: its token, else its terrain, else plain ground."""
    key = f"{h[0]},{h[1]}"
    kind = view.tokens.get(key) or view.terrain.get(key)
    return terrain_colour(kind) if kind else HEX_FILL


def hex_polygon(lay: MapLayout, h: Hex, inset: float = 0.0) -> list[tuple[float, float]]:
    """The corners of ``h`` on the picture, ``inset`` px in."""
    return lay.corners(h, inset)


def ring(
    c: Canvas, outer: list[tuple[float, float]], inner: list[tuple[float, float]], colour: RGB, inside: RGB
) -> None:
    """An outline drawn inwards: ``outer`` filled with ``colour``, then ``inner`` with ``inside``.

    Pillow draws an outline wider than 1 px through a mask the size of the whole picture, one
    per polygon; a board has over a hundred hexes, so that was most of a board's drawing time.
    Two fills put the same ink inside the polygon for the cost of two small polygons.
    """
    c.draw.polygon(outer, fill=colour)
    c.draw.polygon(inner, fill=inside)
