"""The public table: the header, both players' halves (stage and zones) and the attack between them.

Seat 2 sits at the top and seat 1 at the bottom, front rows facing across the attack strip; slot
``i`` of one player faces slot ``i`` of the other (table coordinates), so the far side is mirrored
top to bottom only and a column holds two characters that face each other.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.climax.content import catalog
from engines.climax.state import BACK, FRONT, ClimaxView, PlayerView
from engines.core.types import seat_ref
from render.climax.attack import HEIGHT as ATTACK_H
from render.climax.attack import attack_strip, shown_attack
from render.climax.cards import stage_card
from render.climax.names import name_of
from render.climax.palette import HEADER, PANEL_TINT, WHITE, WIDTH, indexed_palette
from render.climax.words import phase_name, word
from render.climax.zones import HEIGHT as ZONES_H
from render.climax.zones import zones_panel
from render.core.indexed_canvas import IndexedCanvas
from render.core.layers import on_layer
from render.core.marks import Box
from render.core.palette import HIGHLIGHT, INK, MUTED, PAPER, seat_colour, tint
from render.core.pen import Pen

MARGIN = 16
GAP = 12
HEADER_H = 100
NAME_H = 52
SLOT_W = 252
SLOT_H = 212
ROW_GAP = 14
STAGE_W = 3 * SLOT_W + 2 * GAP  # 780
PAD = 10  # inside a player's half, around stage and zones
BODY_H = max(2 * SLOT_H + ROW_GAP, ZONES_H) + 2 * PAD
HALF_H = NAME_H + BODY_H
HEIGHT = HEADER_H + GAP + HALF_H + GAP + ATTACK_H + GAP + HALF_H + MARGIN
NEAR, FAR = 0, 1  # seat drawn at the bottom, seat drawn at the top
FAR_TOP = HEADER_H + GAP
ATTACK_TOP = FAR_TOP + HALF_H + GAP
NEAR_TOP = ATTACK_TOP + ATTACK_H + GAP


def render_board(view: ClimaxView, names: Sequence[str] = ()) -> IndexedCanvas:
    """Draw the board for anyone: it shows only public facts, whoever the viewer is."""
    return draw_board(view, names).canvas


def draw_board(view: ClimaxView, names: Sequence[str] = ()) -> Pen:
    """The board drawn with a ``Pen`` that remembers every box (the tests read them)."""
    sides = {side.seat: side for side in view.sides}
    seats = tuple(sorted(sides))
    canvas = on_layer(
        ("climax board", seats), (WIDTH, HEIGHT), indexed_palette(), lambda c: _frames(c, seats), PAPER
    )
    pen = Pen(canvas, view.lang)
    _header(pen, view, names, (0, 0, WIDTH, HEADER_H))
    far_top, attack_top, near_top = FAR_TOP, ATTACK_TOP, NEAR_TOP
    if FAR in sides:
        _half(pen, view, sides[FAR], names, far_top, far=True)
    attack_strip(pen, view, names, (MARGIN, attack_top, WIDTH - MARGIN, attack_top + ATTACK_H))
    if NEAR in sides:
        _half(pen, view, sides[NEAR], names, near_top, far=False)
    return pen


def _frames(canvas: IndexedCanvas, seats: Sequence[int]) -> None:
    """What a board shows whatever the state: the header's ground, each half's panel and name bar.

    Nothing the state draws before them in turn reaches them (the header's words stay in the
    header, the attack strip and the far half's cards in their own boxes), so drawing them first,
    once, leaves the same pixels.
    """
    canvas.draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER)
    for seat, top in ((FAR, FAR_TOP), (NEAR, NEAR_TOP)):
        if seat not in seats:
            continue
        colour = seat_colour(seat)
        box = (MARGIN, top, WIDTH - MARGIN, top + HALF_H)
        canvas.draw.rounded_rectangle(box, radius=14, fill=tint(colour, PANEL_TINT), outline=colour, width=3)
        canvas.draw.rounded_rectangle(_bar(top, seat == FAR), radius=14, fill=colour)


def _bar(top: float, far: bool) -> Box:
    """A half's name bar, on its outer edge."""
    if far:
        return (MARGIN, top, WIDTH - MARGIN, top + NAME_H)
    return (MARGIN, top + BODY_H, WIDTH - MARGIN, top + HALF_H)


def _header(pen: Pen, view: ClimaxView, names: Sequence[str], box: Box) -> None:
    x0, y0, x1, y1 = box  # its ground is in the layer (``_frames``)
    pen.zone("header", box)
    lang = pen.lang
    title = word("title", lang)
    if view.turn > 0:
        title += "  ·  " + word("turn", lang, n=view.turn)
    half = (x1 - x0) / 2
    pen.line((MARGIN, y0 + 8, half + 60, y0 + 52), title, 34, WHITE, bold=True, min_size=20)
    pen.line(
        (half + 80, y0 + 8, x1 - MARGIN, y0 + 52),
        phase_name(view.phase, lang),
        30,
        HIGHLIGHT,
        bold=True,
        align="right",
        min_size=18,
    )
    row = (y0 + 56, y1 - 8)
    drawn = [name_of(seat, names, lang) for seat in range(view.players)]
    if view.over:
        pen.named(
            (MARGIN, row[0], x1 - MARGIN, row[1]), view.result, drawn, 24, WHITE, bold=True, min_size=15
        )
        return
    if view.turn > 0:  # whose turn, in their colour
        turn, colour = (
            word("whose_turn", lang, who=seat_ref(view.active)),
            tint(seat_colour(view.active), 0.6),
        )
    else:
        turn, colour = word("before_play", lang), tint(MUTED, 0.6)
    pen.named((MARGIN, row[0], half - 10, row[1]), turn, drawn, 25, colour, bold=True, min_size=15)
    deciding = [word("deciding", lang, who=seat_ref(s)) for s in view.deciding if 0 <= s < len(drawn)]
    if deciding:
        pen.named(
            (half + 10, row[0], x1 - MARGIN, row[1]),
            " · ".join(deciding),
            drawn,
            23,
            WHITE,
            align="right",
            min_size=15,
        )


def _half(pen: Pen, view: ClimaxView, side: PlayerView, names: Sequence[str], top: float, far: bool) -> None:
    """One player's half: a name bar on the outer edge, the stage and the zones beside it."""
    bar = _bar(top, far)  # the panel and the bar are in the layer (``_frames``)
    body_top = top + NAME_H if far else top
    _name_bar(pen, view, side, names, bar)
    stage_top = body_top + PAD
    _stage(pen, view, side, MARGIN + PAD, stage_top, far)
    zones_x = MARGIN + PAD + STAGE_W + 16
    zones_panel(pen, side, zones_x, body_top + (BODY_H - ZONES_H) / 2, WIDTH - MARGIN - PAD - zones_x)


def _name_bar(pen: Pen, view: ClimaxView, side: PlayerView, names: Sequence[str], bar: Box) -> None:
    x0, y0, x1, y1 = bar
    colour = seat_colour(side.seat)
    pen.zone("name bar", bar)
    lang = pen.lang
    badges = [word("first" if side.seat == view.first else "second", lang)]
    if view.over and side.seat == view.winner:
        badges.insert(0, word("winner", lang))
    elif not view.over and view.turn > 0 and side.seat == view.active:
        badges.insert(0, word("active", lang))
    right = x1 - 14
    for label in reversed(badges):  # right to left
        bold_w = pen.width(label, 21, bold=True) + 24
        chip = (right - bold_w, y0 + 9, right, y1 - 9)
        strong = label in (word("winner", lang), word("active", lang))
        pen.chip(chip, label, 21, HIGHLIGHT if strong else WHITE, INK)
        right -= bold_w + 10
    name = name_of(side.seat, names, lang)
    name_w = pen.name((x0 + 16, y0 + 6, x0 + 460, y1 - 6), name, 29, WHITE, bold=True, min_size=16)
    extra = _side_note(side, lang)
    if extra:
        pen.line(
            (x0 + 16 + name_w + 24, y0 + 8, right - 14, y1 - 8),
            extra,
            21,
            tint(colour, 0.8),
            bold=True,
            min_size=14,
        )


def _side_note(side: PlayerView, lang: str) -> str:
    """Events being played, a refresh penalty owed, else the deck's name."""
    if side.playing:
        return word("resolving", lang, cards=", ".join(card.name for card in side.playing))
    if side.penalty:
        return word("penalty", lang, n=side.penalty)
    if side.deck_name == "constructed":
        return word("constructed", lang)
    try:
        return word("deck_named", lang, name=catalog().deck(side.deck_name).name(lang))
    except KeyError:
        return ""


def slot_box(index: int, x: float, top: float, far: bool) -> Box:
    """Where slot ``index`` sits: front slots in one row, the two back slots centred behind them."""
    front_row_top = top + (SLOT_H + ROW_GAP if far else 0)
    back_row_top = top + (0 if far else SLOT_H + ROW_GAP)
    if index in FRONT:
        left = x + FRONT.index(index) * (SLOT_W + GAP)
        return (left, front_row_top, left + SLOT_W, front_row_top + SLOT_H)
    # a back slot stands behind the gap between two front slots
    left = x + (SLOT_W + GAP) / 2 + BACK.index(index) * (SLOT_W + GAP)
    return (left, back_row_top, left + SLOT_W, back_row_top + SLOT_H)


def _stage(pen: Pen, view: ClimaxView, side: PlayerView, x: float, top: float, far: bool) -> None:
    attack, current = shown_attack(view)
    for slot in side.stage:
        box = slot_box(slot.index, x, top, far)
        pen.zone(f"slot {side.seat}/{slot.index}", box)
        if attack is not None and current and slot.index == attack.slot and slot.card is not None:
            # the attacker, and the character it faces (its slot has the same index: table coordinates)
            facing = attack.facing is not None and slot.card.id == attack.facing.id
            if side.seat == attack.seat or facing:
                _glow(pen, box)
        stage_card(pen, slot, side.seat, box)


def _glow(pen: Pen, box: Box) -> None:
    """A highlight ring around a slot taking part in the attack under way."""
    x0, y0, x1, y1 = box
    pen.canvas.draw.rounded_rectangle((x0 - 6, y0 - 6, x1 + 6, y1 + 6), radius=14, outline=HIGHLIGHT, width=6)
