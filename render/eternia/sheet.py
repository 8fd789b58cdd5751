"""A Clash for Eternia entry drawn large for ``/card``: the kit's card sheet in the game's colours.

A Character's three entries (Player side, Controller side, AI card) are banded in the fill that
Character keeps on every board; Skills and Strategy cards in the Power colour; the Controller's
own cards in its crimson; Minions in their side's colour; terrain and tokens in the board's fill
for them; scenarios in the Objectives' gold. Colours come from the content, never from a table.
"""

from __future__ import annotations

from engines.core.types import CatalogueEntry
from engines.eternia.content import content
from render.core.cardsheet import CardLook, draw_card_sheet
from render.core.palette import RGB, ink_on
from render.core.pen import Pen
from render.eternia.palette import (
    CTRL_COLOUR,
    GOLD,
    NEUTRAL,
    POWER,
    TEAM_COLOUR,
    character_colour,
    indexed_palette,
    terrain_colour,
)

TITLE = "Clash for Eternia"
#: the band's colour by the kind of entry (the prefix of its id), where it does not depend on which
ACCENTS: dict[str, RGB] = {
    "skill": POWER,
    "strategy": POWER,
    "cskill": CTRL_COLOUR,
    "ai": CTRL_COLOUR,
    "npc": NEUTRAL,
    "scenario": GOLD,
}


def accent(entry_id: str) -> RGB:
    """The band's colour of the entry ``entry_id``."""
    kind, _, key = entry_id.partition(".")
    if kind in ("char", "ctrl", "aichar"):
        return character_colour(key)
    if kind == "minion":
        return TEAM_COLOUR if content().minions[key].alignment == "hero" else CTRL_COLOUR
    if kind == "terrain":
        return terrain_colour(key)
    return ACCENTS.get(kind, NEUTRAL)


def draw_card(entry: CatalogueEntry, lang: str) -> Pen:
    """The entry drawn large."""
    fill = accent(entry.id)
    return draw_card_sheet(entry, lang, CardLook(indexed_palette(), fill, ink_on(fill)), TITLE)
