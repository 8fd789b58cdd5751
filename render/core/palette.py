"""Colours shared by every game, so a player keeps the same colour on every image."""

from __future__ import annotations

RGB = tuple[int, int, int]

PAPER: RGB = (246, 243, 236)
PANEL: RGB = (232, 227, 216)
INK: RGB = (33, 33, 38)
MUTED: RGB = (110, 108, 104)
HIGHLIGHT: RGB = (255, 196, 0)
DANGER: RGB = (200, 40, 40)
GOOD: RGB = (46, 139, 87)

# Okabe-Ito based: distinguishable for the common colour-vision deficiencies. Seats 5 and 6 were
# Okabe-Ito's orange and sky blue, which six-seat tables mixed up with vermilion and blue; a dark
# brown and a violet differ from every other seat in lightness as well as hue.
SEAT_COLOURS: tuple[RGB, ...] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermilion
    (0, 158, 115),  # green
    (204, 121, 167),  # purple-pink
    (150, 95, 45),  # brown
    (110, 70, 180),  # violet
)
AUTOMATON: RGB = (90, 90, 90)
#: what players call each seat colour (same order as SEAT_COLOURS), for text such as embeds
SEAT_COLOUR_NAMES: tuple[str, ...] = ("blue", "vermilion", "green", "pink", "brown", "violet")


def seat_colour(seat: int | None) -> RGB:
    """The colour of a seat (grey for rule-driven opponents, passed as None)."""
    if seat is None or seat < 0:
        return AUTOMATON
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_colour_name(seat: int | None) -> str:
    """The name of a seat's colour ("grey" for rule-driven opponents)."""
    if seat is None or seat < 0:
        return "grey"
    return SEAT_COLOUR_NAMES[seat % len(SEAT_COLOUR_NAMES)]


def ink_on(fill: RGB) -> RGB:
    """White or ink, whichever reads better on ``fill``."""
    r, g, b = fill
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)


def tint(colour: RGB, amount: float) -> RGB:
    """Mix a colour towards white by ``amount`` (0..1), for light backgrounds."""
    r, g, b = colour
    return (
        int(r + (255 - r) * amount),
        int(g + (255 - g) * amount),
        int(b + (255 - b) * amount),
    )


def mix(colour: RGB, other: RGB, amount: float) -> RGB:
    """``colour`` moved ``amount`` (0..1) of the way to ``other``, rounded: an anti-aliased edge step."""
    return (
        round(colour[0] + (other[0] - colour[0]) * amount),
        round(colour[1] + (other[1] - colour[1]) * amount),
        round(colour[2] + (other[2] - colour[2]) * amount),
    )
