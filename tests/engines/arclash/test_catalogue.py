"""The readable catalogue: every card once with its numbers and text, starters with ARC1- codes."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.arclash import RULESET
from engines.arclash.content import CHARACTER, catalogue
from engines.arclash.decks import decode_deck, starters
from engines.arclash.effects import card_text
from engines.core import GameConfig, SetupError
from engines.core.catalogue import select
from engines.core.types import OptionValue


def test_every_card_of_the_pool_appears_exactly_once() -> None:
    ids = [e.id for e in RULESET.catalogue()]
    assert Counter(ids) == Counter(list(catalogue()))
    assert len(ids) == len(set(ids)) == len(catalogue())


def test_characters_come_by_level_then_supports() -> None:
    groups = [e.group for e in RULESET.catalogue()]
    order = [f"Level {n} characters" for n in (1, 2, 3, 4)] + ["Supports"]
    assert groups == sorted(groups, key=order.index)
    assert set(groups) == set(order)


@pytest.mark.parametrize("card_id", sorted(catalogue()))
def test_stats_and_text_come_from_the_card_data(card_id: str) -> None:
    card = catalogue()[card_id]
    entry = next(e for e in RULESET.catalogue() if e.id == card_id)
    assert entry.name == card.name
    # the same generated text the hands show in play
    assert entry.text == card_text(card)
    assert entry.stats.startswith(card.id)
    for trait in card.traits:
        assert trait in entry.stats
    if card.kind == CHARACTER:
        assert f"L{card.level}" in entry.stats and f"{card.power} power" in entry.stats
        if card.level > 1:
            assert f"from [{card.from_}] L{card.level - 1}" in entry.stats
    else:
        assert "support" in entry.stats
    if card.discard:
        assert f"discard {card.discard}" in entry.stats


def test_deck_membership_matches_the_starter_lists() -> None:
    entries = {e.id: e for e in RULESET.catalogue()}
    for deck in starters().values():
        for card_id in deck.cards:
            assert deck.name in entries[card_id].decks


def test_starter_codes_decode_to_their_cards() -> None:
    decks = RULESET.decks()
    assert [d.name for d in decks] == list(starters())
    for deck in decks:
        assert deck.code.startswith("ARC1-")
        assert len(deck.cards) == len(deck.card_ids) == 30
        assert decode_deck(deck.code) == starters()[deck.name].cards
        assert dict(Counter(deck.card_ids)) == starters()[deck.name].cards
        assert deck.cards == tuple(catalogue()[c].name for c in deck.card_ids)
        assert deck.summary == starters()[deck.name].blurb


def test_starter_codes_are_accepted_as_deck_code() -> None:
    decks = RULESET.decks()
    seats: tuple[dict[str, OptionValue], ...] = tuple({"deck_code": d.code} for d in decks)
    state = RULESET.setup(GameConfig("standard", len(decks), {}, seats), 7)
    for seat, deck in enumerate(decks):
        assert state.seats[seat].deck_name == "custom"
        assert state.seats[seat].deck_list == starters()[deck.name].cards
        # every card instance the seat was dealt (deck, hand, opening picks) is one of the code's
        dealt = sorted(card for iid, card in state.ids.items() if iid.startswith(f"c{seat}-"))
        assert dealt == sorted(deck.card_ids)


def test_search_and_deck_filters() -> None:
    serpents = select(RULESET, search="serpent")
    assert serpents.entries
    assert all("serpent" in (e.name + e.stats + e.text).lower() for e in serpents.entries)
    assert len(serpents.entries) < len(RULESET.catalogue())
    tide = select(RULESET, deck="Tidecallers")
    assert {e.id for e in tide.entries} == set(starters()["tide"].cards)
    assert [d.name for d in tide.decks] == ["tide"]
    with pytest.raises(SetupError, match="choose one of: serpent, ember, tide, clockwork"):
        select(RULESET, deck="dragons")
