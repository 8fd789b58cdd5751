"""The "what just happened" panel: this turn's plays and the last Assault's hits, one record a row."""

from __future__ import annotations

from collections.abc import Sequence

from engines.clashofdecks.state import ClashView, EffectRecord
from render.clashofdecks.model import colour_of, text
from render.clashofdecks.palette import GUARD, HURT
from render.core.canvas import line_step, wrap_lines
from render.core.palette import DANGER, GOOD, INK, MUTED, PANEL, RGB
from render.core.stamps import StampCanvas

ROW_H = 24
LINE_STEP = line_step(16)  # a record too long for one line goes on below
HEAD_H = 34
MAX_ROWS = 14
_SAYS_THE_HIT = {"damage", "stronghold", "mill", "protection", "indestructible"}

_KIND_COLOURS: dict[str, RGB] = {
    "destroyed": DANGER,
    "stronghold": HURT,
    "bastion_falls": DANGER,
    "fort_falls": DANGER,
    "mill": HURT,
    "regenerate": GOOD,
    "protection": GUARD,
}


def condense(records: tuple[EffectRecord, ...]) -> list[EffectRecord]:
    """Drop an "X attacks Y" line when the next line already says what X dealt, to save rows."""
    kept: list[EffectRecord] = []
    for index, record in enumerate(records):
        following = records[index + 1] if index + 1 < len(records) else None
        if (
            record.kind == "attack"
            and following is not None
            and following.kind in _SAYS_THE_HIT
            and following.source == record.source
        ):
            continue
        kept.append(record)
    return kept


def shown(records: tuple[EffectRecord, ...]) -> list[EffectRecord | None]:
    """The rows to draw: the first ones and the last one (often the decisive one), None for the gap."""
    rows: list[EffectRecord | None] = list(condense(records))
    if len(rows) > MAX_ROWS:
        rows = [*rows[: MAX_ROWS - 2], None, rows[-1]]
    return rows


def _column_width(w: float) -> float:
    """Each column's width in a panel ``w`` px wide."""
    return (w - 36) / 2


def _laid(
    records: tuple[EffectRecord, ...], names: Sequence[str], w: float
) -> list[tuple[EffectRecord | None, list[str]]]:
    """The rows to draw with each one's lines: a long record (long names) wraps instead of being cut."""
    room = _column_width(w) - 20
    return [
        (record, [] if record is None else wrap_lines(text(record.text, names), 16, room).lines)
        for record in shown(records)
    ]


def _rows_height(rows: list[tuple[EffectRecord | None, list[str]]]) -> int:
    return sum(ROW_H + LINE_STEP * max(len(lines) - 1, 0) for _, lines in rows)


def records_height(view: ClashView, names: Sequence[str], w: float) -> int:
    """The panel's height for this view, names and width."""
    tallest = max(
        _rows_height(_laid(view.this_turn, names, w)), _rows_height(_laid(view.last_assault, names, w)), ROW_H
    )
    return HEAD_H + tallest + 10


def _column(
    canvas: StampCanvas,
    x: float,
    y: float,
    title: str,
    view: ClashView,
    rows: list[tuple[EffectRecord | None, list[str]]],
    hidden: int,
    empty: str,
) -> None:
    canvas.text((x, y), title, size=18, weight="bold", fill=INK)
    row_y = y + HEAD_H - 6
    if not rows:
        canvas.text((x, row_y), empty, size=16, fill=MUTED)
        return
    for record, lines in rows:
        if record is None:
            canvas.text((x + 16, row_y), f"… {hidden} more …", size=16, fill=MUTED)
            row_y += ROW_H
            continue
        # a coloured dot for the kingdom affected, then the line in a colour for its kind
        canvas.draw.ellipse((x, row_y + 5, x + 10, row_y + 15), fill=colour_of(view, record.kingdom))
        canvas.lines((x + 16, row_y), lines, 16, _KIND_COLOURS.get(record.kind, INK))
        row_y += ROW_H + LINE_STEP * (len(lines) - 1)


def records_panel(
    canvas: StampCanvas, x: float, y: float, w: float, view: ClashView, names: Sequence[str]
) -> float:
    """Draw both columns (placeholders filled from ``names``); return the y below the panel."""
    h = records_height(view, names, w)
    canvas.box((x, y, x + w, y + h), fill=PANEL, outline=None, radius=10)
    half = _column_width(w)
    for left, title, records, empty in (
        (x + 12, "This turn", view.this_turn, "nothing played yet"),
        (x + 24 + half, "Last assault", view.last_assault, "no assault yet"),
    ):
        hidden = len(condense(records)) - len(shown(records)) + 1
        _column(canvas, left, y + 8, title, view, _laid(records, names, w), hidden, empty)
    return y + h
