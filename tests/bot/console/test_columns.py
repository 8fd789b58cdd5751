"""Terminal columns: Japanese takes two columns a character, and wraps between characters (kinsoku)."""

from __future__ import annotations

from bot.console.columns import pad, width, wrap


def test_width_and_pad_count_terminal_columns() -> None:
    assert width("abc") == 3 and width("日本語") == 6 and width("ＡＰ＋1") == 7
    assert pad("日本", 6) == "日本  " and width(pad("日本", 6)) == 6 and pad("toolong", 3) == "toolong"


def test_english_wraps_at_spaces_as_before() -> None:
    text = "In the counter step, pay this card's cost and put it from your hand into your waiting room."
    lines = wrap(text, 40, "  ")
    assert all(width(line) <= 40 for line in lines) and all(line.startswith("  ") for line in lines)
    assert " ".join(line.strip() for line in lines) == text


def test_japanese_wraps_between_characters_and_keeps_punctuation_in_place() -> None:
    text = (
        "助太刀ステップに、コストを払い手札のこのカードを控え室に置く：防御中のあなたのキャラに、"
        "そのターン中、パワーを＋1000。"
    )
    lines = wrap(text, 24)
    assert "".join(lines) == text  # nothing added between characters, nothing lost
    assert all(width(line) <= 24 + 2 for line in lines)
    assert not any(line[0] in "、。：）" for line in lines)  # no line opens with closing punctuation
    assert not any(line.endswith("＋") for line in lines)  # nor leaves a sign without its number
    assert any("＋1000。" in line for line in lines)  # a number stays whole, with its sign and stop
