"""``bot.words``: the helpers the Discord and console adapters share."""

from __future__ import annotations

import pytest

from bot.words import LANGUAGE_NAMES, deck_code_usage, deck_list, language_name, parse_pair
from engines import registry
from engines.core import SetupError
from engines.core.types import DeckEntry
from tests.engines.core.tinygame import RULESET as TINY


def test_parse_pair_lowers_the_key_and_strips_both_sides() -> None:
    assert parse_pair(" Deck = Fire, Ice ") == ("deck", "Fire, Ice")
    assert parse_pair("note=") == ("note", "")


@pytest.mark.parametrize("text", ["deck", "=fire", " = "])
def test_parse_pair_refuses_a_pair_without_key_or_equals_naming_the_flag(text: str) -> None:
    with pytest.raises(SetupError, match="options takes KEY=VALUE") as caught:
        parse_pair(text, "options")
    assert caught.value.option == "options"


def test_deck_list_counts_consecutive_copies() -> None:
    deck = DeckEntry("d", "D", ("Adder", "Adder", "Ogre", "Adder"), ("a1", "a2", "o1", "a3"))
    assert deck_list(deck) == ["2x Adder", "Ogre", "Adder"]


def test_deck_code_usage_names_the_format_a_code_needs() -> None:
    needs, help_text = deck_code_usage(registry.get("clashofdecks")) or ([], "")
    assert needs == ["format=constructed"]
    assert help_text and not help_text.endswith(".")
    assert deck_code_usage(registry.get("arclash")) is not None
    assert deck_code_usage(registry.get("hackclad")) is None
    assert deck_code_usage(TINY) is None


def test_every_language_a_game_speaks_has_a_name_in_itself() -> None:
    spoken = {lang for slug in registry.slugs() for lang in registry.get(slug).languages}
    assert spoken <= set(LANGUAGE_NAMES) and {"en", "ja"} <= spoken
    assert (language_name("ja"), language_name("en"), language_name("xx")) == ("日本語", "English", "xx")
