"""The public roster beside the map: each side's Characters (HP, Armor, Power, Skills), Minions and extras.

It is the key to the map's piece codes too: every code drawn on a piece is spelled out here.
Everything in it is public (HP, Power on every slot, the Controller Skills, counts of cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from engines.eternia.content import content
from engines.eternia.state import EtView, ModelView
from render.core.canvas import Canvas, text_width
from render.core.names import seat_name
from render.core.palette import INK, MUTED, ink_on, tint
from render.eternia.fitting import items_height, items_in, items_width, run_in, text_in
from render.eternia.palette import DAZED, HP, POWER, WHITE, side_colour
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

PAD = 12
CHIP_R = 18
TITLE_H = 38
TEXT = 19
SMALL = 16
TITLE_LINE = 24


@dataclass
class Row:
    """One entry of a column: an optional piece chip, a bold title, a tag and a detail paragraph.

    The title and the detail are items (``render.eternia.fitting``): a name, a player's name and
    each fact apart, so the facts that recur are drawn from the kit's text tiles.
    """

    title: tuple[str, ...]
    detail: tuple[str, ...]
    width: float  # the column's width
    model: ModelView | None = None
    note: str = ""  # a short tag at the end of the title line (KO, Dazed, Empowered)

    @property
    def text_left(self) -> float:
        """Where the words start, from the column's left edge."""
        return PAD + (2 * CHIP_R + 12 if self.model is not None else 0)

    @cached_property
    def detail_height(self) -> int:
        """The height of the detail paragraph."""
        return items_height(self.detail, SMALL, self.width - self.text_left - PAD, most=3)

    @property
    def height(self) -> int:
        """The row's height in px."""
        return max(TITLE_LINE + self.detail_height, 2 * CHIP_R + 4) + 8


def _character_row(view: EtView, m: ModelView, width: float, names: Sequence[str]) -> Row:
    stats: tuple[str, ...] = (f"HP {m.hp}/{m.max_hp}", f"Armor {m.armor}", f"Power {m.power}")
    stats += ("KO'd: back at its next Activation" if knocked_out(m) else f"at {where(m)}",)
    stats += listed("Skills: ", [f"{skill_name(u.skill)} ({u.power})" for u in m.unlocked])
    note = "KO" if knocked_out(m) else "Dazed" if m.dazed else "Empowered" if m.empowered else ""
    row = Row((m.name,), stats, width, m, note)
    if m.seat >= 0 and view.mode == "versus":
        owner = seat_name(m.seat, names)
        room = width - row.text_left - PAD - (_tag_width(note) + 8 if note else 0)
        # the title keeps its size: a new player's name is measured and drawn at one size only
        if items_width((m.name, owner), TEXT, "bold") <= room:
            row.title = (m.name, owner)
        else:  # a long display name goes on the detail lines, which wrap, rather than shrink the title
            row.detail = (owner, *row.detail)
    return row


def listed(lead: str, names: Sequence[str]) -> tuple[str, ...]:
    """``names`` as a comma list after ``lead``, one item each ("Skills: Sprint (2),", "Brace (1)")."""
    if not names:
        return ()
    last = len(names) - 1
    return tuple(f"{lead if i == 0 else ''}{n}{',' if i < last else ''}" for i, n in enumerate(names))


def _tag_width(note: str) -> float:
    """The width of a row's tag (KO, Dazed, Empowered)."""
    return text_width(note, 15, "bold") + 16


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
        parts = listed("", placed) or ("none on the map",)
        if spare:
            parts += (f"{spare} not in play",)
        if ko:
            parts += (f"{ko} KO'd",)
        title = f"{name}s" if len(members) > 1 and not name.endswith("s") else name
        rows.append(Row((title,), parts, width, shown[0] if shown else members[0]))
    return rows


def _extras(view: EtView, side: str, width: float) -> list[Row]:
    """The Controller's public pieces: Controller Skills and Strategy counts, or the AI's Power and card."""
    if side != "ctrl":
        return []
    if view.mode == "ai":
        card = ai_card_name(view.ai_card) if view.ai_card else "none"
        return [Row(("The AI Controller",), (f"AI Power {view.ai_power}", f"AI card: {card}"), width)]
    known = content().controller_skills
    skills = []
    for skill, power in view.ctrl_skills.items():
        slots = known[skill].slots if skill in known else power
        mark = " (Empowered)" if skill in view.ctrl_empowered else ""
        skills.append(f"{ctrl_skill_name(skill)} {power}/{slots}{mark}")
    recent = [strategy_name(s) for s in view.strategy_played[-4:]]
    played = listed("played: ", recent) or ("played: none yet",)
    cards = (f"{view.strategy_hand_size} in hand", f"{view.strategy_deck_size} in deck", *played)
    return [
        Row(("Controller Skills (Power on each)",), tuple(skills) or ("none",), width),
        Row(("Strategy cards",), cards, width),
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


def column_title(view: EtView, side: str) -> tuple[str, ...]:
    """The heading of a side's column, with its VP.

    The Controller's player is named on each of its Character's rows ("Skeletor · Ann"), not here:
    a long display name would shrink the heading below legibility.
    """
    score = f"{view.vp.get(side, 0)}/{view.vp_target} VP"
    if side == "team":
        return ("Player Team", score)
    return ("Controller (AI)" if view.mode == "ai" else "Controller", score)


def columns(view: EtView, width: float, names: Sequence[str]) -> dict[str, list[Row]]:
    """Both sides' rows at ``width``, the Team first (worked out once: the layout sizes them too)."""
    return {side: column_rows(view, side, width, names) for side in ("team", "ctrl")}


def column_height(rows: list[Row]) -> int:
    """The height of one side's column of ``rows``."""
    return TITLE_H + sum(r.height for r in rows) + 6


def draw_column(c: Canvas, view: EtView, side: str, rows: list[Row], x: float, y: float, width: float) -> int:
    """One side's column: its coloured title band with the VP, then a row per model group and extra.

    Returns the column's height.
    """
    height = column_height(rows)
    colour = side_colour(side)
    c.box((x, y, x + width, y + height), fill=tint(colour, 0.9), outline=colour, width=2, radius=10)
    c.draw.rounded_rectangle((x, y, x + width, y + TITLE_H - 6), radius=10, fill=colour)
    c.draw.rectangle((x, y + TITLE_H - 18, x + width, y + TITLE_H - 6), fill=colour)
    title = column_title(view, side)
    run_in(c, (x + PAD, y + 4, x + width - PAD, y + TITLE_H - 10), title, 22, WHITE, "bold")
    top = y + TITLE_H
    for row in rows:
        _row(c, row, x, top)
        top += row.height
    return height


def stacked_height(sides: dict[str, list[Row]]) -> int:
    """The height of both sides' columns one above the other, with their gap."""
    return sum(column_height(rows) for rows in sides.values()) + PAD


def draw_stacked(
    c: Canvas, view: EtView, x: float, y: float, width: float, sides: dict[str, list[Row]]
) -> None:
    """Both sides' columns (``columns`` at ``width``) one above the other: the board's side panel."""
    for side, rows in sides.items():
        y += draw_column(c, view, side, rows, x, y, width) + PAD


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
        tag_w = _tag_width(row.note)
        c.box((right - tag_w, y + 3, right, y + TITLE_LINE - 1), fill=fill, outline=tone, width=1, radius=6)
        text_in(c, (right - tag_w + 8, y + 3, right - 8, y + TITLE_LINE - 1), row.note, 15, INK, "bold", "c")
        right -= tag_w + 8
    run_in(c, (tx, y + 2, right, y + TITLE_LINE), row.title, TEXT, INK, "bold")
    box = (tx, y + TITLE_LINE, x + row.width - PAD, y + TITLE_LINE + row.detail_height)
    items_in(c, box, row.detail, SMALL, INK if row.model is not None else MUTED)
