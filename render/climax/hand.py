"""A seat's private picture: every card in its hand with its full text, and what it can do now.

Each card shows its colour, level and cost, kind, power and AP, trigger icons, its whole text
(wrapped, never cut), a counter mark, and whether it can be used for the choice asked now (a gold
frame). The header says what is being asked and the facts that decide what is playable: level,
stock and the colours in the level zone and clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.climax.state import CardFace, ClimaxView, HandCard, PlayerView
from engines.climax.words import say
from engines.core.types import seat_ref
from render.climax.cards import colour_tag
from render.climax.names import name_of
from render.climax.palette import CARD, WHITE, WIDTH, card_colour, card_ink, indexed_palette
from render.climax.words import colour_name, icons_short, term, word
from render.core.indexed_canvas import IndexedCanvas
from render.core.palette import DANGER, GOOD, HIGHLIGHT, INK, MUTED, PAPER, RGB, seat_colour, tint
from render.core.pen import Pen

MARGIN = 16
GAP = 14
COLS = 3
TILE_W = (WIDTH - 2 * MARGIN - (COLS - 1) * GAP) // COLS
PAD = 14
HEADER_H = 112
BAND_H = 42
STATS_H = 40
ICONS_H = 32
FOOT_H = 46
NAME_SIZE, NAME_MIN = 30, 20
NAME_PITCH = 1.35
INSET = 6  # the band's distance from the tile's edge
RULE = 8  # the line between the stats and the text
TEXT_SIZE = 23
TEXT_W = TILE_W - 2 * PAD
EMPTY_H = 90
BADGE_PAD = 12  # room either side of a badge's label
BADGE_GAP = 10

#: what a usable card is usable for, by the pending choice's kind
USES: dict[str, tuple[str, str]] = {
    "main": ("PLAYABLE", "プレイ可"),
    "counter": ("PLAYABLE", "プレイ可"),
    "climax": ("PLAYABLE", "プレイ可"),
    "clock": ("CAN CLOCK", "クロック可"),
    "discard": ("CAN DISCARD", "捨てられる"),
    "mulligan": ("CAN REPLACE", "引き直し可"),
}


#: choices where an unusable card needs no "not playable" note (every card is a candidate, or none)
QUIET = ("clock", "discard", "mulligan")


def own_side(view: ClimaxView) -> PlayerView | None:
    """The viewer's side of the table, if the viewer has a seat."""
    for side in view.sides:
        if side.seat == view.viewer:
            return side
    return None


def render_hand(view: ClimaxView, names: Sequence[str] = ()) -> IndexedCanvas | None:
    """Draw the viewer's hand; None for spectators."""
    pen = draw_hand(view, names)
    return None if pen is None else pen.canvas


def draw_hand(view: ClimaxView, names: Sequence[str] = ()) -> Pen | None:
    """The hand drawn with a ``Pen`` that remembers every box (the tests read them)."""
    if view.viewer is None:
        return None
    measure = Pen(IndexedCanvas(1, 1, indexed_palette()), view.lang)
    rows = [view.hand[i : i + COLS] for i in range(0, len(view.hand), COLS)]
    heights = [max(tile_layout(measure, held.card).height for held in row) for row in rows]
    height = HEADER_H + GAP + (sum(heights) + GAP * len(rows) if rows else EMPTY_H) + MARGIN
    canvas = IndexedCanvas(WIDTH, int(height), indexed_palette(), background=PAPER)
    pen = Pen(canvas, view.lang)
    _header(pen, view, names)
    y: float = HEADER_H + GAP
    if not rows:
        pen.line(
            (MARGIN, y, WIDTH - MARGIN, y + EMPTY_H - 20), word("hand_empty", pen.lang), 28, MUTED, bold=True
        )
    kind = view.pending.kind if view.pending is not None and view.pending.seat == view.viewer else ""
    marked = set(view.marked)
    for row, row_h in zip(rows, heights, strict=True):
        for col, held in enumerate(row):
            x = MARGIN + col * (TILE_W + GAP)
            _tile(pen, held, x, y, row_h, kind, held.card.id in marked)
        y += row_h + GAP
    return pen


def _prompt(view: ClimaxView) -> str:
    """What the viewer is asked now, in the table's language."""
    pending = view.pending
    if pending is None or pending.seat != view.viewer or view.over:
        return word("nothing_to_decide", view.lang)
    # the same count the ruleset puts in its prompt: at the end of the turn, down to seven cards
    n = len(view.hand) - 7 if pending.s == "end" else pending.n
    try:
        return say(view.lang, f"ask_{pending.kind}", n=n)
    except KeyError:
        return pending.kind


def _header(pen: Pen, view: ClimaxView, names: Sequence[str]) -> None:
    assert view.viewer is not None
    colour = seat_colour(view.viewer)
    box = (0, 0, WIDTH, HEADER_H)
    pen.canvas.draw.rectangle(box, fill=colour)
    pen.zone("header", box)
    lang = pen.lang
    drawn = [name_of(seat, names, lang) for seat in range(view.viewer + 1)]
    title = word("your_hand", lang, who=seat_ref(view.viewer), n=len(view.hand))
    half = WIDTH / 2
    pen.named((MARGIN, 8, half + 40, 54), title, drawn, 31, WHITE, bold=True, min_size=18)
    side = own_side(view)
    if side is not None:
        colours = list(dict.fromkeys(c.colour for c in (*side.level_cards, *side.clock)))
        named = "・" if lang == "ja" else ", "
        facts = word(
            "hand_facts",
            lang,
            level=side.level,
            stock=side.stock,
            colours=named.join(colour_name(c, lang) for c in colours) or word("no_colours", lang),
        )
        pen.line((half + 60, 10, WIDTH - MARGIN, 52), facts, 23, WHITE, bold=True, align="right", min_size=15)
    pen.line(
        (MARGIN, 60, WIDTH - MARGIN, HEADER_H - 10),
        _prompt(view),
        24,
        tint(colour, 0.85),
        bold=True,
        min_size=15,
    )


@dataclass(frozen=True)
class TileLayout:
    """The heights of a hand tile's parts, worked out once and used both to size rows and to draw."""

    name_h: float
    stats_h: float
    icons_h: float
    text_h: float

    @property
    def height(self) -> float:
        """The whole tile: frame, band, name, stats, icons, rule, text, foot."""
        return (
            INSET
            + BAND_H
            + 8
            + self.name_h
            + 4
            + self.stats_h
            + self.icons_h
            + RULE
            + self.text_h
            + 12
            + FOOT_H
        )


def tile_layout(pen: Pen, card: CardFace) -> TileLayout:
    """How tall each part of ``card``'s tile is: the name wrapped to at most two lines, the full text."""
    lines, size = pen.fit_block(
        card.name, NAME_SIZE, TEXT_W, 2 * NAME_SIZE * NAME_PITCH, bold=True, min_size=NAME_MIN
    )
    return TileLayout(
        name_h=max(len(lines), 1) * size * NAME_PITCH,
        stats_h=STATS_H if card.kind == "character" else 0,
        icons_h=ICONS_H if card.triggers else 0,
        text_h=pen.block_height(card.text, TEXT_SIZE, TEXT_W),
    )


def _tile(pen: Pen, held: HandCard, x: float, y: float, h: float, kind: str, marked: bool) -> None:
    card = held.card
    lang = pen.lang
    canvas = pen.canvas
    parts = tile_layout(pen, card)
    box = pen.zone("hand card", (x, y, x + TILE_W, y + h))
    # gold: usable for the choice asked now; red: marked to be replaced in the mulligan
    frame = DANGER if marked else HIGHLIGHT if held.playable else tint(INK, 0.6)
    thick = marked or held.playable
    canvas.draw.rounded_rectangle(box, radius=12, fill=CARD, outline=frame, width=6 if thick else 2)
    fill, ink = card_colour(card.colour), card_ink(card.colour)
    band = (x + INSET, y + INSET, x + TILE_W - INSET, y + INSET + BAND_H)
    canvas.draw.rectangle(band, fill=fill)
    colour_tag(pen, card, band[0] + 6, band[1] + 5, BAND_H - 10)
    left = band[0] + BAND_H + 4
    if card.kind == "climax":
        stats = term("climax", lang)
    else:
        stats = word("level_cost", lang, level=card.level, cost=card.cost)
    used = pen.line((left, band[1] + 3, band[2] - 120, band[3] - 3), stats, 22, ink, bold=True, min_size=15)
    if card.kind != "climax":
        pen.line(
            (left + used + 16, band[1] + 3, band[2] - 10, band[3] - 3),
            term(card.kind, lang),
            20,
            ink,
            align="right",
            min_size=14,
        )
    ty = band[3] + 8
    pen.block(
        (x + PAD, ty, x + TILE_W - PAD, ty + parts.name_h),
        card.name,
        NAME_SIZE,
        INK,
        bold=True,
        min_size=NAME_MIN,
    )
    ty += parts.name_h + 4
    if parts.stats_h:
        half = x + TILE_W / 2
        pen.line(
            (x + PAD, ty, half + 40, ty + STATS_H - 6), word("power", lang, n=card.power), 26, INK, bold=True
        )
        pen.line(
            (half + 50, ty, x + TILE_W - PAD, ty + STATS_H - 6),
            word("ap", lang, n=card.soul),
            26,
            INK,
            bold=True,
            align="right",
        )
        ty += parts.stats_h
    if parts.icons_h:
        icons = word("triggers", lang, icons=icons_short(card.triggers, lang))
        pen.line((x + PAD, ty, x + TILE_W - PAD, ty + ICONS_H - 4), icons, 22, INK, bold=True, min_size=15)
        ty += parts.icons_h
    canvas.draw.line((x + PAD, ty + 3, x + TILE_W - PAD, ty + 3), fill=tint(INK, 0.8), width=2)
    ty += RULE
    pen.block(
        (x + PAD, ty, x + TILE_W - PAD, ty + parts.text_h), card.text, TEXT_SIZE, INK, min_size=TEXT_SIZE
    )
    _foot(pen, held, kind, marked, (x + PAD, y + h - FOOT_H, x + TILE_W - PAD, y + h - 10))


def _foot(pen: Pen, held: HandCard, kind: str, marked: bool, box: tuple[float, float, float, float]) -> None:
    """Badges along a tile's foot: marked for the mulligan, else usable now (or not); counter."""
    x0, y0, x1, y1 = box
    lang = pen.lang
    badges: list[tuple[str, RGB, RGB]] = []
    if marked:  # marked to replace says more than "can replace"
        badges.append((word("marked", lang), DANGER, WHITE))
    elif held.playable:
        use = USES.get(kind, ("USABLE", "使用可"))
        badges.append((use[1] if lang == "ja" else use[0], GOOD, WHITE))
    if held.card.counter:
        badges.append((word("counter", lang), INK, WHITE))
    note = word("not_playable", lang) if not held.playable and kind not in QUIET else ""
    size = 19
    # all badges in one row: shrink them together until they fit beside the note's shortest form
    while (
        size > 13 and _badges_width(pen, badges, size) + (pen.width(note, 13) + 10 if note else 0) > x1 - x0
    ):
        size -= 1
    x = x0
    for label, fill, ink in badges:
        w = pen.width(label, size, bold=True) + 2 * BADGE_PAD
        chip = pen.zone("badge", (x, y0, x + w, y1))
        pen.chip(chip, label, size, fill, ink, min_size=size)
        x += w + BADGE_GAP
    if note:
        pen.line((x, y0, x1, y1), note, 19, MUTED, align="right", min_size=13)


def _badges_width(pen: Pen, badges: list[tuple[str, RGB, RGB]], size: int) -> float:
    """The width a row of badges takes at ``size``."""
    return sum(pen.width(label, size, bold=True) + 2 * BADGE_PAD + BADGE_GAP for label, _, _ in badges)
