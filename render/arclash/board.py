"""The public table: one panel per player (stack, power and its modifiers, supports, points, counts)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from engines.arclash.state import ArclashView, SeatView
from render.arclash.palette import CARD, WHITE, WIDTH, indexed_palette
from render.arclash.status import PHASE_NAMES, sealed_summary, status
from render.core.canvas import font
from render.core.indexed_canvas import IndexedCanvas as Canvas
from render.core.layers import on_layer
from render.core.names import seat_name
from render.core.palette import DANGER, GOOD, HIGHLIGHT, INK, MUTED, PANEL, RGB, seat_colour, tint

HEADER = 92
PANEL_H = 392
GAP = 16
FOOTER_LINE = 30
#: each seat's name slot, for lines drawn with ``Canvas.named``
PLACEHOLDERS = tuple(f"{{P{seat + 1}}}" for seat in range(9))


def render_board(view: ArclashView, names: Sequence[str] = ()) -> Canvas:
    """Draw the board for anyone: it shows only public facts, whoever the viewer is (``names`` by seat)."""
    cols = 2 if view.players <= 4 else 3
    rows = math.ceil(view.players / cols)
    footer = _footer_lines(view)
    height = HEADER + rows * (PANEL_H + GAP) + 24 + FOOTER_LINE * len(footer)
    panel_w = (WIDTH - GAP * (cols + 1)) // cols
    places = [
        (seat, GAP + col * (panel_w + GAP), HEADER + row * (PANEL_H + GAP))
        for seat, (row, col) in ((seat, divmod(index, cols)) for index, seat in enumerate(view.seats))
    ]
    frames = tuple((seat.seat, x, y) for seat, x, y in places)
    canvas = on_layer(
        ("arclash board", frames, panel_w),
        (WIDTH, height),
        indexed_palette(),
        lambda c: _frames(c, frames, panel_w),
        top=HEADER + rows * (PANEL_H + GAP),  # the footer's lines below vary in number
    )
    _header(canvas, view, names)
    for seat, x, y in places:
        _panel(canvas, view, seat, x, y, panel_w, names)
    y = HEADER + rows * (PANEL_H + GAP) + 8
    for line in footer:
        canvas.named((GAP + 4, y), line, names, 21, INK, max_width=WIDTH - 2 * GAP, min_size=16)
        y += FOOTER_LINE
    return canvas


def _frames(canvas: Canvas, frames: Sequence[tuple[int, int, int]], w: int) -> None:
    """What a board of these seats shows whatever the state: the header bar and each panel's frames.

    Every part here lies apart from what the state draws before it (text stays inside its bar or
    box), so drawing them first, once, leaves the same pixels as drawing them in turn.
    """
    canvas.draw.rectangle((0, 0, WIDTH, HEADER - 14), fill=INK)
    for seat, x, y in frames:
        colour = seat_colour(seat)
        canvas.box((x, y, x + w, y + PANEL_H), fill=tint(colour, 0.85), outline=colour, width=3, radius=12)
        canvas.draw.rounded_rectangle((x, y, x + w, y + 48), radius=12, fill=colour)
        canvas.draw.rectangle((x, y + 36, x + w, y + 48), fill=colour)
        canvas.draw.rounded_rectangle(
            (x + 14, y + 58, x + w - 14, y + 70), radius=6, fill=PANEL
        )  # points bar
        cx, cy, cw = x + 10, y + 108, w - 20  # the character box
        canvas.box((cx, cy, cx + cw, cy + 148), fill=CARD, outline=colour, width=2, radius=10)
        px = cx + int(cw * 0.55)
        canvas.draw.line((px, cy + 10, px, cy + 138), fill=PANEL, width=2)
        canvas.text((px + 12, cy + 8), "POWER", 16, MUTED, "bold")


def _header(canvas: Canvas, view: ArclashView, names: Sequence[str]) -> None:
    title = f"Arclash  ·  Turn {max(view.turn, 1)}  ·  first to {view.target} points"
    canvas.text((GAP + 4, 12), title, 32, WHITE, "bold", max_width=WIDTH // 2 + 80)
    phase = PHASE_NAMES.get(view.phase, view.phase)
    if view.phase == "advance":
        phase += f" (round {view.round})"
    waiting = sealed_summary(view, PLACEHOLDERS)  # names go in their own slots
    canvas.text((WIDTH - GAP - 4, 14), phase, 24, WHITE, "bold", anchor="ra", max_width=WIDTH // 2 - 120)
    if waiting:
        canvas.named(
            (WIDTH - GAP - 4, 46),
            waiting,
            names,
            19,
            tint(MUTED, 0.7),
            anchor="ra",
            max_width=WIDTH // 2 - 40,
        )
    else:
        canvas.text((GAP + 4, 52), "Highest power wins each battle", 17, tint(MUTED, 0.7))


def _panel(
    canvas: Canvas, view: ArclashView, seat: SeatView, x: int, y: int, w: int, names: Sequence[str]
) -> None:
    colour = seat_colour(seat.seat)  # the frames are in the layer (``_frames``)
    canvas.name(
        (x + 14, y + 9), seat_name(seat.seat, names), 27, WHITE, "bold", max_width=w // 2 - 20, min_size=18
    )
    score = f"{seat.points} / {view.target} pts"
    canvas.text((x + w - 14, y + 9), score, 27, WHITE, "bold", anchor="ra", max_width=w // 2 - 10)
    # points against the target
    bar = (x + 14, y + 58, x + w - 14, y + 70)
    filled = min(1.0, seat.points / max(1, view.target))
    if filled > 0:
        canvas.draw.rounded_rectangle(
            (bar[0], bar[1], bar[0] + (bar[2] - bar[0]) * filled, bar[3]), 6, fill=colour
        )
    label, tone = status(view, seat)
    if label:
        _badge(canvas, label, tone, x + 14, y + 77, w - 28)
    _character(canvas, seat, x + 10, y + 108, w - 20)
    _lower(canvas, seat, x + 14, y + 264, w - 28)
    supports = ", ".join(c.name for c in seat.supports) or "none"
    canvas.paragraph((x + 14, y + 296), f"Supports: {supports}", 19, w - 28, INK, max_lines=2)
    counts = f"Hand {seat.hand_count}  ·  Deck {seat.deck_count}  ·  Discard {len(seat.discard)}"
    canvas.text((x + 14, y + PANEL_H - 36), counts, 20, INK, "bold", max_width=w - 28)


def _badge(canvas: Canvas, label: str, tone: RGB, x: int, y: int, max_w: int) -> None:
    if tone == MUTED:
        canvas.text((x, y + 2), label, 20, INK, "bold", max_width=max_w)
        return
    width = min(max_w, int(canvas.draw.textlength(label, font=font(19, "bold"))) + 24)
    canvas.draw.rounded_rectangle((x, y, x + width, y + 26), 13, fill=tone)
    ink = INK if tone == HIGHLIGHT else WHITE
    canvas.text((x + 12, y + 13), label, 19, ink, "bold", anchor="lm", max_width=width - 20)


def _character(canvas: Canvas, seat: SeatView, x: int, y: int, w: int) -> None:
    left_w = int(w * 0.55)
    if not seat.stack:
        canvas.text((x + 12, y + 14), "Face-down level 1", 22, MUTED, "bold", max_width=left_w - 16)
    else:
        top = seat.stack[-1]
        canvas.text((x + 12, y + 10), top.name, 23, INK, "bold", max_width=left_w - 16, min_size=15)
        canvas.text((x + 12, y + 42), f"Level {top.level}", 22, seat_colour(seat.seat), "bold")
        canvas.paragraph((x + 12, y + 72), " · ".join(top.traits), 17, left_w - 16, MUTED, max_lines=2)
    px = x + left_w
    canvas.text((px + 12, y + 26), str(seat.power), 44, INK, "bold")
    lines = [f"printed {seat.base_power}"] if seat.mods else []
    shown = seat.mods if len(seat.mods) <= 3 else seat.mods[:2]
    lines += [f"{mod.amount:+d} {mod.source}" for mod in shown]
    if len(seat.mods) > len(shown):
        rest = seat.mods[len(shown) :]
        lines.append(f"{sum(m.amount for m in rest):+d} from {len(rest)} more")
    ly = y + 76
    for line in lines:
        tone = GOOD if line.startswith("+") else DANGER if line.startswith("-") else MUTED
        canvas.text((px + 12, ly), line, 17, tone, max_width=w - left_w - 20, min_size=14)
        ly += 17


def _lower(canvas: Canvas, seat: SeatView, x: int, y: int, w: int) -> None:
    if len(seat.stack) < 2:
        canvas.text((x, y), "Stack: level 1 only" if seat.stack else "Stack: empty", 19, MUTED, max_width=w)
        return
    below = "  ›  ".join(f"L{c.level} {c.name}" for c in seat.stack[:-1])
    canvas.text((x, y), f"Under it: {below}", 19, INK, max_width=w, min_size=14)


def _footer_lines(view: ArclashView) -> list[str]:
    """The footer's lines with ``{P1}``-style slots where the players' names go."""
    lines: list[str] = []
    if view.order and view.phase == "support":
        lines.append("Support order: " + " → ".join(PLACEHOLDERS[s] for s in view.order))
    lines.extend(view.report[-4:])
    return lines or ["No battle yet."]
