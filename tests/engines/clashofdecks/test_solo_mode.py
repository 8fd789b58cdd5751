"""Solo mode: the AI kingdom automaton, its exceptions, and custom play."""

from __future__ import annotations

import pytest

from engines.clashofdecks import RULESET
from engines.clashofdecks.ai import ai_mana, summon_phase
from engines.clashofdecks.assault import assault
from engines.clashofdecks.content import catalog
from engines.clashofdecks.solo import auto_spend, price
from engines.clashofdecks.stronghold import damage
from engines.core import GameConfig, SetupError
from tests.engines.clashofdecks.helpers import ctx, deck, hand, new_id, run, side, table, unit


def test_solo_quick_play_precon_ai_deck_is_the_other_three_decks() -> None:
    state = RULESET.setup(GameConfig("solo", 1, {}, ({"deck": "stormwing"},)), 2)
    ai = state.kingdoms[1]
    designs = {state.cards[i] for i in ai.deck + ai.discard} | {
        state.cards[c] for line in state.lines for u in line.sides[1] for c in u.cards
    }
    mine = set(catalog().deck("stormwing").cards)
    assert not designs & mine and len(state.cards) == 32


def test_solo_player_is_first_with_six_mana() -> None:
    state = RULESET.setup(GameConfig("solo", 1), 4)
    assert state.active == 0 and state.kingdoms[0].mana == 6


def test_solo_ai_mana_fixed_six_plus_one_per_player_creature() -> None:
    state = table("solo")
    unit(state, 0, 0, "golem")
    unit(state, 1, 0, "golem")
    assert ai_mana(ctx(state), 1) == 8


def test_solo_ai_summons_alternating_upper_then_lower_until_mana_reached() -> None:
    state = table("solo", active=1)
    deck(state, 1, ["golem", "scribe", "bulwark", "colossus", "eel"])
    state.kingdoms[1].mana = 8
    summon_phase(ctx(state), 1)
    assert [state.cards[u.cards[0]] for u in side(state, 0, 1)] == ["golem", "bulwark"]
    assert [state.cards[u.cards[0]] for u in side(state, 1, 1)] == ["scribe"]
    assert len(state.kingdoms[1].deck) == 2


def test_solo_ai_incantation_targets_enemy_creature_closest_to_bridge() -> None:
    state = table("solo", active=1)
    front = unit(state, 0, 0, "microctopus")
    unit(state, 0, 0, "bulwark")
    deck(state, 1, ["boom", "golem", "golem", "golem"])
    state.kingdoms[1].mana = 2
    summon_phase(ctx(state), 1)
    assert side(state, 0, 0)[0].cards[0] != front
    assert state.cards[state.kingdoms[1].discard[-1]] == "boom"


def test_solo_ai_incantation_without_target_is_discarded_and_costs_nothing() -> None:
    state = table("solo", active=1)
    deck(state, 1, ["boom", "golem", "golem", "golem"])
    state.kingdoms[1].mana = 4
    summon_phase(ctx(state), 1)
    assert state.cards[state.kingdoms[1].discard[0]] == "boom"
    assert len(side(state, 1, 1)) == 1  # the Golem (4) went to the lower line and reached the mana


def test_solo_direct_attack_mills_the_ai_deck_pile() -> None:
    state = table("solo")
    unit(state, 0, 0, "golem")
    deck(state, 1, ["scribe"] * 6)
    assault(ctx(state), 0)
    assert len(state.kingdoms[1].deck) == 3 and len(state.kingdoms[1].discard) == 3


def test_solo_empty_deck_under_bastion_flips_and_reshuffles_discard() -> None:
    state = table("solo")
    deck(state, 1, ["scribe"] * 2, discard=["golem"] * 4)
    run(damage, ctx(state), 1, 5, 0, "test")
    ai = state.kingdoms[1]
    assert ai.fort and len(ai.deck) == 6 and ai.discard == [] and state.phase != "over"


def test_solo_empty_deck_under_fort_player_wins() -> None:
    state = table("solo")
    deck(state, 1, ["scribe"] * 2)
    state.kingdoms[1].fort = True
    assert run(damage, ctx(state), 1, 2, 0, "test")
    assert state.winners == [0]


def test_solo_player_fort_rightmost_ai_wins() -> None:
    state = table("solo")
    hand(state, 0, [], ["scribe"], fort=True)
    assert run(damage, ctx(state), 0, 1, 1, "test")
    outcome = RULESET.outcome(state)
    assert outcome is not None and outcome.winners == () and "AI" in outcome.reason


def test_solo_ai_exception_symbiote_merges_with_front_creature() -> None:
    state = table("solo", active=1)
    host = unit(state, 0, 1, "golem")
    deck(state, 1, ["parasite", "golem", "golem"])
    state.kingdoms[1].mana = 2
    summon_phase(ctx(state), 1)
    assert len(side(state, 0, 1)) == 1 and side(state, 0, 1)[0].cards[0] == host
    assert state.cards[side(state, 0, 1)[0].cards[1]] == "parasite"


def test_solo_ai_exception_symbiote_without_host_is_discarded_free() -> None:
    state = table("solo", active=1)
    deck(state, 1, ["parasite", "golem", "golem"])
    state.kingdoms[1].mana = 2
    summon_phase(ctx(state), 1)
    assert state.cards[state.kingdoms[1].discard[0]] == "parasite"
    assert len(side(state, 1, 1)) == 1


def test_solo_ai_exception_price_of_blood_costs_no_mana_and_mills_its_cost() -> None:
    state = table("solo", active=1)
    deck(state, 1, ["ogre", *(["scribe"] * 10)])
    state.kingdoms[1].mana = 1
    summon_phase(ctx(state), 1)
    ai = state.kingdoms[1]
    assert len(ai.discard) == 6  # Ogre's cost milled
    assert len(side(state, 1, 1)) == 1  # Ogre cost no mana, so a second card was revealed


def test_solo_ai_exception_regeneration_returns_top_discard_to_deck() -> None:
    state = table("solo", active=1)
    unit(state, 0, 1, "revenant")
    deck(state, 1, ["golem"], discard=["scribe", "alchemist"])
    hand(state, 0, [], ["golem"] * 5)
    assault(ctx(state), 1)
    ai = state.kingdoms[1]
    assert state.cards[ai.deck[-1]] == "alchemist" and len(ai.discard) == 1


def test_solo_mercenary_of_player_goes_on_top_of_ai_deck() -> None:
    state = table("solo", active=1)
    unit(state, 0, 1, "colossus")
    merc = unit(state, 0, 0, "sellsword")
    deck(state, 1, ["golem"])
    hand(state, 0, [], ["golem"] * 3)
    assault(ctx(state), 1)
    assert state.kingdoms[1].deck[-1] == merc


def test_solo_ai_creature_destroyed_goes_to_ai_discard() -> None:
    state = table("solo")
    unit(state, 0, 0, "colossus")
    foe = unit(state, 0, 1, "scribe")
    deck(state, 1, ["golem"] * 3)
    assault(ctx(state), 0)
    assert state.kingdoms[1].discard == [foe]


def test_solo_constructed_format_is_refused() -> None:
    with pytest.raises(SetupError, match="Constructed"):
        RULESET.setup(GameConfig("solo", 1, {"format": "constructed"}), 1)


def test_solo_custom_play_points_must_match_the_level() -> None:
    with pytest.raises(SetupError, match="exactly 3 points"):
        RULESET.setup(GameConfig("solo", 1, {"difficulty": 3, "ai_first": True}), 1)
    state = RULESET.setup(
        GameConfig("solo", 1, {"difficulty": 3, "ai_first": True, "ai_resistance": True}), 1
    )
    assert state.ai.first and state.ai.resistance and state.ai.level == 3


def test_solo_custom_play_parameters_need_a_level() -> None:
    with pytest.raises(SetupError, match="custom play"):
        RULESET.setup(GameConfig("solo", 1, {"ai_first": True}), 1)


def test_solo_custom_play_unknown_ability_is_named() -> None:
    with pytest.raises(SetupError, match="cannot buy 'flying'"):
        RULESET.setup(GameConfig("solo", 1, {"difficulty": 2, "ai_abilities": "flying"}), 1)


def test_solo_custom_play_auto_ladder_spends_every_level_exactly() -> None:
    cat = catalog()
    for points in range(1, 13):
        assert price(cat, auto_spend(cat, points, points)) == points


def test_solo_custom_play_ai_first_plays_the_opening_turn() -> None:
    state = RULESET.setup(GameConfig("solo", 1, {"difficulty": 1, "ai_first": True}), 5)
    assert state.turn == 2 and state.active == 0 and state.kingdoms[0].mana == 9


def test_solo_custom_play_fixed_and_variable_mana() -> None:
    state = table("solo", difficulty=6, ai_fixed_mana=8, ai_mana_per_creature=2, ai_resistance=True)
    unit(state, 0, 0, "golem")
    assert ai_mana(ctx(state), 1) == 10


def test_solo_custom_play_resistance_mills_one_per_attack() -> None:
    state = table("solo", difficulty=2, ai_resistance=True)
    unit(state, 0, 0, "colossus")
    deck(state, 1, ["scribe"] * 6)
    assault(ctx(state), 0)
    assert len(state.kingdoms[1].deck) == 5


def test_solo_custom_play_abilities_for_every_ai_creature() -> None:
    state = table("solo", difficulty=2, ai_abilities="protection")
    unit(state, 0, 0, "colossus")
    unit(state, 0, 1, "scribe")
    assault(ctx(state), 0)
    assert side(state, 0, 1)[0].shielded


def test_solo_custom_play_champion_subtracts_two_from_the_level_not_from_the_ai() -> None:
    options = {"format": "draft", "champion": True, "difficulty": 3}
    with pytest.raises(SetupError, match="exactly 3 points"):
        RULESET.setup(
            GameConfig(
                "solo", 1, {**options, "ai_resistance": True, "ai_first": True, "ai_abilities": "rage"}
            ),
            1,
        )
    state = RULESET.setup(GameConfig("solo", 1, {**options, "ai_resistance": True, "ai_first": True}), 1)
    assert price(catalog(), state.ai) == 3 and state.ai.level == 3 and state.ai.credited == 1
    auto = RULESET.setup(GameConfig("solo", 1, {**options, "difficulty": 10}), 1)
    assert price(catalog(), auto.ai) == 10 and auto.ai.credited == 8


def test_solo_custom_play_result_names_the_level_the_game_counts_as() -> None:
    state = table("solo", format="draft", champion=True, difficulty=4)
    deck(state, 1, ["scribe"])
    state.kingdoms[1].fort = True
    assert run(damage, ctx(state), 1, 1, 0, "test")
    assert "level 4, counted as 2 with a Champion" in state.result


def test_solo_ai_alternation_counts_a_card_discarded_unused() -> None:
    state = table("solo", active=1)
    deck(state, 1, ["boom", "golem", "scribe", "colossus"])
    state.kingdoms[1].mana = 6
    summon_phase(ctx(state), 1)
    # Boom took the upper line's turn (no target: discarded, free), Golem the lower, Scribe the upper.
    assert [state.cards[u.cards[0]] for u in side(state, 0, 1)] == ["scribe"]
    assert [state.cards[u.cards[0]] for u in side(state, 1, 1)] == ["golem"]


def test_solo_ai_incantation_targets_the_front_enemy_of_the_line_it_falls_on() -> None:
    state = table("solo", active=1)
    upper = unit(state, 0, 0, "microctopus")
    unit(state, 1, 0, "bulwark")
    unit(state, 1, 0, "eel")
    deck(state, 1, ["golem", "venom", "scribe"])  # Venom falls on the lower line
    state.kingdoms[1].mana = 8
    summon_phase(ctx(state), 1)
    assert side(state, 1, 0)[0].damage == 6 and side(state, 0, 0)[0].cards[0] == upper
    assert side(state, 0, 0)[0].damage == 0


def test_solo_ai_exception_symbiote_merges_with_the_nearest_creature_that_can_take_it() -> None:
    state = table("solo", active=1)
    unit(state, 0, 1, "golem", "parasite")  # already carries a Symbiote
    second = unit(state, 0, 1, "bulwark")
    deck(state, 1, ["shaman", "golem"])
    state.kingdoms[1].mana = 3
    summon_phase(ctx(state), 1)
    assert [state.cards[c] for c in side(state, 0, 1)[1].cards] == ["bulwark", "shaman"]
    assert side(state, 0, 1)[1].cards[0] == second and state.kingdoms[1].discard == []


def test_solo_ai_exception_price_of_blood_incantation_costs_no_mana_and_mills() -> None:
    state = table("solo", active=1)
    unit(state, 0, 0, "bulwark")
    deck(state, 1, ["bloodpact", *(["scribe"] * 7)])
    state.kingdoms[1].mana = 2
    summon_phase(ctx(state), 1)
    ai = state.kingdoms[1]
    assert side(state, 0, 0)[0].damage == 5
    assert len(ai.deck) == 1 and len(ai.discard) == 6 and len(side(state, 1, 1)) == 1


def test_solo_ai_deck_running_out_while_summoning_flips_the_bastion_and_reshuffles() -> None:
    state = table("solo", active=1)
    deck(state, 1, ["golem"], discard=["scribe"] * 3)
    state.kingdoms[1].mana = 6
    summon_phase(ctx(state), 1)
    ai = state.kingdoms[1]
    assert ai.fort and ai.discard == [] and len(ai.deck) == 2 and state.phase != "over"
    assert [state.cards[u.cards[0]] for u in side(state, 1, 1)] == ["scribe"]


def test_solo_ai_card_discarded_unused_does_not_ready_a_champion() -> None:
    state = table("solo", active=1)
    champ = new_id(state, "stormcaller")  # cost 3
    state.kingdoms[0].champion, state.kingdoms[0].champion_status = champ, "exhausted"
    deck(state, 1, ["hex", "golem", "scribe"])  # Hex (3) finds no target and is discarded
    state.kingdoms[1].mana = 4
    summon_phase(ctx(state), 1)
    assert state.kingdoms[0].champion_status == "exhausted"
    deck(state, 1, ["alchemist", "scribe"])  # a creature of cost 3 is played: the Champion is readied
    state.kingdoms[1].mana = 3
    summon_phase(ctx(state), 1)
    assert state.kingdoms[0].champion_status == "ready"


def test_solo_quick_play_refuses_champion() -> None:
    with pytest.raises(SetupError, match="custom play"):
        RULESET.setup(GameConfig("solo", 1, {"format": "draft", "champion": True}), 1)
