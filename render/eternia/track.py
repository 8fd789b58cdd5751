"""The Activation Track strip: eight slots with their side and Power, cards flipped or face down."""

from __future__ import annotations

from collections.abc import Callable

from engines.eternia.state import EtView, SlotView
from render.core.canvas import Canvas
from render.core.palette import INK, MUTED, ink_on, tint
from render.eternia.fitting import cached_part, lines_in, text_in
from render.eternia.palette import GOLD, WHITE, character_colour, side_colour
from render.eternia.words import card_name, code, design_of

SLOT_GAP = 8
HEAD = 30  # the coloured heading band of a slot
CHIP = 16  # the radius of a flipped Character's chip


def slot_title(index: int, slot: SlotView) -> str:
    """The slot's heading: its number and side ("3 Team", "4 Ctrl": a slot is a ninth of the map wide)."""
    return f"{index + 1} {'Team' if slot.side == 'team' else 'Ctrl'}"


def draw_track(c: Canvas, view: EtView, x: float, y: float, width: float, height: float) -> None:
    """The eight slots left to right in track order, the one resolving now outlined in gold."""
    count = max(1, len(view.track))
    w = (width - SLOT_GAP * (count - 1)) / count
    for i, slot in enumerate(view.track):
        # whole pixels and a whole width: a slot seen before is pasted from the kit's patches
        left, wide = x + round(i * (w + SLOT_GAP)), int(w)
        key = ("slot", *_slot_key(view, i, slot), wide, height)
        cached_part(c, key, (left, y, left + wide, y + height), _drawer(view, i, slot, wide, height))


def _drawer(
    view: EtView, i: int, slot: SlotView, w: float, h: float
) -> Callable[[Canvas, float, float], None]:
    """What draws slot ``i`` from a given top-left corner."""
    return lambda c, x, y: _slot(c, view, i, slot, x, y, w, h)


def _slot_key(view: EtView, i: int, slot: SlotView) -> tuple[object, ...]:
    """Everything a slot's drawing depends on."""
    active = slot.active and view.phase == "activation" and not view.over
    card = slot.card if (slot.flipped or slot.card == "any") else ""
    model = next((m for m in view.models if m.id == card), None) if card else None
    shown = (
        (model.name, code(model), design_of(model))
        if model is not None
        else (card_name(view, card) if card else "",)
    )
    waiting = view.phase == "order" and not view.over
    now = (view.actions_left, bool(view.active_model)) if active else ()
    return (i, slot.side, slot.power, slot.flipped, active, bool(card), *shown, waiting, *now)


def _slot(c: Canvas, view: EtView, i: int, slot: SlotView, x: float, y: float, w: float, h: float) -> None:
    colour = side_colour(slot.side)
    active = slot.active and view.phase == "activation" and not view.over
    c.box(
        (x, y, x + w, y + h),
        fill=tint(colour, 0.9),
        outline=GOLD if active else colour,
        width=5 if active else 2,
    )
    c.draw.rectangle((x + 5, y + 5, x + w - 5, y + HEAD), fill=colour)
    text_in(c, (x + 10, y + 6, x + w - 42, y + HEAD - 1), slot_title(i, slot), 17, WHITE, "bold")
    text_in(c, (x + w - 40, y + 6, x + w - 10, y + HEAD - 1), f"+{slot.power}", 19, WHITE, "bold", "r")
    body = (x + 8, y + HEAD + 5, x + w - 8, y + h - 24)
    card = slot.card if (slot.flipped or slot.card == "any") else ""
    model = next((m for m in view.models if m.id == card), None) if card else None
    if model is not None:
        fill = character_colour(design_of(model))
        cx, cy = body[0] + CHIP, (body[1] + body[3]) / 2
        c.draw.ellipse((cx - CHIP, cy - CHIP, cx + CHIP, cy + CHIP), fill=fill, outline=colour, width=3)
        text_in(
            c, (cx - CHIP + 4, cy - 9, cx + CHIP - 4, cy + 9), code(model), 15, ink_on(fill), "bold", "c", 9
        )
        name_box = (body[0] + 2 * CHIP + 6, body[1], body[2], body[3])
        if " " in model.name or "-" in model.name:
            lines_in(c, name_box, model.name, 17, INK, "condensed", valign="m")
        else:  # one word shrinks rather than wrap: "Skelet/or" would read as two words
            text_in(c, name_box, model.name, 17, INK, "condensed")
    elif card:
        lines_in(c, body, card_name(view, card), 18, INK, "bold", "c", valign="m")
    elif view.phase == "order" and not view.over:
        text_in(c, body, "not placed yet", 16, MUTED, align="c")
    else:
        # a face-down card: its back, never its face (the board is public whoever looks)
        c.box(body, fill=tint(INK, 0.25), outline=INK, width=1, radius=5)
        text_in(c, (body[0] + 6, body[1], body[2] - 6, body[3]), "face down", 16, WHITE, "bold", "c")
    foot = (x + 8, y + h - 24, x + w - 8, y + h - 6)
    if active:
        left = view.actions_left
        note = f"now · {left} Action{'s' if left != 1 else ''}" if view.active_model else "now"
        text_in(c, foot, note, 15, INK, "bold", "c")
    elif slot.flipped:
        text_in(c, foot, "done", 15, MUTED, align="c")
