"""Every colour the climax pictures use, and the fixed 256-colour palette they are saved in.

Players keep the shared seat colours (``render.core.palette``), so a seat is the same colour on
the board, on its hand and in every other game. Card colours are separate hues that differ from
both seat colours; every card colour is also written as a letter beside it (``words.colour_letter``)
so nobody has to tell colours apart by hue alone.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from render.core.canvas import fixed_palette
from render.core.indexed import IndexedPalette
from render.core.palette import DANGER, GOOD, HIGHLIGHT, INK, MUTED, PANEL, PAPER, RGB, mix, seat_colour, tint

WIDTH = 1280
WHITE: RGB = (255, 255, 255)
CARD: RGB = (253, 251, 246)  # a card's face
SLATE: RGB = (74, 82, 98)  # the "rest" band
REVERSED: RGB = (196, 194, 190)  # a reversed card's face
REVERSED_BAND: RGB = (58, 56, 54)
SLOT: RGB = (236, 232, 224)  # an empty stage slot
HEADER: RGB = INK

#: card colour -> (fill, ink for text on that fill); hues kept away from the two seat colours
CARD_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "yellow": ((238, 192, 36), INK),
    "green": ((62, 138, 66), WHITE),
    "red": ((184, 36, 56), WHITE),
    "blue": ((58, 70, 168), WHITE),
}
UNKNOWN_CARD: tuple[RGB, RGB] = ((120, 120, 120), WHITE)

SEATS = 2
REST_TINT = 0.55  # how far a rested card's face fades towards white (its seat colour mixed in)
FACE_TINT = 0.82  # card-colour tint of a face-up card's body
PANEL_TINT = 0.9  # seat-colour tint of a player's half of the table


def card_colour(colour: str) -> RGB:
    """The fill of a card colour (grey for an unknown one)."""
    return CARD_COLOURS.get(colour, UNKNOWN_CARD)[0]


def card_ink(colour: str) -> RGB:
    """Text colour that reads on ``card_colour(colour)``."""
    return CARD_COLOURS.get(colour, UNKNOWN_CARD)[1]


def rest_face(seat: int) -> RGB:
    """A rested card's face: pale, with a hint of its owner's colour."""
    return tint(mix(CARD, seat_colour(seat), 0.25), REST_TINT)


def design_colours() -> list[RGB]:
    """Every flat colour the pictures are drawn with (each survives saving exactly)."""
    colours: list[RGB] = [
        PAPER,
        PANEL,
        INK,
        MUTED,
        HIGHLIGHT,
        DANGER,
        GOOD,
        WHITE,
        CARD,
        SLATE,
        REVERSED,
        REVERSED_BAND,
        SLOT,
        tint(MUTED, 0.4),
        tint(HIGHLIGHT, 0.6),
        tint(DANGER, 0.8),
        tint(GOOD, 0.8),
    ]
    for seat in range(SEATS):
        colour = seat_colour(seat)
        colours += [colour, tint(colour, PANEL_TINT), tint(colour, 0.6), rest_face(seat)]
    for fill, _ in (*CARD_COLOURS.values(), UNKNOWN_CARD):
        colours += [fill, tint(fill, FACE_TINT)]
    return list(dict.fromkeys(colours))


_KEEP_CLEAR = 8


def _distance(a: RGB, b: RGB) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


@cache
def palette_image() -> Image.Image:
    """A 1x1 "P" image carrying the palette: design colours first, then text-edge blends."""
    design = design_colours()
    colours = list(design)
    inks = [INK, MUTED, WHITE, DANGER, GOOD, *(seat_colour(s) for s in range(SEATS))]
    extras: list[RGB] = []
    for surface in design:
        for ink in inks:
            if ink != surface:
                extras += [mix(ink, surface, a) for a in (0.3, 0.55, 0.8)]
    extras += [(v, v, v) for v in range(0, 256, 12)]
    for extra in extras:
        # an extra close to a design colour could take its pixels in Pillow's quantize cache
        if len(colours) < 256 and all(_distance(extra, kept) > _KEEP_CLEAR for kept in colours):
            colours.append(extra)
    return fixed_palette(colours)


@cache
def indexed_palette() -> IndexedPalette:
    """The palette every climax picture is drawn in, with its colour -> index mapping."""
    return IndexedPalette(palette_image())
