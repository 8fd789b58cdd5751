"""Card pictures on the board: a stage character in each state, an empty slot, small revealed cards.

A standing character is an upright card in its colours; a rested one lies sideways (a landscape
card, faded, with a REST band); a reversed one is grey and upside down (its colour band at the
bottom, a REVERSED band on top). The text on all of them stays upright so it can be read.
"""

from __future__ import annotations

from engines.climax.state import REST, REVERSE, CardFace, SlotView
from render.climax.palette import (
    CARD,
    REVERSED,
    REVERSED_BAND,
    SLATE,
    SLOT,
    WHITE,
    card_colour,
    card_ink,
    rest_face,
)
from render.climax.words import colour_letter, icons_short, slot_name, term, word
from render.core.marks import Box
from render.core.palette import DANGER, GOOD, HIGHLIGHT, INK, MUTED, RGB, seat_colour, tint
from render.core.pen import Pen

PORTRAIT_W = 196  # a standing or reversed card inside a slot
LANDSCAPE_H = 168  # a rested card inside a slot (as wide as the slot)
BAND = 34  # the coloured band with level, cost and triggers
POSE_BAND = 32


def tone(now: int, printed: int) -> RGB:
    """Green for a raised value, red for a lowered one, ink otherwise."""
    return GOOD if now > printed else DANGER if now < printed else INK


def colour_tag(pen: Pen, card: CardFace, x: float, y: float, side: float) -> None:
    """A square in the card's colour with its letter (Y/G/R/B, 黄/緑/赤/青), so hue is never needed."""
    pen.canvas.draw.rounded_rectangle(
        (x, y, x + side, y + side), radius=5, fill=card_colour(card.colour), outline=WHITE, width=2
    )
    pen.line(
        (x, y, x + side, y + side),
        colour_letter(card.colour, pen.lang),
        int(side * 0.62),
        card_ink(card.colour),
        bold=True,
        align="centre",
        min_size=10,
    )


def _band(
    pen: Pen, card: CardFace, x0: float, y0: float, x1: float, size: int = 22, revealed: bool = False
) -> None:
    """The top band: colour tag, level and cost on the left, trigger icons on the right.

    A ``revealed`` card (trigger, damage) shows its level only: its cost no longer matters there,
    and a climax is just "CX", so the band fits a narrow card.
    """
    canvas = pen.canvas
    fill, ink = card_colour(card.colour), card_ink(card.colour)
    canvas.draw.rectangle((x0, y0, x1, y0 + BAND), fill=fill)
    colour_tag(pen, card, x0 + 5, y0 + 4, BAND - 8)
    left = x0 + BAND + 2
    if card.kind == "climax":
        stats = "CX" if revealed else word_kind(card, pen.lang)
    else:
        stats = f"Lv{card.level}" if revealed else f"Lv{card.level} · C{card.cost}"
    # the level always shows; the icons take what is left, in words or else as stars and "+N"
    inner = x1 - 6 - left
    stats_w = min(pen.width(stats, size, bold=True), max(pen.width(stats, 13, bold=True), inner * 0.55))
    icons = band_icons(pen, card, size, inner - stats_w - 10)
    icon_w = min(pen.width(icons, size, bold=True), inner - stats_w - 10) if icons else 0
    pen.line((left, y0 + 2, x1 - 6 - icon_w - 10, y0 + BAND - 2), stats, size, ink, bold=True, min_size=13)
    if icons:
        box = (x1 - 6 - icon_w, y0 + 2, x1 - 6, y0 + BAND - 2)
        pen.line(box, icons, size, ink, bold=True, align="right", min_size=12)


def band_icons(pen: Pen, card: CardFace, size: int, room: float) -> str:
    """Trigger icons for a card's band: in words if they fit ``room`` (at 12 px or more), else compact."""
    icons = icons_short(card.triggers, pen.lang)
    if not icons or pen.width(icons, min(size, 12), bold=True) <= room:
        return icons
    stars = card.triggers.count("soul")
    others = len(card.triggers) - stars
    return ("☆" * stars if stars < 3 else f"☆{stars}") + (f"+{others}" if others else "")


def word_kind(card: CardFace, lang: str) -> str:
    """A card's kind in ``lang`` (Character / Event / Climax)."""
    return term(card.kind, lang) if card.kind in ("character", "event", "climax") else card.kind


def empty_slot(pen: Pen, box: Box, index: int) -> None:
    """An empty stage position, named so players can tell the five apart."""
    pen.canvas.draw.rounded_rectangle(box, radius=12, fill=SLOT, outline=tint(MUTED, 0.4), width=2)
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    pen.line(
        (x0 + 10, mid - 34, x1 - 10, mid - 2),
        slot_name(pen.lang, index),
        21,
        MUTED,
        min_size=14,
        align="centre",
    )
    pen.line(
        (x0 + 10, mid + 2, x1 - 10, mid + 30),
        word("empty_slot", pen.lang),
        19,
        MUTED,
        min_size=14,
        align="centre",
    )


def stage_card(pen: Pen, slot: SlotView, seat: int, box: Box) -> Box:
    """The character in ``slot`` drawn inside the slot ``box`` by its state; return the card's box."""
    card = slot.card
    if card is None:
        empty_slot(pen, box, slot.index)
        return box
    x0, y0, x1, y1 = box
    if slot.pose == REST:
        mid = (y0 + y1) / 2
        rect = (x0, mid - LANDSCAPE_H / 2, x1, mid + LANDSCAPE_H / 2)
        _rested(pen, slot, card, seat, rect)
    elif slot.pose == REVERSE:
        mid = (x0 + x1) / 2
        rect = (mid - PORTRAIT_W / 2, y0, mid + PORTRAIT_W / 2, y1)
        _reversed(pen, slot, card, rect)
    else:
        mid = (x0 + x1) / 2
        rect = (mid - PORTRAIT_W / 2, y0, mid + PORTRAIT_W / 2, y1)
        _standing(pen, slot, card, seat, rect)
    return pen.zone(f"card {seat}/{slot.index}", rect)


def _standing(pen: Pen, slot: SlotView, card: CardFace, seat: int, rect: Box) -> None:
    x0, y0, x1, _ = rect
    canvas = pen.canvas
    canvas.draw.rounded_rectangle(rect, radius=10, fill=CARD, outline=seat_colour(seat), width=4)
    _band(pen, card, x0 + 4, y0 + 4, x1 - 4)
    pen.block(
        (x0 + 8, y0 + BAND + 6, x1 - 8, y0 + BAND + 70),
        card.name,
        24,
        INK,
        bold=True,
        align="centre",
        valign="middle",
        min_size=14,
    )
    pen.line(
        (x0 + 8, y0 + 108, x1 - 8, y0 + 154),
        str(slot.power),
        40,
        tone(slot.power, card.power),
        bold=True,
        align="centre",
    )
    pen.line(
        (x0 + 8, y0 + 154, x1 - 8, y0 + 188),
        word("ap", pen.lang, n=slot.soul),
        27,
        tone(slot.soul, card.soul),
        bold=True,
        align="centre",
    )


def _rested(pen: Pen, slot: SlotView, card: CardFace, seat: int, rect: Box) -> None:
    x0, y0, x1, y1 = rect
    canvas = pen.canvas
    canvas.draw.rounded_rectangle(rect, radius=10, fill=rest_face(seat), outline=seat_colour(seat), width=4)
    _band(pen, card, x0 + 4, y0 + 4, x1 - 4)
    pen.block(
        (x0 + 8, y0 + BAND + 4, x1 - 8, y0 + BAND + 64),
        card.name,
        24,
        INK,
        bold=True,
        align="centre",
        valign="middle",
        min_size=14,
    )
    row = (y0 + BAND + 64, y0 + BAND + 98)
    mid = (x0 + x1) / 2
    pen.line(
        (x0 + 10, row[0], mid + 40, row[1]),
        str(slot.power),
        32,
        tone(slot.power, card.power),
        bold=True,
        align="centre",
    )
    pen.line(
        (mid + 44, row[0], x1 - 10, row[1]),
        word("ap", pen.lang, n=slot.soul),
        24,
        tone(slot.soul, card.soul),
        bold=True,
        align="centre",
    )
    band = (x0 + 4, y1 - POSE_BAND - 4, x1 - 4, y1 - 4)
    canvas.draw.rectangle(band, fill=SLATE)
    pen.line(band, f"↷ {word('rest_label', pen.lang)}", 21, WHITE, bold=True, align="centre")


def _reversed(pen: Pen, slot: SlotView, card: CardFace, rect: Box) -> None:
    x0, y0, x1, y1 = rect
    canvas = pen.canvas
    canvas.draw.rounded_rectangle(rect, radius=10, fill=REVERSED, outline=REVERSED_BAND, width=3)
    band = (x0 + 4, y0 + 4, x1 - 4, y0 + 4 + POSE_BAND)
    canvas.draw.rectangle(band, fill=REVERSED_BAND)
    pen.line(band, f"▼ {word('reverse_label', pen.lang)}", 21, WHITE, bold=True, align="centre")
    pen.block(
        (x0 + 8, y0 + POSE_BAND + 10, x1 - 8, y0 + POSE_BAND + 74),
        card.name,
        24,
        INK,
        bold=True,
        align="centre",
        valign="middle",
        min_size=14,
    )
    pen.line((x0 + 8, y0 + 110, x1 - 8, y0 + 146), str(slot.power), 32, MUTED, bold=True, align="centre")
    pen.line(
        (x0 + 8, y0 + 146, x1 - 8, y0 + 172),
        word("ap", pen.lang, n=slot.soul),
        22,
        MUTED,
        bold=True,
        align="centre",
    )
    # the colour band at the bottom: the card is upside down
    _band(pen, card, x0 + 4, y1 - BAND - 4, x1 - 4)


def mini_card(pen: Pen, card: CardFace | None, box: Box, *, mark: str = "", mark_fill: RGB = DANGER) -> None:
    """A revealed card (trigger, damage): band, name, and an optional mark along its foot."""
    x0, y0, x1, y1 = box
    canvas = pen.canvas
    pen.zone("mini", box)
    if card is None:
        canvas.draw.rounded_rectangle(box, radius=8, fill=SLOT, outline=MUTED, width=2)
        return
    outline = DANGER if card.kind == "climax" else MUTED
    canvas.draw.rounded_rectangle(box, radius=8, fill=CARD, outline=outline, width=3)
    _band(pen, card, x0 + 3, y0 + 3, x1 - 3, size=19, revealed=True)
    foot = y1 - 3 - (28 if mark else 0)
    name_box = (x0 + 8, y0 + BAND + 6, x1 - 8, foot - 4)
    pen.block(name_box, card.name, 20, INK, bold=True, align="centre", valign="middle", min_size=13)
    if mark:
        band = (x0 + 3, y1 - 31, x1 - 3, y1 - 3)
        canvas.draw.rectangle(band, fill=mark_fill)
        ink = INK if mark_fill == HIGHLIGHT else WHITE
        pen.line(band, mark, 17, ink, bold=True, align="centre", min_size=11)


def small_card(pen: Pen, card: CardFace, box: Box) -> None:
    """A revealed card in a crowded row: colour tag and name only (a climax framed in red)."""
    x0, y0, x1, y1 = box
    pen.zone("mini", box)
    outline = DANGER if card.kind == "climax" else MUTED
    pen.canvas.draw.rounded_rectangle(box, radius=8, fill=CARD, outline=outline, width=3)
    tag = min(30.0, y1 - y0 - 16)
    colour_tag(pen, card, x0 + 6, (y0 + y1 - tag) / 2, tag)
    name_box = (x0 + tag + 12, y0 + 4, x1 - 6, y1 - 4)
    pen.block(name_box, card.name, 18, INK, bold=True, valign="middle", min_size=12)
