"""A player's zones beside their stage: level and level zone, clock, counts, waiting room, climax zone."""

from __future__ import annotations

from engines.climax.state import CardFace, PlayerView
from render.climax.cards import colour_tag
from render.climax.palette import CARD, FACE_TINT, WHITE, card_colour, card_ink
from render.climax.words import colour_letter, term, word
from render.core.marks import Box
from render.core.palette import DANGER, INK, MUTED, PANEL, seat_colour, tint
from render.core.pen import Pen

LEVEL_H = 120
BADGE_W = 100
CLOCK_H = 96
COUNT_H = 62
ROOM_H = 70
GAP = 10
HEIGHT = LEVEL_H + CLOCK_H + COUNT_H + 2 * ROOM_H + 4 * GAP  # 458
CLOCK_SLOTS = 7  # the seventh clock card levels you up
BOX_GAP = 6


def zones_panel(pen: Pen, side: PlayerView, x: float, y: float, w: float) -> None:
    """Draw ``side``'s zones in a column ``w`` wide from (x, y), ``HEIGHT`` tall."""
    top = y
    _level(pen, side, (x, top, x + w, top + LEVEL_H))
    top += LEVEL_H + GAP
    _clock(pen, side, (x, top, x + w, top + CLOCK_H))
    top += CLOCK_H + GAP
    _counts(pen, side, (x, top, x + w, top + COUNT_H))
    top += COUNT_H + GAP
    _waiting(pen, side, (x, top, x + w, top + ROOM_H))
    top += ROOM_H + GAP
    _climax(pen, side, (x, top, x + w, top + ROOM_H))


def _level(pen: Pen, side: PlayerView, box: Box) -> None:
    x0, y0, x1, y1 = box
    colour = seat_colour(side.seat)
    badge = pen.zone("level", (x0, y0, x0 + BADGE_W, y1))
    pen.canvas.draw.rounded_rectangle(badge, radius=12, fill=colour)
    pen.line(
        (x0 + 4, y0 + 8, x0 + BADGE_W - 4, y0 + 34),
        word("level_big", pen.lang),
        19,
        WHITE,
        bold=True,
        align="centre",
        min_size=12,
    )
    pen.line(
        (x0 + 4, y0 + 36, x0 + BADGE_W - 4, y1 - 8), str(side.level), 68, WHITE, bold=True, align="centre"
    )
    area = pen.zone("level zone", (x0 + BADGE_W + 10, y0, x1, y1))
    pen.canvas.draw.rounded_rectangle(area, radius=10, fill=CARD, outline=PANEL, width=2)
    ax0, ay0, ax1, ay1 = area
    pen.line((ax0 + 10, ay0 + 4, ax1 - 10, ay0 + 30), term("level_zone", pen.lang), 19, MUTED, bold=True)
    cards = side.level_cards
    if not cards:
        pen.line((ax0 + 10, ay0 + 34, ax1 - 10, ay1 - 8), word("empty", pen.lang), 20, MUTED)
        return
    _card_list(pen, cards, (ax0 + 10, ay0 + 32, ax1 - 8, ay1 - 4))


def _card_list(pen: Pen, cards: tuple[CardFace, ...], box: Box) -> None:
    """Card names with colour tags, one per row (four fit: the level zone holds four at most)."""
    x0, y0, x1, y1 = box
    row_h = min(28.0, (y1 - y0) / len(cards))
    for index, card in enumerate(cards):
        cy = y0 + index * row_h
        tag = min(row_h - 3, 24)
        colour_tag(pen, card, x0, cy + (row_h - tag) / 2, tag)
        pen.line((x0 + tag + 8, cy, x1, cy + row_h), card.name, 21, INK, bold=True, min_size=12)


def _clock(pen: Pen, side: PlayerView, box: Box) -> None:
    x0, y0, x1, y1 = box
    pen.zone("clock", box)
    count = len(side.clock)
    label = word("clock_count", pen.lang, n=count)
    used = pen.line((x0 + 2, y0, x1, y0 + 30), label, 22, INK, bold=True)
    if count >= CLOCK_SLOTS:
        pen.line((x0 + used + 16, y0, x1, y0 + 30), word("level_up", pen.lang), 20, DANGER, bold=True)
    slots = max(CLOCK_SLOTS, count)
    box_w = (x1 - x0 - BOX_GAP * (slots - 1)) / slots
    top = y0 + 34
    for index in range(slots):
        bx = x0 + index * (box_w + BOX_GAP)
        rect = (bx, top, bx + box_w, y1)
        if index >= count:
            outline = tint(DANGER, 0.5) if index == CLOCK_SLOTS - 1 else MUTED
            pen.canvas.draw.rounded_rectangle(rect, radius=6, fill=PANEL, outline=outline, width=2)
            continue
        card = side.clock[index]
        outline = DANGER if index >= CLOCK_SLOTS - 1 else WHITE
        pen.canvas.draw.rounded_rectangle(
            rect, radius=6, fill=card_colour(card.colour), outline=outline, width=3
        )
        pen.line(
            (bx + 2, top + 6, bx + box_w - 2, y1 - 6),
            colour_letter(card.colour, pen.lang),
            32,
            card_ink(card.colour),
            bold=True,
            align="centre",
            min_size=12,
        )


def _counts(pen: Pen, side: PlayerView, box: Box) -> None:
    x0, y0, x1, y1 = box
    items = (
        (term("deck", pen.lang), side.deck),
        (term("hand", pen.lang), side.hand),
        (term("stock", pen.lang), side.stock),
    )
    w = (x1 - x0 - 2 * GAP) / 3
    for index, (label, value) in enumerate(items):
        bx = x0 + index * (w + GAP)
        rect = pen.zone("count", (bx, y0, bx + w, y1))
        pen.canvas.draw.rounded_rectangle(rect, radius=10, fill=CARD, outline=PANEL, width=2)
        # counts stay below 100, so two digits' room is enough and the label gets the rest
        number_w = pen.width("00", 34, bold=True)
        pen.line((bx + 10, y0 + 4, bx + w - number_w - 16, y1 - 4), label, 21, MUTED, bold=True, min_size=13)
        pen.line(
            (bx + w - number_w - 12, y0 + 4, bx + w - 10, y1 - 4),
            str(value),
            34,
            INK,
            bold=True,
            align="right",
        )


def _waiting(pen: Pen, side: PlayerView, box: Box) -> None:
    x0, y0, x1, y1 = box
    pen.zone("waiting room", box)
    pen.canvas.draw.rounded_rectangle(box, radius=10, fill=CARD, outline=PANEL, width=2)
    pen.line(
        (x0 + 12, y0 + 4, x1 - 12, y0 + 30),
        word("waiting_count", pen.lang, n=len(side.waiting)),
        19,
        MUTED,
        bold=True,
    )
    if not side.waiting:
        pen.line((x0 + 12, y0 + 34, x1 - 12, y1 - 6), word("empty", pen.lang), 21, MUTED)
        return
    top = side.waiting[-1]
    colour_tag(pen, top, x0 + 12, y0 + 38, 28)
    pen.line((x0 + 48, y0 + 34, x1 - 12, y1 - 6), top.name, 23, INK, bold=True, min_size=14)


def _climax(pen: Pen, side: PlayerView, box: Box) -> None:
    x0, y0, x1, y1 = box
    pen.zone("climax zone", box)
    card = side.climax
    fill = tint(card_colour(card.colour), FACE_TINT) if card else CARD
    outline = card_colour(card.colour) if card else PANEL
    pen.canvas.draw.rounded_rectangle(box, radius=10, fill=fill, outline=outline, width=3 if card else 2)
    pen.line((x0 + 12, y0 + 4, x1 - 12, y0 + 30), term("climax_zone", pen.lang), 19, MUTED, bold=True)
    if card is None:
        pen.line((x0 + 12, y0 + 34, x1 - 12, y1 - 6), word("empty", pen.lang), 21, MUTED)
        return
    colour_tag(pen, card, x0 + 12, y0 + 38, 28)
    pen.line((x0 + 48, y0 + 34, x1 - 12, y1 - 6), card.name, 23, INK, bold=True, min_size=14)
