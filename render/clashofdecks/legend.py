"""The key to the ability badges drawn on an image (only the ones that appear), wrapped to fit."""

from __future__ import annotations

from render.clashofdecks.abilities import badge, title
from render.clashofdecks.tiles import BADGE_H, BADGE_W, WHITE
from render.core.palette import INK, MUTED
from render.core.stamps import StampCanvas, text_width

ROW_H = 30
_NOTE = "solid: own · pale: borrowed · hollow: lent by Aura"


def _entries(keywords: list[str]) -> list[tuple[str, float]]:
    return [(k, BADGE_W + 6 + text_width(title(k), 16) + 18) for k in keywords]


def legend_height(keywords: list[str], w: float) -> int:
    """Height of the legend for these keywords in ``w`` px (0 when there is nothing to explain)."""
    if not keywords:
        return 0
    rows, x = 1, text_width(_NOTE, 16) + 24
    for _, width in _entries(keywords):
        if x + width > w:
            rows, x = rows + 1, 0.0
        x += width
    return rows * ROW_H + 8


def draw_legend(canvas: StampCanvas, x0: float, y: float, w: float, keywords: list[str]) -> float:
    """Draw the legend; return the y below it."""
    if not keywords:
        return y
    canvas.text((x0, y + BADGE_H / 2), _NOTE, size=16, fill=MUTED, anchor="lm")
    x = x0 + text_width(_NOTE, 16) + 24
    for keyword, width in _entries(keywords):
        if x + width > x0 + w:
            x, y = x0, y + ROW_H
        code, colour = badge(keyword)
        canvas.draw.rounded_rectangle((x, y, x + BADGE_W, y + BADGE_H), radius=6, fill=colour)
        canvas.text(
            (x + BADGE_W / 2, y + BADGE_H / 2), code, size=16, weight="condensed", fill=WHITE, anchor="mm"
        )
        canvas.text((x + BADGE_W + 6, y + BADGE_H / 2), title(keyword), size=16, fill=INK, anchor="lm")
        x += width
    return y + ROW_H + 8
