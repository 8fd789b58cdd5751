"""An Arclash card drawn large for ``/card``: the kit's card sheet in the game's colours.

Characters are banded by level, in seat colours the board already uses (so the band says how far
up the ladder a card stands before its text is read: level 1 green, 2 blue, 3 violet, 4
vermilion), supports in the grey of no seat. The card comes from the content, never a table.
"""

from __future__ import annotations

from engines.arclash.content import CHARACTER, catalogue
from engines.core.types import CatalogueEntry
from render.arclash.palette import indexed_palette
from render.core.cardsheet import CardLook, draw_card_sheet
from render.core.palette import MUTED, RGB, SEAT_COLOURS
from render.core.pen import Pen

TITLE = "Arclash"
LEVELS: dict[int, RGB] = {1: SEAT_COLOURS[2], 2: SEAT_COLOURS[0], 3: SEAT_COLOURS[5], 4: SEAT_COLOURS[1]}


def draw_card(entry: CatalogueEntry, lang: str) -> Pen:
    """The card ``entry`` names, drawn large."""
    card = catalogue()[entry.id]
    fill = LEVELS.get(card.level, MUTED) if card.kind == CHARACTER else MUTED
    return draw_card_sheet(entry, lang, CardLook(indexed_palette(), fill), TITLE)
