"""The public table: header, VP, Escalation and last roll, the Activation Track, the Battlefield, the roster.

Only public facts are drawn (face-down cards as backs, no Strategy hand), so the picture is the
same whoever looks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engines.eternia.hexes import Hex, axial_to_offset, label
from engines.eternia.state import EtView
from render.core.indexed_canvas import IndexedCanvas as Canvas
from render.core.palette import INK, MUTED, PANEL, RGB, tint
from render.eternia.fitting import text_in
from render.eternia.hexmap import MapLayout, fit_layout
from render.eternia.legend import draw_legend, legend_height
from render.eternia.palette import (
    DIE,
    GOLD,
    HEX_LINE,
    LOS,
    PATH,
    WHITE,
    WIDTH,
    indexed_palette,
    rim_of,
    side_colour,
)
from render.eternia.pieces import DISC_DY, draw_marks, ground_colour, map_marks
from render.eternia.roster import draw_roster, roster_height
from render.eternia.track import draw_track
from render.eternia.words import headline, scenario_name

M = 16  # outer margin
HEADER_H = 60
STATUS_Y, STATUS_H = 70, 104
TRACK_Y, TRACK_H = 184, 128
MAP_Y = 350  # the top corner of the first row (column letters sit above it)
ROW_GUTTER = 36  # room for row numbers left of the map


def board_layout(view: EtView) -> MapLayout:
    """Where the map's hexes go on the board picture."""
    return fit_layout(view.board, ROW_GUTTER, MAP_Y, WIDTH - ROW_GUTTER - M)


def render_board(view: EtView, names: Sequence[str] = ()) -> Canvas:
    """Draw the whole public board for ``view`` (never anything private); ``names`` by seat."""
    lay = board_layout(view)
    legend_y = MAP_Y + lay.pixel_height + 12
    legend_h = legend_height(view, WIDTH - 2 * M)
    roster_y = legend_y + legend_h + 10
    height = int(roster_y + roster_height(view, WIDTH - 2 * M, names) + M)
    c = Canvas(WIDTH, height, indexed_palette())
    _header(c, view)
    _status(c, view)
    draw_track(c, view, M, TRACK_Y, WIDTH - 2 * M, TRACK_H)
    draw_map(c, view, lay)
    draw_legend(c, view, M, legend_y, WIDTH - 2 * M)
    draw_roster(c, view, M, roster_y, WIDTH - 2 * M, names)
    return c


# ------------------------------------------------------------------------------------------ header
def _header(c: Canvas, view: EtView) -> None:
    c.draw.rectangle((0, 0, WIDTH, HEADER_H), fill=INK)
    used = text_in(c, (M, 6, 330, HEADER_H - 6), "Clash for Eternia", 30, WHITE, "bold")
    title_w = c.textlength("Clash for Eternia", used, "bold")
    text_in(c, (M + title_w + 16, 8, 760, HEADER_H - 8), scenario_name(view), 22, tint(MUTED, 0.6))
    right = f"Game over: {view.result}" if view.over and view.result else headline(view)
    text_in(c, (780, 8, WIDTH - M, HEADER_H - 8), right, 24, WHITE, "bold", "r")


def _status(c: Canvas, view: EtView) -> None:
    """Three panels: VP against the target, the Escalation track, the last dice roll."""
    y0, y1 = STATUS_Y, STATUS_Y + STATUS_H
    _vp(c, view, M, y0, 420, y1)
    _escalation(c, view, 436, y0, 900, y1)
    _dice(c, view, 916, y0, WIDTH - M, y1)


def _panel(c: Canvas, box: tuple[float, float, float, float], title: str) -> None:
    c.box(box, fill=PANEL, outline=tint(INK, 0.6), width=1, radius=10)
    text_in(c, (box[0] + 12, box[1] + 4, box[2] - 12, box[1] + 30), title, 19, INK, "bold")


def _vp(c: Canvas, view: EtView, x0: float, y0: float, x1: float, y1: float) -> None:
    _panel(c, (x0, y0, x1, y1), f"Victory Points · first to {view.vp_target}")
    for i, side in enumerate(("team", "ctrl")):
        y = y0 + 38 + i * 32
        colour = side_colour(side)
        name = "Player Team" if side == "team" else "Controller"
        text_in(c, (x0 + 12, y, x0 + 140, y + 24), name, 17, colour, "bold")
        bar = (x0 + 146, y + 4, x1 - 60, y + 20)
        c.draw.rounded_rectangle(bar, radius=8, fill=WHITE, outline=colour, width=1)
        score = view.vp.get(side, 0)
        filled = min(1.0, score / max(1, view.vp_target))
        if filled > 0:
            c.draw.rounded_rectangle(
                (bar[0], bar[1], bar[0] + (bar[2] - bar[0]) * filled, bar[3]), 8, fill=colour
            )
        text_in(c, (x1 - 54, y, x1 - 12, y + 24), str(score), 20, INK, "bold", "r")


def _escalation(c: Canvas, view: EtView, x0: float, y0: float, x1: float, y1: float) -> None:
    reached = view.levels
    _panel(
        c, (x0, y0, x1, y1), f"Escalation {view.escalation} · level {reached} of {len(view.escalation_track)}"
    )
    top = max([*view.escalation_track, view.escalation, 0]) + 1
    cells = max(top, 7)
    size = min(40.0, (x1 - x0 - 24 - (cells - 1) * 4) / cells)
    for i in range(cells):
        x = x0 + 12 + i * (size + 4)
        y = y0 + 40
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
            text_in(c, (x - 2, y + size + 2, x + size + 2, y + size + 20), f"L{level}", 14, INK, "bold", "c")


def _dice(c: Canvas, view: EtView, x0: float, y0: float, x1: float, y1: float) -> None:
    title = "Last Attack roll"
    if len(view.last_los) >= 2:
        title += f" · {label(view.last_los[0])} → {label(view.last_los[-1])}"
    _panel(c, (x0, y0, x1, y1), title)
    if not view.last_roll:
        text_in(c, (x0 + 12, y0 + 40, x1 - 12, y1 - 10), "no roll to show", 17, MUTED)
        return
    count = len(view.last_roll)
    size = min(52.0, (x1 - x0 - 24 - (count - 1) * 6) / count)
    for i, face in enumerate(view.last_roll):
        fill, word = DIE.get(face, (tint(INK, 0.5), face))
        x, y = x0 + 12 + i * (size + 6), y0 + 38
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
    """The Battlefield: hex grounds, spawn rims, coordinates, the last move and LoS, then every mark."""
    team, ctrl, goals = set(view.team_spawn), set(view.ctrl_spawn), set(view.objectives)
    for h in view.board:
        ground = ground_colour(view, h)
        c.draw.polygon(lay.corners(h), fill=ground, outline=HEX_LINE, width=2)
        key = f"{h[0]},{h[1]}"
        if h in team or h in ctrl or h in goals or key in view.beacons:
            # spawn points, Objectives and Scenario tokens wear a rim, which nothing inside reaches
            rim = (
                GOLD
                if h in goals
                else INK
                if key in view.beacons
                else side_colour("team" if h in team else "ctrl")
            )
            c.draw.polygon(lay.corners(h, 5), outline=rim, width=4)
        elif key in view.tokens:
            c.draw.polygon(lay.corners(h, 4), outline=rim_of(ground), width=3)
    _edges(c, view, lay)
    _path(c, lay, view.last_path)
    _los(c, lay, view.last_los)
    draw_marks(c, map_marks(lay, view))


def _edges(c: Canvas, view: EtView, lay: MapLayout) -> None:
    """Row numbers down the left edge and column letters along the top, as hex labels spell them."""
    rows = sorted({axial_to_offset(h)[1] for h in view.board})
    for row in rows:
        y = lay.row_y(row)
        text_in(c, (0, y - 14, ROW_GUTTER - 2, y + 14), str(row + 1), 24, INK, "bold", "c")
    top_row = min(rows, default=0)
    for h in view.board:
        if axial_to_offset(h)[1] == top_row:
            x, y = lay.centre(h)
            letters = label(h).rstrip("0123456789")
            text_in(c, (x - 24, MAP_Y - 32, x + 24, MAP_Y - 4), letters, 24, INK, "bold", "c")


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
