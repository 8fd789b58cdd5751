"""Deck rules: 30 cards, two copies at most, one copy of one level 4, and shareable deck codes."""

from __future__ import annotations

import pytest

from engines.arclash.decks import check_deck, decode_deck, encode_deck, starters
from engines.core import GameConfig, SetupError
from tests.engines.arclash.helpers import R


def serpent() -> dict[str, int]:
    return dict(starters()["serpent"].cards)


def test_starters_are_legal_thirty_card_decks() -> None:
    assert len(starters()) >= 4
    for deck in starters().values():
        check_deck(deck.cards)
        assert sum(deck.cards.values()) == 30


def test_deck_has_exactly_thirty_cards() -> None:
    deck = serpent()
    deck["AC-004"] += 1
    with pytest.raises(SetupError, match="31 cards; a deck has exactly 30"):
        check_deck(deck)


def test_deck_at_most_two_copies_by_set_number() -> None:
    deck = serpent()
    deck["AC-001"] = 3
    deck["AC-004"] -= 1
    with pytest.raises(SetupError, match="3 copies of Coilspawn Hatchling"):
        check_deck(deck)


def test_deck_only_one_copy_of_one_level_four() -> None:
    deck = serpent()
    deck["AC-012"] = 2
    deck["AC-004"] -= 1
    with pytest.raises(SetupError, match="only one copy of one Level 4"):
        check_deck(deck)
    deck = serpent()
    deck["AC-032"] = 1
    deck["AC-004"] -= 1
    with pytest.raises(SetupError, match=r"1x Leviathan of the Trench, 1x Sunforged Champion"):
        check_deck(deck)


def test_deck_needs_a_level_one_and_known_cards() -> None:
    with pytest.raises(SetupError, match="do not exist: AC-999"):
        check_deck({"AC-999": 1})
    no_ones = {c: 2 for c in ("AC-005", "AC-006", "AC-013", "AC-014", "AC-015", "AC-016", "AC-033", "AC-034")}
    no_ones.update({c: 2 for c in ("AC-053", "AC-054", "AC-055", "AC-056", "AC-073", "AC-074", "AC-075")})
    with pytest.raises(SetupError, match="no Level 1"):
        check_deck(no_ones)


def test_deck_codes_round_trip_and_reject_damage() -> None:
    for deck in starters().values():
        code = encode_deck(deck.cards)
        assert code.startswith("ARC1-") and len(code) < 60
        assert decode_deck(code) == deck.cards
        assert decode_deck(code.lower()) == deck.cards
    code = encode_deck(serpent())
    broken = code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]
    with pytest.raises(SetupError, match="damaged or mistyped"):
        decode_deck(broken)
    with pytest.raises(SetupError, match="start with ARC1-"):
        decode_deck("XYZ-123")
    with pytest.raises(SetupError, match="garbled"):
        decode_deck("ARC1-!!!!")


def test_deck_code_and_starter_are_per_seat_options() -> None:
    mixed = dict(starters()["tide"].cards)
    mixed.pop("AC-060")
    mixed["AC-013"] = 1
    config = GameConfig("standard", 2, {}, ({"deck_code": encode_deck(mixed)}, {"deck": "clockwork"}))
    state = R.setup(config, 3)
    assert state.seats[0].deck_name == "custom" and state.seats[1].deck_name == "clockwork"
    assert sorted(state.ids[i] for i in state.seats[0].deck).count("AC-013") == 1


def test_illegal_deck_is_refused_at_setup_naming_the_seat() -> None:
    with pytest.raises(SetupError, match=r"Seat 2: .*damaged"):
        R.setup(GameConfig("standard", 2, {}, ({}, {"deck_code": "ARC1-AAAAAAAA"})), 1)
    with pytest.raises(SetupError, match="must be one of"):
        R.setup(GameConfig("standard", 2, {}, ({"deck": "dragons"},)), 1)
