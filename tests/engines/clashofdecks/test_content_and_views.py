"""Content validation, the View's hidden-information rules, and the registry entry."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from engines import registry
from engines.clashofdecks import RULESET
from engines.clashofdecks.content import (
    ABILITIES,
    CARDS_PATH,
    CardFile,
    SoloFile,
    build_catalog,
    catalog,
    load_catalog,
)
from engines.clashofdecks.incantations import EFFECTS
from engines.core import ContentError, GameConfig
from engines.core.content import load_content, load_rules_pages, parse_content


def test_cards_at_least_64_distinct_with_four_decks_of_eight() -> None:
    cat = catalog()
    assert len(cat.collection) == 64 and len(set(cat.collection)) == 64
    assert len(cat.decks) == 4 and all(len(set(d.cards)) == 8 for d in cat.decks)


def test_cards_every_ability_appears_on_several_cards() -> None:
    cat = catalog()
    counts = Counter(a for cid in cat.collection for a in cat.card(cid).abilities)
    assert all(counts[a] >= 3 for a in ABILITIES), counts


def test_catalogue_ability_sets_match_every_design() -> None:
    cat = catalog()
    assert cat.ability_sets == {cid: frozenset(card.abilities) for cid, card in cat.cards.items()}


def test_cards_data_header_says_what_is_sourced_and_designed() -> None:
    from importlib import resources

    text = resources.files("engines.clashofdecks.data").joinpath("cards.toml").read_text()
    head = text[:1500].lower()
    assert "from the book" in head and "designed here" in head


def test_cards_content_errors_name_file_entry_and_field() -> None:
    bad = """
[[cards]]
num = 1
id = "x"
name = "X"
kind = "creature"
cost = "two"
text = "t"
"""
    with pytest.raises(ContentError) as err:
        parse_content(bad + "champions = []\ndecks = []\n", CardFile, "cards.toml")
    assert "cards.toml" in str(err.value) and "'x'" in str(err.value) and "cost" in str(err.value)
    good = load_content("engines.clashofdecks.data", "cards.toml", CardFile)
    solo = load_content("engines.clashofdecks.data", "solo.toml", SoloFile)
    broken = msgspec.structs.replace(good.cards[0], abilities=("flying",))
    with pytest.raises(ContentError, match="unknown ability 'flying'"):
        build_catalog(msgspec.structs.replace(good, cards=(broken, *good.cards[1:])), solo)


def test_every_incantation_effect_keyword_has_one_handler_and_every_handler_a_card() -> None:
    used = {card.effect for card in catalog().cards.values() if card.kind == "incantation"}
    assert used == EFFECTS.names()


def test_check_content_names_the_file_card_and_field_of_an_unknown_effect(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    good = load_catalog()
    spell = next(card for card in good.cards.values() if card.kind == "incantation")
    frozen = msgspec.structs.replace(spell, effect="freeze")
    broken = msgspec.structs.replace(good, cards={**good.cards, spell.id: frozen})
    monkeypatch.setattr("engines.clashofdecks.ruleset.load_catalog", lambda: broken)
    with pytest.raises(ContentError, match="unknown incantation effect 'freeze'") as err:
        RULESET.check_content()
    assert CARDS_PATH in str(err.value) and repr(spell.id) in str(err.value) and "effect" in str(err.value)


def test_rules_pages_fit_and_name_every_ability() -> None:
    pages = load_rules_pages("engines.clashofdecks")
    assert len(pages) >= 8 and all(len(body) <= 1800 for _, body in pages)
    text = " ".join(body for _, body in pages).lower()
    assert all(a.replace("_", " ") in text for a in ABILITIES)


def test_registry_lists_clash_of_decks() -> None:
    assert registry.get("clashofdecks") is RULESET


def test_view_seat_sees_its_own_ordered_hand_and_playable_four() -> None:
    state = RULESET.setup(GameConfig("duel", 2), 3)
    seat = state.active
    view = RULESET.view(state, seat)
    kd = state.kingdoms[seat]
    assert view.hand is not None
    assert [c.id for c in view.hand.cards] == [i for i in kd.hand if i != "#"]
    assert view.hand.stronghold_pos == 0 and len(view.hand.playable) == 4
    assert set(view.hand.affordable) <= set(view.hand.playable)


def test_view_never_shows_other_hands_or_ai_deck() -> None:
    state = RULESET.setup(GameConfig("solo", 1), 3)
    text = msgspec.json.encode(RULESET.view(state, None)).decode()
    for iid in state.kingdoms[0].hand + state.kingdoms[1].deck:
        if iid != "#":
            assert iid not in text
    seat_text = msgspec.json.encode(RULESET.view(state, 0)).decode()
    assert all(iid in seat_text for iid in state.kingdoms[0].hand if iid != "#")
    assert not any(iid in seat_text for iid in state.kingdoms[1].deck)


def test_view_kingdoms_show_hp_position_and_side() -> None:
    state = RULESET.setup(GameConfig("ffa", 4), 3)
    view = RULESET.view(state, None)
    assert len(view.kingdoms) == 4 and len(view.lines) == 4
    assert all(
        k.hand_size == 9 and k.stronghold_pos == 0 and k.hp == 8 and k.side == "bastion"
        for k in view.kingdoms
    )


def test_state_round_trips_through_bytes() -> None:
    state = RULESET.setup(GameConfig("coop", 2, {"format": "draft"}), 3)
    assert RULESET.encode(RULESET.decode(RULESET.encode(state))) == RULESET.encode(state)


def test_action_keys_are_short_and_name_cards_by_instance_id() -> None:
    state = RULESET.setup(GameConfig("duel", 2), 3)
    seat = state.active
    for action in RULESET.legal_actions(state, seat):
        assert len(action.key) <= 40
        if action.card:
            assert action.card in action.key
