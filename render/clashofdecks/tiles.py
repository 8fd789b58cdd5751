"""Card pictures: a creature on the table, a card in hand, the Stronghold card and ability badges.

Every piece draws at its final size straight onto the canvas (no scaling, no per-pixel work),
so a whole board is a few hundred flat shapes and text runs.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, fields
from math import ceil

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
from render.core.canvas import Wrapped, fit_lines, line_step, wrap_lines
from render.core.palette import DANGER, HIGHLIGHT, INK, MUTED, PANEL, RGB, tint
from render.core.patches import draw_patch
from render.core.stamps import StampCanvas, text_width

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

    def key(self) -> Hashable:
        """Every field, hashable: two tiles with equal keys draw the same picture."""
        return tuple(
            tuple(v) if isinstance(v, list) else v for v in (getattr(self, f.name) for f in fields(self))
        )


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
            canvas.chip(box, code, SMALL, WHITE, colour, "condensed", outline=colour, width=2)
        elif style == "granted":
            canvas.chip(box, code, SMALL, tint(colour, BORROWED_TINT), INK, "condensed", outline=colour)
        else:
            canvas.chip(box, code, SMALL, colour, WHITE, "condensed")
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


NAME_STEP = line_step(SMALL)  # one more line of name or notes on a tile
HAND_NAME_STEP = line_step(19)  # names in hand keep one spacing, so the cards of a row line up
KIND_ROOM_LEFT = 37  # the card-kind label starts right of the cost disc
NOTE_SIZE = SMALL


@dataclass(frozen=True)
class CreatureFace:
    """Where a creature tile's parts go at one width: which layout, its name's lines, its notes' lines."""

    compact: bool
    name: Wrapped
    notes: list[str]
    badge_rows: int
    whole: bool  # every word of the name and notes fits a line (else the tile is too narrow)

    @property
    def extra(self) -> int:
        """How much taller than the base tile the name's and notes' extra lines make it."""
        return NAME_STEP * (len(self.name.lines) - 1) + NAME_STEP * max(len(self.notes) - 1, 0)


def _badge_count(tile: Tile) -> int:
    return len(tile.abilities) + len(tile.granted) + len(tile.auras)


def _badge_rows(tile: Tile, width: float, most: int) -> int:
    per_row = max(1, int((width + 4) // (BADGE_W + 4)))
    return max(1, min(most, -(-_badge_count(tile) // per_row)))


def creature_face(tile: Tile, w: float) -> CreatureFace:
    """The layout of ``tile`` at width ``w``: the name beside the cost disc when it fits there whole.

    Otherwise (and on narrow tiles) the name goes under the disc across the tile. Names take up to
    two lines; ``whole`` is False only when even that splits a word of the name or the notes
    (the line then gives its tiles more room, see ``lines.plan_side``).
    """
    notes = wrap_lines(" · ".join(tile.notes), NOTE_SIZE, w - 8)
    lines = notes.lines if tile.notes else []
    if w >= COMPACT_BELOW:
        beside = fit_lines(tile.name, 17, w - 40, NAME, SMALL, 2)
        if beside.whole:
            return CreatureFace(False, beside, lines, _badge_rows(tile, w - 16, 2), notes.whole)
    under = fit_lines(tile.name, SMALL, w - 12, NAME, SMALL, 2)
    return CreatureFace(True, under, lines, _badge_rows(tile, w - 12, 2), under.whole and notes.whole)


def creature_height(tile: Tile, w: float, base: int) -> int:
    """The height ``tile`` needs at width ``w`` on a line whose tiles are ``base`` px tall."""
    face = creature_face(tile, w)
    badges = (91 if face.compact else 75) + face.extra + face.badge_rows * (BADGE_H + 4)
    return max(base + face.extra, badges + (NAME_STEP * len(face.notes) + 5 if face.notes else 4))


def creature_tile(canvas: StampCanvas, x: float, y: float, w: float, h: float, tile: Tile) -> None:
    """A creature in play: cost, name, AV, HP left of total, a damage bar, badges and flags.

    Narrow tiles (crowded lines) stack the name under the cost so text never shrinks below 16 px;
    a long name takes a second line and pushes the rest down (``creature_height`` made room).
    """
    canvas.draw.rounded_rectangle(
        (x, y, x + w, y + h), radius=8, fill=tint(tile.colour, TILE_TINT), outline=tile.colour, width=3
    )
    face = creature_face(tile, w)
    pad = 6 if face.compact else 8
    left = tile.hp - tile.damage
    hp_colour = DANGER if tile.damage else INK
    hp_text = f"{left}/{tile.hp}" if tile.damage else str(tile.hp)
    av_colour = BOOST if tile.bonus else INK  # a Sprint bonus shows as a green attack value
    name = face.name
    down = NAME_STEP * (len(name.lines) - 1)
    if face.compact:
        _cost_disc(canvas, x + pad + 12, y + pad + 12, tile.cost, 12)
        _stat(canvas, x + w - pad, y + pad + 12, "⚔", str(tile.av), av_colour, "r")
        canvas.lines((x + pad, y + 34), name.lines, name.size, weight=NAME, step=NAME_STEP)
        _stat(canvas, x + w - pad, y + 64 + down, "♥", hp_text, hp_colour, "r")
        bar_y = y + 78 + down
    else:
        _cost_disc(canvas, x + 17, y + 18, tile.cost)
        canvas.lines(
            (x + 34, y + 8 + (17 - name.size) // 2), name.lines, name.size, weight=NAME, step=NAME_STEP
        )
        _stat(canvas, x + pad, y + 46 + down, "⚔", str(tile.av), av_colour, "l")
        _stat(canvas, x + w - pad, y + 46 + down, "♥", hp_text, hp_colour, "r")
        bar_y = y + 62 + down
    _hp_bar(canvas, x + pad, bar_y, w - 2 * pad, tile.hp, tile.damage)
    draw_badges(canvas, x + pad, bar_y + 13, tile, w - 2 * pad, face.badge_rows)
    for index, note in enumerate(reversed(face.notes)):  # bottom up: the last line sits on the edge
        canvas.put((x + w / 2, y + h - 5 - index * NAME_STEP), note, NOTE_SIZE, MUTED, "regular", "md")


@dataclass(frozen=True)
class HandFace:
    """Where a hand card's parts go at one width."""

    kind_below: bool  # the kind label sits under the cost disc (narrow cards), not beside it
    name: Wrapped
    name_inset: int  # the name's distance from the card's left edge
    text: list[str]  # an incantation's whole effect text, wrapped
    badge_rows: int

    @property
    def name_top(self) -> int:
        """The name's top, from the card's top."""
        return 40 + (22 if self.kind_below else 0)

    @property
    def body_top(self) -> int:
        """Where the stats or the effect text start, from the card's top."""
        return self.name_top + HAND_NAME_STEP * len(self.name.lines)


def kind_label(tile: Tile) -> str:
    """The card's kind as printed on it."""
    return "Creature" if tile.kind == "creature" else "Incantation"


def hand_face(tile: Tile, w: float) -> HandFace:
    """The layout of a card in hand at width ``w``: every word of its name and effect text shown.

    The kind label goes under the cost disc on cards too narrow for "Incantation" beside it, on
    every card of that width alike, so names line up along a row.
    """
    kind_below = text_width("Incantation", SMALL) > w - KIND_ROOM_LEFT
    name = fit_lines(tile.name, 19, w - 20, NAME, SMALL, 2)
    inset = 10
    if not name.whole:  # "Abomination" on the narrowest cards: closer to the edges, still whole
        inset, name = 6, fit_lines(tile.name, SMALL, w - 12, NAME, SMALL, 2)
    text = wrap_lines(tile.text, SMALL, w - 20).lines if tile.kind != "creature" and tile.text else []
    return HandFace(kind_below, name, inset, text, _badge_rows(tile, w - 20, 9))


def _hand_badge_top(face: HandFace, tile: Tile) -> float:
    if tile.kind == "creature":
        return face.body_top + 39
    return face.body_top + 5 + len(face.text) * SMALL * 1.2 + 4


def hand_tile_height(tile: Tile, w: float) -> int:
    """The height a card in hand needs at width ``w`` for all its text, badges and flags."""
    if tile.kind == "stronghold":
        return 0
    face = hand_face(tile, w)
    badges = face.badge_rows * (BADGE_H + 4) - 4 if _badge_count(tile) else 0
    return int(_hand_badge_top(face, tile) + badges + (26 if tile.notes else 6) + 0.999)


def hand_tile(
    canvas: StampCanvas, x: float, y: float, w: float, h: float, tile: Tile, playable: bool, dim: bool = False
) -> None:
    """A card in a private hand (or on offer in a draft); playable cards get a gold frame.

    ``h`` is at least ``hand_tile_height``: an incantation's text is always shown in full.
    """
    if tile.kind == "stronghold":
        stronghold_tile(canvas, x, y, w, h, tile.name, tile.colour)
        return
    if playable:
        canvas.draw.rounded_rectangle((x - 5, y - 5, x + w + 5, y + h + 5), radius=12, fill=HIGHLIGHT)
    fill = PANEL if dim else (tint(tile.colour, HAND_TINT) if tile.kind == "creature" else SPELL)
    canvas.draw.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=fill, outline=tile.colour, width=3)
    _cost_disc(canvas, x + 17, y + 18, tile.cost, 12)
    face = hand_face(tile, w)
    kind_xy = (x + 10, y + 36) if face.kind_below else (x + 33, y + 9)
    canvas.put(kind_xy, kind_label(tile), SMALL, MUTED, "regular", "la")
    canvas.lines(
        (x + face.name_inset, y + face.name_top),
        face.name.lines,
        face.name.size,
        weight=NAME,
        step=HAND_NAME_STEP,
    )
    if tile.kind == "creature":
        _stat(canvas, x + 10, y + face.body_top + 19, "⚔", str(tile.av), INK, "l")
        _stat(canvas, x + w - 10, y + face.body_top + 19, "♥", str(tile.hp), INK, "r")
    else:
        text_y = y + face.body_top + 5
        for index, line in enumerate(face.text):
            canvas.put((x + 10, text_y + index * SMALL * 1.2), line, SMALL, INK, "regular", "la")
    draw_badges(canvas, x + 10, y + _hand_badge_top(face, tile), tile, w - 20, face.badge_rows)
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


def pasted_hand_tile(
    canvas: StampCanvas, x: float, y: float, w: float, h: int, tile: Tile, playable: bool
) -> None:
    """``hand_tile``, the card itself pasted from the patch cache when it was drawn before.

    A card at a whole-pixel position is the same picture wherever it lies on the flat colour under
    it, and most of a hand's cards are unchanged from one click to the next. The gold frame is drawn
    in place first (neighbouring frames overlap, so a frame is no patch of its own); the card then
    lies on the frame's flat gold. The key is what the card shows, which the viewer sees anyway.
    """
    if playable:
        canvas.draw.rounded_rectangle((x - 5, y - 5, x + w + 5, y + h + 5), radius=12, fill=HIGHLIGHT)
    draw_patch(
        canvas,
        ("clash hand card", tile.key(), w, h),
        (x, y),
        (ceil(w) + 1, h + 1),
        lambda patch, px, py: hand_tile(patch, px, py, w, h, tile, playable=False),
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
