"""The draft: the face-up row on offer, who picks now, and every kingdom's picks so far.

The heading and each kingdom's list of picks wrap rather than cut (the AI kingdom's list runs to
twenty cards), and the cards on offer grow as tall as the longest effect text needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.clashofdecks.state import ClashView, DraftView
from render.clashofdecks.model import card_tile, colour_of, kingdom_name
from render.clashofdecks.tiles import Tile, hand_tile, hand_tile_height
from render.core.canvas import Wrapped, fit_lines, line_step, wrap_lines
from render.core.palette import INK, MUTED, PANEL
from render.core.stamps import StampCanvas

CARD_W = 140
CARD_H = 196
CARD_GAP = 14
PICK_ROW = 24
PICK_STEP = line_step(16)


def _per_row(w: float) -> int:
    return max(1, int((w - 24 + CARD_GAP) // (CARD_W + CARD_GAP)))


def _heading(view: ClashView, draft: DraftView, names: Sequence[str]) -> str:
    picker = ""
    if draft.picker is not None and 0 <= draft.picker < len(view.kingdoms):
        who = kingdom_name(view.kingdoms[draft.picker], names)
        picker = f" · {who} picks {draft.picks_now}"
    return f"Draft round {draft.round} · order {draft.pattern}{picker} · {draft.pile_left} left in the pile"


@dataclass(frozen=True)
class DraftPlan:
    """The draft panel laid out: heading lines, the row's tiles and card height, each kingdom's picks."""

    heading: Wrapped
    tiles: list[Tile]
    card_h: int
    per_row: int
    picks: list[list[str]]

    @property
    def heading_h(self) -> int:
        """Room the heading takes beyond its first line."""
        return line_step(self.heading.size) * (len(self.heading.lines) - 1)

    @property
    def card_rows(self) -> int:
        """Rows of cards on offer."""
        return max(1, -(-len(self.tiles) // self.per_row))

    @property
    def height(self) -> int:
        """The panel's height."""
        picks = sum(PICK_ROW + PICK_STEP * (len(lines) - 1) for lines in self.picks)
        return 70 + self.heading_h + self.card_rows * (self.card_h + CARD_GAP + 8) + 30 + picks + 12


def plan_draft(view: ClashView, w: float, mine: int | None, names: Sequence[str]) -> DraftPlan | None:
    """Lay the draft panel out for ``view`` at width ``w`` (None when there is no draft)."""
    draft = view.draft
    if draft is None:
        return None
    colour = colour_of(view, mine if mine is not None else -1)
    tiles = [card_tile(card, colour) for card in draft.row]
    card_h = max([CARD_H, *(hand_tile_height(tile, CARD_W) for tile in tiles)])
    picks = []
    for kingdom in view.kingdoms:
        chosen = draft.picks[kingdom.index] if kingdom.index < len(draft.picks) else ()
        cards = ", ".join(card.name for card in chosen) or "—"
        label = f"{kingdom_name(kingdom, names)} ({len(chosen)}): {cards}"
        picks.append(wrap_lines(label, 16, w - 28).lines)
    heading = fit_lines(_heading(view, draft, names), 20, w - 28, "bold", 16, 2)
    return DraftPlan(heading, tiles, card_h, _per_row(w), picks)


def draft_height(view: ClashView, w: float, names: Sequence[str] = ()) -> int:
    """The draft panel's height for this view (the same for every viewer)."""
    plan = plan_draft(view, w, None, names)
    return 0 if plan is None else plan.height


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
    plan = plan_draft(view, w, mine, names)
    if draft is None or plan is None:
        return y
    h = plan.height
    canvas.box((x, y, x + w, y + h), fill=PANEL, outline=None, radius=10)
    canvas.lines((x + 14, y + 12), plan.heading.lines, plan.heading.size, INK, "bold")
    my_turn = mine is not None and draft.picker == mine
    hint = "Your pick: choose from the framed cards." if my_turn else "Cards on offer:"
    canvas.text((x + 14, y + 42 + plan.heading_h), hint, size=16, fill=INK if my_turn else MUTED)
    top = y + 78 + plan.heading_h
    for index, tile in enumerate(plan.tiles):
        cx = x + 14 + (index % plan.per_row) * (CARD_W + CARD_GAP)
        cy = top + (index // plan.per_row) * (plan.card_h + CARD_GAP + 8)
        hand_tile(canvas, cx, cy, CARD_W, plan.card_h, tile, playable=my_turn)
    if not plan.tiles:
        canvas.text((x + 14, top + 10), "the row is empty", size=16, fill=MUTED)
    py = top + plan.card_rows * (plan.card_h + CARD_GAP + 8)
    canvas.text((x + 14, py), "Picks so far", size=18, weight="bold", fill=INK)
    py += 28
    for kingdom, lines in zip(view.kingdoms, plan.picks, strict=True):
        canvas.lines((x + 14, py), lines, 16, colour_of(view, kingdom.index))
        py += PICK_ROW + PICK_STEP * (len(lines) - 1)
    return y + h
