"""Content: 68 designed cards over four colours, four legal decks, deck codes, precise content errors."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.climax import RULESET
from engines.climax.content import CARDS_PATH, catalog, load_catalog
from engines.climax.deckcode import decode_deck, encode_deck
from engines.core import ContentError, SetupError
from engines.core.content import overridden, shipped_text


def test_the_pool_covers_every_colour_level_and_type_with_names_in_both_languages() -> None:
    cards = list(catalog().cards.values())
    assert len(cards) >= 64
    assert Counter(c.colour for c in cards) == {"yellow": 17, "green": 17, "red": 17, "blue": 17}
    chars = [c for c in cards if c.kind == "character"]
    assert {c.level for c in chars} == {0, 1, 2, 3} and {c.cost for c in chars} == {0, 1, 2}
    assert sum(1 for c in cards if c.kind == "climax") == 8
    assert sum(1 for c in cards if c.has("backup")) >= 4
    assert sum(1 for c in cards if c.has("counter_power") or c.has("counter_soul")) >= 2
    assert sum(1 for c in cards if c.kind != "climax" and "soul" in c.triggers) >= 10
    assert all(c.name_en and c.name_ja and c.name_en != c.name_ja for c in cards)


def test_b2_2_5_the_ready_made_decks_are_legal_and_two_coloured() -> None:
    cat = catalog()
    assert len(cat.decks) == 4
    for deck in cat.decks:
        ids = deck.card_ids()
        assert len(ids) == 50 and max(Counter(ids).values()) <= 4
        assert sum(1 for i in ids if cat.card(i).kind == "climax") == 8
        assert len({cat.card(i).colour for i in ids}) == 2


def test_deck_codes_round_trip_and_name_what_is_wrong() -> None:
    cat = catalog()
    for deck in cat.decks:
        code = encode_deck(cat, deck.card_ids())
        assert code.startswith("CX1-") and sorted(decode_deck(cat, code)) == sorted(deck.card_ids())
        assert sorted(decode_deck(cat, code.lower().replace("-", "- "))) == sorted(deck.card_ids())
    code = encode_deck(cat, cat.decks[0].card_ids())
    for bad, words in (
        ("XX1-0", "starts with"),
        (code[:-3] + code[-1], "cut short"),
        (code[:-1] + "!", "letters"),
    ):
        with pytest.raises(SetupError) as err:
            decode_deck(cat, bad)
        assert words in err.value.message
    with pytest.raises(SetupError) as err:
        encode_deck(cat, cat.decks[0].card_ids()[:40])
    assert "exactly 50" in err.value.message


def test_a_bad_content_file_names_file_entry_and_field() -> None:
    text = shipped_text("engines.climax.data", "cards.toml")
    broken = text.replace(
        'kind = "character"\ncolour = "yellow"\nlevel = 0',
        'kind = "character"\ncolour = "purple"\nlevel = 0',
        1,
    )
    with overridden(CARDS_PATH, broken), pytest.raises(ContentError) as err:
        load_catalog()
    assert (err.value.file, err.value.entry, err.value.field) == (CARDS_PATH, "Y01", "colour")
    broken = text.replace('kw = "assist"', 'kw = "asist"', 1)
    with overridden(CARDS_PATH, broken), pytest.raises(ContentError) as err:
        RULESET.check_content()
    assert err.value.entry == "Y01" and "asist" in str(err.value)


def test_catalogue_and_decks_list_every_card_with_generated_text() -> None:
    entries = RULESET.catalogue()
    assert len(entries) == len(catalog().cards)
    assert all(e.text for e in entries)
    decks = RULESET.decks()
    assert [d.name for d in decks] == ["festival", "tides", "moonlight", "wildfire"]
    assert all(d.code.startswith("CX1-") and len(d.cards) == 50 for d in decks)


def test_the_catalogue_and_decks_come_in_both_languages() -> None:
    # Issue 13.4: /cards climax shows names and text in the chosen language, same cards in each.
    from engines.core.ruleset import LANGUAGE_OPTION

    english, japanese = RULESET.catalogue("en"), RULESET.catalogue("ja")
    assert [e.id for e in english] == [e.id for e in japanese]
    pairs = zip(english, japanese, strict=True)
    assert all(e.name != j.name and e.text != j.text for e, j in pairs if e.text)
    assert any("\u3040" <= c <= "\u30ff" for e in japanese for c in e.name + e.text)
    assert [d.code for d in RULESET.decks("en")] == [d.code for d in RULESET.decks("ja")]
    option = next(o for o in RULESET.mode("duel").options if o.name == LANGUAGE_OPTION)
    assert tuple(option.choices) == RULESET.languages == ("en", "ja") and option.default == "en"


def test_the_rules_summary_comes_in_both_languages_page_for_page() -> None:
    # Issue 13.4: /rules climax in Japanese has the same pages as in English.
    from engines.core.content import load_rules_pages

    english = load_rules_pages("engines.climax", "en")
    japanese = load_rules_pages("engines.climax", "ja")
    assert len(english) == len(japanese) >= 8
    assert all(any("\u3040" <= c <= "\u30ff" for c in body) for _, body in japanese)
    # a game with no Japanese summary falls back to its own
    assert load_rules_pages("engines.arclash", "ja") == load_rules_pages("engines.arclash")
