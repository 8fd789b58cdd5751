"""Reading a game's card catalogue: narrowing it to one deck or a search, with clear refusals.

The terminal and Discord both call :func:`select`, so a search or a deck name means the same
thing everywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from engines.core.errors import SetupError
from engines.core.types import CatalogueEntry, DeckEntry

if TYPE_CHECKING:
    from engines.core.ruleset import AnyRuleset


class Selection(msgspec.Struct, frozen=True):
    """The catalogue entries and decks a reader asked for (both in display order)."""

    title: str
    entries: tuple[CatalogueEntry, ...]
    decks: tuple[DeckEntry, ...]
    total: int  # entries in the whole catalogue, before any filter


def find_deck(decks: list[DeckEntry], name: str, title: str) -> DeckEntry:
    """The deck whose name or title is ``name`` (case-insensitive); ``SetupError`` lists them."""
    wanted = name.strip().casefold()
    for deck in decks:
        if wanted in (deck.name.casefold(), deck.title.casefold()):
            return deck
    if not decks:
        raise SetupError(f"{title} has no ready-made decks.", option="deck")
    known = ", ".join(d.name for d in decks)
    raise SetupError(f"{title} has no deck {name.strip()!r}; choose one of: {known}.", option="deck")


def select(ruleset: AnyRuleset, search: str = "", deck: str = "", lang: str = "en") -> Selection:
    """Entries matching ``search`` (and held in ``deck`` if one is named), and the decks concerned.

    With a deck named, only that deck is listed; with only a search, the decks holding a match.
    Names and text come in the game's language closest to ``lang``, and the search reads them.
    """
    lang = ruleset.language(lang)
    entries = ruleset.catalogue(lang)
    if not entries:
        raise SetupError(f"{ruleset.title} has no card catalogue yet.", option="game")
    decks = ruleset.decks(lang)
    chosen = [find_deck(decks, deck, ruleset.title)] if deck.strip() else decks
    picked = [e for e in entries if e.matches(search)]
    if deck.strip():
        picked = [e for e in picked if chosen[0].name in e.decks]
    elif search.strip():
        # a search also answers "which deck holds this card?"
        held = {name for e in picked for name in e.decks}
        chosen = [d for d in decks if d.name in held]
    return Selection(ruleset.title, tuple(picked), tuple(chosen), len(entries))
