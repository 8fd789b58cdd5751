"""Words from cached glyphs: a new player's name is drawn and measured exactly as shaping it would."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from PIL import Image, ImageFont

from bot.bench.samples import Names
from render.core import glyphs
from render.core.measure import font, text_width
from render.core.stamps import text_mask

FACES = ((16, "regular"), (22, "bold"), (17, "condensed"), (31, "regular"), (19, "ja"), (26, "ja-bold"))
ANCHORS = ("la", "ra", "mm", "lm", "rm", "md", "ma", "ls")
#: names as the bench makes them, and the awkward ones: kerned pairs, accents, punctuation, kana
NAMES = [
    *itertools.chain.from_iterable(Names("").seats(1)[0].split() for _ in range(40)),
    "AVATAR", "Wren72", "LTAVWYj", "O'Brien", "Zoë", "Łódź", "Straße", "Ελληνικά", "Привет",
    "„quote“", "‘Tis", "r.", "Tj", "12/30", "…",
]  # fmt: skip


def _pillow(word: str, size: int, weight: str, anchor: str) -> tuple[int, int, tuple[int, int], bytes]:
    """``word`` shaped and rasterised whole by Pillow: offset, box size and coverage bytes."""
    shaped, (left, top) = font(size, weight).getmask2(word, "L", anchor=anchor)
    mask = Image.new("L", shaped.size, 0)
    mask.im.paste(shaped, (0, 0, *shaped.size))
    return left, top, mask.size, mask.tobytes()


@pytest.mark.parametrize("word", NAMES)
def test_a_composed_word_is_the_mask_pillow_draws_to_the_pixel(word: str) -> None:
    for (size, weight), anchor in itertools.product(FACES, ANCHORS):
        composed = glyphs.word_mask(word, size, weight, anchor)
        assert composed is not None, (word, size, weight)
        mask, left, top = composed
        assert (left, top, mask.size, mask.tobytes()) == _pillow(word, size, weight, anchor)


@pytest.mark.parametrize("word", NAMES)
def test_a_composed_word_measures_what_shaping_measures(word: str) -> None:
    for size, weight in FACES:
        assert glyphs.advance(word, size, weight) == font(size, weight).getlength(word)
        assert text_width(word, size, weight) == font(size, weight).getlength(word)


def test_kerned_glyphs_that_overlap_are_blended_as_pillow_blends_them() -> None:
    # in "Wren72" in the condensed face, "r" reaches into "e": the overlap path draws that pixel
    at, _ = glyphs.pens("Wren72", 17, "condensed") or ([], 0)
    r, e = glyphs.glyph("r", 17, "condensed"), glyphs.glyph("e", 17, "condensed")
    assert (at[1] + 32) // 64 + r.left + r.width > (at[2] + 32) // 64 + e.left
    mask, left, top = glyphs.word_mask("Wren72", 17, "condensed", "la") or (Image.new("L", (1, 1)), 0, 0)
    assert (left, top, mask.size, mask.tobytes()) == _pillow("Wren72", 17, "condensed", "la")


@pytest.mark.parametrize("weight", ["regular", "bold", "condensed", "ja"])
def test_a_word_with_a_ligature_is_shaped_whole(weight: str) -> None:
    # the faces draw "ffi" as one glyph: the pair check sends such words to Pillow's shaping
    assert glyphs.word_mask("office", 22, weight, "la") is None
    assert glyphs.advance("office", 22, weight) is None
    mask, left, top = text_mask("office", 22, weight, "la")
    assert (left, top, mask.size, mask.tobytes()) == _pillow("office", 22, weight, "la")
    assert text_width("office", 22, weight) == font(22, weight).getlength("office")


@pytest.mark.parametrize("word", ["سلام", "नमस्ते", "e\u0301te", "😀", "⚔", "すべて", "山田太郎", "ｆｕｌｌ"])
def test_scripts_that_join_stack_or_kern_letters_are_shaped_whole(word: str) -> None:
    # joined or stacked letters, and kana (the Japanese face kerns "すべ"), go to Pillow's shaping
    assert not glyphs.composable(word)
    for weight in ("regular", "ja"):
        assert glyphs.word_mask(word, 20, weight, "la") is None
        mask, left, top = text_mask(word, 20, weight, "la")
        assert (left, top, mask.size, mask.tobytes()) == _pillow(word, 20, weight, "la")
        assert text_width(word, 20, weight) == font(20, weight).getlength(word)


def test_a_new_name_costs_no_shaping_once_its_letters_are_known(monkeypatch: pytest.MonkeyPatch) -> None:
    for seen in ("Quill12", "Quill21"):  # every letter and neighbouring pair of the new name
        text_mask(seen, 23, "bold", "la")
        text_width(seen, 23, "bold")
    shaped: list[str] = []
    for method in ("getmask2", "getlength", "getbbox"):
        real = getattr(ImageFont.FreeTypeFont, method)

        def counted(self: ImageFont.FreeTypeFont, text: str, *args: Any, _real: Any = real, **kw: Any) -> Any:
            shaped.append(text)
            return _real(self, text, *args, **kw)

        monkeypatch.setattr(ImageFont.FreeTypeFont, method, counted)
    assert text_width("Quill1212", 23, "bold") > text_width("Quill12", 23, "bold")
    mask, _, _ = text_mask("Quill1212", 23, "bold", "la")
    assert mask.getbbox() is not None
    assert shaped == []  # measured and drawn from cached glyphs alone


def test_a_face_table_starts_over_at_its_bound_and_measures_right(monkeypatch: pytest.MonkeyPatch) -> None:
    # names keep bringing characters and pairs: the per-face tables stay bounded
    monkeypatch.setattr(glyphs, "_TABLE_MOST", 5)
    advances, kernings = glyphs._tables(27, "regular")
    for word in ("Abcdefgh", "Ijklmnop", "Qrstuvwx", "Kemal42"):
        assert glyphs.advance(word, 27, "regular") == font(27, "regular").getlength(word)
        assert len(advances) <= 5 and len(kernings) <= 5
