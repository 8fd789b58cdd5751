"""The public table: the field, the sequence board and each witch's gauges."""

from __future__ import annotations

from collections.abc import Sequence

from engines.hackclad import grid
from engines.hackclad.content import content
from engines.hackclad.state import HackView, WitchView
from render.core.indexed_canvas import IndexedCanvas as Canvas
from render.core.layers import on_layer
from render.core.palette import INK, MUTED, PANEL, PAPER, seat_colour, tint
from render.hackclad.field import CELL, FX, FY, draw_field, field_frame
from render.hackclad.marks import pips, range_grid
from render.hackclad.palette import CLAD, DANGER, GOLD, SHARD, indexed_palette
from render.hackclad.words import headline, player_name, player_slot

WIDTH, HEIGHT = 1400, 1000
SY = 70  # the sequence board's top
RX = FX + 5 * CELL + 36  # the witch panels' column
W_TURN, W_CLAD, SLOT_GAP = 140, 176, 8  # the sequence board's slots: T1 C1 T2 C2 T3 C3 T4
VX = 24 + 4 * (W_TURN + SLOT_GAP) + 3 * (W_CLAD + SLOT_GAP) + 8  # the voltage gauge's left edge


def render_board(view: HackView, names: Sequence[str] = ()) -> Canvas:
    """Draw the whole public board for ``view`` (never anything private); ``names`` by seat."""
    c = on_layer("hackclad board", (WIDTH, HEIGHT), indexed_palette(), _fixed)
    c.text((260, 26), headline(view), 28, fill=MUTED, max_width=700)
    draw_field(c, view)
    _sequence(c, view, names)
    _panels(c, view, names)
    return c


def _fixed(c: Canvas) -> None:
    """What every board shows whatever the state: the title, the field's coordinates and key, and
    the voltage gauge's frame. Nothing the state draws before them in turn overlaps them.
    """
    c.text((24, 14), "HackClad", 40, weight="bold")
    field_frame(c)
    c.box((VX, SY, WIDTH - 24, SY + 270), fill=PANEL, outline=CLAD, width=3)
    c.text((VX + 14, SY + 10), "Voltage", 22, weight="bold")


# ------------------------------------------------------------------------------------------ sequence
def _sequence(c: Canvas, view: HackView, names: Sequence[str]) -> None:
    x, top = 24, SY
    # Clad slots sit between the turn slots: T1 C1 T2 C2 T3 C3 T4.
    w_turn, w_clad, gap = W_TURN, W_CLAD, SLOT_GAP
    cx = x
    for k in range(4):
        _turn_slot(c, view, k, cx, top, w_turn, names)
        cx += w_turn + gap
        if k < 3:
            _clad_slot(c, view, k, cx, top, w_clad)
            cx += w_clad + gap
    # The voltage gauge (its frame is in the layer, ``_fixed``) and the Clad deck to the right.
    vx = VX  # cx + 8
    for v in (1, 2, 3):
        by = top + 46 + (v - 1) * 54
        on = v == view.voltage
        c.box(
            (vx + 14, by, WIDTH - 38, by + 44), fill=DANGER if on else PAPER, outline=INK, width=2, radius=8
        )
        c.text(
            (vx + 24, by + 22), f"{v}", 24, fill=(255, 255, 255) if on else INK, weight="bold", anchor="lm"
        )
        c.text(
            (WIDTH - 50, by + 22),
            f"ATK {v + 1}",
            22,
            fill=(255, 255, 255) if on else INK,
            weight="bold",
            anchor="rm",
        )
    c.text((vx + 14, top + 214), f"Clad deck {view.clad_deck_count}", 18)
    c.text(
        (vx + 14, top + 240),
        "mode " + view.mode + (" · expert" if view.expert else ""),
        16,
        fill=MUTED,
        max_width=WIDTH - 24 - vx - 28,
    )


def _turn_slot(c: Canvas, view: HackView, k: int, x: float, y: float, w: float, names: Sequence[str]) -> None:
    seat = view.turn_slots[k]
    c.box((x, y, x + w, y + 130), fill=tint(seat_colour(seat), 0.55) if seat >= 0 else PANEL, outline=INK)
    c.text((x + w / 2, y + 18), f"Turn {k + 1}", 20, weight="bold", anchor="mm")
    bonus = ("draw 1", "+1 MP", "draw, put 1 back", "step 0-1")[k]
    c.text((x + w / 2, y + 42), bonus, 15, fill=INK, anchor="mm", max_width=int(w) - 8)
    if seat >= 0:
        c.text((x + w / 2, y + 78), f"P{seat + 1}", 26, weight="bold", anchor="mm")
        _who(c, view.witches[seat], x + w / 2, y + 106, w - 8, names)
    if view.markers and view.markers[k]:
        c.draw.polygon(
            [(x + w - 18, y + 66), (x + w - 6, y + 80), (x + w - 18, y + 94), (x + w - 30, y + 80)],
            fill=SHARD,
        )
    # The standby slot under this turn slot (standby runs right to left).
    sb = 3 - k
    s_seat = view.standby[sb]
    c.box(
        (x, y + 140, x + w, y + 270),
        fill=tint(seat_colour(s_seat), 0.7) if s_seat >= 0 else PAPER,
        outline=MUTED,
    )
    c.text((x + w / 2, y + 160), f"Standby {sb + 1}", 18, fill=MUTED, anchor="mm")
    if s_seat >= 0:
        c.text((x + w / 2, y + 204), f"P{s_seat + 1}", 26, weight="bold", anchor="mm")
        _who(c, view.witches[s_seat], x + w / 2, y + 232, w - 8, names)


def _who(c: Canvas, w: WitchView, cx: float, cy: float, room: float, names: Sequence[str]) -> None:
    """Who holds a slot: the player's name, and her witch when the slot is wide enough for both."""
    player = player_name(w, names)
    label = f"{player} ({w.name})"
    if c.textlength(label, 16) > room:  # the name alone, at one of three sizes whatever the slot
        c.name((cx, cy), player, 16, anchor="mm", max_width=room, min_size=12)
        return
    c.put((cx, cy), label, 16, INK, "regular", "mm")


def _clad_slot(c: Canvas, view: HackView, k: int, x: float, y: float, w: float) -> None:
    state = view.clad_slot_state[k]
    card = view.clad_slots[k]
    fill = {"done": PANEL, "hidden": (90, 90, 100), "up": (250, 236, 230), "empty": PAPER}[state]
    c.box((x, y, x + w, y + 270), fill=fill, outline=CLAD, width=3)
    c.text(
        (x + w / 2, y + 18),
        f"Clad {k + 1}",
        16,
        weight="bold",
        anchor="mm",
        fill=(255, 255, 255) if state == "hidden" else INK,
    )
    if card is None:
        c.text(
            (x + w / 2, y + 135),
            "face down" if state == "hidden" else "—",
            16,
            anchor="mm",
            fill=(255, 255, 255) if state == "hidden" else MUTED,
        )
        return
    c.text((x + w / 2, y + 44), card.name, 17, weight="bold", anchor="mm", max_width=int(w) - 10)
    range_grid(
        c, x + (w - 140) / 2, y + 64, 28, list(card.attack), mark=DANGER if state == "up" else MUTED, pin=CLAD
    )
    icons = []
    if card.attack:
        icons.append("hit")
    if card.drop:
        icons.append("drop")
    if card.move:
        icons.append(f"move {card.move}")
    if card.face:
        icons.append({"left": "turn L", "right": "turn R", "back": "turn 180"}[card.face])
    c.text((x + w / 2, y + 226), " → ".join(icons), 16, anchor="mm", max_width=int(w) - 8)
    if state == "done":
        c.text((x + w / 2, y + 252), "done", 16, fill=MUTED, weight="bold", anchor="mm")


# ------------------------------------------------------------------------------------------ panels
def _panels(c: Canvas, view: HackView, names: Sequence[str]) -> None:
    top = FY - 10
    n = max(1, len(view.witches))
    height = min(150, (HEIGHT - top - 16) // n)
    for w in view.witches:
        _panel(c, view, w, RX, top + w.seat * height, WIDTH - RX - 24, height - 10, names)


def _panel(
    c: Canvas,
    view: HackView,
    w: WitchView,
    x: float,
    y: float,
    width: float,
    h: float,
    names: Sequence[str],
) -> None:
    colour = seat_colour(w.seat)
    asked = view.asking == w.seat
    c.box(
        (x, y, x + width, y + h),
        fill=tint(colour, 0.85),
        outline=INK if asked else colour,
        width=4 if asked else 2,
    )
    c.draw.rectangle((x + 2, y + 2, x + 12, y + h - 2), fill=colour)
    team = f" · team {w.team + 1}" if view.mode == "team" else ""
    score = f"{view.scores[w.seat]} VP" if view.scores else f"{w.shards} shard VP"
    c.text((x + width - 12, y + 8), score, 24, weight="bold", anchor="ra")
    title = f"P{w.seat + 1} {w.name} · {player_slot(w)}{team}"
    room = width - 60 - c.textlength(score, 24, "bold")
    c.named((x + 24, y + 8), title, names, 24, weight="bold", max_width=room, min_size=16)
    row = y + 44
    c.text((x + 24, row), "MP", 17, weight="bold", fill=(60, 100, 200))
    after = pips(c, x + 60, row + 2, w.mp, 7, (60, 100, 200), 15)
    c.text((after + 18, row), "CP", 17, weight="bold", fill=GOLD)
    after = pips(c, after + 54, row + 2, w.cp, 7, GOLD, 15)
    c.text(
        (after + 18, row), f"Injuries {w.injuries}", 17, fill=DANGER if w.injuries else MUTED, weight="bold"
    )
    row2 = row + 28
    where = "off the field" if w.pos < 0 else f"at {grid.label(w.pos)}"
    uses = ", ".join(
        f"{name} {u}/{lim}" for name, u, lim in zip(("move", "MP", "guard"), w.uses, w.limits, strict=True)
    )
    c.text(
        (x + 24, row2),
        f"hand {w.hand_count} · deck {w.deck_count} · discard {len(w.discard)} · {where} · basic {uses}",
        16,
        max_width=int(width) - 36,
    )
    if h >= 100:
        names = []
        for mid in w.missions:
            m = content().missions[mid]
            names.append(("✔ " if mid in w.completed else "") + f"{m.title} {m.vp or '(MP)'}")
        c.text((x + 24, row2 + 26), "Missions: " + (", ".join(names) or "—"), 16, max_width=int(width) - 36)
