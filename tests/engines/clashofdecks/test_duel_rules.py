"""The book's base rules (Setup, Cards, Duel Mode phases), one test per rule."""

from __future__ import annotations

import pytest

from engines.clashofdecks import RULESET
from engines.clashofdecks.assault import assault
from engines.clashofdecks.state import STRONGHOLD
from engines.clashofdecks.stronghold import damage
from engines.clashofdecks.summoning import incantation, playable, summon
from engines.core import GameConfig, Rejected
from tests.engines.clashofdecks.helpers import ctx, hand, names, run, side, table, unit


def test_setup_stronghold_starts_leftmost_bastion_up_with_all_eight_cards() -> None:
    state = RULESET.setup(GameConfig("duel", 2), 3)
    for kd in state.kingdoms:
        assert kd.hand[0] == STRONGHOLD and len(kd.hand) == 9 and not kd.fort


def test_setup_hands_are_shuffled() -> None:
    orders = {
        tuple(names(s, s.kingdoms[0].hand))
        for s in (RULESET.setup(GameConfig("duel", 2), n) for n in range(6))
    }
    assert len(orders) > 1


def test_setup_coin_toss_picks_either_player_first() -> None:
    firsts = {RULESET.setup(GameConfig("duel", 2), n).active for n in range(12)}
    assert firsts == {0, 1}


def test_mana_first_player_gets_six_on_first_turn() -> None:
    state = RULESET.setup(GameConfig("duel", 2), 3)
    assert state.kingdoms[state.active].mana == 6


def test_mana_equals_cards_in_hand_including_stronghold() -> None:
    state = RULESET.setup(GameConfig("duel", 2), 3)
    first = state.active
    state = RULESET.apply(state, state.kingdoms[first].seat, "end").state
    second = state.active
    assert second != first and state.kingdoms[second].mana == 9


def test_mana_unspent_is_lost_at_end_of_turn() -> None:
    state = RULESET.setup(GameConfig("duel", 2), 3)
    first = state.active
    state = RULESET.apply(state, state.kingdoms[first].seat, "end").state
    assert state.kingdoms[first].mana == 0


def test_summoning_only_four_leftmost_cards_ignoring_stronghold_are_playable() -> None:
    state = table()
    ids = hand(state, 0, ["golem", "scribe"], ["alchemist", "bulwark", "colossus"])
    assert playable(state, 0) == ids[:4]
    state.kingdoms[0].mana = 99
    keys = {a.card for a in RULESET.legal_actions(state, 0) if a.card}
    assert keys == set(ids[:4])


def test_summoning_playing_a_card_frees_the_next_slot_at_once() -> None:
    state = table()
    ids = hand(state, 0, ["golem", "scribe"], ["alchemist", "bulwark", "colossus"])
    state.kingdoms[0].mana = 99
    state = RULESET.apply(state, 0, f"p.{ids[0]}.u").state
    assert ids[4] in playable(state, 0)


def test_summoning_cannot_spend_more_mana_than_available() -> None:
    state = table()
    ids = hand(state, 0, ["colossus"], ["scribe"])
    state.kingdoms[0].mana = 5
    with pytest.raises(Rejected) as err:
        RULESET.apply(state, 0, f"p.{ids[0]}.u")
    assert err.value.code == "illegal"
    assert f"p.{ids[1]}.u" in {a.key for a in RULESET.legal_actions(state, 0)}


def test_summoning_creature_goes_behind_creatures_on_chosen_line() -> None:
    state = table()
    front = unit(state, 1, 0, "golem")
    new = hand(state, 0, ["scribe"], ["golem"])[0]
    state.kingdoms[0].mana = 5
    state = RULESET.apply(state, 0, f"p.{new}.l").state
    assert [u.cards[0] for u in side(state, 1, 0)] == [front, new]
    assert state.kingdoms[0].mana == 3


def test_incantation_returns_to_rightmost_position_after_use() -> None:
    state = table()
    target = unit(state, 0, 1, "bulwark")
    spell, other = hand(state, 0, ["boom"], ["scribe"])
    state.kingdoms[0].mana = 5
    c = ctx(state)
    incantation(c, 0, spell, target)
    assert state.kingdoms[0].hand == [STRONGHOLD, other, spell]
    assert side(state, 0, 1)[0].damage == 2


def test_incantation_can_target_own_creature() -> None:
    state = table()
    mine = unit(state, 0, 0, "bulwark")
    (spell,) = hand(state, 0, ["boom"], [])
    state.kingdoms[0].mana = 5
    assert f"i.{spell}.{mine}" in {a.key for a in RULESET.legal_actions(state, 0)}


def test_incantation_needs_a_creature_target() -> None:
    state = table()
    (spell,) = hand(state, 0, ["boom"], ["scribe"])[:1]
    state.kingdoms[0].mana = 5
    assert not [a for a in RULESET.legal_actions(state, 0) if a.card == spell]


def test_assault_creatures_summoned_this_turn_do_not_attack() -> None:
    state = table()
    unit(state, 0, 0, "golem", entered=state.turn)
    hand(state, 1, [], ["scribe", "scribe", "scribe"])
    assault(ctx(state), 0)
    assert state.kingdoms[1].hand.index(STRONGHOLD) == 0


def test_assault_activation_order_upper_line_first_far_to_near() -> None:
    state = table()
    near = unit(state, 0, 0, "golem")
    far = unit(state, 0, 0, "alchemist")
    low = unit(state, 1, 0, "scribe")
    hand(state, 1, [], ["scribe"] * 8)
    c = ctx(state)
    assert c.activation_order(0) == [far, near, low]
    assault(c, 0)
    attackers = [r.source for r in state.last_assault if r.kind == "attack"]
    assert attackers == ["Alchemist", "Golem", "Scribe"]


def test_assault_hits_enemy_creature_closest_to_bridge() -> None:
    state = table()
    unit(state, 0, 0, "golem")
    unit(state, 0, 1, "bulwark")
    unit(state, 0, 1, "colossus")
    assault(ctx(state), 0)
    assert [u.damage for u in side(state, 0, 1)] == [3, 0]


def test_assault_empty_line_hits_stronghold_shifting_it_right() -> None:
    state = table()
    unit(state, 0, 0, "golem")
    hand(state, 1, [], ["scribe"] * 6)
    assault(ctx(state), 0)
    assert state.kingdoms[1].hand.index(STRONGHOLD) == 3


def test_attacking_a_creature_destroys_it_excess_lost_and_card_returns_rightmost() -> None:
    state = table()
    unit(state, 0, 0, "colossus")
    victim = unit(state, 0, 1, "scribe")
    before = hand(state, 1, [], ["alchemist"])
    assault(ctx(state), 0)
    assert state.kingdoms[1].hand == [STRONGHOLD, *before, victim]
    assert side(state, 0, 1) == []


def test_attacking_a_creature_line_closes_up_toward_bridge() -> None:
    state = table()
    unit(state, 0, 0, "colossus")
    unit(state, 0, 1, "scribe")
    back = unit(state, 0, 1, "bulwark")
    assault(ctx(state), 0)
    assert [u.cards[0] for u in side(state, 0, 1)] == [back]


def test_attacked_creature_does_not_strike_back() -> None:
    state = table()
    attacker = unit(state, 0, 0, "golem")
    unit(state, 0, 1, "bulwark")
    assault(ctx(state), 0)
    assert side(state, 0, 0)[0].cards[0] == attacker and side(state, 0, 0)[0].damage == 0


def test_non_destroyed_creature_heals_at_end_of_turn() -> None:
    state = table()
    unit(state, 0, 0, "golem")
    unit(state, 0, 1, "bulwark")
    hand(state, 1, ["scribe"], ["scribe"])
    state = RULESET.apply(state, 0, "end").state
    assert side(state, 0, 1)[0].damage == 0
    assert any(r.kind == "damage" and r.amount == 3 for r in state.last_assault)


def test_several_destroyed_creatures_return_upper_line_first_far_to_near() -> None:
    state = table()
    upper_far = unit(state, 0, 1, "scribe")  # same position on both lines: Splash hits both
    lower = unit(state, 1, 1, "alchemist")
    spell = hand(state, 0, ["thunderclap"], ["golem"])[0]
    state.kingdoms[0].mana = 3
    c = ctx(state)
    incantation(c, 0, spell, lower)
    assert state.kingdoms[1].hand[-2:] == [upper_far, lower]


def test_stronghold_bastion_destroyed_flips_to_fort_leftmost_excess_lost() -> None:
    state = table()
    hand(state, 1, ["scribe"], ["scribe", "scribe"])
    c = ctx(state)
    damage(c, 1, 9, 0, "test")
    kd = state.kingdoms[1]
    assert kd.fort and kd.hand[0] == STRONGHOLD and len(kd.hand) == 4


def test_stronghold_fort_reaching_rightmost_loses_the_game() -> None:
    state = table()
    hand(state, 1, [], ["scribe", "scribe"], fort=True)
    assert run(damage, ctx(state), 1, 2, 0, "test")
    assert state.phase == "over" and state.winners == [0]
    assert RULESET.outcome(state) is not None and RULESET.prompts(state) == {}


def test_stronghold_alone_in_hand_loses() -> None:
    state = table()
    (only,) = hand(state, 0, ["scribe"], [], fort=False)
    state.kingdoms[0].mana = 5
    state = RULESET.apply(state, 0, f"p.{only}.u").state
    assert state.phase == "over" and state.winners == [1]


def test_stronghold_playing_the_last_card_on_its_right_destroys_the_bastion() -> None:
    state = table()
    left, right = hand(state, 0, ["scribe"], ["alchemist"])
    state.kingdoms[0].mana = 9
    state = RULESET.apply(state, 0, f"p.{right}.u").state
    assert state.kingdoms[0].fort and state.kingdoms[0].hand == [STRONGHOLD, left]


def test_game_end_winner_outcome_names_the_opponent() -> None:
    state = table()
    unit(state, 0, 0, "colossus")
    hand(state, 1, [], ["scribe", "scribe"], fort=True)
    state = RULESET.apply(state, 0, "end").state
    outcome = RULESET.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.ranking == ((0,), (1,))


def test_golden_rule_ability_text_prevails_defender_never_hits_stronghold() -> None:
    state = table()
    unit(state, 0, 0, "bulwark")
    hand(state, 1, [], ["scribe"] * 3)
    assault(ctx(state), 0)
    assert state.kingdoms[1].hand.index(STRONGHOLD) == 0


def test_summon_records_this_turn_and_events_use_seat_placeholders() -> None:
    state = table()
    (card,) = hand(state, 0, ["scribe"], ["golem"])[:1]
    state.kingdoms[0].mana = 5
    step = RULESET.apply(state, 0, f"p.{card}.u")
    assert any("{P1}" in e.text for e in step.events)
    assert step.state.this_turn[-1].kind == "summon"


def test_summon_directly_places_on_the_named_line() -> None:
    state = table()
    card = hand(state, 0, ["scribe"], ["golem"])[0]
    state.kingdoms[0].mana = 5
    summon(ctx(state), 0, card, 1)
    assert side(state, 1, 0)[0].cards == [card] and side(state, 1, 0)[0].entered == state.turn


def test_assault_a_turn_without_attacks_keeps_the_last_real_assault_on_show() -> None:
    state = table()
    unit(state, 0, 0, "golem")
    hand(state, 1, [], ["scribe", "scribe", "scribe"])
    assault(ctx(state), 0)
    shown = list(state.last_assault)
    assert shown  # the golem attacked
    state.lines[0].sides[0].clear()  # next time nothing can attack
    assault(ctx(state), 0)
    assert state.last_assault == shown
    assert RULESET.view(state, None).last_assault  # the table still shows it
