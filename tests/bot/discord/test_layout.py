"""Component limits: custom_ids fit in 100 characters; long choice lists are paged within 5 rows."""

from __future__ import annotations

import re
import unicodedata

import pytest

from bot.discord import ids
from bot.discord.layout import (
    BUTTON_LABEL,
    BUTTONS_MAX,
    OPTIONS_PER_SELECT,
    ROWS,
    clip,
    clip_block,
    lay_out,
    units,
)
from engines.core import Action


def actions(n: int) -> list[Action]:
    return [Action(f"k{i}", f"Choice {i}") for i in range(n)]


def test_custom_ids_round_trip_and_fit() -> None:
    big = 10**18  # snowflake-sized table ids and a long game
    key = "x" * 40  # the longest key the engine contract allows
    made = ids.action_id(big, "f" * 10, 5, key)
    assert len(made) <= ids.MAX_ID
    found = re.fullmatch(ids.ACTION, made)
    assert found is not None and found["key"] == key and int(found["table"]) == big
    for made in (
        ids.action_select_id(big, "f" * 10, 5, 3),
        ids.page_id(big, "f" * 10, 5, 3, "e"),
        ids.lobby_id(big, "options"),
        ids.seat_choice_id(big, "champion_card"),
        ids.hand_id(big),
        ids.bot_select_id(big),
        ids.rules_id("clashofdecks", 12),
        ids.rules_id("clashofdecks", 12, "ja"),
        ids.table_choice_id(big, "lang"),
    ):
        assert len(made) <= ids.MAX_ID
    with pytest.raises(ValueError, match="longer than 100"):
        ids.action_id(big, "0123456789", 0, "y" * 80)
    with pytest.raises(ValueError, match="empty"):
        ids.action_id(1, "0123456789", 0, "")
    # Keys may hold colons (Arclash names cards "pay:c0-01"): the key is the id's last field.
    found = re.fullmatch(ids.ACTION, ids.action_id(7, "a1b2c3d4e5", 2, "pay:c0-01"))
    assert found is not None and (found["table"], found["token"], found["seat"], found["key"]) == (
        "7",
        "a1b2c3d4e5",
        "2",
        "pay:c0-01",
    )
    assert re.fullmatch(ids.RECLAIM, ids.reclaim_id(big)) is not None


def test_few_choices_are_buttons_five_a_row() -> None:
    layout = lay_out(actions(BUTTONS_MAX))
    assert [row for _, row in layout.buttons] == [0] * 5 + [1] * 5 + [2] * 5
    assert not layout.select and layout.nav_row is None


def test_more_choices_become_a_paged_select() -> None:
    many = actions(60)
    first = lay_out(many)
    assert len(first.select) == OPTIONS_PER_SELECT and first.pages == 3 and first.nav_row == 1
    last = lay_out(many, page=7)  # past the end: the last page
    assert last.page == 2 and [a.key for a in last.select] == [f"k{i}" for i in range(50, 60)]
    assert {a.key for p in range(3) for a in lay_out(many, page=p).select} == {a.key for a in many}
    one_page = lay_out(actions(BUTTONS_MAX + 1))
    assert one_page.pages == 1 and one_page.nav_row is None and len(one_page.select) == BUTTONS_MAX + 1


def test_layouts_respect_the_rows_they_are_given() -> None:
    assert lay_out(actions(7), first_row=3, rows=2).rows_used == 2
    tight = lay_out(actions(7), first_row=4, rows=1)  # 7 buttons do not fit one row: a select
    assert tight.select and tight.select_row == 4
    for n in range(1, 80):
        layout = lay_out(actions(n), rows=ROWS - 1)
        assert layout.rows_used <= ROWS - 1


def test_clip_marks_the_cut() -> None:
    assert clip("short", 10) == "short"
    assert clip("a" * 20, 10) == "a" * 9 + "…"
    assert clip("spaces\n  collapse", 50) == "spaces collapse"


def test_clip_never_cuts_a_character_apart_and_counts_as_discord_does() -> None:
    japanese = "舞台の踊り子を前列中央にプレイ（ストック1）"
    assert clip(japanese, BUTTON_LABEL) == japanese  # within the limit: exactly as written
    assert clip("全角\u3000スペース", 20) == "全角\u3000スペース"  # an ideographic space is text, not layout
    assert clip(japanese, 8) == "舞台の踊り子を…"
    # a character beyond the BMP is two UTF-16 units to Discord, and is never halved
    assert units("𠮷野家") == 4 and clip("𠮷" * 10, 6) == "𠮷𠮷…"
    # a kana with a combining (han)dakuten, a star with its variation selector: kept whole
    assert clip("か\u3099" * 5, 6) == "か\u3099か\u3099…"
    assert clip("☆\ufe0f" * 5, 4) == "☆\ufe0f…"
    for text in ("か\u3099" * 50, "𠮷a" * 60, "👍\U0001f3fd" * 30, japanese * 5):
        for limit in range(2, 100):
            cut_text = clip(text, limit)
            assert units(cut_text) <= limit
            assert cut_text == text or cut_text.endswith("…")
            assert text.startswith(cut_text.removesuffix("…"))
            kept = cut_text.removesuffix("…")
            if kept != text:
                assert not unicodedata.combining(text[len(kept)])  # the next character starts anew


def test_clip_block_keeps_lines_and_cuts_at_a_line_end() -> None:
    text = "一行目です。\n二行目です。\n三行目はとても長い行です。"
    assert clip_block(text, 100) == text
    assert clip_block(text, 20) == "一行目です。\n二行目です。…"
    assert clip_block("a" * 30, 10) == "a" * 9 + "…"
