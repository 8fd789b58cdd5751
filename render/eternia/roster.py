"""The public roster under the map: each side's Characters (HP, Armor, Power, Skills), Minions and extras.

It is the key to the map's piece codes too: every code drawn on a piece is spelled out here.
Everything in it is public (HP, Power on every slot, the Controller Skills, counts of cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.eternia.content import content
from engines.eternia.state import EtView, ModelView
from render.core.canvas import Canvas
from render.core.names import seat_name
from render.core.palette import INK, MUTED, tint
from render.eternia.fitting import lines_height, lines_in, text_in
from render.eternia.palette import DAZED, HP, POWER, WHITE, ink_on, side_colour
from render.eternia.pieces import piece_colours
from render.eternia.words import (
    ai_card_name,
    base_name,
    code,
    ctrl_skill_name,
    knocked_out,
    skill_name,
    strategy_name,
    type_code,
    where,
)

PAD = 14
CHIP_R = 20
TITLE_H = 40
TEXT = 19
SMALL = 17
TITLE_LINE = 26


@dataclass
class Row:
    """One entry of a column: an optional piece chip, a bold title, a tag and a detail paragraph."""

    title: str
    detail: str
    width: float  # the column's width
    model: ModelView | None = None
    note: str = ""  # a short tag at the end of the title line (KO, Dazed, Empowered)

    @property
    def text_left(self) -> float:
        """Where the words start, from the column's left edge."""
        return PAD + (2 * CHIP_R + 12 if self.model is not None else 0)

    @property
    def detail_height(self) -> int:
        """The height of the detail paragraph."""
        return lines_height(self.detail, SMALL, self.width - self.text_left - PAD, most=3)

    @property
    def height(self) -> int:
        """The row's height in px."""
        return max(TITLE_LINE + self.detail_height, 2 * CHIP_R + 4) + 12


def _character_row(view: EtView, m: ModelView, width: float, names: Sequence[str]) -> Row:
    stats = [f"HP {m.hp}/{m.max_hp}", f"Armor {m.armor}", f"Power {m.power}"]
    stats.append("KO'd: back at its next Activation" if knocked_out(m) else f"at {where(m)}")
    if m.unlocked:
        stats.append("Skills: " + ", ".join(f"{skill_name(u.skill)} ({u.power})" for u in m.unlocked))
    note = "KO" if knocked_out(m) else "Dazed" if m.dazed else "Empowered" if m.empowered else ""
    owner = f" · {seat_name(m.seat, names)}" if m.seat >= 0 and view.mode == "versus" else ""
    return Row(m.name + owner, " · ".join(stats), width, m, note)


def _group_rows(view: EtView, side: str, kind: str, width: float) -> list[Row]:
    """One row per Minion or NPC type of ``side``: codes and hexes on the map, then the rest."""
    groups: dict[str, list[ModelView]] = {}
    for m in view.models:
        if m.kind == kind and (m.side == side or kind == "npc"):
            groups.setdefault(base_name(m), []).append(m)
    rows = []
    for name, members in groups.items():
        shown = [m for m in members if m.hexes]
        ko = sum(1 for m in members if knocked_out(m))
        spare = len(members) - len(shown) - ko
        placed = [f"{code(m)} {where(m)}" + (" Dazed" if m.dazed else "") for m in shown]
        parts = [", ".join(placed) if placed else "none on the map"]
        if spare:
            parts.append(f"{spare} not in play")
        if ko:
            parts.append(f"{ko} KO'd")
        title = f"{name}s" if len(members) > 1 and not name.endswith("s") else name
        rows.append(Row(title, " · ".join(parts), width, shown[0] if shown else members[0]))
    return rows


def _extras(view: EtView, side: str, width: float) -> list[Row]:
    """The Controller's public pieces: Controller Skills and Strategy counts, or the AI's Power and card."""
    if side != "ctrl":
        return []
    if view.mode == "ai":
        card = ai_card_name(view.ai_card) if view.ai_card else "none"
        return [Row("The AI Controller", f"AI Power {view.ai_power} · AI card: {card}", width)]
    known = content().controller_skills
    skills = []
    for skill, power in view.ctrl_skills.items():
        slots = known[skill].slots if skill in known else power
        mark = " (Empowered)" if skill in view.ctrl_empowered else ""
        skills.append(f"{ctrl_skill_name(skill)} {power}/{slots}{mark}")
    played = ", ".join(strategy_name(s) for s in view.strategy_played[-4:]) or "none yet"
    cards = f"{view.strategy_hand_size} in hand · {view.strategy_deck_size} in deck · played: {played}"
    return [
        Row("Controller Skills (Power on each)", " · ".join(skills) or "none", width),
        Row("Strategy cards", cards, width),
    ]


def column_rows(view: EtView, side: str, width: float, names: Sequence[str]) -> list[Row]:
    """Every row of one side's column, Characters first."""
    rows = [
        _character_row(view, m, width, names) for m in view.models if m.kind == "character" and m.side == side
    ]
    rows += _group_rows(view, side, "minion", width)
    if side == "team":
        rows += _group_rows(view, side, "npc", width)
    return rows + _extras(view, side, width)


def column_title(view: EtView, side: str, names: Sequence[str]) -> str:
    """The heading of a side's column, with its VP."""
    score = f"{view.vp.get(side, 0)}/{view.vp_target} VP"
    if side == "team":
        return f"Player Team · {score}"
    if view.mode == "ai":
        return f"Controller (AI) · {score}"
    seat = next((m.seat for m in view.models if m.side == "ctrl" and m.seat >= 0), 0)
    return f"Controller · {seat_name(seat, names)} · {score}"


def roster_height(view: EtView, width: float, names: Sequence[str]) -> int:
    """The height the two columns need."""
    col = (width - PAD) / 2
    tallest = max(sum(r.height for r in column_rows(view, s, col, names)) for s in ("team", "ctrl"))
    return TITLE_H + tallest + 6


def draw_roster(c: Canvas, view: EtView, x: float, y: float, width: float, names: Sequence[str]) -> None:
    """Both sides' columns side by side, the Team on the left."""
    col = (width - PAD) / 2
    height = roster_height(view, width, names)
    for i, side in enumerate(("team", "ctrl")):
        left = x + i * (col + PAD)
        colour = side_colour(side)
        c.box((left, y, left + col, y + height), fill=tint(colour, 0.9), outline=colour, width=2, radius=10)
        c.draw.rounded_rectangle((left, y, left + col, y + TITLE_H - 6), radius=10, fill=colour)
        c.draw.rectangle((left, y + TITLE_H - 18, left + col, y + TITLE_H - 6), fill=colour)
        title = column_title(view, side, names)
        text_in(c, (left + PAD, y + 4, left + col - PAD, y + TITLE_H - 10), title, 22, WHITE, "bold")
        top = y + TITLE_H
        for row in column_rows(view, side, col, names):
            _row(c, row, left, top)
            top += row.height


def _row(c: Canvas, row: Row, x: float, y: float) -> None:
    if row.model is not None:
        fill, ring = piece_colours(row.model)
        cx, cy = x + PAD + CHIP_R, y + 4 + CHIP_R
        c.draw.ellipse((cx - CHIP_R, cy - CHIP_R, cx + CHIP_R, cy + CHIP_R), fill=fill, outline=ring, width=3)
        mark = code(row.model) if row.model.kind == "character" else type_code(row.model)
        text_in(
            c, (cx - CHIP_R + 4, cy - 10, cx + CHIP_R - 4, cy + 10), mark, 16, ink_on(fill), "bold", "c", 9
        )
    tx, right = x + row.text_left, x + row.width - PAD
    if row.note:
        tone = {"KO": HP, "Empowered": POWER}.get(row.note, INK)
        fill = DAZED if row.note == "Dazed" else tint(tone, 0.75)
        tag_w = c.textlength(row.note, 15, "bold") + 16
        c.box((right - tag_w, y + 3, right, y + TITLE_LINE - 1), fill=fill, outline=tone, width=1, radius=6)
        text_in(c, (right - tag_w + 8, y + 3, right - 8, y + TITLE_LINE - 1), row.note, 15, INK, "bold", "c")
        right -= tag_w + 8
    text_in(c, (tx, y + 2, right, y + TITLE_LINE), row.title, TEXT, INK, "bold")
    box = (tx, y + TITLE_LINE, x + row.width - PAD, y + TITLE_LINE + row.detail_height)
    lines_in(c, box, row.detail, SMALL, INK if row.model is not None else MUTED)
