"""Persistent items read their typed fields back from their custom_id (bot.discord.persistent)."""

from __future__ import annotations

import asyncio
from dataclasses import KW_ONLY
from typing import Any

import discord
import pytest

from bot.discord import ids
from bot.discord.cards import CardsButton
from bot.discord.hint_view import HintButton
from bot.discord.items import ALL_ITEMS, ActionButton, ActionSelect, RulesButton, lobby_button
from bot.discord.persistent import PersistentButton, PersistentSelect
from bot.discord.replay_view import REPLAY_ITEMS, ReplayJumpSelect, ReplayStepButton, ReviewOpenButton
from bot.discord.review_view import REVIEW_ITEMS
from bot.discord.rules_search import RulesMatchSelect

OPTIONS = [discord.SelectOption(label="Second", value="k2"), discord.SelectOption(label="Third", value="k3")]


def _rebuilt(item: Any) -> Any:
    """What discord.py makes of a click on ``item``: the class's from_custom_id on the sent component."""
    match = item.template.fullmatch(item.custom_id)
    assert match is not None, item.custom_id
    return asyncio.run(type(item).from_custom_id(None, item.item, match))  # type: ignore[arg-type]


SAMPLES = [
    ActionButton(12, "t0k3n", 1, "play:card:7", label="Play the seven"),
    ActionSelect(12, "t0k3n", 0, 3, options=OPTIONS),
    ReplayStepButton(5, "b", 40, None, 2, label="◀ Back"),
    ReplayStepButton(5, "t", 41, 3, 0, label="Turning point 1"),
    ReplayJumpSelect(5, 1, options=OPTIONS),
    ReviewOpenButton(5, 212, None),
    RulesButton("climax", 4, "ja", label="Next ▶"),
    RulesButton("arclash", 0, label="◀ Prev"),
    CardsButton("climax", 2, "Starter", "draw 2", "ja", label="Next ▶"),
    RulesMatchSelect("eternia", "grayskull", options=OPTIONS),
    HintButton(9, "t0k3n", None, lang="ja"),
    lobby_button(9, "mine", row=1, label="My deck"),
]


@pytest.mark.parametrize("item", SAMPLES, ids=lambda item: item.custom_id)
def test_a_clicked_item_is_rebuilt_with_the_same_typed_fields_and_look(item: Any) -> None:
    again = _rebuilt(item)
    assert type(again) is type(item) and again.custom_id == item.custom_id
    fields = {name: getattr(item, name) for name in type(item).id_fields}
    assert {name: getattr(again, name) for name in fields} == fields
    assert all(type(getattr(again, name)) is type(value) for name, value in fields.items())
    if isinstance(item, HintButton):  # its label is the table's language's word, looked up again
        assert again.item.label == "Hint" and item.item.label == "ヒント"
    elif isinstance(item, PersistentButton):
        assert again.item.label == item.item.label
    else:
        assert [o.value for o in again.item.options] == [o.value for o in item.item.options]


def test_a_seat_left_open_travels_as_a_dash_and_comes_back_as_none() -> None:
    button = ReplayStepButton(5, "b", 40, None, 2, label="◀ Back")
    assert button.custom_id == "tk:vs:5:b:40:-:2"
    assert _rebuilt(button).seat is None


def test_an_id_from_before_languages_rebuilds_with_no_language() -> None:
    match = RulesButton.__discord_ui_compiled_template__.fullmatch("tk:r:climax:3")
    assert match is not None
    again = asyncio.run(RulesButton.from_custom_id(None, discord.ui.Button(label="Next ▶"), match))  # type: ignore[arg-type]
    assert (again.slug, again.page, again.lang) == ("climax", 3, "")


def test_every_registered_item_declares_exactly_its_templates_groups() -> None:
    for cls in (*ALL_ITEMS, *REPLAY_ITEMS, *REVIEW_ITEMS, CardsButton, HintButton, RulesMatchSelect):
        assert issubclass(cls, PersistentButton | PersistentSelect), cls
        groups = set(cls.__discord_ui_compiled_template__.groupindex)
        assert set(cls.id_fields) == groups, cls  # type: ignore[attr-defined]


def test_an_item_whose_fields_miss_a_group_is_refused_when_it_is_written() -> None:
    with pytest.raises(TypeError, match=r"do not match the template's groups \['table', 'verb'\]"):

        class Forgetful(PersistentButton, template=ids.LOBBY, make_id=ids.lobby_id):
            table: int


def test_the_look_is_keyword_only_and_a_subclass_changes_its_defaults() -> None:
    class Plain(PersistentButton, template=ids.HAND, make_id=ids.hand_id):
        table: int
        _: KW_ONLY
        label: str = "Plain"

    plain = Plain(3, row=2, disabled=True)
    assert (plain.item.label, plain.row, plain.item.disabled, plain.item.style) == (
        "Plain",
        2,
        True,
        discord.ButtonStyle.secondary,
    )
    with pytest.raises(TypeError):
        Plain(3, "Another label")  # type: ignore[misc]
