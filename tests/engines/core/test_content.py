"""Content files: malformed data is refused with the file, entry and field named."""

from __future__ import annotations

import msgspec
import pytest

from engines.core import ContentError
from engines.core.content import (
    NonNegative,
    load_content,
    overridden,
    parse_content,
    require_unique,
    shipped_text,
)


class Card(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    cost: int
    keywords: list[str] = []

    def __post_init__(self) -> None:
        if self.cost < 0:
            raise ValueError("cost must not be negative")


class Pool(msgspec.Struct):
    cards: list[Card]


GOOD = """
[[cards]]
id = "troll"
cost = 3
keywords = ["regeneration"]
"""


def test_valid_file_loads_into_typed_records() -> None:
    pool = parse_content(GOOD, Pool, "cards.toml")
    assert pool.cards[0].keywords == ["regeneration"]


def test_wrong_type_names_file_entry_and_field() -> None:
    bad = GOOD + '\n[[cards]]\nid = "ogre"\ncost = "three"\n'
    with pytest.raises(ContentError) as err:
        parse_content(bad, Pool, "cards.toml")
    assert (err.value.file, err.value.entry, err.value.field) == ("cards.toml", "ogre", "cost")
    assert "Expected `int`" in str(err.value)


def test_unknown_field_is_refused() -> None:
    bad = GOOD.replace("cost = 3", "cost = 3\ncots = 4")
    with pytest.raises(ContentError, match="cots"):
        parse_content(bad, Pool, "cards.toml")


def test_semantic_check_in_post_init_is_reported_with_entry() -> None:
    with pytest.raises(ContentError) as err:
        parse_content(GOOD.replace("cost = 3", "cost = -1"), Pool, "cards.toml")
    assert err.value.entry == "troll" and "negative" in err.value.problem


def test_broken_toml_is_reported() -> None:
    with pytest.raises(ContentError, match="not valid TOML"):
        parse_content("[[cards]\nid=", Pool, "cards.toml")


def test_duplicate_ids_are_refused() -> None:
    with pytest.raises(ContentError, match="duplicate id"):
        require_unique("cards.toml", ["a", "b", "a"])


class Prices(msgspec.Struct, forbid_unknown_fields=True):
    level: NonNegative
    prices: dict[str, NonNegative]
    steps: list[Card] = []


def test_a_bad_table_value_names_its_key() -> None:
    text = 'level = 1\n[prices]\nrage = 1\nvanish = "two"\nsprint = 3\n'
    with pytest.raises(ContentError) as err:
        parse_content(text, Prices, "engines/game/data/solo.toml")
    assert (err.value.entry, err.value.field) == ("", "prices.vanish")
    assert str(err.value) == "engines/game/data/solo.toml, field 'prices.vanish': Expected `int`, got `str`"


def test_a_negative_number_is_refused_naming_entry_and_field() -> None:
    with pytest.raises(ContentError) as err:
        parse_content("level = -1\n[prices]\n", Prices, "solo.toml")
    assert err.value.field == "level" and ">= 0" in err.value.problem
    with pytest.raises(ContentError) as err:
        parse_content("level = 1\n[prices]\nrage = -2\n", Prices, "solo.toml")
    assert err.value.field == "prices.rage"


def test_an_unknown_field_is_named_as_the_field() -> None:
    with pytest.raises(ContentError) as err:
        parse_content(GOOD.replace("cost = 3", "cost = 3\ncots = 4"), Pool, "cards.toml")
    assert (err.value.entry, err.value.field) == ("troll", "cots")
    assert "unknown field" in err.value.problem


def test_a_nested_list_field_reads_as_written() -> None:
    text = 'level = 1\n[prices]\n[[steps]]\nid = "a"\ncost = 1\nkeywords = ["x", 2]\n'
    with pytest.raises(ContentError) as err:
        parse_content(text, Prices, "solo.toml")
    assert (err.value.entry, err.value.field) == ("a", "keywords[1]")


def test_the_game_is_named_once() -> None:
    fault = ContentError("engines/g/data/cards.toml", "troll", "cost", "must not be negative")
    named = fault.for_game("Goblins")
    assert (
        str(named)
        == "Goblins content: engines/g/data/cards.toml: entry 'troll', field 'cost': must not be negative"
    )
    assert named.for_game("Other") is named and (named.entry, named.field) == ("troll", "cost")


def test_overridden_text_stands_in_for_a_shipped_file() -> None:
    path = "engines/clashofdecks/data/solo.toml"
    with overridden(path, "not = [toml"), pytest.raises(ContentError, match="not valid TOML"):
        load_content("engines.clashofdecks.data", "solo.toml", Prices)
    assert "quick_fixed_mana" in shipped_text("engines.clashofdecks.data", "solo.toml")
