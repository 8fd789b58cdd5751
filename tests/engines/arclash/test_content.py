"""Content: the pool's size and themes, every card inside the design chart, data errors, rules pages."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.arclash import RULESET, ruleset
from engines.arclash.chart import chart, violations
from engines.arclash.content import CARDS_FILE, CHARACTER, SUPPORT, Card, Effect, catalogue, validate
from engines.arclash.decks import starters
from engines.arclash.effects import KEYWORDS, card_text
from engines.arclash.ruleset import check_effects
from engines.core.content import load_rules_pages, parse_content
from engines.core.errors import ContentError


def test_pool_has_eighty_cards_in_four_themed_starters() -> None:
    assert len(catalogue()) >= 80
    assert len(starters()) >= 4
    used = set()
    for deck in starters().values():
        used |= set(deck.cards)
        levels = Counter(catalogue()[c].level for c, n in deck.cards.items() for _ in range(n))
        assert levels[1] and levels[2] and levels[3] and levels[4] == 1
    assert used == set(catalogue())


@pytest.mark.parametrize("card_id", sorted(catalogue()))
def test_every_card_keeps_to_the_design_chart(card_id: str) -> None:
    assert violations(catalogue()[card_id]) == []


def test_chart_encodes_the_books_power_bands() -> None:
    bands = {b.level: (b.power_min, b.power_max) for b in chart().level}
    assert bands == {1: (0, 400), 2: (300, 650), 3: (550, 800), 4: (700, 999)}
    assert [b.discard_max for b in chart().level] == [0, 1, 2, 3]


def test_chart_check_catches_cards_outside_it() -> None:
    strong = Card("AC-900", "Too Strong", CHARACTER, ("X",), level=1, power=500)
    assert any("outside 0-400" in p for p in violations(strong))
    greedy = Card("AC-901", "Greedy Draw", SUPPORT, effects=(Effect("play", "draw", count=3),))
    assert violations(greedy)
    sure = Card("AC-902", "Sure Thing", SUPPORT, effects=(Effect("play", "level_down", odds=2),))
    assert any("too easily" in p for p in violations(sure))
    big = Card("AC-903", "Big Buff", SUPPORT, effects=(Effect("play", "power", amount=100),))
    assert any("too strong" in p for p in violations(big))
    deep = Card(
        "AC-904",
        "Deep Look",
        CHARACTER,
        level=2,
        power=400,
        from_="X",
        effects=(Effect("advance", "search", count=1),),
    )
    assert any("whole deck below level 3" in p for p in violations(deep))


def test_the_pool_uses_the_whole_vocabulary_traits_brackets_dice_coins_search_costs() -> None:
    effects = [e for c in catalogue().values() for e in c.effects]
    assert {e.do for e in effects} == set(KEYWORDS)
    assert any(e.need for e in effects) and any(e.tag for e in effects)
    assert any(c.discard and c.kind == SUPPORT for c in catalogue().values())
    assert any(" " in c.from_ for c in catalogue().values())  # a name, not only a trait


def test_card_text_is_generated_for_every_card() -> None:
    for card in catalogue().values():
        text = card_text(card)
        assert text and "{" not in text
        if card.kind == CHARACTER and card.level > 1:
            assert f"[{card.from_}] Level {card.level - 1}" in text
    assert card_text(catalogue()["AC-012"]).endswith("Levels down after every battle.")


def test_content_errors_name_file_entry_and_field() -> None:
    # Keywords are checked by the ruleset's check_content (content.py does not know the keywords).
    with pytest.raises(ContentError, match=r"AC-777'?, field 'effects\[0\].do'"):
        check_effects([Card("AC-777", "Oops", SUPPORT, effects=(Effect("play", "explode"),))], "x.toml")
    with pytest.raises(ContentError, match="needs a value for 'amount'"):
        check_effects([Card("AC-778", "Oops", SUPPORT, effects=(Effect("play", "power"),))], "x.toml")
    with pytest.raises(ContentError, match="advances from"):
        validate([Card("AC-779", "Oops", CHARACTER, level=2, power=400)], "x.toml")
    from engines.arclash.content import _CardFile

    with pytest.raises(ContentError, match=r"cards\.toml: entry 'AC-1'"):
        parse_content('[[card]]\nid = "AC-1"\nname = 5\nkind = "support"\n', _CardFile, "cards.toml")


def test_check_content_names_the_data_file_card_and_field_of_an_unknown_keyword(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bad = Card(
        "AC-777", "Oops", SUPPORT, effects=(Effect("play", "power", amount=10), Effect("play", "explode"))
    )
    # content.validate alone lets it through: the keyword check belongs to check_content.
    validate([bad], "x.toml")
    monkeypatch.setattr(ruleset, "load_catalogue", lambda: {**catalogue(), bad.id: bad})
    with pytest.raises(ContentError) as caught:
        RULESET.check_content()
    error = caught.value
    assert (error.file, error.entry, error.field) == (CARDS_FILE, "AC-777", "effects[1].do")
    assert error.file == "engines/arclash/data/cards.toml"
    assert "unknown keyword 'explode'" in str(error) and "Arclash content" in str(error)
    needy = Card("AC-778", "Oops", SUPPORT, effects=(Effect("play", "power"),))
    monkeypatch.setattr(ruleset, "load_catalogue", lambda: {**catalogue(), needy.id: needy})
    with pytest.raises(ContentError, match=r"cards\.toml: entry 'AC-778', field 'effects\[0\]'.*'amount'"):
        RULESET.check_content()


def test_rules_pages_are_short_and_headed() -> None:
    pages = load_rules_pages("engines.arclash")
    assert len(pages) >= 5
    assert all(len(body) <= 1800 and title for title, body in pages)
