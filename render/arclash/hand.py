"""A seat's private picture: its hand with full card text, the sealed pick, and the legal choices."""

from __future__ import annotations

import math
from collections.abc import Sequence

from engines.arclash.state import ArclashView, CardView
from render.arclash.palette import CARD, WHITE, WIDTH, indexed_palette
from render.core.indexed_canvas import IndexedCanvas as Canvas
from render.core.names import seat_name
from render.core.palette import GOOD, HIGHLIGHT, INK, MUTED, seat_colour, tint

COLS = 4
GAP = 16
TILE_H = 262
CHOICE_LINE = 30


def render_hand(view: ArclashView, names: Sequence[str] = ()) -> Canvas | None:
    """Draw the viewer's hand (headed with ``names[viewer]``); None for spectators."""
    if view.viewer is None:
        return None
    colour = seat_colour(view.viewer)
    rows = max(1, math.ceil(len(view.hand) / COLS))
    choices = view.choices[:16]
    choice_rows = math.ceil(len(choices) / 2)
    height = 100 + rows * (TILE_H + GAP) + (60 + choice_rows * CHOICE_LINE if choices else 40)
    height += 32 if view.my_choice is not None else 0
    canvas = Canvas(WIDTH, height, indexed_palette())
    canvas.draw.rectangle((0, 0, WIDTH, 84), fill=colour)
    canvas.text(
        (GAP, 10),
        f"{seat_name(view.viewer, names)} · your hand ({len(view.hand)})",
        30,
        WHITE,
        "bold",
        max_width=WIDTH - 2 * GAP,
        min_size=18,
    )
    note = view.prompt or "Nothing to decide right now."
    canvas.text((GAP, 50), note, 21, WHITE, max_width=WIDTH - 2 * GAP, min_size=15)
    chosen = {a.card for a in choices if a.card}
    paying = {c.iid for c in view.my_paying}
    pick = view.my_choice.iid if view.my_choice else ""
    tile_w = (WIDTH - GAP * (COLS + 1)) // COLS
    for index, card in enumerate(view.hand):
        row, col = divmod(index, COLS)
        x, y = GAP + col * (tile_w + GAP), 100 + row * (TILE_H + GAP)
        mark = "CHOSEN" if card.iid == pick else "TO DISCARD" if card.iid in paying else ""
        _tile(canvas, card, x, y, tile_w, card.iid in chosen, mark)
    y = 100 + rows * (TILE_H + GAP)
    if not view.hand:
        canvas.text((GAP, 110), "Your hand is empty.", 24, MUTED, "bold")
    if view.my_choice is not None:
        canvas.text((GAP, y), f"Your hidden pick: {view.my_choice.name}", 22, GOOD, "bold")
        y += 32
    if choices:
        canvas.text((GAP, y + 6), "Your choices", 24, INK, "bold")
        col_w = (WIDTH - 3 * GAP) // 2
        for index, action in enumerate(choices):
            row, col = divmod(index, 2)
            cx, cy = GAP + col * (col_w + GAP), y + 44 + row * CHOICE_LINE
            canvas.text((cx, cy), f"{index + 1}. {action.label}", 20, INK, max_width=col_w, min_size=14)
    return canvas


def _tile(canvas: Canvas, card: CardView, x: int, y: int, w: int, playable: bool, mark: str) -> None:
    outline = HIGHLIGHT if playable else tint(INK, 0.6)
    canvas.box((x, y, x + w, y + TILE_H), fill=CARD, outline=outline, width=5 if playable else 2, radius=10)
    canvas.text((x + 12, y + 10), card.name, 21, INK, "bold", max_width=w - 24, min_size=14)
    kind = f"Level {card.level} character · {card.power}" if card.kind == "character" else "Support"
    canvas.text((x + 12, y + 38), kind, 18, seat_colour(None) if card.kind != "character" else INK, "bold")
    canvas.text((x + 12, y + 62), " · ".join(card.traits), 16, MUTED, max_width=w - 24, min_size=12)
    canvas.paragraph((x + 12, y + 88), card.text, 17, w - 24, INK, max_lines=7, spacing=1.15)
    if mark:
        canvas.draw.rounded_rectangle(
            (x + w - 130, y + TILE_H - 34, x + w - 10, y + TILE_H - 8), 8, fill=GOOD
        )
        canvas.text((x + w - 70, y + TILE_H - 21), mark, 15, WHITE, "bold", anchor="mm")
