"""The Stronghold gauge: a kingdom's hand as a row of slots with the Stronghold at its place.

A player's health is how far the Stronghold still is from the right end of the hand, so the
gauge draws exactly that: one slot per card in hand, the Stronghold slot in the seat colour,
and the slots to its right (the health left) in green. Two pips show Bastion and Fort; a
fallen side is struck through.
"""

from __future__ import annotations

from render.clashofdecks.palette import GAUGE_TINT, SLOT
from render.core.palette import DANGER, GOOD, INK, MUTED, RGB, tint
from render.core.stamps import StampCanvas

_SLOT_GAP = 3


def side_pips(canvas: StampCanvas, x: float, y: float, side: str, lost_sides: int) -> float:
    """Two labelled pips, Bastion then Fort; a destroyed side is crossed. Return the x after them."""
    for index, label in enumerate(("Bastion", "Fort")):
        fallen = index < lost_sides
        up = label.lower() == side.lower()
        colour = MUTED if fallen else (INK if up else MUTED)
        width = canvas.textlength(label, 16, "bold")
        if up and not fallen:
            canvas.draw.rounded_rectangle(
                (x - 4, y - 2, x + width + 4, y + 20), radius=5, outline=INK, width=2
            )
        canvas.text((x, y), label, size=16, weight="bold", fill=colour)
        if fallen:
            canvas.draw.line((x - 2, y + 10, x + width + 2, y + 10), fill=DANGER, width=3)
        x += width + 14
    return x


def hand_gauge(
    canvas: StampCanvas, x: float, y: float, width: float, hand_size: int, position: int, colour: RGB
) -> None:
    """``hand_size`` slots (Stronghold included) with the Stronghold in slot ``position`` (0 = left)."""
    slots = max(hand_size, 1)
    slot_w = min(26.0, (width - _SLOT_GAP * (slots - 1)) / slots)
    for i in range(slots):
        sx = x + i * (slot_w + _SLOT_GAP)
        if i == position:
            fill, outline = colour, INK
        elif i > position:
            fill, outline = tint(GOOD, GAUGE_TINT), GOOD
        else:
            fill, outline = SLOT, MUTED
        canvas.draw.rounded_rectangle(
            (sx, y, sx + slot_w, y + 22), radius=4, fill=fill, outline=outline, width=1
        )


def pile_gauge(
    canvas: StampCanvas, x: float, y: float, width: float, deck: int, discard: int, colour: RGB
) -> None:
    """An automaton kingdom's deck pile (its health) and discard pile as two proportional bars."""
    total = max(deck + discard, 1)
    deck_w = width * deck / total
    canvas.draw.rounded_rectangle((x, y, x + width, y + 22), radius=4, fill=SLOT, outline=colour)
    if deck:
        canvas.draw.rounded_rectangle(
            (x, y, x + max(deck_w, 8), y + 22), radius=4, fill=tint(GOOD, GAUGE_TINT), outline=GOOD
        )
    label = f"deck {deck} · discard {discard}"
    canvas.text((x + width / 2, y + 11), label, size=16, weight="bold", fill=INK, anchor="mm")
