"""Text masks: a word is what ``ImageDraw.text`` draws; a line is its words where shaping puts them."""

from __future__ import annotations

import itertools
from math import floor

import pytest
from PIL import Image, ImageDraw

from render.core.canvas import font, text_width, word_starts
from render.core.stamps import text_mask

WORDS = ["Hello", "⚔", "…", "Zoë", "O'Brien", "山", "12/30"]
LINES = ["Wq · 12/30 pts", "♥ 3", " ", "Zoë O'Brien", "Turn 3: Ada  Quill4 gains 9 mana. ", "手札 7 枚 Ada"]
ANCHORS = ["la", "ra", "mm", "lm", "rm", "md", "ma"]
FACES = ((16, "regular"), (22, "bold"), (17, "condensed"), (19, "ja"))


def _drawn(text: str, size: int, weight: str, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` as ``ImageDraw.text`` draws it, cropped to its ink box, with the box's offset."""
    face = font(size, weight)
    left, top, right, bottom = (int(v) for v in face.getbbox(text, anchor=anchor))
    drawn = Image.new("L", (max(right - left, 1), max(bottom - top, 1)), 0)
    ImageDraw.Draw(drawn).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return drawn, left, top


@pytest.mark.parametrize(("text", "anchor"), list(itertools.product(WORDS, ANCHORS)))
def test_a_word_mask_is_what_imagedraw_draws(text: str, anchor: str) -> None:
    for size, weight in FACES:
        drawn, left, top = _drawn(text, size, weight, anchor)
        mask, mask_left, mask_top = text_mask(text, size, weight, anchor)
        assert (mask_left, mask_top) == (left, top)
        assert mask.size == drawn.size and mask.tobytes() == drawn.tobytes()


@pytest.mark.parametrize("text", LINES)
def test_a_line_measures_what_the_line_shaped_whole_measures(text: str) -> None:
    # word-by-word layout is exact only because no shipped face kerns across a space
    for size, weight in FACES:
        assert text_width(text, size, weight) == pytest.approx(font(size, weight).getlength(text), abs=1e-6)


@pytest.mark.parametrize(("text", "anchor"), list(itertools.product(LINES, ANCHORS)))
def test_a_line_is_its_words_drawn_whole_where_the_line_places_them(text: str, anchor: str) -> None:
    for size, weight in FACES:
        mask, mask_left, mask_top = text_mask(text, size, weight, anchor)
        expected = Image.new("L", (800, 100), 0)
        origin_x, origin_y = 300, 50
        starts = word_starts(text, size, weight)
        shift = {"l": 0.0, "m": -starts[-1] / 2, "r": -starts[-1]}[anchor[0]]
        for word, start in zip(text.split(" "), starts, strict=False):
            if word:
                drawn, left, top = _drawn(word, size, weight, "l" + anchor[1])
                expected.paste(255, (origin_x + floor(shift + start) + left, origin_y + top), drawn)
        got = Image.new("L", (800, 100), 0)
        if text.strip():
            got.paste(255, (origin_x + mask_left, origin_y + mask_top), mask)
        assert got.tobytes() == expected.tobytes()
        # and it lands where the whole line would, give or take the pixel rounding
        whole = font(size, weight).getbbox(text, anchor=anchor)
        if text.strip():
            assert abs(mask_left - whole[0]) <= 1 and abs(mask_top - whole[1]) <= 1
            assert mask_left + mask.width <= whole[2] + 1
