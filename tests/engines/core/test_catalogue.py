"""The catalogue hooks of the engine contract and the shared search/deck selection."""

from __future__ import annotations

import pytest

from engines.core.catalogue import find_deck, select
from engines.core.errors import SetupError
from engines.core.types import CatalogueEntry, DeckEntry
from tests.engines.core.tinygame import TinyRules

ENTRIES = [
    CatalogueEntry("a1", "Ember Fox", "Creatures", "2 mana", "Burns things.", ("fire",)),
    CatalogueEntry("a2", "Tide Crab", "Creatures", "1 mana", "Pinches.", ("water",)),
    CatalogueEntry("a3", "Lone Spell", "Spells", "3 mana", "Deals 3 damage.", ()),
]
DECKS = [
    DeckEntry("fire", "Fire Deck", ("Ember Fox",), ("a1",), "F-1"),
    DeckEntry("water", "Water Deck", ("Tide Crab",), ("a2",), "W-1"),
]


class Catalogued(TinyRules):
    """The tiny game with a three-card catalogue and two decks."""

    def catalogue(self, lang: str = "en") -> list[CatalogueEntry]:
        return list(ENTRIES)

    def decks(self, lang: str = "en") -> list[DeckEntry]:
        return list(DECKS)


def test_the_hooks_default_to_empty() -> None:
    assert TinyRules().catalogue() == []
    assert TinyRules().decks() == []


def test_a_game_without_a_catalogue_is_refused_by_name() -> None:
    with pytest.raises(SetupError, match="has no card catalogue"):
        select(TinyRules())


def test_no_filter_lists_everything_and_every_deck() -> None:
    chosen = select(Catalogued())
    assert chosen.entries == tuple(ENTRIES)
    assert chosen.decks == tuple(DECKS)
    assert chosen.total == 3


def test_search_reads_name_group_stats_and_text_case_insensitively() -> None:
    assert [e.id for e in select(Catalogued(), search="crab").entries] == ["a2"]
    assert [e.id for e in select(Catalogued(), search="SPELLS").entries] == ["a3"]
    assert [e.id for e in select(Catalogued(), search="3 mana").entries] == ["a3"]
    assert [e.id for e in select(Catalogued(), search="damage").entries] == ["a3"]
    assert select(Catalogued(), search="nothing like this").entries == ()


def test_a_search_lists_only_the_decks_holding_a_match() -> None:
    assert [d.name for d in select(Catalogued(), search="fox").decks] == ["fire"]
    assert select(Catalogued(), search="lone").decks == ()


def test_a_deck_narrows_to_its_cards_and_itself_by_name_or_title() -> None:
    for name in ("water", "Water Deck", " WATER "):
        chosen = select(Catalogued(), deck=name)
        assert [e.id for e in chosen.entries] == ["a2"]
        assert [d.name for d in chosen.decks] == ["water"]
    assert select(Catalogued(), deck="fire", search="crab").entries == ()


def test_an_unknown_deck_names_the_real_ones() -> None:
    with pytest.raises(SetupError, match=r"no deck 'earth'; choose one of: fire, water"):
        select(Catalogued(), deck="earth")
    with pytest.raises(SetupError, match="has no ready-made decks"):
        find_deck([], "fire", "Tiny")


def test_a_selection_reads_the_language_asked_for_or_the_games_closest() -> None:
    from engines import registry

    climax = registry.get("climax")
    japanese = select(climax, "巫女", lang="ja")
    assert japanese.entries and all("巫女" in e.name + e.text for e in japanese.entries)
    assert [e.name for e in select(climax, lang="ja-JP").entries] == [e.name for e in climax.catalogue("ja")]
    assert select(climax, lang="fr").entries == select(climax).entries  # not spoken: the first
    assert select(Catalogued(), lang="ja").entries == tuple(ENTRIES)  # one language: that one
