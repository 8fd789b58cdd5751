"""A HackClad entry drawn large for ``/card``: the kit's card sheet in the game's colours.

A skill card is banded in its type's colour (as in a hand) and its art row is the range grid the
hand draws, larger; a Clad card shows the spaces it attacks around the Clad the same way. Witches,
CP actions and missions are banded in colours of their own. Everything comes from the content.
"""

from __future__ import annotations

from engines.core.types import CatalogueEntry
from engines.hackclad.content import content
from render.core.cardsheet import Art, CardLook, draw_card_sheet
from render.core.marks import Box
from render.core.palette import INK, RGB, ink_on
from render.core.pen import Pen
from render.hackclad.marks import range_grid
from render.hackclad.palette import CLAD, DANGER, GOLD, SHARD, TYPE_COLOURS, indexed_palette

TITLE = "HackClad"
CELL = 30
WITCH: RGB = (60, 100, 200)
#: the band's colour of the entries that are not skill cards, by the prefix of their id
ACCENTS: dict[str, RGB] = {"witch": WITCH, "cp": GOLD, "mission": SHARD, "clad": CLAD}


def _grid(cells: tuple[tuple[int, int], ...], pin: RGB) -> Art | None:
    """The art drawing ``cells`` on the 5x5 range grid (none without cells)."""
    if not cells:
        return None

    def art(pen: Pen, box: Box) -> None:
        x0, y0, x1, _ = box
        range_grid(pen.canvas, (x0 + x1 - 5 * CELL) / 2, y0, CELL, list(cells), DANGER, pin)

    return art


def draw_card(entry: CatalogueEntry, lang: str) -> Pen:
    """The card, witch, CP action, mission or Clad card ``entry`` names, drawn large."""
    data = content()
    kind, _, key = entry.id.partition(":")
    if key and kind in ACCENTS:
        accent = ACCENTS[kind]
        art = _grid(data.clad[key].attack, CLAD) if kind == "clad" else None
    else:
        card = data.cards[entry.id]
        accent = TYPE_COLOURS.get(card.type, INK)
        art = _grid(card.range, INK)
    look = CardLook(indexed_palette(), accent, ink_on(accent), art=art, art_height=5 * CELL if art else 0)
    return draw_card_sheet(entry, lang, look, TITLE)
