"""``bot.lookup``: which rules pages a word finds and in what order, and which card a name means."""

from __future__ import annotations

import re

import pytest

from bot.lookup import INSIDE, PREFIX, WHOLE, find_card, flatten, search_pages, search_rules, suggest_cards
from engines import registry
from engines.core import SetupError
from engines.core.types import CatalogueEntry


def _whole(message: str) -> str:
    """A ``match=`` pattern for exactly ``message``."""
    return f"^{re.escape(message)}$"


PAGES = [
    ("Setup", "Shuffle the deck.\nEach player draws\nfive cards."),
    ("Attacks", "An attacker rolls dice. Attack with **one** figure."),
    ("Counters", "A counterattack follows a failed attack."),
    ("準備", "山札をシャッフルして\nアタックします。"),
]


def test_a_whole_word_ranks_above_the_start_of_a_word_above_a_match_inside_one() -> None:
    hits = search_pages(PAGES, "attack")
    assert [(h.page, h.match) for h in hits] == [(1, WHOLE), (2, WHOLE)]
    assert hits[0].count == 1  # "Attack with": "attacker" and the heading "Attacks" only start with it
    hits = search_pages(PAGES, "attacker")
    assert [(h.page, h.match) for h in hits] == [(1, WHOLE)]
    hits = search_pages(PAGES, "count")
    assert [(h.page, h.match) for h in hits] == [(2, PREFIX)]
    hits = search_pages(PAGES, "ounter")
    assert [(h.page, h.match) for h in hits] == [(2, INSIDE)]


def test_a_page_whose_heading_names_the_word_comes_before_pages_that_say_it_more() -> None:
    pages = [("Turns", "Roll dice, then dice again, then more dice."), ("Dice", "Six sides.")]
    assert [h.page for h in search_pages(pages, "dice")] == [1, 0]
    assert search_pages(pages, "dice")[1].count == 3


def test_search_ignores_case_line_breaks_and_emphasis_marks() -> None:
    (hit,) = search_pages(PAGES, "PLAYER   draws five")
    assert hit.page == 0 and hit.found == "player draws five"
    (hit,) = search_pages(PAGES, "with one figure")
    assert hit.snippet.endswith("Attack with one figure.")


def test_japanese_matches_inside_words_and_lines_join_without_a_space() -> None:
    assert flatten("シャッフルして\nアタック") == "シャッフルしてアタック"
    assert flatten("draws\nfive") == "draws five"
    (hit,) = search_pages(PAGES, "してアタック", "ja")
    assert hit.page == 3 and hit.match == WHOLE and hit.lang == "ja"


def test_a_hit_shows_the_words_around_it_cut_at_spaces() -> None:
    body = " ".join(f"word{i}" for i in range(40)) + " target " + " ".join(f"more{i}" for i in range(40))
    (hit,) = search_pages([("Page", body)], "target")
    assert hit.found == "target"
    assert hit.before.startswith("…word") and hit.before.endswith(" ")
    assert hit.after.startswith(" more0") and hit.after.endswith("…")
    assert len(hit.before) <= 42 and len(hit.after) <= 42


def test_empty_or_long_searches_and_no_hits_are_refused_in_one_line() -> None:
    with pytest.raises(SetupError, match=_whole("Type a word to search for.")):
        search_pages(PAGES, "  ")
    with pytest.raises(SetupError, match="at most 40 characters"):
        search_pages(PAGES, "x" * 41)
    climax = registry.get("climax")
    with pytest.raises(SetupError, match=_whole("No page of Climax's rules mentions “qwerty”.")):
        search_rules(climax, "qwerty")


def test_both_languages_are_searched_unless_one_is_asked_for() -> None:
    climax = registry.get("climax")
    both = search_rules(climax, "AP", prefer="ja")
    assert {h.lang for h in both} == {"en", "ja"}
    assert both[0].lang == "ja"  # equal matches: the preferred language first
    assert both[0].match == WHOLE
    assert {h.lang for h in search_rules(climax, "AP", "en")} == {"en"}
    # a Japanese word only finds Japanese pages
    assert {h.lang for h in search_rules(climax, "大活躍")} == {"ja"}


def _entry(ident: str, name: str, group: str = "Cards", pick: str = "") -> CatalogueEntry:
    return CatalogueEntry(id=ident, name=name, group=group, stats="", text="", pick=pick)


def test_suggestions_put_the_start_of_a_name_first() -> None:
    entries = [_entry("a", "Great Lantern"), _entry("b", "Lantern Girl"), _entry("c", "Plantern")]
    assert [e.id for e in suggest_cards(entries, "lantern")] == ["b", "a", "c"]
    assert [e.id for e in suggest_cards(entries, "")] == ["a", "b", "c"]
    assert suggest_cards(entries, "zz") == []


def test_find_card_by_id_name_or_unique_start_and_refusals() -> None:
    eternia = registry.get("eternia")
    assert find_card(eternia, "he-man").entry.id == "char.he_man"
    assert find_card(eternia, "HE_MAN").entry.id == "char.he_man"  # the id a table option takes
    hackclad = registry.get("hackclad")
    twins = "“tail whip” could be Tail Whip · Rosette's cards or Tail Whip · Clad; name one."
    with pytest.raises(SetupError, match=_whole(twins)):
        find_card(hackclad, "tail whip")
    assert find_card(hackclad, "clad:tail_whip").entry.group == "Clad"
    assert find_card(hackclad, "Tail Whip · Clad").entry.id == "clad:tail_whip"
    with pytest.raises(SetupError, match=_whole("HackClad has no card called “nope”.")):
        find_card(hackclad, "nope")
    with pytest.raises(SetupError, match=_whole("Name a HackClad card.")):
        find_card(hackclad, " ")


def test_a_card_shows_in_the_language_its_name_matched() -> None:
    climax = registry.get("climax")
    found = find_card(climax, "提灯の娘")
    assert (found.entry.id, found.lang) == ("Y01", "ja")
    assert find_card(climax, "lantern girl").lang == "en"
    assert find_card(climax, "Y01", prefer="ja").entry.name == "提灯の娘"
    with pytest.raises(SetupError):
        find_card(climax, "lantern girl", "ja")  # asked for Japanese names only
