"""The public table, laid out landscape so it still reads when Discord shrinks it to ~550 px wide.

Left: the header, a strip with VP, Escalation and the last roll, the Battlefield, the Activation
Track under it and the map's key. Right: both sides' rosters one above the other (each Character's
HP, Armor, Power and Skills, the Minions, the Controller Skills and the Strategy counts). Only
public facts are drawn (face-down cards as backs, no Strategy hand), so the picture is the same
whoever looks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from engines.eternia.hexes import Hex, axial_to_offset, label
from engines.eternia.state import EtView
from render.core.indexed_canvas import IndexedCanvas as Canvas
from render.core.marks import Box, draw_marks
from render.core.palette import INK, MUTED, PANEL, RGB, tint
from render.eternia.fitting import cached_part, recording_now, text_in
from render.eternia.hexmap import MapLayout, fit_layout
from render.eternia.legend import draw_legend, legend_height, legend_items
from render.eternia.palette import (
    DIE,
    GOLD,
    HEX_FILL,
    HEX_LINE,
    LOS,
    PATH,
    WHITE,
    WIDTH,
    indexed_palette,
    rim_of,
    side_colour,
    terrain_colour,
)
from render.eternia.pieces import DISC_DY, label_mark, map_marks, ring
from render.eternia.roster import Row, columns, draw_stacked, stacked_height
from render.eternia.track import draw_track
from render.eternia.words import headline, scenario_name

M = 16  # outer margin
GAP = 12  # between panels
HEADER_H = 56
LEFT_W = 972  # the map's column: row numbers and hexes (12 columns at a 44 px hex radius)
SIDE_X = M + LEFT_W + GAP  # the rosters' column
SIDE_W = WIDTH - SIDE_X - M
STATUS_Y, STATUS_H = HEADER_H + GAP, 86
LETTERS_H = 28  # column letters above the map
MAP_Y = STATUS_Y + STATUS_H + 6 + LETTERS_H  # the top corner of the first row
ROW_GUTTER = 30  # room for row numbers left of the map
TRACK_H = 96


@dataclass(frozen=True)
class BoardLayout:
    """Where each part of the board goes: panel boxes by name, the map's geometry, the size."""

    width: int
    height: int
    panels: dict[str, Box]
    map: MapLayout
    sides: dict[str, list[Row]]  # the rosters' rows, sized here and drawn as they are

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the picture."""
        return (self.width, self.height)


def board_layout(view: EtView) -> MapLayout:
    """Where the map's hexes go on the board picture."""
    return fit_layout(view.board, M + ROW_GUTTER, MAP_Y, LEFT_W - ROW_GUTTER)


def layout(view: EtView, names: Sequence[str] = ()) -> BoardLayout:
    """The boxes of every panel of the board for ``view`` (tests check that none overlap)."""
    lay = board_layout(view)
    right = M + LEFT_W
    third = (LEFT_W - 2 * GAP) / 3
    status = {
        "vp": (M, STATUS_Y, M + third, STATUS_Y + STATUS_H),
        "escalation": (M + third + GAP, STATUS_Y, M + 2 * third + GAP, STATUS_Y + STATUS_H),
        "roll": (M + 2 * third + 2 * GAP, STATUS_Y, right, STATUS_Y + STATUS_H),
    }
    map_bottom = MAP_Y + lay.pixel_height
    track_y = math.ceil(map_bottom) + GAP  # whole pixels: the parts below are pasted from patches
    legend_y = track_y + TRACK_H + GAP
    legend_bottom = legend_y + legend_height(view, LEFT_W)
    sides = columns(view, SIDE_W, names)
    side_bottom = STATUS_Y + stacked_height(sides)
    height = int(max(legend_bottom, side_bottom) + M)
    panels: dict[str, Box] = {
        "header": (0, 0, WIDTH, HEADER_H),
        **status,
        "map": (M, MAP_Y - LETTERS_H, right, map_bottom),
        "track": (M, track_y, right, track_y + TRACK_H),
        "legend": (M, legend_y, right, legend_bottom),
        "rosters": (SIDE_X, STATUS_Y, WIDTH - M, side_bottom),
    }
    return BoardLayout(WIDTH, height, panels, lay, sides)


def render_board(view: EtView, names: Sequence[str] = ()) -> Canvas:
    """Draw the whole public board for ``view`` (never anything private); ``names`` by seat."""
    plan = layout(view, names)
    p = plan.panels
    c = Canvas(plan.width, plan.height, indexed_palette())
    # the panels that repeat from board to board are pasted from the kit's patches when seen before
    head = (scenario_name(view), f"Game over: {view.result}" if view.over and view.result else headline(view))
    cached_part(c, ("header", *head), (0, 0, WIDTH - 1, HEADER_H), lambda c, x, y: _header(c, view))
    _part(c, ("vp", view.vp_target, *sorted(view.vp.items())), p["vp"], lambda c, *b: _vp(c, view, *b))
    rise = ("escalation", view.escalation, view.levels, *view.escalation_track)
    _part(c, rise, p["escalation"], lambda c, *b: _escalation(c, view, *b))
    roll = ("roll", *view.last_roll, *(label(h) for h in view.last_los[:1] + view.last_los[-1:]))
    _part(c, roll, p["roll"], lambda c, *b: _dice(c, view, *b))
    draw_map(c, view, plan.map)
    x0, y0, x1, y1 = p["track"]
    draw_track(c, view, x0, y0, x1 - x0, y1 - y0)
    key = ("legend", LEFT_W, *legend_items(view))
    cached_part(c, key, p["legend"], lambda c, x, y: draw_legend(c, view, x, y, LEFT_W))
    draw_stacked(c, view, p["rosters"][0], p["rosters"][1], SIDE_W, plan.sides)
    return c


def _part(
    c: Canvas, key: tuple[object, ...], box: Box, draw: Callable[[Canvas, float, float, float, float], None]
) -> None:
    """A panel drawn by ``draw(c, x0, y0, x1, y1)`` that depends on ``key`` alone (cached)."""
    x0, y0, x1, y1 = box
    cached_part(c, key, box, lambda c, x, y: draw(c, x, y, x + x1 - x0, y + y1 - y0))


# ------------------------------------------------------------------------------------------ header
def _header(c: Canvas, view: EtView) -> None:
    c.draw.rectangle((0, 0, WIDTH, HEADER_H), fill=INK)
    used = text_in(c, (M, 6, 330, HEADER_H - 6), "Clash for Eternia", 30, WHITE, "bold")
    title_w = c.textlength("Clash for Eternia", used, "bold")
    text_in(c, (M + title_w + 16, 8, 760, HEADER_H - 8), scenario_name(view), 22, tint(MUTED, 0.6))
    right = f"Game over: {view.result}" if view.over and view.result else headline(view)
    text_in(c, (780, 8, WIDTH - M, HEADER_H - 8), right, 24, WHITE, "bold", "r")


def _panel(c: Canvas, box: tuple[float, float, float, float], title: str) -> None:
    c.box(box, fill=PANEL, outline=tint(INK, 0.6), width=1, radius=10)
    text_in(c, (box[0] + 12, box[1] + 4, box[2] - 12, box[1] + 30), title, 19, INK, "bold")


def _vp(c: Canvas, view: EtView, x0: float, y0: float, x1: float, y1: float) -> None:
    _panel(c, (x0, y0, x1, y1), f"Victory Points · first to {view.vp_target}")
    for i, side in enumerate(("team", "ctrl")):
        y = y0 + 32 + i * 26
        colour = side_colour(side)
        name = "Player Team" if side == "team" else "Controller"
        text_in(c, (x0 + 12, y, x0 + 124, y + 24), name, 17, colour, "bold")
        bar = (x0 + 128, y + 4, x1 - 46, y + 20)
        c.draw.rounded_rectangle(bar, radius=8, fill=WHITE, outline=colour, width=1)
        score = view.vp.get(side, 0)
        filled = min(1.0, score / max(1, view.vp_target))
        if filled > 0:
            c.draw.rounded_rectangle(
                (bar[0], bar[1], bar[0] + (bar[2] - bar[0]) * filled, bar[3]), 8, fill=colour
            )
        text_in(c, (x1 - 42, y, x1 - 12, y + 24), str(score), 20, INK, "bold", "r")


def _escalation(c: Canvas, view: EtView, x0: float, y0: float, x1: float, y1: float) -> None:
    reached = view.levels
    _panel(
        c, (x0, y0, x1, y1), f"Escalation {view.escalation} · level {reached} of {len(view.escalation_track)}"
    )
    top = max([*view.escalation_track, view.escalation, 0]) + 1
    cells = max(top, 7)
    size = min(34.0, (x1 - x0 - 24 - (cells - 1) * 4) / cells)
    for i in range(cells):
        x = x0 + 12 + i * (size + 4)
        y = y0 + 31
        advance = i in view.escalation_track
        here = i == view.escalation
        fill = GOLD if here else tint(GOLD, 0.6) if advance and i <= view.escalation else WHITE
        c.box(
            (x, y, x + size, y + size),
            fill=fill,
            outline=GOLD if advance else tint(INK, 0.6),
            width=3 if advance else 1,
            radius=5,
        )
        text_in(c, (x + 2, y + 2, x + size - 2, y + size - 2), str(i), 17, INK, "bold", "c")
        if advance:
            level = view.escalation_track.index(i) + 1
            text_in(c, (x - 2, y + size + 1, x + size + 2, y + size + 19), f"L{level}", 14, INK, "bold", "c")


def _dice(c: Canvas, view: EtView, x0: float, y0: float, x1: float, y1: float) -> None:
    title = "Last Attack roll"
    if len(view.last_los) >= 2:
        title += f" · {label(view.last_los[0])} → {label(view.last_los[-1])}"
    _panel(c, (x0, y0, x1, y1), title)
    if not view.last_roll:
        text_in(c, (x0 + 12, y0 + 36, x1 - 12, y1 - 10), "no roll to show", 17, MUTED)
        return
    count = len(view.last_roll)
    size = min(44.0, (x1 - x0 - 24 - (count - 1) * 6) / count)
    for i, face in enumerate(view.last_roll):
        fill, word = DIE.get(face, (tint(INK, 0.5), face))
        x, y = x0 + 12 + i * (size + 6), y0 + 32
        c.box((x, y, x + size, y + size), fill=fill, outline=INK, width=2, radius=8)
        text_in(
            c,
            (x + 3, y + 3, x + size - 3, y + size - 3),
            word,
            14,
            WHITE if face != "blank" else INK,
            "condensed",
            "c",
            8,
        )


# ------------------------------------------------------------------------------------------ map
def draw_map(c: Canvas, view: EtView, lay: MapLayout) -> None:
    """The Battlefield: the ground (hexes, rims, coordinates), the last move and LoS, then every mark."""
    spec = Ground.of(view, lay)
    ground = _ground(spec)
    c.image.paste(ground.image, (spec.x, spec.y))
    c.surfaces.update(ground.surfaces)
    if not spec.edges:  # while recording, drawn in the board's own coordinates (layout tests read them)
        _edges(c, view.board, lay)
    _path(c, lay, view.last_path)
    _los(c, lay, view.last_los)
    draw_marks(c, map_marks(lay, view, labels=False))  # the coordinates are in the ground


@dataclass(frozen=True)
class Ground:
    """What the map's ground depends on: hexes, terrain, tokens, rims, where it goes."""

    board: tuple[Hex, ...]
    terrain: tuple[tuple[str, str], ...]
    tokens: tuple[tuple[str, str], ...]
    team: frozenset[Hex]
    ctrl: frozenset[Hex]
    goals: frozenset[Hex]
    beacons: frozenset[str]
    lay: MapLayout
    x: int  # the ground picture's top-left corner on the board
    y: int
    edges: bool  # the row numbers and column letters drawn in it (not while recording placements)

    @classmethod
    def of(cls, view: EtView, lay: MapLayout) -> Ground:
        """The ground of ``view``'s map drawn at ``lay``."""
        return cls(
            tuple(view.board),
            tuple(sorted(view.terrain.items())),
            tuple(sorted(view.tokens.items())),
            frozenset(view.team_spawn),
            frozenset(view.ctrl_spawn),
            frozenset(view.objectives),
            frozenset(view.beacons),
            lay,
            M,
            int(lay.top - LETTERS_H),
            not recording_now(),
        )


@lru_cache(maxsize=24)
def _ground(spec: Ground) -> Canvas:
    """The map's ground drawn once per Battlefield look: it changes only when a token comes or goes.

    A game keeps one ground for many moves and a Scenario's tables share theirs, so a running bot
    draws each only once; the hexes, rims and labels were half of a board's drawing. At most 24
    are kept (each about 0.7 MB).
    """
    lay = spec.lay
    width = math.ceil(lay.left + lay.pixel_width) - spec.x + 2
    height = math.ceil(lay.top + lay.pixel_height) - spec.y + 2
    c = Canvas(width, height, indexed_palette())
    here = replace(lay, left=lay.left - spec.x, top=lay.top - spec.y)
    terrain, tokens = dict(spec.terrain), dict(spec.tokens)
    for h in spec.board:
        key = f"{h[0]},{h[1]}"
        kind = tokens.get(key) or terrain.get(key)
        ground = terrain_colour(kind) if kind else HEX_FILL
        ring(c, here.corners(h), here.corners(h, 1.5), HEX_LINE, ground)
        if h in spec.team or h in spec.ctrl or h in spec.goals or key in spec.beacons:
            # spawn points, Objectives and Scenario tokens wear a rim, which nothing inside reaches
            rim = (
                GOLD
                if h in spec.goals
                else INK
                if key in spec.beacons
                else side_colour("team" if h in spec.team else "ctrl")
            )
            ring(c, here.corners(h, 5), here.corners(h, 8.5), rim, ground)
        elif key in tokens:
            ring(c, here.corners(h, 4), here.corners(h, 6.5), rim_of(ground), ground)
        draw_marks(c, [label_mark(here, h, ground)])
    if spec.edges:
        _edges(c, spec.board, here)
    return c


def _edges(c: Canvas, board: Sequence[Hex], lay: MapLayout) -> None:
    """Row numbers down the left edge and column letters along the top, as hex labels spell them."""
    rows = sorted({axial_to_offset(h)[1] for h in board})
    for row in rows:
        y = lay.row_y(row)
        text_in(c, (lay.left - ROW_GUTTER, y - 14, lay.left - 2, y + 14), str(row + 1), 22, INK, "bold", "c")
    top_row = min(rows, default=0)
    for h in board:
        if axial_to_offset(h)[1] == top_row:
            x, _ = lay.centre(h)
            letters = label(h).rstrip("0123456789")
            text_in(c, (x - 24, lay.top - LETTERS_H, x + 24, lay.top - 2), letters, 22, INK, "bold", "c")


def _centre(lay: MapLayout, h: Hex) -> tuple[float, float]:
    x, y = lay.centre(h)
    return x, y + DISC_DY * lay.size


def _path(c: Canvas, lay: MapLayout, path: list[Hex]) -> None:
    """The last move: a line through the hexes stepped into, an arrowhead short of the last one."""
    if len(path) < 2:
        return
    points = [_centre(lay, h) for h in path]
    width = max(4, round(lay.size / 10))
    c.draw.line(points, fill=PATH, width=width, joint="curve")
    for x, y in points[:-1]:
        r = width
        c.draw.ellipse((x - r, y - r, x + r, y + r), fill=PATH)
    (ax, ay), (bx, by) = points[-2], points[-1]
    angle = math.atan2(by - ay, bx - ax)
    tip = (ax + (bx - ax) * 0.62, ay + (by - ay) * 0.62)
    _arrowhead(c, tip, angle, lay.size * 0.22, PATH)


def _arrowhead(c: Canvas, tip: tuple[float, float], angle: float, size: float, fill: RGB) -> None:
    back = (tip[0] - size * math.cos(angle), tip[1] - size * math.sin(angle))
    side = (-math.sin(angle) * size * 0.6, math.cos(angle) * size * 0.6)
    c.draw.polygon(
        [tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])], fill=fill
    )


def _los(c: Canvas, lay: MapLayout, los: list[Hex]) -> None:
    """The last Line of Sight: a dashed line from the attacker's hex to the target's."""
    if len(los) < 2:
        return
    (ax, ay), (bx, by) = _centre(lay, los[0]), _centre(lay, los[-1])
    length = math.hypot(bx - ax, by - ay)
    dash = max(8.0, lay.size / 5)
    width = max(3, round(lay.size / 14))
    steps = max(1, int(length // dash))
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        c.draw.line(
            (ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1, ay + (by - ay) * t1),
            fill=LOS,
            width=width,
        )
