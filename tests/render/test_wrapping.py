"""Wrapping in the kit: lines grow by their words' cached widths and come out as whole-line measuring gave."""

from __future__ import annotations

from render.core import canvas
from render.core.canvas import Canvas, Wrapped, pieces, text_width, wrap_lines, wrap_words

TEXTS = [
    "Ada Quill4 summons the Standard-Bearer on the upper line and draws two cards.",
    "Whenever a Troll-Kin of the Far-North-Eastern Marches is destroyed, gain 1 Wave.",
    "Bartholomew-Fitzgerald-Montgomery-Smythe plays AnExtraordinarilyLongNameWithNoSpace now",
    "Short.",
    "a  double  spaced line",
    "",
]
PARAGRAPHS = "a first paragraph of words\nand a second paragraph of several words"


def _wrap_lines_whole(text: str, size: int, width: float, weight: str, first: float | None) -> Wrapped:
    """The reference: every trial line measured whole with ``text_width`` (the wrap as it was)."""
    lines: list[str] = []
    whole = True
    current = ""
    for piece, spaced in pieces(text):
        room = first if first is not None and not lines else width
        trial = f"{current} {piece}" if current and spaced else current + piece
        if text_width(trial, size, weight) <= room:
            current = trial
            continue
        if current:
            lines.append(current)
            current = ""
            room = width
        while len(piece) > 1 and text_width(piece, size, weight) > room:
            whole = False
            cut = len(piece) - 1
            while cut > 1 and text_width(piece[:cut], size, weight) > room:
                cut -= 1
            lines.append(piece[:cut])
            piece = piece[cut:]
        current = piece
    if current or not lines:
        lines.append(current)
    return Wrapped(lines, size, whole)


def _wrap_words_whole(text: str, size: int, max_width: float, weight: str) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            trial = f"{current} {word}".strip()
            if text_width(trial, size, weight) <= max_width or not current:
                current = trial
            else:
                lines.append(current)
                current = word
        lines.append(current)
    return lines


def test_lines_break_where_measuring_each_whole_line_broke_them() -> None:
    for text in [*TEXTS, PARAGRAPHS]:
        for weight in ("regular", "bold", "condensed"):
            for size in (15, 16, 19, 24):
                for width in (90.0, 151.5, 220.0, 333.0, 600.0):
                    for first in (None, width - 40) if "\n" not in text else ():
                        assert wrap_lines(text, size, width, weight, first) == _wrap_lines_whole(
                            text, size, width, weight, first
                        ), (text, size, width, weight, first)
                    assert wrap_words(text, size, width, weight) == tuple(
                        _wrap_words_whole(text, size, width, weight)
                    ), (text, size, width, weight)


def test_a_long_text_is_wrapped_with_one_measure_per_word() -> None:
    text = " ".join(f"Word{n} Stand-{n}" for n in range(60))  # 120 distinct words, 180 pieces
    for cached in (canvas._advance, canvas.text_width, canvas.word_starts):
        cached.cache_clear()
    canvas._wrapped_lines.cache_clear()
    wrap_lines(text, 16, 300)
    # each word and each joined hyphenated word once, and a space: measuring each trial line
    # whole shaped about as many, and went over every word of the line again for each piece
    assert canvas._advance.cache_info().misses <= 60 * 3 + 1
    assert canvas.word_starts.cache_info().misses == 0


def test_wrapped_lines_are_remembered_and_a_caller_cannot_change_them() -> None:
    first = wrap_lines(TEXTS[0], 16, 200)
    first.lines.append("scribbled")
    assert "scribbled" not in wrap_lines(TEXTS[0], 16, 200).lines
    lines = Canvas(10, 10).wrap(TEXTS[1], 16, 200)
    lines.append("scribbled")
    assert "scribbled" not in Canvas(10, 10).wrap(TEXTS[1], 16, 200)


def test_a_name_too_long_for_its_box_is_cut_where_trying_one_character_less_at_a_time_cuts_it() -> None:
    # fit halves the range of cuts; a longer start is never narrower, so the cut is the same
    from render.core.measure import fit, text_width

    def one_at_a_time(text: str, size: int, room: float) -> str:
        while text and text_width(text + "…", size, "bold") > room:
            text = text[:-1]
        return text.rstrip() + "…"

    names = ["Bartholomew Quillingsworth-Smythe", "Zoë O'Brien de la Vega", "AVATAR WWWWWWWWWW", "x" * 32]
    for name in names:
        for room in (12.0, 40.0, 95.5, 150.0, 230.0):
            shown, size = fit(name, 20, room, "bold", min_size=20)
            assert size == 20 and shown == one_at_a_time(name, 20, room)
            assert text_width(shown, 20, "bold") <= room or shown == "…"
