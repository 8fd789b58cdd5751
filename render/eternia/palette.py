"""Eternia colours (per side, per Character, per terrain) and the fixed palette every picture uses.

Side colours are not seat colours: in versus the Controller is seat 1, whose seat colour (blue)
would clash with the Player Team's blue. The Team is blue and the Controller crimson whoever sits
where; each Character also keeps one fill colour of its own on every picture.
"""

from __future__ import annotations

import zlib
from functools import cache

from PIL import Image

from render.core.canvas import fixed_palette
from render.core.indexed import IndexedPalette
from render.core.palette import INK, MUTED, PANEL, PAPER, RGB, mix, tint

WIDTH = 1400
WHITE: RGB = (255, 255, 255)
CARD: RGB = (253, 251, 246)

TEAM_COLOUR: RGB = (22, 104, 190)
CTRL_COLOUR: RGB = (186, 36, 56)
NEUTRAL: RGB = (120, 116, 108)  # NPCs and unclaimed tokens
SIDE_COLOURS: dict[str, RGB] = {"team": TEAM_COLOUR, "ctrl": CTRL_COLOUR}
SIDE_NAMES: dict[str, str] = {"team": "Player Team", "ctrl": "Controller"}

HEX_FILL: RGB = (236, 231, 218)
HEX_LINE: RGB = (176, 168, 150)
GOLD: RGB = (222, 160, 20)  # objectives, the escalation advancement spaces
PATH: RGB = (200, 60, 170)  # the last move
LOS: RGB = (230, 110, 0)  # the last Line of Sight
DAZED: RGB = (250, 206, 40)
KO: RGB = (90, 90, 90)
POWER: RGB = (120, 70, 200)  # Power tokens and pools
HP: RGB = (200, 40, 40)
ARMOR: RGB = (96, 110, 130)

#: terrain and token fills; a token is drawn with a darker rim of its own colour
TERRAIN: dict[str, RGB] = {
    "forest": (150, 196, 120),
    "rocks": (150, 140, 128),
    "ruins": (206, 186, 150),
    "water": (150, 196, 232),
    "boulder": (120, 112, 104),
    "deadly_plant": (206, 160, 214),
}
OTHER_TERRAIN: RGB = (200, 200, 190)

#: one fill per Character of the box, kept on every picture (a new Character falls back to a hash)
CHARACTER: dict[str, RGB] = {
    "he_man": (236, 190, 70),
    "man_at_arms": (130, 160, 86),
    "teela": (214, 130, 70),
    "orko": (150, 110, 200),
    "ram_man": (176, 136, 96),
    "stratos": (150, 170, 200),
    "skeletor": (110, 96, 180),
    "mer_man": (60, 160, 150),
    "beast_man": (190, 92, 60),
    "evil_lyn": (214, 196, 70),
    "tri_klops": (100, 150, 80),
    "trap_jaw": (130, 136, 156),
}
_SPARE = tuple(CHARACTER.values())

#: the faces of the die: fill colour and the word shown under the face
DIE: dict[str, tuple[RGB, str]] = {
    "melee": ((200, 60, 50), "melee"),
    "ranged": ((40, 120, 200), "ranged"),
    "power": (POWER, "power"),
    "blank": ((190, 186, 178), "blank"),
}


def side_colour(side: str) -> RGB:
    """The colour of a side ("team" / "ctrl"), grey for anyone else (NPCs)."""
    return SIDE_COLOURS.get(side, NEUTRAL)


def character_colour(design: str) -> RGB:
    """The fill of a Character, the same on every picture (a stable hash for unknown ones)."""
    return CHARACTER.get(design) or _SPARE[zlib.crc32(design.encode()) % len(_SPARE)]


def terrain_colour(kind: str) -> RGB:
    """The fill of a terrain or token kind."""
    return TERRAIN.get(kind, OTHER_TERRAIN)


def rim_of(fill: RGB) -> RGB:
    """The darker edge drawn around a token of ``fill``."""
    return mix(fill, INK, 0.45)


def fills() -> list[RGB]:
    """Every flat colour the pictures draw with (each gets an exact palette entry)."""
    base = [PAPER, PANEL, INK, MUTED, WHITE, CARD, HEX_FILL, HEX_LINE, GOLD, PATH, LOS, DAZED, KO]
    base += [POWER, HP, ARMOR, NEUTRAL, tint(NEUTRAL, 0.5), tint(NEUTRAL, 0.8), OTHER_TERRAIN]
    for colour in (TEAM_COLOUR, CTRL_COLOUR):
        base += [colour, tint(colour, 0.35), tint(colour, 0.6), tint(colour, 0.8), tint(colour, 0.9)]
        base += [mix(colour, INK, 0.35)]
    for colour in TERRAIN.values():
        base += [colour, rim_of(colour)]
    for colour in CHARACTER.values():
        base += [colour, tint(colour, 0.7)]
    base += [face for face, _ in DIE.values()]
    base += [tint(GOLD, 0.6), tint(POWER, 0.75), tint(HP, 0.75), tint(PATH, 0.5), mix(PAPER, INK, 0.08)]
    return base


@cache
def palette_image() -> Image.Image:
    """The fixed palette every Eternia picture is encoded with (fills exact, text edges blended)."""
    colours = list(dict.fromkeys(fills()))
    # anti-aliased text edges: the greys and white over every surface, coloured words over paper
    backs = (PAPER, PANEL, WHITE, CARD, HEX_FILL, INK, TEAM_COLOUR, CTRL_COLOUR, *TERRAIN.values())
    edges = [mix(ink, back, t) for ink in (INK, MUTED, WHITE) for back in backs for t in (0.25, 0.5, 0.75)]
    edges += [
        mix(ink, back, t)
        for ink in (TEAM_COLOUR, CTRL_COLOUR, HP, POWER)
        for back in (PAPER, PANEL, WHITE, CARD)
        for t in (0.35, 0.7)
    ]
    colours += [c for c in dict.fromkeys(edges) if c not in colours]
    colours += [(v, v, v) for v in range(0, 256, 16)]
    return fixed_palette(list(dict.fromkeys(colours))[:256], spare=(0, 0, 0))


@cache
def indexed_palette() -> IndexedPalette:
    """The palette every Eternia picture is drawn in, with its colour -> index mapping."""
    return IndexedPalette(palette_image())
