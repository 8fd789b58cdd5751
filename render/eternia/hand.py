"""A seat's private picture: its Characters' dashboards and, for the Controller, its Strategy hand.

A dashboard is the Character card (HP, Armor, the Power pool) with its printed Skills, and for a
Player Character its three Skill cards, unlocked (the face chosen, the Power on its slots) or
locked (both faces). The Controller also sees its Controller Skills and the Strategy cards it
holds. Both sides see their own sealed order and face-down cards, which the board never shows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engines.eternia.content import content
from engines.eternia.state import EtView, ModelView
from render.core.canvas import text_width
from render.core.indexed_canvas import IndexedCanvas as Canvas
from render.core.names import seat_name
from render.core.palette import INK, MUTED, PANEL, RGB, ink_on, tint
from render.eternia.fitting import (
    items_height,
    items_in,
    lines_in,
    run_in,
    text_in,
)
from render.eternia.palette import (
    ARMOR,
    CARD,
    HP,
    POWER,
    WHITE,
    WIDTH,
    character_colour,
    indexed_palette,
    side_colour,
)
from render.eternia.tiles import (
    Tile,
    character_tiles,
    controller_tiles,
    own_characters,
    secret_line,
)
from render.eternia.words import design_of, knocked_out, where

M = 16
GAP = 12
HEAD = 72
# ------------------------------------------------------------------------------------------ layout
# The picture is landscape (1400 px wide, never as tall) so Discord's ~550 px preview shrinks it
# least: each group (a Character's dashboard, the Controller's cards) is a block standing beside
# the others, its tiles in as many columns as the layout gives it. Every way of sharing the tile
# columns out between the blocks is tried and the one leaving the lowest picture is kept.

PAD = 10  # inside a block, around its tiles
BAND = 44  # a Character block's coloured name band
GAUGE_H = 30  # one line of HP, Armor or Power pips
TILE_MIN = 200.0  # the narrowest a tile may get: its texts stay legible
MOST_COLUMNS = 7
PIP = 27  # the pitch of the pips on a wide dashboard
GAUGE_TEXT = 18
GAUGE_GAP = 24  # between two gauges on one line
SLOT = 22  # the pitch of the Power slots on a tile's band


@dataclass
class Block:
    """One group of tiles with its heading: a Character's dashboard (``model``) or the Controller's cards."""

    tiles: list[Tile]
    model: ModelView | None = None
    heading: tuple[str, ...] = ()  # the cards block's title, as items


@dataclass(frozen=True)
class Placed:
    """A block where it is drawn: its box and its tile columns."""

    block: Block
    box: tuple[float, float, float, float]
    columns: int


@dataclass(frozen=True)
class HandLayout:
    """Where everything of a seat's picture goes: the blocks, the tile width, the size."""

    width: int
    height: int
    secret: str
    tile_w: float
    blocks: list[Placed]


def blocks(view: EtView) -> list[Block]:
    """The viewer's groups in order: its Characters' dashboards, then the Controller's cards."""
    found = [Block(character_tiles(m), m) for m in own_characters(view)]
    if view.side == "ctrl":
        found.append(Block(controller_tiles(view), heading=cards_title(view)))
    return found


def _rows_height(tiles: list[Tile], cols: int, w: float) -> int:
    """The height of ``tiles`` laid ``cols`` to a row at tile width ``w``, a gap under each row."""
    total = 0
    for start in range(0, len(tiles), cols):
        total += max(t.height(w) for t in tiles[start : start + cols]) + GAP
    return total


def _status(m: ModelView) -> str:
    status = "KO'd: back at its next Activation" if knocked_out(m) else f"at {where(m)}"
    return " · ".join([status] + (["Dazed"] if m.dazed else []) + (["Empowered"] if m.empowered else []))


def _gauges(m: ModelView) -> list[tuple[str, int, int, RGB]]:
    """(label, value, pips, colour) of the HP, Armor and Power gauges."""
    pool = content().rules.card_pool
    return [
        ("HP", m.hp, m.max_hp, HP),
        ("Armor", m.armor, m.armor, ARMOR),
        ("Power", m.power, max(pool, m.power), POWER),
    ]


def _gauge_width(label: str, value: int, top: int, pitch: float) -> float:
    number = f"{value}/{top}" if label != "Armor" else str(value)
    return (
        text_width(label, GAUGE_TEXT, "bold") + 8 + top * pitch + 6 + text_width(number, GAUGE_TEXT, "bold")
    )


def _pitch(m: ModelView, width: float) -> float:
    """The pip pitch: the wide one, or less so that the longest gauge fits a line of ``width``."""
    room = [
        (width - _gauge_width(label, value, top, 0.0)) / top for label, value, top, _ in _gauges(m) if top
    ]
    return float(max(14, min(PIP, math.floor(min(room, default=PIP)))))


def _gauge_lines(m: ModelView, width: float) -> list[list[int]]:
    """The gauges (by index) flowed into lines of ``width``."""
    pitch = _pitch(m, width)
    lines: list[list[int]] = []
    used = 0.0
    for i, (label, value, top, _) in enumerate(_gauges(m)):
        w = _gauge_width(label, value, top, pitch)
        if lines and used + GAUGE_GAP + w <= width:
            lines[-1].append(i)
            used += GAUGE_GAP + w
        else:
            lines.append([i])
            used = w
    return lines


def _status_inline(m: ModelView, width: float) -> bool:
    """Whether the status fits in the name band beside the name (else it gets a line of its own)."""
    return text_width(m.name, 24, "bold") + 24 + text_width(_status(m), 18, "bold") <= width - 2 * PAD


def _head_height(block: Block, width: float) -> int:
    """The height of a block's heading: a name band, status and gauges, or the cards' title."""
    m = block.model
    if m is None:
        return _cards_head(block.heading, width)
    status = 0 if _status_inline(m, width) else 28
    return BAND + status + 6 + GAUGE_H * len(_gauge_lines(m, width - 2 * PAD)) + 8


def _block_width(cols: int, tile_w: float) -> float:
    return cols * tile_w + (cols - 1) * GAP + 2 * PAD


def _block_height(block: Block, cols: int, tile_w: float) -> int:
    width = _block_width(cols, tile_w)
    return _head_height(block, width) + _rows_height(block.tiles, cols, tile_w) + PAD - GAP + 2


def _shares(counts: list[int], most: int) -> list[tuple[int, ...]]:
    """Every way to give each block 1..its tile count columns, ``most`` columns in all at most."""
    found: list[tuple[int, ...]] = [()]
    for count in counts:
        found = [(*s, k) for s in found for k in range(1, max(1, count) + 1) if sum(s) + k <= most]
    return found


def hand_layout(view: EtView) -> HandLayout | None:
    """The picture's layout for ``view``; None for a spectator (no hand picture)."""
    if view.viewer is None or not view.side:
        return None
    groups = blocks(view)
    secret = secret_line(view)
    top = HEAD + (34 if secret and not _secret_inline(view, secret) else 0)
    inner = WIDTH - 2 * M - (len(groups) - 1) * GAP
    best: tuple[int, float, tuple[int, ...]] | None = None
    heights: dict[tuple[int, int, int], int] = {}  # (block, its columns, all columns): the block's height
    for share in _shares([len(b.tiles) for b in groups], MOST_COLUMNS):
        total = sum(share)  # the tile width depends on the total alone
        tile_w = (inner - len(share) * 2 * PAD - (total - len(share)) * GAP) / total
        if tile_w < TILE_MIN:
            continue
        tall = 0
        for i, k in enumerate(share):
            if (i, k, total) not in heights:
                heights[i, k, total] = _block_height(groups[i], k, tile_w)
            tall = max(tall, heights[i, k, total])
        if best is None or tall < best[0]:
            best = (tall, tile_w, share)
    if best is None:  # more groups than fit side by side: cannot happen with this game's seats
        raise ValueError(f"{len(groups)} dashboards do not fit side by side")
    tall, tile_w, share = best
    placed: list[Placed] = []
    x = float(M)
    for block, cols in zip(groups, share, strict=True):
        w = _block_width(cols, tile_w)
        placed.append(Placed(block, (x, top, x + w, top + tall), cols))
        x += w + GAP
    return HandLayout(WIDTH, int(top + tall + M), secret, tile_w, placed)


def render_hand(view: EtView, names: Sequence[str] = ()) -> Canvas | None:
    """Draw the viewer's dashboards (and the Controller's cards); None for a spectator."""
    plan = hand_layout(view)
    if plan is None or view.viewer is None:
        return None
    c = Canvas(plan.width, plan.height, indexed_palette())
    colour = side_colour(view.side)
    c.draw.rectangle((0, 0, WIDTH, HEAD - 12), fill=colour)
    who = seat_name(view.viewer, names)
    run_in(c, (M, 8, WIDTH * 0.5, HEAD - 20), (who, _role(view)), 28, WHITE, "bold")
    if _secret_inline(view, plan.secret):
        text_in(c, (WIDTH * 0.5, 8, WIDTH - M, HEAD - 20), plan.secret, 20, WHITE, "bold", "r")
    elif plan.secret:
        text_in(c, (M, HEAD, WIDTH - M, HEAD + 28), plan.secret, 20, INK, "bold")
    for spot in plan.blocks:
        if spot.block.model is not None:
            _dashboard(c, spot.block.model, spot, plan.tile_w)
        else:
            _cards(c, spot, plan.tile_w)
    return c


def _role(view: EtView) -> str:
    return "the Controller" if view.side == "ctrl" else "Player Team"


def _secret_inline(view: EtView, secret: str) -> bool:
    """Whether the hidden cards' line fits the right half of the header band (else it gets its own)."""
    return text_width(secret, 20, "bold") <= WIDTH * 0.5 - M


def cards_title(view: EtView) -> tuple[str, ...]:
    """The heading of the Controller's cards, as items: its Strategy hand and deck."""
    return ("Strategy cards:", f"{len(view.strategy_hand)} in hand,", f"{view.strategy_deck_size} in deck")


def _cards_head(heading: tuple[str, ...], width: float) -> int:
    """The height of the cards block's title at block ``width`` (two lines when narrow)."""
    return items_height(heading, 19, width - 2 * PAD, "bold", floor=15, most=2) + 10


def _cards(c: Canvas, spot: Placed, tile_w: float) -> None:
    x0, y0, x1, y1 = spot.box
    colour = side_colour("ctrl")
    c.box((x0, y0, x1, y1), fill=tint(colour, 0.92), outline=colour, width=2, radius=12)
    head = _cards_head(spot.block.heading, x1 - x0)
    items_in(c, (x0 + PAD, y0 + 6, x1 - PAD, y0 + head - 4), spot.block.heading, 19, INK, "bold", floor=15)
    _tiles(c, spot.block.tiles, x0 + PAD, y0 + head, tile_w, spot.columns)


def _dashboard(c: Canvas, m: ModelView, spot: Placed, tile_w: float) -> None:
    x, y, x1, y1 = spot.box
    width = x1 - x
    fill = character_colour(design_of(m))
    ring = side_colour(m.side)
    c.box((x, y, x1, y1), fill=tint(fill, 0.7), outline=ring, width=3, radius=12)
    c.draw.rounded_rectangle((x, y, x1, y + BAND), radius=12, fill=fill)
    c.draw.rectangle((x, y + BAND - 12, x1, y + BAND), fill=fill)
    ink = ink_on(fill)
    status = _status(m)
    if _status_inline(m, width):
        name_w = text_width(m.name, 24, "bold")
        text_in(c, (x + PAD, y + 4, x + PAD + name_w + 1, y + BAND - 4), m.name, 24, ink, "bold")
        text_in(c, (x + PAD + name_w + 24, y + 4, x1 - PAD, y + BAND - 4), status, 18, ink, "bold", "r")
        row = y + BAND + 6
    else:
        text_in(c, (x + PAD, y + 4, x1 - PAD, y + BAND - 4), m.name, 24, ink, "bold")
        text_in(c, (x + PAD, y + BAND + 4, x1 - PAD, y + BAND + 28), status, 18, INK, "bold")
        row = y + BAND + 28 + 6
    inner = width - 2 * PAD
    pitch = _pitch(m, inner)
    gauges = _gauges(m)
    for line in _gauge_lines(m, inner):
        gx = x + PAD
        for i in line:
            label, value, top, colour = gauges[i]
            gx = _pips(c, gx, row, label, value, top, colour, pitch) + GAUGE_GAP
        row += GAUGE_H
    _tiles(c, spot.block.tiles, x + PAD, row + 8, tile_w, spot.columns)


def _pips(
    c: Canvas, x: float, y: float, label: str, value: int, top: int, colour: RGB, pitch: float = PIP
) -> float:
    """A labelled row of ``top`` pips, ``value`` of them filled, and the number; returns the x after it."""
    label_w = text_width(label, GAUGE_TEXT, "bold") + 8
    text_in(c, (x, y, x + label_w, y + GAUGE_H), label, GAUGE_TEXT, colour, "bold")
    px = x + label_w
    r = min(11.0, (pitch - 4) / 2)
    for i in range(top):
        cx = px + i * pitch + pitch / 2
        filled = i < value
        c.draw.ellipse(
            (cx - r, y + GAUGE_H / 2 - r, cx + r, y + GAUGE_H / 2 + r),
            fill=colour if filled else WHITE,
            outline=colour,
            width=2,
        )
    px += top * pitch + 6
    number = f"{value}/{top}" if label != "Armor" else str(value)
    number_w = text_width(number, GAUGE_TEXT, "bold")
    text_in(c, (px, y, px + number_w + 1, y + GAUGE_H), number, GAUGE_TEXT, INK, "bold")
    return px + number_w


def _tiles(c: Canvas, tiles: list[Tile], x: float, y: float, w: float, cols: int) -> None:
    for start in range(0, len(tiles), cols):
        row = tiles[start : start + cols]
        h = max(t.height(w) for t in row)
        for i, tile in enumerate(row):
            _tile(c, tile, x + i * (w + GAP), y, w, h)
        y += h + GAP


def _tile(c: Canvas, t: Tile, x: float, y: float, w: float, h: float) -> None:
    c.box((x, y, x + w, y + h), fill=PANEL if t.muted else CARD, outline=t.band, width=3, radius=10)
    c.draw.rounded_rectangle((x, y, x + w, y + 36), radius=10, fill=t.band)
    c.draw.rectangle((x, y + 26, x + w, y + 36), fill=t.band)
    ink = ink_on(t.band)
    right = x + w - 12 - t.slots * SLOT
    for i in range(t.slots):  # the Power on the card: white discs on its band, filled as many as it holds
        cx = right + i * SLOT + SLOT / 2
        c.draw.ellipse(
            (cx - 9, y + 9, cx + 9, y + 27), fill=ink if i < t.power else t.band, outline=ink, width=2
        )
    text_in(c, (x + 12, y + 4, right - (6 if t.slots else 0), y + 34), t.title, 19, ink, "bold")
    top = y + 40
    if t.kind:
        bottom = top + t.kind_height(w) - 6
        lines_in(c, (x + 12, top, x + w - 12, bottom), t.kind, 16, MUTED if t.muted else INK, "bold")
        top = bottom + 6
    lines_in(c, (x + 12, top, x + w - 12, y + h - 10), t.text, 16, MUTED if t.muted else INK)
