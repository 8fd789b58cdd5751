"""A small real renderer for the tiny test game, so terminal and bench tests need no real game."""

from __future__ import annotations

from collections.abc import Sequence

from render.core import Canvas, encode_png, seat_colour
from render.core.palette import PANEL, tint
from tests.engines.core.tinygame import TinyView


class TinyRenderer:
    slug = "tiny"

    def board(self, view: TinyView, names: Sequence[str] = ()) -> bytes:
        canvas = Canvas(1200, 360)
        canvas.text((40, 30), f"Pile {view.pile_total} of {view.target}", size=40, weight="bold")
        width = 1120 * min(view.pile_total, view.target) // view.target
        canvas.draw.rounded_rectangle((40, 100, 1160, 150), 12, fill=PANEL)
        canvas.draw.rounded_rectangle((40, 100, 40 + max(width, 24), 150), 12, fill=seat_colour(view.turn))
        for seat, size in enumerate(view.hand_sizes):
            x = 40 + seat * 380
            canvas.draw.rounded_rectangle((x, 190, x + 340, 320), 16, fill=tint(seat_colour(seat), 0.7))
            marker = " (to play)" if seat == view.turn and not view.over else ""
            who = names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}"
            canvas.text((x + 20, 210), f"{who}{marker}", size=26, weight="bold", max_width=300)
            canvas.text((x + 20, 260), f"{size} card(s) in hand", size=22)
        return encode_png(canvas.image)

    def hand(self, view: TinyView, names: Sequence[str] = ()) -> bytes | None:
        if view.viewer is None:
            return None
        canvas = Canvas(1200, 240)
        colour = seat_colour(view.viewer)
        canvas.text((40, 20), f"Your hand, Player {view.viewer + 1}", size=28, weight="bold")
        for index, card in enumerate(view.hand):
            x = 40 + index * 200
            box = (x, 70, x + 170, 220)
            canvas.draw.rounded_rectangle(box, 14, fill=tint(colour, 0.6), outline=colour, width=4)
            canvas.text((x + 85, 145), card.split("-")[0], size=64, weight="bold", anchor="mm")
        return encode_png(canvas.image)

    def describe(self, view: TinyView) -> str:
        lines = [f"Pile total {view.pile_total}; first to {view.target} wins."]
        lines.append("Hands: " + ", ".join(f"P{s + 1} {n}" for s, n in enumerate(view.hand_sizes)))
        if view.viewer is not None:
            lines.append("Your cards: " + (", ".join(c.split("-")[0] for c in view.hand) or "none"))
        lines.append("Game over." if view.over else f"Player {view.turn + 1} to play.")
        return "\n".join(lines)


RENDERER = TinyRenderer()
