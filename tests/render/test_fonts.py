"""The shipped fonts: Japanese text renders from the package alone (no system font needed)."""

from __future__ import annotations

import pytest

from render.core.canvas import font

MISSING = "\U0010fffd"  # a private-use code point no font has: draws the .notdef box


def _mask(text: str, weight: str) -> bytes:
    return bytes(font(24, weight).getmask(text))


@pytest.mark.parametrize("weight", ["ja", "ja-bold"])
def test_the_japanese_fonts_hold_kana_common_kanji_and_latin(weight: str) -> None:
    notdef = _mask(MISSING, weight)
    # hiragana, katakana, level-1 kanji of the card game's words, full-width and Latin marks
    for char in "あをアヲン山札控室舞台前列後助太刀大活躍手思出＋：ABCz0９★●":
        assert _mask(char, weight) != notdef, f"{char!r} is missing from the {weight} font"


def test_a_glyph_outside_the_subset_is_missing_there() -> None:
    # The check above can fail: a rare kanji left out of the subset draws the .notdef box.
    assert _mask("\u9f98", "ja") == _mask(MISSING, "ja")
