"""Seat colours in text: the coloured square emoji nearest each seat's picture colour, plus its name.

Boards and hands paint every seat in ``render.core.palette.seat_colour``; embeds can't draw, so
each seat gets the square emoji closest to that colour and the colour's name (two seats may
share a square in big games, e.g. pink and violet; the name tells them apart).
"""

from __future__ import annotations

from functools import cache

import discord

from render.core.palette import RGB, seat_colour, seat_colour_name

#: the coloured squares as Discord's emoji font draws them
SQUARES: dict[str, RGB] = {
    "🟥": (221, 46, 68),
    "🟧": (244, 144, 12),
    "🟨": (253, 203, 88),
    "🟩": (120, 177, 89),
    "🟦": (85, 172, 238),
    "🟪": (170, 142, 214),
    "🟫": (193, 105, 79),
    "⬛": (49, 55, 61),
    "⬜": (230, 231, 232),
}


def _distance(a: RGB, b: RGB) -> float:
    """Colour distance weighted for the eye ("redmean"): plain RGB distance misjudges hues."""
    mean_red = (a[0] + b[0]) / 2
    dr, dg, db = (a[i] - b[i] for i in range(3))
    return float((2 + mean_red / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean_red) / 256) * db * db)


@cache
def nearest_square(colour: RGB) -> str:
    """The square emoji closest to ``colour``."""
    return min(SQUARES, key=lambda square: _distance(colour, SQUARES[square]))


def seat_square(seat: int) -> str:
    """The square emoji of a seat's colour."""
    return nearest_square(seat_colour(seat))


def seat_swatch(seat: int) -> str:
    """A seat's colour as text, e.g. "🟦 blue"."""
    return f"{seat_square(seat)} {seat_colour_name(seat)}"


def seat_embed_colour(seat: int) -> discord.Colour:
    """A seat's colour for an embed's side bar (the exact picture colour)."""
    return discord.Colour.from_rgb(*seat_colour(seat))
