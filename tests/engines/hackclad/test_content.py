"""Content files: they load, they hold the book's counts, and a broken file names the bad field."""

from __future__ import annotations

import pytest

from engines.core.content import overridden, parse_content, shipped_text
from engines.core.errors import ContentError
from engines.hackclad import RULESET as R
from engines.hackclad.content import CARDS_FILE, _Cards, content, effect_uses, validate
from engines.hackclad.effects import EFFECTS


def test_components_counts_match_the_book() -> None:
    c = content()
    assert len(c.witches) == 5
    assert sum(1 for k in c.clad.values() if not k.expert) == 12
    assert sum(1 for k in c.clad.values() if k.expert) == 3
    assert [sum(1 for k in c.clad.values() if not k.expert and k.voltage == v) for v in (1, 2, 3)] == [
        6,
        3,
        3,
    ]
    assert len(c.missions) == 18
    # 8 basic + 8 enhanced per witch: 40 + 40 skill cards.
    assert sum(len(w.basic) for w in c.witches.values()) == 40
    assert sum(len(w.enhanced) for w in c.witches.values()) == 40


def test_every_effect_keyword_has_exactly_one_handler() -> None:
    used = {
        e.key for card in content().cards.values() for e in (*card.effects, *card.as_cost, *card.as_guard)
    }
    used |= {e.key for cp in content().cp.values() for e in cp.effects}
    assert used <= EFFECTS.names()
    assert EFFECTS.names() - used == set(), "every handler is used by some card"


def test_broken_card_names_file_entry_and_field() -> None:
    text = '[[card]]\nid = "x"\nname = "X"\ntype = "attack"\nvp = "lots"\ntext = "t"\n'
    with pytest.raises(ContentError) as err:
        parse_content(text, _Cards, "cards.toml")
    assert err.value.entry == "x" and err.value.field == "vp"


def test_unknown_effect_keyword_is_refused() -> None:
    cards = parse_content(
        '[[card]]\nid = "x"\nname = "X"\ntype = "support"\nvp = 1\ntext = "t"\n'
        'effects = [{ key = "gain_mp", n = 1 }, { key = "fly" }]\n',
        _Cards,
        "cards.toml",
    ).card
    # The keyword check is the ruleset's (content.py does not know the handlers): the same check
    # ``check_content`` runs, fed this file's uses.
    with pytest.raises(ContentError, match="unknown effect keyword 'fly'") as err:
        EFFECTS.check(effect_uses(cards, []))
    assert (err.value.file, err.value.entry, err.value.field) == (CARDS_FILE, "x", "effects[1].key")


def test_check_content_names_an_unknown_guard_keyword_by_file_card_and_field() -> None:
    # A card's "when discarded for -1 damage" steps are checked like its played ones.
    text = shipped_text("engines.hackclad.data", "cards.toml")
    old = 'as_guard = [{ key = "reduce", n = 1 }, { key = "lock_clad" }]'
    card = text[text.rfind('id = "', 0, text.index(old)) + 6 :].split('"', 1)[0]
    broken = text.replace(old, 'as_guard = [{ key = "reduce", n = 1 }, { key = "pin_clad" }]', 1)
    R.check_content()  # the shipped files pass
    with overridden(CARDS_FILE, broken), pytest.raises(ContentError, match="'pin_clad'") as err:
        R.check_content()
    assert (err.value.file, err.value.entry, err.value.field) == (CARDS_FILE, card, "as_guard[1].key")


def test_attack_cards_need_a_range() -> None:
    cards = parse_content(
        '[[card]]\nid = "x"\nname = "X"\ntype = "attack"\nvp = 1\ntext = "t"\neffects = [{ key = "deal" }]\n',
        _Cards,
        "cards.toml",
    ).card
    with pytest.raises(ContentError, match="range"):
        validate(cards, [], [], [], [])


def test_character_pages_basic_action_limits_and_innate_cp_actions() -> None:
    c = content()
    # Move / MP / -1 DMG uses per round and the 3-CP innate action, as each character page gives them.
    book = {
        "rosette": ((2, 1, 2), "blaze_out"),
        "flare": ((1, 2, 3), "aristocracy"),
        "luna": ((1, 2, 2), "sabbath"),
        "mia": ((3, 1, 1), "scythe_saltation"),
        "amelia": ((1, 2, 1), "phronesis"),
    }
    for witch, (limits, innate) in book.items():
        w = c.witches[witch]
        assert tuple(w.limits) == limits
        assert w.innate == innate and c.cp[innate].cost == 3 and c.cp[innate].witch == witch
