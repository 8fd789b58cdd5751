"""Player names on pictures: only drawable characters, bounded length, "Player N" when nothing is left."""

from __future__ import annotations

from render.core.names import NAME_MAX, clean_name, default_name, drawable, seat_names


def test_latin_accents_cyrillic_and_greek_are_kept() -> None:
    for name in ("Zoë", "Ørjan Åsberg", "Жанна", "Σοφία", "O'Brien-Smith"):
        assert clean_name(name) == name


def test_characters_the_fonts_lack_are_stripped_not_drawn_as_boxes() -> None:
    assert not drawable("山") and not drawable("\U0001f409")  # CJK, a dragon emoji DejaVu lacks
    assert clean_name("山田 Taro") == "Taro"
    assert clean_name("\U0001f409 Dragon \U0001f409") == "Dragon"


def test_controls_and_zero_width_characters_are_stripped_and_spaces_squeezed() -> None:
    assert clean_name("Ann\u200d\u200bie\x00\x07") == "Annie"
    assert clean_name("  Bob \n\t the   Builder ") == "Bob the Builder"


def test_decomposed_accents_are_composed_first() -> None:
    assert clean_name("Zoe\u0308") == "Zoë"


def test_long_names_are_cut_to_the_limit_with_an_ellipsis() -> None:
    name = "Bartholomew Fitzgerald-Worthington III"
    cleaned = clean_name(name)
    assert len(cleaned) == NAME_MAX and cleaned.endswith("…")
    assert clean_name("x" * NAME_MAX) == "x" * NAME_MAX  # exactly at the limit: untouched


def test_seat_names_fall_back_to_player_n_for_missing_empty_and_undrawable_names() -> None:
    assert seat_names(["Ann", "", "山田太郎"], 4) == ("Ann", "Player 2", "Player 3", "Player 4")
    assert seat_names((), 2) == (default_name(0), default_name(1)) == ("Player 1", "Player 2")
    assert seat_names(["Ann", "Bob", "Cat"], 2) == ("Ann", "Bob")  # extra names are ignored


def test_a_line_of_names_fits_its_words_from_the_template_and_each_name_alone() -> None:
    from render.core.canvas import fit, named_line

    template = "{P1} wins the battle against {P2} and {P3}; support order: {P3} → {P1}"
    short = named_line(template, ["Ada", "Bo", "Cy"], 21, 700, min_size=16)
    long = named_line(template, ["Ada", "Bartholomew Fitzgerald-Smythe", "Cy"], 21, 700, min_size=16)
    words = [(piece.text, piece.size) for piece in short if piece.text not in ("Ada", "Bo", "Cy")]
    assert words == [
        (piece.text, piece.size)
        for piece in long
        if piece.text not in ("Ada", "Cy") and "Barth" not in piece.text
    ]
    assert {piece.size for piece in short if piece.text == "Ada"} == {
        piece.size for piece in long if piece.text == "Ada"
    }
    assert [piece.x for piece in long] == sorted(piece.x for piece in long)  # laid out left to right
    # no names: the whole line is fitted as ``fit`` would; no room for a name slot: likewise
    assert named_line("Game over", [], 21, 40)[0][:2] == fit("Game over", 21, 40, "regular", 16)
    assert named_line("A very long sentence before {P1}", ["Ada"], 21, 200)[0].text.endswith("…")
