"""Every colour the Clash of Decks images use, and the fixed 256-colour palette they are saved in.

Saving in a fixed palette instead of RGB makes the PNG about a third of the size and several
times faster to encode. Each design colour below is in the palette exactly, so fills, seat
colours and badges come out unchanged; the rest of the palette is blends that anti-aliased text
edges snap to (ink over each background, white over each badge) and a coarse colour cube.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from render.core.canvas import fixed_palette
from render.core.indexed import IndexedPalette
from render.core.palette import (
    AUTOMATON,
    DANGER,
    GOOD,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PAPER,
    RGB,
    SEAT_COLOURS,
    mix,
    tint,
)

WHITE: RGB = (255, 255, 255)
STONE: RGB = (120, 116, 108)
STONE_LIGHT: RGB = (200, 196, 186)
BOOST: RGB = (30, 130, 60)  # an attack value raised by Sprint
DISC: RGB = (40, 60, 120)  # the mana cost disc
HEALTHY: RGB = (70, 150, 90)  # undamaged health segments
SLOT: RGB = (214, 210, 200)  # an empty gauge slot
SPELL: RGB = (236, 230, 246)  # incantation card background
DECK: RGB = (90, 62, 36)  # bridge rails and labels
PLANK: RGB = (150, 110, 70)
PLANK_LINE: RGB = (110, 78, 46)
HURT: RGB = (150, 30, 30)  # damage to a Stronghold in the records

# ability families (see abilities.py)
ATTACK: RGB = (176, 52, 40)
GUARD: RGB = (38, 92, 160)
MOVE: RGB = (34, 120, 70)
MANA: RGB = (150, 110, 10)
MALUS: RGB = (96, 80, 120)
UNKNOWN: RGB = (80, 80, 80)
FAMILIES = (ATTACK, GUARD, MOVE, MANA, MALUS, UNKNOWN)

# how much each kind of surface mixes a seat colour towards white
TILE_TINT = 0.8  # creatures on the table
HAND_TINT = 0.8  # cards in hand
PANEL_TINT = 0.9  # kingdom panels
LINE_TINT = 0.9  # a kingdom's half of a line
BORROWED_TINT = 0.6
GAUGE_TINT = 0.35

_SEATS = (*SEAT_COLOURS[:4], AUTOMATON)  # Clash of Decks seats at most four players


_KEEP_CLEAR = 8


def _distance(a: RGB, b: RGB) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def design_colours() -> list[RGB]:
    """Every flat colour the images are drawn with (each must survive saving exactly)."""
    colours: list[RGB] = [
        PAPER, PANEL, INK, MUTED, HIGHLIGHT, DANGER, GOOD, WHITE, STONE, STONE_LIGHT, BOOST, DISC,
        HEALTHY, SLOT, SPELL, DECK, PLANK, PLANK_LINE, HURT, tint(GOOD, GAUGE_TINT),
    ]  # fmt: skip
    for seat in _SEATS:
        colours.append(seat)
        colours.extend(tint(seat, amount) for amount in (TILE_TINT, HAND_TINT, PANEL_TINT, LINE_TINT))
    for family in FAMILIES:
        colours.extend((family, tint(family, BORROWED_TINT)))
    return list(dict.fromkeys(colours))


def _blends(design: list[RGB]) -> list[RGB]:
    """Anti-aliasing steps: dark and white text over each light surface, white over each badge."""
    light = [c for c in design if sum(c) > 560]
    strong = [c for c in design if sum(c) <= 560]
    steps: list[RGB] = []
    for surface in light:
        steps.extend(mix(INK, surface, a) for a in (0.3, 0.6, 0.85))
    for ink in strong:
        steps.extend(mix(ink, WHITE, a) for a in (0.35, 0.7))
    return steps


@cache
def palette_image() -> Image.Image:
    """A 1x1 "P" image carrying the 256-colour palette (design colours first, exact)."""
    design = design_colours()
    colours = list(design)
    levels = (0, 85, 170, 255)
    cube = [(r, g, b) for r in levels for g in levels for b in levels]
    for extra in [*_blends(design), *cube]:
        # Pillow maps through a 6-bit-per-channel cache: an extra entry close to a design colour
        # could take that colour's pixels, so extras keep their distance
        if len(colours) < 256 and all(_distance(extra, kept) > _KEEP_CLEAR for kept in colours):
            colours.append(extra)
    return fixed_palette(colours)


@cache
def indexed_palette() -> IndexedPalette:
    """The palette every Clash of Decks picture is drawn in, with its colour -> index mapping."""
    return IndexedPalette(palette_image())
