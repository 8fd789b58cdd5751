"""A Climax card drawn large for ``/card``: the kit's card sheet in the card's own colour.

The art row is the card as the table shows it: a character standing in a stage slot (its
printed power and AP), an event or a climax as a revealed card, with the colour band (colour
letter, level, cost, triggers) the board draws. The faces come from the card's design in the
reader's language, never from a table.
"""

from __future__ import annotations

from engines.climax.state import STAND, SlotView
from engines.climax.view import face
from engines.core.types import CatalogueEntry
from render.climax.board import SLOT_H
from render.climax.cards import PORTRAIT_W, mini_card, stage_card
from render.climax.palette import card_colour, card_ink, indexed_palette
from render.core.cardsheet import CardLook, draw_card_sheet
from render.core.marks import Box
from render.core.palette import PANEL, mix
from render.core.pen import Pen

TITLE = "Climax"
REVEALED_H = 120  # an event or climax: its band and name


def draw_card(entry: CatalogueEntry, lang: str) -> Pen:
    """The design ``entry`` names, drawn large in ``lang``."""
    card = face("", entry.id, lang)

    standing = card.kind == "character"
    tall = SLOT_H if standing else REVEALED_H

    def art(pen: Pen, box: Box) -> None:
        x0, y0, x1, _ = box
        left = (x0 + x1 - PORTRAIT_W) / 2
        where = (left, y0, left + PORTRAIT_W, y0 + tall)
        if standing:
            stage_card(pen, SlotView(0, "front", card, STAND, card.power, card.soul), -1, where)
        else:  # an event or a climax never stands on the stage: drawn as a revealed card
            mini_card(pen, card, where)

    fill = card_colour(card.colour)
    look = CardLook(
        indexed_palette(), fill, card_ink(card.colour), mix(PANEL, fill, 0.15), art=art, art_height=tall
    )
    return draw_card_sheet(entry, lang, look, TITLE)
