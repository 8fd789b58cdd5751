"""Content files: malformed data is refused with the file, entry and field named."""

from __future__ import annotations

import msgspec
import pytest

from engines.core import ContentError
from engines.core.content import parse_content, require_unique


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
