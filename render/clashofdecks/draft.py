"""The draft: the face-up row on offer, who picks now, and every kingdom's picks so far."""

from __future__ import annotations

from collections.abc import Sequence

from engines.clashofdecks.state import ClashView, DraftView
from render.clashofdecks.model import card_tile, colour_of, kingdom_name
from render.clashofdecks.tiles import hand_tile
from render.core.palette import INK, MUTED, PANEL
from render.core.stamps import StampCanvas

CARD_W = 140
CARD_H = 196
CARD_GAP = 14
PICK_ROW = 24


def _per_row(w: float) -> int:
    return max(1, int((w - 24 + CARD_GAP) // (CARD_W + CARD_GAP)))


def draft_height(view: ClashView, w: float) -> int:
    """The draft panel's height for this view."""
    draft = view.draft
    if draft is None:
        return 0
    card_rows = max(1, -(-len(draft.row) // _per_row(w)))
    return 70 + card_rows * (CARD_H + CARD_GAP + 8) + 30 + PICK_ROW * len(view.kingdoms) + 12


def _heading(view: ClashView, draft: DraftView, names: Sequence[str]) -> str:
    picker = ""
    if draft.picker is not None and 0 <= draft.picker < len(view.kingdoms):
        who = kingdom_name(view.kingdoms[draft.picker], names)
        picker = f" · {who} picks {draft.picks_now}"
    return f"Draft round {draft.round} · order {draft.pattern}{picker} · {draft.pile_left} left in the pile"


def draft_panel(
    canvas: StampCanvas,
    x: float,
    y: float,
    w: float,
    view: ClashView,
    mine: int | None,
    names: Sequence[str],
) -> float:
    """Draw the draft panel; the row is framed in gold when ``mine`` is the kingdom picking now."""
    draft = view.draft
    if draft is None:
        return y
    h = draft_height(view, w)
    canvas.box((x, y, x + w, y + h), fill=PANEL, outline=None, radius=10)
    canvas.text(
        (x + 14, y + 12),
        _heading(view, draft, names),
        size=20,
        weight="bold",
        max_width=int(w - 28),
        min_size=16,
    )
    my_turn = mine is not None and draft.picker == mine
    hint = "Your pick: choose from the framed cards." if my_turn else "Cards on offer:"
    canvas.text((x + 14, y + 42), hint, size=16, fill=INK if my_turn else MUTED)
    per_row = _per_row(w)
    top = y + 78
    for index, card in enumerate(draft.row):
        cx = x + 14 + (index % per_row) * (CARD_W + CARD_GAP)
        cy = top + (index // per_row) * (CARD_H + CARD_GAP + 8)
        hand_tile(
            canvas,
            cx,
            cy,
            CARD_W,
            CARD_H,
            card_tile(card, colour_of(view, mine if mine is not None else -1)),
            playable=my_turn,
        )
    if not draft.row:
        canvas.text((x + 14, top + 10), "the row is empty", size=16, fill=MUTED)
    rows = max(1, -(-len(draft.row) // per_row))
    py = top + rows * (CARD_H + CARD_GAP + 8)
    canvas.text((x + 14, py), "Picks so far", size=18, weight="bold", fill=INK)
    py += 28
    for kingdom in view.kingdoms:
        picks = draft.picks[kingdom.index] if kingdom.index < len(draft.picks) else ()
        cards = ", ".join(card.name for card in picks) or "—"
        label = f"{kingdom_name(kingdom, names)} ({len(picks)}): {cards}"
        canvas.text(
            (x + 14, py),
            label,
            size=16,
            fill=colour_of(view, kingdom.index),
            max_width=int(w - 28),
            min_size=16,
        )
        py += PICK_ROW
    return y + h
