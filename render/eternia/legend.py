"""The key under the map: the terrain on this Battlefield, the map's markers and lines."""

from __future__ import annotations

import math

from engines.eternia.content import content
from engines.eternia.state import EtView
from render.core.canvas import Canvas, text_width
from render.core.palette import INK
from render.eternia.fitting import text_in
from render.eternia.hexmap import hexagon, inset_hexagon
from render.eternia.palette import (
    DAZED,
    GOLD,
    HEX_FILL,
    HEX_LINE,
    LOS,
    NEUTRAL,
    PATH,
    rim_of,
    side_colour,
    terrain_colour,
)
from render.eternia.pieces import ring
from render.eternia.words import terrain_name

SIZE = 16
LINE_H = 28
SWATCH = 24
GAP = 18


def legend_items(view: EtView) -> list[tuple[str, str]]:
    """(kind of swatch, words) for what this board shows, in a fixed order."""
    known = content().terrain
    items: list[tuple[str, str]] = []
    for kind in dict.fromkeys([*view.terrain.values(), *view.tokens.values()]):
        rule = known.get(kind)
        extra = []
        if rule is not None:
            if not rule.passable:
                extra.append("impassable")
            elif rule.enter:
                extra.append(f"+{rule.enter} to enter")
            if rule.penalty_wounds:
                extra.append(f"{rule.penalty_wounds} Wound on entering")
            if rule.blocks_los:
                extra.append("blocks LoS")
        token = " token" if rule is not None and rule.token else ""
        words = terrain_name(kind) + token + (f" ({', '.join(extra)})" if extra else "")
        items.append((f"terrain:{kind}", words))
    if view.team_spawn:
        items.append(("spawn:team", "Team spawn"))
    if view.ctrl_spawn:
        items.append(("spawn:ctrl", "Controller spawn"))
    if view.objectives:
        items.append(("objective", "Objective"))
    if view.beacons:
        items.append(("beacon", "Scenario token (holder's colour)"))
    items += [("dazed", "Dazed"), ("path", "last move"), ("los", "last Line of Sight")]
    return items


def _rows(view: EtView, width: float) -> list[list[tuple[str, str, float]]]:
    """The items flowed into lines no wider than ``width``."""
    rows: list[list[tuple[str, str, float]]] = [[]]
    used = 0.0
    for kind, words in legend_items(view):
        w = SWATCH + 8 + text_width(words, SIZE)
        if rows[-1] and used + GAP + w > width:
            rows.append([])
            used = 0.0
        used += (GAP if rows[-1] else 0) + w
        rows[-1].append((kind, words, w))
    return rows


def legend_height(view: EtView, width: float) -> int:
    """The legend's height at ``width``."""
    return len(_rows(view, width)) * LINE_H


def draw_legend(c: Canvas, view: EtView, x: float, y: float, width: float) -> None:
    """Each item: a small swatch drawn as on the map, then its words."""
    for r, row in enumerate(_rows(view, width)):
        cx, cy = x, y + r * LINE_H + LINE_H / 2
        for kind, words, w in row:
            _swatch(c, kind, cx + SWATCH / 2, cy)
            text_in(
                c, (cx + SWATCH + 8, cy - LINE_H / 2 + 2, cx + w + 1, cy + LINE_H / 2 - 2), words, SIZE, INK
            )
            cx += w + GAP


def _swatch(c: Canvas, kind: str, x: float, y: float) -> None:
    r = SWATCH / 2
    if kind.startswith("terrain:"):
        fill = terrain_colour(kind.split(":", 1)[1])
        c.draw.polygon(hexagon((x, y), r + 1), fill=fill, outline=HEX_LINE, width=1)
        if kind.split(":", 1)[1] in content().terrain and content().terrain[kind.split(":", 1)[1]].token:
            ring(c, hexagon((x, y), r - 3), inset_hexagon((x, y), r - 3, 1.5), rim_of(fill), fill)
    elif kind.startswith("spawn:"):
        ring(c, hexagon((x, y), r + 1), inset_hexagon((x, y), r + 1, 2.5), side_colour(kind[6:]), HEX_FILL)
    elif kind == "objective":
        ring(c, hexagon((x, y), r + 1), inset_hexagon((x, y), r + 1, 1.5), GOLD, HEX_FILL)
        r *= 0.6
        pts = []
        for i in range(10):
            reach = r if i % 2 == 0 else r * 0.45
            a = math.radians(-90 + 36 * i)
            pts.append((x + reach * math.cos(a), y + reach * math.sin(a)))
        c.draw.polygon(pts, fill=GOLD, outline=INK)
    elif kind == "beacon":
        ring(c, hexagon((x, y), r + 1), inset_hexagon((x, y), r + 1, 1.5), INK, HEX_FILL)
        r *= 0.6
        c.draw.rectangle((x - r * 0.6, y - r, x - r * 0.35, y + r), fill=INK)
        c.draw.polygon(
            [(x - r * 0.35, y - r), (x + r, y - r * 0.45), (x - r * 0.35, y + r * 0.1)],
            fill=NEUTRAL,
            outline=INK,
        )
    elif kind == "dazed":
        c.draw.ellipse((x - 10, y - 10, x + 10, y + 10), fill=DAZED, outline=INK)
        c.put((x, y), "Z", 13, INK, "bold", "mm")
    elif kind == "path":
        c.draw.line((x - r, y, x + r, y), fill=PATH, width=5)
    elif kind == "los":
        c.draw.line((x - r, y, x - 3, y), fill=LOS, width=4)
        c.draw.line((x + 3, y, x + r, y), fill=LOS, width=4)
