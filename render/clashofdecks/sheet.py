"""A Clash of Decks card drawn large for ``/card``: the kit's card sheet in the game's colours.

The art row is the card as a hand shows it (``tiles.hand_tile``: cost disc, kind, name, attack
and health or the incantation's effect, ability badges), drawn wider than in a hand and in the
grey of no seat, since a catalogue card belongs to nobody. The card comes from the content, never
from a table.
"""

from __future__ import annotations

from engines.clashofdecks.content import catalog
from engines.core.types import CatalogueEntry
from render.clashofdecks.abilities import normalise
from render.clashofdecks.palette import DISC, MALUS, MANA, indexed_palette
from render.clashofdecks.tiles import Tile, hand_tile, hand_tile_height
from render.core.cardsheet import CardLook, draw_card_sheet
from render.core.marks import Box
from render.core.palette import AUTOMATON
from render.core.pen import Pen

TITLE = "Clash of Decks"
TILE_W = 220
#: the band's colour by kind: the mana disc's navy, the malus family's violet, the mana family's gold
ACCENTS = {"creature": DISC, "incantation": MALUS, "champion": MANA}


def tile_of(card_id: str) -> Tile:
    """The card ``card_id`` as a hand draws it, in no seat's colour."""
    card = catalog().card(card_id)
    return Tile(
        name=card.name,
        cost=card.cost,
        colour=AUTOMATON,
        kind="incantation" if card.kind == "incantation" else "creature",
        hp=card.hp,
        av=card.av,
        abilities=[a for a in card.abilities if normalise(a) != "aura"],
        auras=[card.aura] if card.aura else [],
        notes=["champion"] if card.kind == "champion" else [],
        text=card.text,
    )


def draw_card(entry: CatalogueEntry, lang: str) -> Pen:
    """The card ``entry`` names, drawn large."""
    tile = tile_of(entry.id)
    tall = hand_tile_height(tile, TILE_W)

    def art(pen: Pen, box: Box) -> None:
        x0, y0, x1, _ = box
        hand_tile(pen.canvas, (x0 + x1 - TILE_W) / 2, y0, TILE_W, tall, tile, playable=False)

    accent = ACCENTS.get(catalog().card(entry.id).kind, DISC)
    return draw_card_sheet(entry, lang, CardLook(indexed_palette(), accent, art=art, art_height=tall), TITLE)
