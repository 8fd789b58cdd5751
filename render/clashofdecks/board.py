"""The public table image: header, kingdom panels, the lines with their Bridges, what happened, legend.

Heights are worked out first so the image is drawn once, at its final size, with no resizing.
Names are never cut short: the status (the result, naming every winner) goes under the title
when it is too long beside it, and panels, line labels and records wrap and grow to fit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.clashofdecks.state import ClashView, LineView, SideView
from render.clashofdecks.draft import draft_height, draft_panel
from render.clashofdecks.kingdoms import kingdom_panel, panel_row, panel_width
from render.clashofdecks.legend import draw_legend, legend_height
from render.clashofdecks.lines import Half, LinePlan, draw_line, plan_line
from render.clashofdecks.model import (
    FORMAT_TITLES,
    MODE_TITLES,
    Names,
    abilities_on_board,
    colour_of,
    kingdom_name,
    text,
    unit_tile,
)
from render.clashofdecks.palette import indexed_palette
from render.clashofdecks.records import records_height, records_panel
from render.core.canvas import Wrapped, fit_lines, line_step
from render.core.indexed_canvas import IndexedCanvas
from render.core.palette import INK, RGB
from render.core.stamps import StampCanvas, text_width

WIDTH = 1280
MARGIN = 20
GAP = 12
HEADER_H = 56
STATUS_TOP = 50  # a status too long for beside the title goes under it, from here


def title_line(view: ClashView) -> str:
    """The image title, e.g. "Clash of Decks · Duel · Draft"."""
    mode = MODE_TITLES.get(view.mode, view.mode)
    fmt = FORMAT_TITLES.get(view.format, view.format)
    return f"Clash of Decks · {mode} · {fmt}"


def status_line(view: ClashView, names: Names = None) -> tuple[str, RGB]:
    """Whose turn it is (or the result), and the colour to write it in (placeholders without names)."""
    if view.over or view.phase == "over":
        return (text(view.result, names) if view.result else "Game over"), INK
    if view.phase == "draft":
        picker = view.draft.picker if view.draft is not None else None
        if picker is not None and 0 <= picker < len(view.kingdoms):
            return f"Drafting · {kingdom_name(view.kingdoms[picker], names)} picks", colour_of(view, picker)
        return "Drafting", INK
    if 0 <= view.active < len(view.kingdoms):
        who = kingdom_name(view.kingdoms[view.active], names)
        return f"Turn {view.turn} · {who} to play", colour_of(view, view.active)
    return f"Turn {view.turn}", INK


@dataclass(frozen=True)
class HeaderPlan:
    """The header laid out: the status beside the title when it fits there, else wrapped below it."""

    title: str
    status: Wrapped
    colour: RGB
    below: bool

    @property
    def height(self) -> int:
        """The header's height."""
        if not self.below:
            return HEADER_H
        return STATUS_TOP + line_step(self.status.size) * len(self.status.lines) + 10


def plan_header(view: ClashView, names: Sequence[str]) -> HeaderPlan:
    """Fit the status (on the final board, the result naming every winner) without cutting it."""
    title = title_line(view)
    status, colour = status_line(view, names)
    room = WIDTH - 2 * MARGIN - min(text_width(title, 24, "bold"), 560) - 30
    beside = fit_lines(status, 22, room, "bold", 18, 1)
    if beside.whole and len(beside.lines) == 1:
        return HeaderPlan(title, beside, colour, below=False)
    return HeaderPlan(title, fit_lines(status, 22, WIDTH - 2 * MARGIN, "bold", 16, 2), colour, below=True)


def header(canvas: StampCanvas, plan: HeaderPlan) -> None:
    """The title on the left, whose turn (or the result) on the right, or under it when long."""
    canvas.text((MARGIN, 16), plan.title, size=24, weight="bold", max_width=560, min_size=16)
    status = plan.status
    if plan.below:
        canvas.lines((MARGIN, STATUS_TOP), status.lines, status.size, plan.colour, "bold")
    else:
        canvas.put((WIDTH - MARGIN, 18), status.lines[0], status.size, plan.colour, "bold", "ra")


def _side_label(view: ClashView, side: SideView, names: Sequence[str]) -> str:
    kingdom = view.kingdoms[side.kingdom]
    return f"{kingdom_name(kingdom, names)} · {'upper' if side.upper else 'lower'} line"


def _line(view: ClashView, line: LineView, names: Sequence[str], w: float) -> LinePlan:
    left: Half = (
        _side_label(view, line.left, names),
        colour_of(view, line.left.kingdom),
        [unit_tile(view, u) for u in sorted(line.left.units, key=lambda u: u.position)],
    )
    right: Half = (
        _side_label(view, line.right, names),
        colour_of(view, line.right.kingdom),
        [unit_tile(view, u) for u in sorted(line.right.units, key=lambda u: u.position)],
    )
    return plan_line(f"Bridge {line.index + 1}", left, right, w)


def render_board(view: ClashView, names: Sequence[str] = ()) -> StampCanvas:
    """Draw the public board for ``view`` (read only what everyone may see); ``names`` by seat."""
    inner = WIDTH - 2 * MARGIN
    drafting = view.phase == "draft" and view.draft is not None
    keywords = [] if drafting else abilities_on_board(view)
    top = plan_header(view, names)
    panel_w = panel_width(view, inner, GAP)
    row = panel_row(view, names, panel_w)
    panel_h = row.height
    height = top.height + panel_h + GAP
    lines = [] if drafting else [_line(view, line, names, inner) for line in view.lines]
    if drafting:
        height += draft_height(view, inner, names) + GAP
    else:
        height += sum(plan.height + GAP for plan in lines)
        height += records_height(view, names, inner) + GAP + legend_height(keywords, inner)
    canvas = IndexedCanvas(WIDTH, height + MARGIN, indexed_palette())
    header(canvas, top)
    y: float = top.height
    for index, kingdom in enumerate(view.kingdoms):
        kingdom_panel(canvas, MARGIN + index * (panel_w + GAP), y, panel_w, row, view, kingdom, names)
    y += panel_h + GAP
    if drafting:
        draft_panel(canvas, MARGIN, y, inner, view, None, names)
        return canvas
    for plan in lines:
        y = draw_line(canvas, MARGIN, y, inner, plan) + GAP
    y = records_panel(canvas, MARGIN, y, inner, view, names) + GAP
    draw_legend(canvas, MARGIN, y, inner, keywords)
    return canvas
