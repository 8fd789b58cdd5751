"""Card pictures: a creature on the table, a card in hand, the Stronghold card and ability badges.

Every piece draws at its final size straight onto the canvas (no scaling, no per-pixel work),
so a whole board is a few hundred flat shapes and text runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from render.clashofdecks.abilities import badge
from render.clashofdecks.palette import (
    BOOST,
    BORROWED_TINT,
    DISC,
    HAND_TINT,
    HEALTHY,
    SPELL,
    STONE,
    STONE_LIGHT,
    TILE_TINT,
    WHITE,
)
from render.core.palette import DANGER, HIGHLIGHT, INK, MUTED, PANEL, RGB, tint
from render.core.stamps import StampCanvas

BADGE_W = 30
COMPACT_BELOW = 112  # tiles narrower than this use the stacked layout
MIN_TILE_W = 76  # narrower than this and a crowded line wraps to a second row
BADGE_H = 22
SMALL = 16  # the smallest text size used anywhere on these images
NAME = "condensed"  # card names in the narrow bold face, so more of them fit


@dataclass
class Tile:
    """What one card picture shows; built from a View by the adapters in ``model``."""

    name: str
    cost: int
    colour: RGB
    kind: str = "creature"  # creature | incantation | stronghold
    hp: int = 0
    av: int = 0
    damage: int = 0
    abilities: list[str] = field(default_factory=list)  # its own abilities
    granted: list[str] = field(default_factory=list)  # borrowed from an Aura neighbour or the AI bonus
    auras: list[str] = field(default_factory=list)  # abilities this card lends to its neighbours
    bonus: int = 0  # Sprint's extra damage this Assault (already included in ``av``)
    notes: list[str] = field(default_factory=list)  # short flags: "new", "exhausted", "+Symbiote"
    text: str = ""  # an incantation's effect, in a few words


def draw_badges(canvas: StampCanvas, x: float, y: float, tile: Tile, max_width: float, rows: int) -> float:
    """Ability badges left to right, wrapping to ``rows`` rows; return the y below them.

    Own abilities are solid, borrowed ones pale, and abilities lent by an Aura are hollow.
    """
    per_row = max(1, int((max_width + 4) // (BADGE_W + 4)))
    items = (
        [(a, "own") for a in tile.abilities]
        + [(a, "granted") for a in tile.granted]
        + [(a, "lent") for a in tile.auras]
    )
    capacity = per_row * rows
    shown = items if len(items) <= capacity else items[: capacity - 1]
    bottom = y
    for index, (keyword, style) in enumerate(shown):
        bx = x + (index % per_row) * (BADGE_W + 4)
        by = y + (index // per_row) * (BADGE_H + 4)
        code, colour = badge(keyword)
        box = (bx, by, bx + BADGE_W, by + BADGE_H)
        if style == "lent":
            canvas.draw.rounded_rectangle(box, radius=6, fill=WHITE, outline=colour, width=2)
            ink = colour
        elif style == "granted":
            canvas.draw.rounded_rectangle(
                box, radius=6, fill=tint(colour, BORROWED_TINT), outline=colour, width=1
            )
            ink = INK
        else:
            canvas.draw.rounded_rectangle(box, radius=6, fill=colour)
            ink = WHITE
        canvas.text(
            (bx + BADGE_W / 2, by + BADGE_H / 2), code, size=SMALL, weight="condensed", fill=ink, anchor="mm"
        )
        bottom = by + BADGE_H
    if len(shown) < len(items):
        index = len(shown)
        bx = x + (index % per_row) * (BADGE_W + 4)
        by = y + (index // per_row) * (BADGE_H + 4)
        more = f"+{len(items) - len(shown)}"
        canvas.text(
            (bx + BADGE_W / 2, by + BADGE_H / 2), more, size=SMALL, weight="condensed", fill=INK, anchor="mm"
        )
        bottom = by + BADGE_H
    return bottom


def _cost_disc(canvas: StampCanvas, cx: float, cy: float, cost: int, radius: int = 14) -> None:
    """The mana cost in a dark disc (upper-left corner, as on the printed cards)."""
    canvas.draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=DISC)
    canvas.text((cx, cy), str(cost), size=18, weight="bold", fill=WHITE, anchor="mm")


def _hp_bar(canvas: StampCanvas, x: float, y: float, width: float, hp: int, damage: int) -> None:
    """One segment per health point; damaged points are red, so damage reads at a glance."""
    if hp <= 0:
        return
    gap = 2 if width / hp > 6 else 0
    seg = (width - gap * (hp - 1)) / hp
    for i in range(hp):
        sx = x + i * (seg + gap)
        colour = DANGER if i >= hp - damage else HEALTHY
        canvas.draw.rectangle((sx, y, sx + max(seg - 1, 1), y + 7), fill=colour)


def _stat(canvas: StampCanvas, x: float, y: float, glyph: str, value: str, colour: RGB, anchor: str) -> None:
    """A glyph and a number (attack or health), left- or right-anchored at (x, y)."""
    value_w = canvas.textlength(value, 22, "bold")
    glyph_w = canvas.textlength(glyph, 18, "bold")
    start = x if anchor == "l" else x - value_w - glyph_w - 3
    canvas.text((start, y), glyph, size=18, weight="bold", fill=colour, anchor="lm")
    canvas.text((start + glyph_w + 3, y), value, size=22, weight="bold", fill=colour, anchor="lm")


def creature_tile(canvas: StampCanvas, x: float, y: float, w: float, h: float, tile: Tile) -> None:
    """A creature in play: cost, name, AV, HP left of total, a damage bar, badges and flags.

    Narrow tiles (crowded lines) stack the name under the cost so text never shrinks below 16 px.
    """
    canvas.draw.rounded_rectangle(
        (x, y, x + w, y + h), radius=8, fill=tint(tile.colour, TILE_TINT), outline=tile.colour, width=3
    )
    compact = w < COMPACT_BELOW
    pad = 6 if compact else 8
    left = tile.hp - tile.damage
    hp_colour = DANGER if tile.damage else INK
    hp_text = f"{left}/{tile.hp}" if tile.damage else str(tile.hp)
    av_colour = BOOST if tile.bonus else INK  # a Sprint bonus shows as a green attack value
    if compact:
        _cost_disc(canvas, x + pad + 12, y + pad + 12, tile.cost, 12)
        _stat(canvas, x + w - pad, y + pad + 12, "⚔", str(tile.av), av_colour, "r")
        canvas.text(
            (x + pad, y + 34), tile.name, size=SMALL, weight=NAME, max_width=int(w - 2 * pad), min_size=SMALL
        )
        _stat(canvas, x + w - pad, y + 64, "♥", hp_text, hp_colour, "r")
        bar_y = y + 78
    else:
        _cost_disc(canvas, x + 17, y + 18, tile.cost)
        canvas.text((x + 34, y + 8), tile.name, size=17, weight=NAME, max_width=int(w - 40), min_size=SMALL)
        _stat(canvas, x + pad, y + 46, "⚔", str(tile.av), av_colour, "l")
        _stat(canvas, x + w - pad, y + 46, "♥", hp_text, hp_colour, "r")
        bar_y = y + 62
    _hp_bar(canvas, x + pad, bar_y, w - 2 * pad, tile.hp, tile.damage)
    badge_top = bar_y + 13
    rows = max(1, int((h - (badge_top - y) - (24 if tile.notes else 4)) // (BADGE_H + 4)))
    draw_badges(canvas, x + pad, badge_top, tile, w - 2 * pad, min(rows, 2))
    if tile.notes:
        canvas.text(
            (x + w / 2, y + h - 5),
            " · ".join(tile.notes),
            size=SMALL,
            fill=MUTED,
            anchor="md",
            max_width=int(w - 8),
            min_size=SMALL,
        )


def hand_tile(
    canvas: StampCanvas, x: float, y: float, w: float, h: float, tile: Tile, playable: bool, dim: bool = False
) -> None:
    """A card in a private hand (or on offer in a draft); playable cards get a gold frame."""
    if tile.kind == "stronghold":
        stronghold_tile(canvas, x, y, w, h, tile.name, tile.colour)
        return
    if playable:
        canvas.draw.rounded_rectangle((x - 5, y - 5, x + w + 5, y + h + 5), radius=12, fill=HIGHLIGHT)
    fill = PANEL if dim else (tint(tile.colour, HAND_TINT) if tile.kind == "creature" else SPELL)
    canvas.draw.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=fill, outline=tile.colour, width=3)
    _cost_disc(canvas, x + 17, y + 18, tile.cost, 12)
    kind = "Creature" if tile.kind == "creature" else "Incantation"
    canvas.text((x + 33, y + 9), kind, size=SMALL, fill=MUTED, max_width=int(w - 37), min_size=SMALL)
    canvas.text((x + 10, y + 40), tile.name, size=19, weight=NAME, max_width=int(w - 20), min_size=SMALL)
    if tile.kind == "creature":
        _stat(canvas, x + 10, y + 82, "⚔", str(tile.av), INK, "l")
        _stat(canvas, x + w - 10, y + 82, "♥", str(tile.hp), INK, "r")
        badge_y = y + 102
    else:
        badge_y = canvas.paragraph((x + 10, y + 68), tile.text, SMALL, int(w - 20), max_lines=3) + 4
    room = y + h - (26 if tile.notes else 6) - badge_y
    draw_badges(canvas, x + 10, badge_y, tile, w - 20, max(1, min(2, int((room + 4) // (BADGE_H + 4)))))
    if tile.notes:
        canvas.text(
            (x + w / 2, y + h - 6),
            " · ".join(tile.notes),
            size=SMALL,
            fill=MUTED,
            anchor="md",
            max_width=int(w - 10),
            min_size=SMALL,
        )


def stronghold_tile(
    canvas: StampCanvas, x: float, y: float, w: float, h: float, side: str, colour: RGB
) -> None:
    """The Stronghold card in a hand, showing which side (Bastion or Fort) is up."""
    canvas.draw.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=STONE, outline=colour, width=4)
    # battlements: a row of merlons across the top, drawn as flat blocks
    merlon = (w - 20) / 5
    for i in range(0, 5, 2):
        mx = x + 10 + i * merlon
        canvas.draw.rectangle((mx, y + 12, mx + merlon, y + 30), fill=STONE_LIGHT)
    canvas.draw.rectangle((x + 10, y + 30, x + w - 10, y + 44), fill=STONE_LIGHT)
    canvas.text(
        (x + w / 2, y + h / 2 + 10),
        "Stronghold",
        size=SMALL,
        fill=WHITE,
        anchor="mm",
        max_width=int(w - 12),
        min_size=SMALL,
    )
    canvas.text(
        (x + w / 2, y + h / 2 + 36),
        side,
        size=22,
        weight="bold",
        fill=WHITE,
        anchor="mm",
        max_width=int(w - 12),
        min_size=SMALL,
    )
