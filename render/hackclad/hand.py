"""A seat's private picture: its hand (each card's range as a small grid), turn card and peeked Clad card."""

from __future__ import annotations

from collections.abc import Sequence

from engines.hackclad.catalogue import TYPE_NAMES
from engines.hackclad.state import CardView, HackView, OwnWitch, WitchView
from engines.hackclad.view import face
from render.core.indexed_canvas import IndexedCanvas as Canvas
from render.core.palette import INK, MUTED, PANEL, seat_colour, tint
from render.hackclad.marks import range_grid
from render.hackclad.palette import TYPE_COLOURS, indexed_palette
from render.hackclad.words import player_slot

CARD_W, CARD_H, GAP = 224, 330, 14
MIN_WIDTH = 1200


def render_hand(view: HackView, names: Sequence[str] = ()) -> Canvas:
    """Draw the viewer's hand, with the turn card last, headed with the viewer's name."""
    if len(view.own) > 1:
        return _render_hands(view, names)
    cards: list[tuple[CardView, str]] = [(card, "") for card in view.hand]
    if view.turn_card is not None:
        cards.append((view.turn_card, "turn card"))
    seat = view.viewer if view.viewer is not None else -1
    me = next((w for w in view.witches if w.seat == (view.me if view.me >= 0 else seat)), None)
    choosing = not cards and view.phase == "enhanced" and me is not None and bool(view.enhanced)
    if choosing and me is not None:  # the secret pick is made from the cards' full faces, not names
        cards = [(face(me.witch, pile.id), "enhanced: pick one") for pile in view.enhanced]
    per_row = min(7, max(5, len(cards)))
    rows = max(1, -(-len(cards) // per_row))
    width = max(MIN_WIDTH, 40 + per_row * (CARD_W + GAP) - GAP)
    c = Canvas(width, 90 + rows * (CARD_H + GAP) + 40, indexed_palette())
    what = "choose your enhanced card" if choosing else "your hand"
    title = f"{me.name} · {player_slot(me)}: {what}" if me else "Your hand"
    c.draw.rectangle((0, 0, c.width, 70), fill=tint(seat_colour(seat), 0.75))
    facts = f"MP {me.mp} · CP {me.cp} · enhanced pile {len(view.enhanced)}" if me else ""
    if facts:
        c.text((c.width - 24, 24), facts, 20, anchor="ra")
    room = c.width - 72 - (c.textlength(facts, 20) if facts else 0)
    c.named((24, 18), title, names, 30, weight="bold", max_width=room, min_size=16)
    for i, (card, note) in enumerate(cards):
        x = 20 + (i % per_row) * (CARD_W + GAP)
        y = 90 + (i // per_row) * (CARD_H + GAP)
        _card(c, card, x, y, note)
    if not cards:
        c.text((24, 110), "No cards in hand.", 22, fill=MUTED)
    if view.peek is not None:
        c.text((24, c.height - 30), f"Top of the Clad deck (you looked): {view.peek.name}", 18, fill=MUTED)
    return c


def _render_hands(view: HackView, names: Sequence[str]) -> Canvas:
    """A person running two witches: one band per witch (her gauges, hand and turn card)."""
    bands: list[tuple[WitchView, OwnWitch, list[tuple[CardView, str]]]] = []
    for own in view.own:
        w = next(x for x in view.witches if x.seat == own.seat)
        cards = [(card, "") for card in own.hand]
        if own.turn_card is not None:
            cards.append((own.turn_card, "turn card"))
        if not cards and view.phase == "enhanced":  # each witch's secret pick, from full faces
            cards = [(face(w.witch, pile.id), "enhanced: pick one") for pile in own.enhanced]
        bands.append((w, own, cards))
    per_row = min(7, max(5, *(len(cards) for _, _, cards in bands)))
    rows = [max(1, -(-len(cards) // per_row)) for _, _, cards in bands]
    width = max(MIN_WIDTH, 40 + per_row * (CARD_W + GAP) - GAP)
    c = Canvas(width, sum(70 + r * (CARD_H + GAP) for r in rows) + 20 * len(bands) + 20, indexed_palette())
    y = 0.0
    for (w, own, cards), r in zip(bands, rows, strict=True):
        asked = " · asked now" if own.seat == view.asking else ""
        c.draw.rectangle((0, y, c.width, y + 60), fill=tint(seat_colour(w.seat), 0.75))
        facts = f"MP {w.mp} · CP {w.cp} · enhanced pile {len(own.enhanced)}"
        c.text((c.width - 24, y + 18), facts, 20, anchor="ra")
        room = c.width - 72 - c.textlength(facts, 20)
        title = f"{own.name} · {player_slot(w)}: hand{asked}"
        c.named((24, y + 14), title, names, 28, weight="bold", max_width=room, min_size=16)
        for i, (card, note) in enumerate(cards):
            top = y + 70 + (i // per_row) * (CARD_H + GAP)
            _card(c, card, 20 + (i % per_row) * (CARD_W + GAP), top, note)
        if not cards:
            c.text((24, y + 90), "No cards in hand.", 22, fill=MUTED)
        y += 70 + r * (CARD_H + GAP) + 20
        if own.peek is not None:
            c.text((24, y - 24), f"Top of the Clad deck ({own.name} looked): {own.peek.name}", 18, fill=MUTED)
    return c


def _card(c: Canvas, card: CardView, x: float, y: float, note: str) -> None:
    colour = TYPE_COLOURS.get(card.type, INK)
    c.box((x, y, x + CARD_W, y + CARD_H), fill=(252, 250, 246), outline=colour, width=4, radius=12)
    c.draw.rounded_rectangle((x + 4, y + 4, x + CARD_W - 4, y + 40), radius=9, fill=colour)
    c.text((x + 12, y + 12), card.name, 19, fill=(255, 255, 255), weight="bold", max_width=CARD_W - 24)
    c.text((x + 12, y + 46), TYPE_NAMES.get(card.type, card.type), 16, fill=colour, weight="bold")
    stats = []
    if card.type in ("attack", "attack_magic"):
        stats.append(f"ATK {card.atk}")
    if card.mp:
        stats.append(f"MP {card.mp}")
    stats.append(f"VP {card.vp}")
    c.text((x + 12, y + 68), "  ".join(stats), 17, weight="bold")
    if card.range:
        range_grid(c, x + (CARD_W - 110) / 2, y + 96, 22, list(card.range))
        text_y = y + 214
    else:
        c.draw.rectangle((x + 12, y + 96, x + CARD_W - 12, y + 98), fill=PANEL)
        text_y = y + 108
    c.paragraph((x + 12, text_y), card.text, 15, CARD_W - 24, max_lines=5 if card.range else 10)
    if note:
        c.text((x + CARD_W / 2, y + CARD_H - 18), note, 15, fill=MUTED, weight="bold", anchor="mm")
