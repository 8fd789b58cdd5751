"""The readable catalogue: every card once, text built from the data, decks with working codes."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from engines.clashofdecks import RULESET
from engines.clashofdecks.catalogue import EFFECT_TEXT, ability_help, card_text, stats_line
from engines.clashofdecks.content import ABILITIES, catalog
from engines.clashofdecks.deckcode import decode_deck
from engines.clashofdecks.incantations import EFFECTS
from engines.core import GameConfig, SetupError
from engines.core.catalogue import select
from engines.core.types import OptionValue


def test_every_collection_card_and_champion_appears_exactly_once() -> None:
    cat = catalog()
    ids = [e.id for e in RULESET.catalogue()]
    assert len(cat.collection) == 64
    assert Counter(ids) == Counter([*cat.collection, *cat.champions])


def test_entries_are_grouped_by_kind_in_card_number_order() -> None:
    entries = RULESET.catalogue()
    groups = [e.group for e in entries]
    assert groups == sorted(groups, key=["Creatures", "Incantations", "Champions"].index)
    for name in ("Creatures", "Incantations", "Champions"):
        nums = [catalog().card(e.id).num for e in entries if e.group == name]
        assert nums == sorted(nums) and nums


def test_every_ability_and_effect_keyword_has_an_explanation() -> None:
    assert set(ability_help()) >= set(ABILITIES)
    assert set(EFFECT_TEXT) == set(EFFECTS)


def test_ability_explanations_are_the_rules_summary_lines() -> None:
    name, text = ability_help()["regeneration"]
    assert name == "Regeneration"
    # the bullet wraps onto a second line in rules.md; both halves are kept
    assert "moves its owner's Stronghold one step left" in text and "second from the right" in text
    assert ability_help()["price_of_blood"][0] == "Price of Blood"


@pytest.mark.parametrize("card_id", [*catalog().collection, *catalog().champions])
def test_card_text_and_stats_say_what_the_data_says(card_id: str) -> None:
    card = catalog().card(card_id)
    entry = next(e for e in RULESET.catalogue() if e.id == card_id)
    assert entry.name == card.name
    assert entry.text == card_text(card) and entry.stats == stats_line(card)
    assert f"{card.cost} mana" in entry.stats
    if card.kind == "incantation":
        assert card.effect in entry.stats
        assert EFFECT_TEXT[card.effect].format(power=card.power) in entry.text
    else:
        assert f"{card.hp} HP" in entry.stats and f"{card.av} AV" in entry.stats
    for keyword in card.abilities:
        name, explanation = ability_help()[keyword]
        assert f"{name}" in entry.stats
        assert f"{name}" in entry.text and explanation in entry.text
    if card.aura:
        assert ability_help()[card.aura][1] in entry.text
    if card.kind == "champion":
        assert "Champion module" in entry.text


def test_text_follows_the_data_when_a_number_changes() -> None:
    boom = catalog().card("boom")
    stronger = msgspec.structs.replace(boom, power=boom.power + 3, cost=boom.cost + 1)
    assert f"deals {boom.power + 3} damage" in card_text(stronger)
    assert f"{boom.cost + 1} mana" in stats_line(stronger)
    assert card_text(stronger) != card_text(boom)


def test_a_creature_without_abilities_says_so() -> None:
    # every shipped creature has an ability, so strip one from a real card
    plain = msgspec.structs.replace(catalog().card("brute"), abilities=())
    assert card_text(plain) == "No special ability."
    assert "Berserk" not in stats_line(plain)


def test_deck_membership_matches_the_preconstructed_lists() -> None:
    entries = {e.id: e for e in RULESET.catalogue()}
    for deck in catalog().decks:
        for card_id in deck.cards:
            assert deck.id in entries[card_id].decks
    held = sum(len(e.decks) for e in entries.values())
    assert held == 8 * len(catalog().decks)


def test_the_four_decks_carry_codes_that_decode_to_their_cards() -> None:
    decks = RULESET.decks()
    assert [d.name for d in decks] == ["ironclad", "tidecallers", "stormwing", "blightmarch"]
    for deck in decks:
        assert deck.code.startswith("CD1-")
        assert tuple(decode_deck(catalog(), deck.code)) == deck.card_ids
        assert deck.cards == tuple(catalog().card(c).name for c in deck.card_ids)


def test_deck_codes_are_accepted_by_constructed_setup() -> None:
    decks = RULESET.decks()
    seats: tuple[dict[str, OptionValue], ...] = tuple({"deck_code": d.code} for d in decks)
    state = RULESET.setup(GameConfig("ffa", 4, {"format": "constructed"}, seats), 3)
    for seat, deck in enumerate(decks):
        kingdom = next(k for k in state.kingdoms if k.seat == seat)
        assert sorted(kingdom.revealed) == sorted(deck.card_ids)
        in_hand = sorted(state.cards[i] for i in kingdom.hand if i in state.cards)
        assert in_hand == sorted(deck.card_ids)


def test_search_and_deck_filters() -> None:
    berserk = select(RULESET, search="berserk")
    assert berserk.entries and all("Berserk" in e.text for e in berserk.entries)
    assert {d.name for d in berserk.decks} == {n for e in berserk.entries for n in e.decks}
    storm = select(RULESET, deck="Stormwing")
    assert [e.id for e in storm.entries] == sorted(
        catalog().deck("stormwing").cards, key=lambda c: ([e.id for e in RULESET.catalogue()]).index(c)
    )
    assert [d.code for d in storm.decks] == [RULESET.decks()[2].code]
    with pytest.raises(SetupError, match="choose one of: ironclad, tidecallers, stormwing, blightmarch"):
        select(RULESET, deck="nope")
