"""The "what just happened" panel: this turn's plays and the last Assault's hits, one record a row."""

from __future__ import annotations

from engines.clashofdecks.view import ClashView, EffectRecord
from render.clashofdecks.model import colour_of, text
from render.core.canvas import Canvas, font
from render.core.palette import DANGER, GOOD, INK, MUTED, PANEL, RGB

ROW_H = 24
HEAD_H = 34
MAX_ROWS = 12

_KIND_COLOURS: dict[str, RGB] = {
    "destroyed": DANGER,
    "stronghold": (150, 30, 30),
    "bastion_falls": DANGER,
    "fort_falls": DANGER,
    "mill": (150, 30, 30),
    "regenerate": GOOD,
    "protection": (38, 92, 160),
}


def _rows(records: tuple[EffectRecord, ...]) -> int:
    return min(len(records), MAX_ROWS) or 1


def records_height(view: ClashView) -> int:
    """The panel's height for this view."""
    return HEAD_H + ROW_H * max(_rows(view.this_turn), _rows(view.last_assault)) + 10


def _column(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    title: str,
    view: ClashView,
    records: tuple[EffectRecord, ...],
    empty: str,
) -> None:
    canvas.draw.text((x, y), title, font=font(18, "bold"), fill=INK)
    row_y = y + HEAD_H - 6
    if not records:
        canvas.draw.text((x, row_y), empty, font=font(16), fill=MUTED)
        return
    shown = records if len(records) <= MAX_ROWS else records[: MAX_ROWS - 1]
    for record in shown:
        # a coloured dot for the kingdom affected, then the line in a colour for its kind
        canvas.draw.ellipse((x, row_y + 5, x + 10, row_y + 15), fill=colour_of(view, record.kingdom))
        canvas.text(
            (x + 16, row_y),
            text(view, record.text),
            size=16,
            fill=_KIND_COLOURS.get(record.kind, INK),
            max_width=int(w - 20),
            min_size=16,
        )
        row_y += ROW_H
    if len(shown) < len(records):
        canvas.draw.text(
            (x + 16, row_y), f"… and {len(records) - len(shown)} more", font=font(16), fill=MUTED
        )


def records_panel(canvas: Canvas, x: float, y: float, w: float, view: ClashView) -> float:
    """Draw both columns; return the y below the panel."""
    h = records_height(view)
    canvas.box((x, y, x + w, y + h), fill=PANEL, outline=None, radius=10)
    half = (w - 36) / 2
    _column(canvas, x + 12, y + 8, half, "This turn", view, view.this_turn, "nothing played yet")
    _column(canvas, x + 24 + half, y + 8, half, "Last assault", view, view.last_assault, "no assault yet")
    return y + h
