"""A seat's private picture: its Characters' dashboards and, for the Controller, its Strategy hand.

A dashboard is the Character card (HP, Armor, the Power pool) with its printed Skills, and for a
Player Character its three Skill cards, unlocked (the face chosen, the Power on its slots) or
locked (both faces). The Controller also sees its Controller Skills and the Strategy cards it
holds. Both sides see their own sealed order and face-down cards, which the board never shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.eternia.content import content
from engines.eternia.state import EtView, ModelView
from render.core.indexed_canvas import IndexedCanvas as Canvas
from render.core.names import seat_name
from render.core.palette import INK, MUTED, PANEL, RGB, tint
from render.eternia.fitting import lines_height, lines_in, text_in
from render.eternia.palette import (
    ARMOR,
    CARD,
    HP,
    POWER,
    WHITE,
    WIDTH,
    character_colour,
    indexed_palette,
    ink_on,
    side_colour,
)
from render.eternia.words import card_name, design_of, knocked_out, skill_name, strategy_name, where

M = 16
COLS = 4
GAP = 12
HEAD = 72
LEVEL_COLOURS: dict[str, RGB] = {"green": (70, 150, 80), "yellow": (200, 160, 30), "red": (190, 50, 50)}
TYPE_WORDS = {
    "attack": "Attack",
    "action": "Action",
    "bonus_action": "Bonus Action",
    "boost": "Boost",
    "reaction": "Reaction",
    "surge": "Surge",
    "passive": "Passive",
}
TRIGGERS = {
    "strategy": "Strategy Activation",
    "ctrl_attack": "when your model attacks",
    "team_attack": "when an Enemy attacks",
}


@dataclass
class Tile:
    """One card on the picture: a coloured band with its title, a kind line, Power slots and text."""

    band: RGB
    title: str
    kind: str
    text: str
    slots: int = 0  # Power slots drawn (0: none)
    power: int = 0
    muted: bool = False

    def kind_height(self, width: float) -> int:
        """The height of the kind line(s) at tile ``width`` (a long one wraps)."""
        return lines_height(self.kind, 16, width - 24, "bold", most=2)

    def height(self, width: float) -> int:
        """The tile's height at ``width``."""
        body = lines_height(self.text, 16, width - 24, most=6)
        return 40 + self.kind_height(width) + 6 + (30 if self.slots else 0) + body + 14


def _skill_tile(skill: str, band: RGB, note: str = "", slots: int = 0, power: int = 0) -> Tile:
    found = content().skills.get(skill)
    if found is None:
        return Tile(band, skill_name(skill), note, "", slots, power)
    kind = TYPE_WORDS.get(found.type, found.type)
    if found.type == "attack":
        kind = f"{found.attack.title()} Attack · {found.dice} dice"
    kind += f" · cost {found.cost}" if found.cost else " · free"
    return Tile(band, found.name, (note + " · " if note else "") + kind, found.text, slots, power)


def character_tiles(m: ModelView) -> list[Tile]:
    """The printed Skills of ``m`` and, for a Player Character, its three Skill cards."""
    fill = character_colour(design_of(m))
    tiles = [_skill_tile(s, fill) for s in m.skills]
    char = content().characters.get(design_of(m))
    if m.side != "team" or char is None:
        if m.empowered and char is not None:
            tiles.append(_skill_tile(char.controller.empowered, (120, 70, 200), "Empowered"))
        return tiles
    unlocked = {u.skill: u.power for u in m.unlocked}
    slots = content().rules.skill_slots
    for level in ("green", "yellow", "red"):
        faces: tuple[str, str] = getattr(char.player, level)
        chosen = next((f for f in faces if f in unlocked), "")
        band = LEVEL_COLOURS[level]
        if chosen:
            other = next(f for f in faces if f != chosen)
            tile = _skill_tile(chosen, band, level.title(), slots, unlocked[chosen])
            tile.text += f" (Other face: {skill_name(other)}.)"
            tiles.append(tile)
        else:
            names = " or ".join(skill_name(f) for f in faces)
            text = f"Unlocks at an Escalation level, as {names}."
            tiles.append(Tile(tint(band, 0.45), f"{level.title()} card", "locked", text, muted=True))
    return tiles


def own_characters(view: EtView) -> list[ModelView]:
    """The Characters the viewer decides for (the Controller: all of its side's)."""
    if view.side == "ctrl":
        return [m for m in view.models if m.kind == "character" and m.side == "ctrl"]
    return [m for m in view.models if m.kind == "character" and m.seat == view.viewer and m.side == view.side]


def controller_tiles(view: EtView) -> list[Tile]:
    """The Controller's Strategy hand, then its four Controller Skills with their Power."""
    tiles = []
    for card in view.strategy_hand:
        plan = content().strategy.get(card)
        trigger = TRIGGERS.get(plan.trigger, plan.trigger) if plan else ""
        text = plan.text if plan else ""
        tiles.append(Tile(side_colour("ctrl"), strategy_name(card), f"Strategy · {trigger}", text))
    known = content().controller_skills
    for skill, power in view.ctrl_skills.items():
        found = known.get(skill)
        if found is None:
            continue
        empowered = skill in view.ctrl_empowered
        text = found.empowered_text if empowered else found.text
        kind = "Controller Skill" + (" · Empowered" if empowered else "")
        tiles.append(Tile(mix_band(empowered), found.name, kind, text, found.slots, power))
    return tiles


def mix_band(empowered: bool) -> RGB:
    """A Controller Skill's band: the side's colour, violet once flipped to its Empowered side."""
    return POWER if empowered else tint(side_colour("ctrl"), 0.2)


def secret_line(view: EtView) -> str:
    """The viewer's side's own hidden cards: its sealed order, or its face-down track cards."""
    if view.my_order:
        return "Your sealed order: " + ", ".join(card_name(view, c) for c in view.my_order)
    mine = [
        f"{i + 1} {card_name(view, s.card)}"
        for i, s in enumerate(view.track)
        if s.side == view.side and not s.flipped and s.card and s.card != "any"
    ]
    return "Your face-down cards: " + " · ".join(mine) if mine else ""


def columns(tiles: list[Tile]) -> int:
    """Tiles per row: five when there are five or more (a Player Character's 2 Skills and 3 cards)."""
    return 5 if len(tiles) >= 5 else COLS


def _rows_height(tiles: list[Tile], width: float) -> int:
    cols = columns(tiles)
    w = (width - (cols - 1) * GAP) / cols
    total = 0
    for start in range(0, len(tiles), cols):
        total += max(t.height(w) for t in tiles[start : start + cols]) + GAP
    return total


def _dash_height(m: ModelView, width: float) -> int:
    return 58 + 52 + _rows_height(character_tiles(m), width - 28) + 8


def render_hand(view: EtView, names: Sequence[str] = ()) -> Canvas | None:
    """Draw the viewer's dashboards (and the Controller's cards); None for a spectator."""
    if view.viewer is None or not view.side:
        return None
    chars = own_characters(view)
    extra = controller_tiles(view) if view.side == "ctrl" else []
    secret = secret_line(view)
    inner = WIDTH - 2 * M
    height = HEAD + (34 if secret else 0) + sum(_dash_height(m, inner) + GAP for m in chars)
    if extra:
        height += 44 + _rows_height(extra, inner)
    c = Canvas(WIDTH, height + M, indexed_palette())
    colour = side_colour(view.side)
    c.draw.rectangle((0, 0, WIDTH, HEAD - 12), fill=colour)
    who = seat_name(view.viewer, names)
    role = "the Controller" if view.side == "ctrl" else "Player Team"
    text_in(c, (M, 8, WIDTH * 0.62, HEAD - 20), f"{who} · {role}: your dashboards", 28, WHITE, "bold")
    if view.side == "ctrl":
        count = f"Strategy hand {len(view.strategy_hand)} · deck {view.strategy_deck_size}"
        text_in(c, (WIDTH * 0.62, 8, WIDTH - M, HEAD - 20), count, 21, WHITE, "bold", "r")
    y = float(HEAD)
    if secret:
        text_in(c, (M, y, WIDTH - M, y + 28), secret, 20, INK, "bold")
        y += 34
    for m in chars:
        y = _dashboard(c, m, M, y, inner) + GAP
    if extra:
        text_in(c, (M, y, WIDTH - M, y + 34), "Your Strategy cards and Controller Skills", 22, INK, "bold")
        _tiles(c, extra, M, y + 44, inner)
    return c


def _dashboard(c: Canvas, m: ModelView, x: float, y: float, width: float) -> float:
    fill = character_colour(design_of(m))
    ring = side_colour(m.side)
    h = _dash_height(m, width)
    c.box((x, y, x + width, y + h), fill=tint(fill, 0.7), outline=ring, width=3, radius=12)
    c.draw.rounded_rectangle((x, y, x + width, y + 48), radius=12, fill=fill)
    c.draw.rectangle((x, y + 36, x + width, y + 48), fill=fill)
    text_in(c, (x + 14, y + 6, x + width * 0.45, y + 44), m.name, 26, ink_on(fill), "bold")
    status = "KO'd: back at its next Activation" if knocked_out(m) else f"at {where(m)}"
    tags = [status] + (["Dazed"] if m.dazed else []) + (["Empowered"] if m.empowered else [])
    text_in(
        c, (x + width * 0.45, y + 6, x + width - 14, y + 44), " · ".join(tags), 20, ink_on(fill), "bold", "r"
    )
    row = y + 58
    after = _pips(c, x + 14, row, "HP", m.hp, m.max_hp, HP)
    after = _pips(c, after + 30, row, "Armor", m.armor, m.armor, ARMOR)
    pool = content().rules.card_pool
    _pips(c, after + 30, row, "Power", m.power, max(pool, m.power), POWER)
    _tiles(c, character_tiles(m), x + 14, row + 52, width - 28)
    return y + h


def _pips(c: Canvas, x: float, y: float, label: str, value: int, top: int, colour: RGB) -> float:
    """A labelled row of ``top`` pips, ``value`` of them filled, and the number; returns the x after it."""
    label_w = c.textlength(label, 20, "bold") + 10
    text_in(c, (x, y, x + label_w, y + 34), label, 20, colour, "bold")
    px = x + label_w
    for i in range(top):
        cx = px + i * 27 + 12
        filled = i < value
        c.draw.ellipse(
            (cx - 11, y + 6, cx + 11, y + 28), fill=colour if filled else WHITE, outline=colour, width=2
        )
    px += top * 27 + 6
    number = f"{value}/{top}" if label != "Armor" else str(value)
    text_in(c, (px, y, px + 60, y + 34), number, 20, INK, "bold")
    return px + c.textlength(number, 20, "bold")


def _tiles(c: Canvas, tiles: list[Tile], x: float, y: float, width: float) -> None:
    cols = columns(tiles)
    w = (width - (cols - 1) * GAP) / cols
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
    text_in(c, (x + 12, y + 4, x + w - 12, y + 34), t.title, 19, ink_on(t.band), "bold")
    top = y + 40 + t.kind_height(w)
    lines_in(c, (x + 12, y + 40, x + w - 12, top), t.kind, 16, MUTED if t.muted else INK, "bold")
    top += 6
    if t.slots:
        text_in(c, (x + 12, top, x + 80, top + 24), "Power", 16, POWER, "bold")
        for i in range(t.slots):
            cx = x + 88 + i * 26
            c.draw.ellipse(
                (cx, top + 2, cx + 20, top + 22), fill=POWER if i < t.power else WHITE, outline=POWER, width=2
            )
        top += 30
    lines_in(c, (x + 12, top, x + w - 12, y + h - 10), t.text, 16, MUTED if t.muted else INK)
