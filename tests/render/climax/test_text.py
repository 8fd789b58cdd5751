"""Text: which face draws each character, wrapping in both languages, and the glyphs the fonts hold."""

from __future__ import annotations

from engines.climax import words as engine_words
from engines.climax.content import catalog
from engines.climax.view import face as card_face
from render.climax import describe, hand, words
from render.core.text import NO_END, NO_START, has_glyph, runs, shorten, tokens, width, wrap


def test_runs_draw_each_character_from_a_face_that_has_it() -> None:
    assert runs("Player さくら wins", "bold") == (
        ("Player ", "bold"),
        ("さくら", "ja-bold"),
        (" wins", "bold"),
    )
    assert runs("プレイヤーИван", "ja") == (("プレイヤー", "ja"), ("Иван", "regular"))
    assert runs("Lv2 · C1 ☆", "regular") == (("Lv2 · C1 ☆", "regular"),)


def test_tokens_keep_numbers_and_words_whole() -> None:
    assert tokens("パワーを＋1000。") == ["パ", "ワ", "ー", "を", "＋", "1000", "。"]
    assert tokens("gets +1000 power.") == ["gets", " ", "+1000", " ", "power."]


def test_japanese_wrapping_never_strands_a_sign_or_a_closing_mark() -> None:
    text = "このカードのパワーを＋1500。（AP＋1）「日の出の祭」があるなら、"
    for max_width in range(120, 400, 7):  # at least five characters a line, as in every box drawn
        lines = wrap(text, 21, max_width, "ja")
        assert "".join(lines) == text
        for line in lines:
            assert line[-1] not in NO_END or len(line) == 1
        for line in lines[1:]:
            assert line[0] not in NO_START


def test_shorten_cuts_between_words_and_marks_the_cut() -> None:
    text = "Apprentice Shrine Maiden"
    short = shorten(text, 20, 150, "bold")
    assert short.endswith("…") and text.startswith(short[:-1].rstrip()) and width(short, 20, "bold") <= 150
    assert short[:-1].rstrip() in ("Apprentice", "Apprentice Shrine")
    assert shorten(text, 20, 1000, "bold") == text


def _japanese_strings() -> set[str]:
    found = {
        *words.WORDS.values(),
        *words.PHASES.values(),
        *words.LETTERS.values(),
        *words.ICON_SHORT.values(),
    }
    found |= {*describe.LINES.values(), *hand.USES.values()}
    found |= {*engine_words.TERMS.values(), *engine_words.SLOT_NAMES}
    return {ja for _, ja in found}


def _missing(strings: set[str], faces: tuple[str, ...]) -> set[str]:
    return {ch for text in strings for ch in text if not all(has_glyph(ch, w) for w in faces)}


def test_the_japanese_faces_draw_every_word_the_pictures_use() -> None:
    assert _missing(_japanese_strings(), ("ja", "ja-bold")) == set()


def test_dejavu_draws_every_english_card_and_word() -> None:
    strings = {card_face("x", d, "en").name + card_face("x", d, "en").text for d in catalog().cards}
    strings |= {en for en, _ in words.WORDS.values()}
    assert _missing(strings, ("regular", "bold")) == set()


def test_the_japanese_faces_draw_every_card_name_and_text() -> None:
    cat = catalog()
    strings = {card_face("x", d, "ja").name + card_face("x", d, "ja").text for d in cat.cards}
    strings |= {deck.name_ja for deck in cat.decks}
    assert _missing(strings, ("ja", "ja-bold")) == set()


def _wrap_measuring_whole_lines(text: str, size: int, max_width: float, weight: str) -> list[str]:
    """The wrap as it was: the line so far measured whole before each piece (the reference)."""
    from render.core.text import _strip, _words

    lines: list[str] = []
    for paragraph in text.split("\n"):
        built: list[list[str]] = [[]]
        for piece in tokens(paragraph):
            line = built[-1]
            if piece.isspace():
                if line:
                    line.append(" ")
                continue
            if not line or width("".join(line) + piece, size, weight) <= max_width:
                line.append(piece)
                continue
            moved = [piece]
            while (moved[0].isspace() or moved[0][0] in NO_START) and _words(line) > 1:
                moved.insert(0, line.pop())
            _strip(line)
            while _words(line) > 1 and line[-1] in NO_END:
                moved.insert(0, line.pop())
                _strip(line)
            built.append(moved)
        lines += ["".join(line).strip() for line in built]
    return lines


def test_wrapping_by_summed_widths_breaks_every_card_text_where_whole_line_measuring_did() -> None:
    # the kerning where two pieces meet is counted, so "パワーを＋1000。" still fits where it did
    cat = catalog()
    for lang, weights in (("ja", ("ja", "ja-bold")), ("en", ("regular", "bold"))):
        texts = sorted({card_face("x", d, lang).text for d in cat.cards})[::3]
        for text in texts:
            for size, max_width in ((14, 480.0), (17, 233.5), (21, 300.0), (26, 120.0)):
                for weight in weights:
                    assert wrap(text, size, max_width, weight) == _wrap_measuring_whole_lines(
                        text, size, max_width, weight
                    ), (text, size, max_width, weight)


def test_japanese_wrapping_measures_each_character_once_not_the_line_so_far() -> None:
    from render.core import canvas
    from render.core import text as climax_text

    text = "このカードのパワーを＋1500する。" * 12  # 16 kinds of piece, 204 pieces
    for cached in (canvas._advance, canvas.text_width, canvas.word_starts, climax_text.runs):
        cached.cache_clear()
    for cached in (climax_text._wrapped, climax_text._piece_width, climax_text._kerning):
        cached.cache_clear()
    lines = wrap(text, 19, 260.5, "ja")
    shaped = canvas._advance.cache_info().misses
    assert len(lines) > 10
    # each piece and each pair that meets is shaped once; the whole-line wrap shaped ~200 prefixes
    assert shaped <= 40


def test_a_wrapped_card_text_is_remembered_and_a_caller_cannot_change_it() -> None:
    text = "【起動】ストックを1枚払い、このカードをレストする：このカードのパワーを＋1000"
    first = wrap(text, 18, 201.0, "ja")
    first.append("scribbled")
    again = wrap(text, 18, 201.0, "ja")
    assert "scribbled" not in again and again == first[:-1]
