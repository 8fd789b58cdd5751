"""The public table image: header, kingdom panels, the lines with their Bridges, what happened, legend.

Heights are worked out first so the image is drawn once, at its final size, with no resizing.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.clashofdecks.state import ClashView, LineView, SideView
from render.clashofdecks.draft import draft_height, draft_panel
from render.clashofdecks.kingdoms import kingdom_panel, panel_height
from render.clashofdecks.legend import draw_legend, legend_height
from render.clashofdecks.lines import draw_line, line_height
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
from render.clashofdecks.tiles import Tile
from render.core.indexed_canvas import IndexedCanvas
from render.core.palette import INK, RGB
from render.core.stamps import StampCanvas

WIDTH = 1280
MARGIN = 20
GAP = 12
HEADER_H = 56


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


def header(canvas: StampCanvas, view: ClashView, names: Sequence[str]) -> None:
    """The title on the left, whose turn (or the result) on the right in the room left over."""
    title = title_line(view)
    canvas.text((MARGIN, 16), title, size=24, weight="bold", max_width=560, min_size=16)
    room = WIDTH - 2 * MARGIN - min(canvas.textlength(title, 24, "bold"), 560) - 30
    status, colour = status_line(view, names)
    canvas.text(
        (WIDTH - MARGIN, 18),
        status,
        size=22,
        weight="bold",
        fill=colour,
        anchor="ra",
        max_width=room,
        min_size=16,
    )


def _side_label(view: ClashView, side: SideView, names: Sequence[str]) -> str:
    kingdom = view.kingdoms[side.kingdom]
    return f"{kingdom_name(kingdom, names)} · {'upper' if side.upper else 'lower'} line"


Half = tuple[str, RGB, list[Tile]]


def _line(view: ClashView, line: LineView, names: Sequence[str]) -> tuple[Half, Half]:
    left = (
        _side_label(view, line.left, names),
        colour_of(view, line.left.kingdom),
        [unit_tile(view, u) for u in sorted(line.left.units, key=lambda u: u.position)],
    )
    right = (
        _side_label(view, line.right, names),
        colour_of(view, line.right.kingdom),
        [unit_tile(view, u) for u in sorted(line.right.units, key=lambda u: u.position)],
    )
    return left, right


def render_board(view: ClashView, names: Sequence[str] = ()) -> StampCanvas:
    """Draw the public board for ``view`` (read only what everyone may see); ``names`` by seat."""
    inner = WIDTH - 2 * MARGIN
    drafting = view.phase == "draft" and view.draft is not None
    keywords = [] if drafting else abilities_on_board(view)
    height = HEADER_H + panel_height(view) + GAP
    if drafting:
        height += draft_height(view, inner) + GAP
    else:
        height += sum(
            line_height(len(line.left.units), len(line.right.units), inner) + GAP for line in view.lines
        )
        height += records_height(view) + GAP + legend_height(keywords, inner)
    canvas = IndexedCanvas(WIDTH, height + MARGIN, indexed_palette())
    header(canvas, view, names)
    y: float = HEADER_H
    count = max(len(view.kingdoms), 1)
    panel_w = (inner - GAP * (count - 1)) / count
    for index, kingdom in enumerate(view.kingdoms):
        kingdom_panel(canvas, MARGIN + index * (panel_w + GAP), y, panel_w, view, kingdom, names)
    y += panel_height(view) + GAP
    if drafting:
        draft_panel(canvas, MARGIN, y, inner, view, None, names)
        return canvas
    for line in view.lines:
        left, right = _line(view, line, names)
        y = draw_line(canvas, MARGIN, y, inner, f"Bridge {line.index + 1}", left, right) + GAP
    y = records_panel(canvas, MARGIN, y, inner, view, names) + GAP
    draw_legend(canvas, MARGIN, y, inner, keywords)
    return canvas
