"""The "what just happened" panel: this turn's plays and the last Assault's hits, one record a row."""

from __future__ import annotations

from collections.abc import Sequence

from engines.clashofdecks.state import ClashView, EffectRecord
from render.clashofdecks.model import colour_of, text
from render.clashofdecks.palette import GUARD, HURT
from render.core.palette import DANGER, GOOD, INK, MUTED, PANEL, RGB
from render.core.stamps import StampCanvas

ROW_H = 24
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


def records_height(view: ClashView) -> int:
    """The panel's height for this view."""
    rows = max(len(shown(view.this_turn)), len(shown(view.last_assault)), 1)
    return HEAD_H + ROW_H * rows + 10


def _column(
    canvas: StampCanvas,
    x: float,
    y: float,
    w: float,
    title: str,
    view: ClashView,
    records: tuple[EffectRecord, ...],
    empty: str,
    names: Sequence[str],
) -> None:
    canvas.text((x, y), title, size=18, weight="bold", fill=INK)
    row_y = y + HEAD_H - 6
    if not records:
        canvas.text((x, row_y), empty, size=16, fill=MUTED)
        return
    rows = shown(records)
    hidden = len(condense(records)) - len(rows) + 1
    for record in rows:
        if record is None:
            canvas.text((x + 16, row_y), f"… {hidden} more …", size=16, fill=MUTED)
            row_y += ROW_H
            continue
        # a coloured dot for the kingdom affected, then the line in a colour for its kind
        canvas.draw.ellipse((x, row_y + 5, x + 10, row_y + 15), fill=colour_of(view, record.kingdom))
        canvas.text(
            (x + 16, row_y),
            text(record.text, names),
            size=16,
            fill=_KIND_COLOURS.get(record.kind, INK),
            max_width=int(w - 20),
            min_size=16,
        )
        row_y += ROW_H


def records_panel(
    canvas: StampCanvas, x: float, y: float, w: float, view: ClashView, names: Sequence[str]
) -> float:
    """Draw both columns (placeholders filled from ``names``); return the y below the panel."""
    h = records_height(view)
    canvas.box((x, y, x + w, y + h), fill=PANEL, outline=None, radius=10)
    half = (w - 36) / 2
    _column(canvas, x + 12, y + 8, half, "This turn", view, view.this_turn, "nothing played yet", names)
    _column(
        canvas, x + 24 + half, y + 8, half, "Last assault", view, view.last_assault, "no assault yet", names
    )
    return y + h
