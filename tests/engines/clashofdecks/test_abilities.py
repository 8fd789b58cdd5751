"""Special abilities, one test (or more) per keyword, named after it, plus the book's combinations."""

from __future__ import annotations

from engines.clashofdecks import RULESET
from engines.clashofdecks.abilities import KEYWORDS
from engines.clashofdecks.assault import assault
from engines.clashofdecks.content import ABILITIES
from engines.clashofdecks.state import STRONGHOLD
from engines.clashofdecks.stronghold import regenerate
from engines.clashofdecks.summoning import incantation
from engines.clashofdecks.turns import mana
from tests.engines.clashofdecks.helpers import ctx, deck, hand, run, side, table, unit


def spos(state, k: int) -> int:  # type: ignore[no-untyped-def]
    return state.kingdoms[k].hand.index(STRONGHOLD)


def test_every_ability_keyword_has_exactly_one_handler() -> None:
    assert sorted(KEYWORDS) == sorted(ABILITIES) and len(ABILITIES) == 20


def test_aerial_on_upper_line_ignores_creatures_and_hits_stronghold() -> None:
    state = table()
    unit(state, 0, 0, "harpy")
    unit(state, 0, 1, "bulwark")
    hand(state, 1, [], ["scribe"] * 5)
    assault(ctx(state), 0)
    assert side(state, 0, 1)[0].damage == 0 and spos(state, 1) == 2


def test_aerial_on_lower_line_fights_normally() -> None:
    state = table()
    unit(state, 1, 0, "harpy")
    unit(state, 1, 1, "bulwark")
    hand(state, 1, [], ["scribe"] * 5)
    assault(ctx(state), 0)
    assert side(state, 1, 1)[0].damage == 2 and spos(state, 1) == 0


def test_aerial_with_rage_on_upper_line_does_nothing_on_arrival() -> None:
    state = table()
    unit(state, 0, 0, "lieutenant")  # lends Rage to its neighbour
    unit(state, 0, 0, "harpy", entered=state.turn)
    unit(state, 0, 1, "bulwark")
    hand(state, 1, [], ["scribe"] * 5)
    assault(ctx(state), 0)
    attackers = [r.source for r in state.last_assault if r.kind == "attack"]
    assert attackers == ["Lieutenant"] and spos(state, 1) == 0


def test_aerial_with_defender_on_upper_line_cannot_attack_at_all() -> None:
    state = table()
    unit(state, 0, 0, "phantom")
    unit(state, 0, 0, "parasite")
    side(state, 0, 0)[0].cards.append(side(state, 0, 0).pop().cards[0])  # stack Parasite on Phantom
    state.cards[side(state, 0, 0)[0].cards[1]] = "bulwark"  # a Defender stacked on an Aerial
    hand(state, 1, [], ["scribe"] * 5)
    assault(ctx(state), 0)
    assert not [r for r in state.last_assault if r.kind == "attack"] and spos(state, 1) == 0


def test_aquatic_next_to_bridge_deals_double() -> None:
    state = table()
    unit(state, 0, 0, "eel")
    unit(state, 0, 1, "bulwark")
    assault(ctx(state), 0)
    assert side(state, 0, 1)[0].damage == 4


def test_aquatic_away_from_bridge_deals_normal() -> None:
    state = table()
    unit(state, 0, 0, "carapace")
    unit(state, 0, 0, "eel")
    unit(state, 0, 1, "colossus")
    assault(ctx(state), 0)
    assert side(state, 0, 1)[0].damage == 1 + 2


def test_aquatic_doubles_the_sprint_bonus_too() -> None:
    state = table()
    unit(state, 0, 0, "carapace")
    unit(state, 0, 0, "carapace")
    unit(state, 0, 0, "reptile")  # Sprint + Aquatic, AV 2, passes 2 creatures
    unit(state, 0, 1, "colossus")
    c = ctx(state)
    assault(c, 0)
    hits = [r.amount for r in state.last_assault if r.kind == "damage" and r.source == "Reptile"]
    assert hits == [(2 + 2) * 2]


def test_aura_lends_its_ability_to_adjacent_creatures_not_itself() -> None:
    state = table()
    a = unit(state, 0, 0, "golem")
    unit(state, 0, 0, "baron")  # Aura: Protection
    b = unit(state, 0, 0, "golem")
    far = unit(state, 0, 0, "golem")
    c = ctx(state)
    found = {uid: c.abilities(c.find(uid)) for uid in (a, b, far)}  # type: ignore[arg-type]
    assert "protection" in found[a] and "protection" in found[b] and "protection" not in found[far]
    assert "protection" not in c.abilities(c.find(side(state, 0, 0)[1].cards[0]))  # type: ignore[arg-type]


def test_aura_is_lost_when_the_aura_creature_moves_or_leaves() -> None:
    state = table()
    a = unit(state, 0, 0, "golem")
    unit(state, 0, 0, "baron")
    c = ctx(state)
    assert "protection" in c.abilities(c.find(a))  # type: ignore[arg-type]
    side(state, 0, 0).pop()
    assert "protection" not in c.abilities(c.find(a))  # type: ignore[arg-type]


def test_berserk_attacks_again_after_destroying_and_then_hits_stronghold() -> None:
    state = table()
    unit(state, 0, 0, "brute")
    unit(state, 0, 1, "microctopus")
    unit(state, 0, 1, "microctopus")
    hand(state, 1, [], ["scribe"] * 6)
    assault(ctx(state), 0)
    assert side(state, 0, 1) == [] and spos(state, 1) == 4 + 0  # 2 returned cards + 4 damage
    assert [r.kind for r in state.last_assault].count("berserk") == 2


def test_berserk_with_rage_on_arrival_does_not_hit_stronghold() -> None:
    state = table()
    unit(state, 0, 0, "grrr", entered=state.turn)
    unit(state, 0, 1, "microctopus")
    hand(state, 1, [], ["scribe"] * 6)
    assault(ctx(state), 0)
    assert side(state, 0, 1) == [] and spos(state, 1) == 0


def test_catalyst_gives_two_extra_mana_in_phase_one() -> None:
    state = table()
    unit(state, 0, 0, "scribe")
    unit(state, 1, 0, "alchemist")
    hand(state, 0, [], ["golem"] * 3)
    assert mana(ctx(state), 0) == 4 + 2 + 2


def test_defender_attacks_creatures_but_never_the_stronghold() -> None:
    state = table()
    unit(state, 0, 0, "bulwark")
    unit(state, 0, 1, "scribe")
    hand(state, 1, [], ["golem"] * 4)
    assault(ctx(state), 0)
    assert side(state, 0, 1)[0].damage == 2
    state2 = table()
    unit(state2, 0, 0, "bulwark")
    hand(state2, 1, [], ["golem"] * 4)
    assault(ctx(state2), 0)
    assert spos(state2, 1) == 0


def test_indestructible_ignores_incantation_damage_and_effects_but_can_be_targeted() -> None:
    state = table()
    golem = unit(state, 0, 1, "golem")
    spell, hex_ = hand(state, 0, ["boom", "hex"], ["scribe"])[:2]
    state.kingdoms[0].mana = 9
    keys = {a.key for a in RULESET.legal_actions(state, 0)}
    assert f"i.{spell}.{golem}" in keys
    c = ctx(state)
    incantation(c, 0, spell, golem)
    incantation(c, 0, hex_, golem)
    assert side(state, 0, 1)[0].damage == 0 and side(state, 0, 1)[0].cards[0] == golem


def test_indestructible_still_takes_creature_damage() -> None:
    state = table()
    unit(state, 0, 0, "colossus")
    unit(state, 0, 1, "golem")
    assault(ctx(state), 0)
    assert side(state, 0, 1) == []


def test_instinct_strikes_back_after_the_attackers_attacks() -> None:
    state = table()
    unit(state, 0, 0, "golem")
    unit(state, 0, 1, "warden")  # Indestructible + Instinct, 4/2: survives Golem's 3
    assault(ctx(state), 0)
    kinds = [r.kind for r in state.last_assault]
    assert "instinct" in kinds
    assert side(state, 0, 0)[0].damage == 2


def test_instinct_each_hurt_creature_answers_on_its_own_line() -> None:
    state = table()
    unit(state, 0, 0, "golem")
    unit(state, 0, 1, "sentinel")  # Defender + Instinct: with no creature to hit it stays put
    unit(state, 1, 0, "golem")
    unit(state, 1, 1, "shade")  # Vanish + Instinct
    hand(state, 0, [], ["scribe"] * 6)
    assault(ctx(state), 0)
    # Shade answers Golem on the lower line (Golem is there); Sentinel answers the upper Golem.
    assert side(state, 0, 0)[0].damage == 4 and side(state, 1, 0)[0].damage == 3


def test_instinct_triggers_after_vanish() -> None:
    state = table()
    unit(state, 0, 0, "golem")
    unit(state, 0, 1, "shade")
    unit(state, 0, 1, "scribe")
    assault(ctx(state), 0)
    kinds = [r.kind for r in state.last_assault]
    assert kinds.index("vanish") < kinds.index("instinct")
    assert side(state, 0, 1)[-1].cards[0] != side(state, 0, 1)[0].cards[0]


def test_mercenary_destroyed_goes_to_the_enemy_hand_rightmost() -> None:
    state = table()
    unit(state, 0, 0, "colossus")
    merc = unit(state, 0, 1, "sellsword")
    hand(state, 0, [], ["scribe"])
    hand(state, 1, [], ["scribe"])
    assault(ctx(state), 0)
    assert state.kingdoms[0].hand[-1] == merc and merc not in state.kingdoms[1].hand


def test_mercenary_incantation_goes_to_the_enemy_it_was_cast_on() -> None:
    state = table()
    target = unit(state, 0, 1, "bulwark")
    spell = hand(state, 0, ["banish"], ["scribe"])[0]
    state.kingdoms[0].mana = 9
    incantation(ctx(state), 0, spell, target)
    assert state.kingdoms[1].hand[-1] == spell and target in state.kingdoms[1].hand


def test_perforation_hits_the_creature_behind_in_one_instance() -> None:
    state = table()
    unit(state, 0, 0, "lancer")
    unit(state, 0, 1, "bulwark")
    unit(state, 0, 1, "bulwark")
    unit(state, 0, 1, "bulwark")
    assault(ctx(state), 0)
    assert [u.damage for u in side(state, 0, 1)] == [3, 3, 0]


def test_perforation_never_reaches_the_stronghold() -> None:
    state = table()
    unit(state, 0, 0, "lancer")
    unit(state, 0, 1, "scribe")
    hand(state, 1, [], ["golem"] * 5)
    assault(ctx(state), 0)
    assert spos(state, 1) == 0


def test_price_of_blood_pays_missing_mana_with_stronghold_in_ones() -> None:
    state = table()
    ogre = hand(state, 0, ["ogre"], ["scribe"] * 3)[0]
    state.kingdoms[0].mana = 4
    state = RULESET.apply(state, 0, f"p.{ogre}.u").state
    assert state.kingdoms[0].mana == 0 and spos(state, 0) == 2


def test_price_of_blood_damage_in_instances_of_one_crosses_the_bastion() -> None:
    state = table()
    ogre = hand(state, 0, ["ogre"], ["scribe"] * 2)[0]
    state.kingdoms[0].mana = 3  # 3 missing: 2 destroy the Bastion, the third hits the Fort
    state = RULESET.apply(state, 0, f"p.{ogre}.u").state
    assert state.kingdoms[0].fort and spos(state, 0) == 1


def test_protection_cancels_the_first_damage_source_only() -> None:
    state = table()
    unit(state, 0, 0, "golem")
    unit(state, 0, 0, "golem")
    unit(state, 0, 1, "paladin")
    assault(ctx(state), 0)
    assert side(state, 0, 1)[0].shielded and side(state, 0, 1)[0].damage == 3


def test_protection_splash_still_hits_other_creatures() -> None:
    state = table()
    shield = unit(state, 0, 1, "paladin")
    unit(state, 1, 1, "bulwark")
    spell = hand(state, 0, ["boom"], ["scribe"])[0]
    state.kingdoms[0].mana = 9
    incantation(ctx(state), 0, spell, shield)
    assert side(state, 0, 1)[0].damage == 0 and side(state, 1, 1)[0].damage == 2


def test_rage_attacks_creatures_on_arrival_but_not_the_stronghold() -> None:
    state = table()
    unit(state, 0, 0, "partisan", entered=state.turn)
    unit(state, 0, 1, "bulwark")
    assault(ctx(state), 0)
    assert side(state, 0, 1)[0].damage == 3
    state2 = table()
    unit(state2, 0, 0, "partisan", entered=state2.turn)
    hand(state2, 1, [], ["scribe"] * 5)
    assault(ctx(state2), 0)
    assert spos(state2, 1) == 0


def test_regeneration_moves_own_stronghold_left_when_dealing_damage() -> None:
    state = table()
    unit(state, 0, 0, "revenant")
    unit(state, 0, 1, "bulwark")
    hand(state, 0, ["scribe", "scribe"], ["scribe"])
    assault(ctx(state), 0)
    assert spos(state, 0) == 1


def test_regeneration_fort_at_leftmost_turns_back_to_bastion_second_rightmost() -> None:
    state = table()
    hand(state, 0, [], ["scribe"] * 4, fort=True)
    regenerate(ctx(state), 0, "test")
    kd = state.kingdoms[0]
    assert not kd.fort and kd.hand.index(STRONGHOLD) == len(kd.hand) - 2


def test_sharpening_sends_excess_damage_to_the_victims_stronghold() -> None:
    state = table()
    unit(state, 0, 0, "slayer")  # AV 5
    unit(state, 0, 1, "microctopus")  # 2 HP: 3 excess
    hand(state, 1, [], ["golem"] * 6)
    assault(ctx(state), 0)
    assert spos(state, 1) == 3


def test_sharpening_has_no_effect_on_protection() -> None:
    state = table()
    unit(state, 0, 0, "slayer")
    unit(state, 0, 1, "oracle")
    hand(state, 1, [], ["golem"] * 6)
    assault(ctx(state), 0)
    assert spos(state, 1) == 0 and side(state, 0, 1)[0].damage == 0


def test_splash_hits_the_same_position_on_the_neighbouring_line() -> None:
    state = table()
    unit(state, 0, 0, "spitter")
    unit(state, 0, 1, "bulwark")
    unit(state, 1, 1, "bulwark")
    unit(state, 1, 1, "bulwark")
    assault(ctx(state), 0)
    assert side(state, 0, 1)[0].damage == 3 and [u.damage for u in side(state, 1, 1)] == [3, 0]


def test_sprint_moves_to_bridge_and_adds_one_per_creature_passed() -> None:
    state = table()
    unit(state, 0, 0, "carapace")
    unit(state, 0, 0, "carapace")
    runner = unit(state, 0, 0, "galewing")
    unit(state, 0, 1, "colossus")
    assault(ctx(state), 0)
    assert side(state, 0, 0)[0].cards[0] == runner
    assert [r.amount for r in state.last_assault if r.source == "Galewing" and r.kind == "damage"] == [1 + 2]


def test_sprint_bonus_lasts_only_until_end_of_assault() -> None:
    state = table()
    unit(state, 0, 0, "carapace")
    unit(state, 0, 0, "galewing")
    hand(state, 1, ["scribe"], ["scribe"] * 6)
    state = RULESET.apply(state, 0, "end").state
    assert all(u.sprint == 0 for u in side(state, 0, 0))


def test_symbiote_stacks_on_own_creature_and_adds_values() -> None:
    state = table()
    host = unit(state, 0, 0, "golem")
    sym = hand(state, 0, ["parasite"], ["scribe"])[0]
    state.kingdoms[0].mana = 9
    assert f"s.{sym}.{host}" in {a.key for a in RULESET.legal_actions(state, 0)}
    state = RULESET.apply(state, 0, f"s.{sym}.{host}").state
    c = ctx(state)
    stack = side(state, 0, 0)[0]
    assert stack.cards == [host, sym] and c.hp(stack) == 7 and c.av(stack) == 5


def test_symbiote_cannot_go_on_a_creature_that_has_symbiote() -> None:
    state = table()
    host = unit(state, 0, 0, "parasite")
    sym = hand(state, 0, ["shaman"], ["scribe"])[0]
    state.kingdoms[0].mana = 9
    assert f"s.{sym}.{host}" not in {a.key for a in RULESET.legal_actions(state, 0)}


def test_symbiote_destroyed_both_return_symbiote_first() -> None:
    state = table()
    unit(state, 0, 0, "colossus")
    host = unit(state, 0, 1, "microctopus", "parasite")
    sym = side(state, 0, 1)[0].cards[1]
    hand(state, 1, [], ["golem"])
    assault(ctx(state), 0)
    assert state.kingdoms[1].hand[-2:] == [sym, host]


def test_symbiote_with_mercenary_only_the_mercenary_goes_to_the_enemy() -> None:
    state = table()
    unit(state, 0, 0, "colossus")
    unit(state, 0, 1, "sellsword", "parasite")
    merc, sym = side(state, 0, 1)[0].cards
    hand(state, 0, [], ["golem"])
    hand(state, 1, [], ["golem"])
    assault(ctx(state), 0)
    assert state.kingdoms[1].hand[-1] == sym and state.kingdoms[0].hand[-1] == merc


def test_symbiote_vulnerability_ignores_stacked_av() -> None:
    state = table()
    unit(state, 0, 0, "golem", "mimic")  # AV 3 + Vulnerability: deals HP - 1 only
    unit(state, 0, 1, "colossus")
    assault(ctx(state), 0)
    assert side(state, 0, 1)[0].damage == 7


def test_vanish_hurt_creature_moves_to_the_back_of_its_line() -> None:
    state = table()
    unit(state, 0, 0, "golem")
    ghost = unit(state, 0, 1, "wraith")
    unit(state, 0, 1, "bulwark")
    assault(ctx(state), 0)
    assert side(state, 0, 1)[-1].cards[0] == ghost


def test_vulnerability_leaves_the_target_at_one_hp() -> None:
    state = table()
    unit(state, 0, 0, "assassin")
    unit(state, 0, 1, "colossus")
    assault(ctx(state), 0)
    assert side(state, 0, 1)[0].damage == 7


def test_vulnerability_on_stronghold_moves_it_to_second_rightmost_same_side() -> None:
    state = table()
    unit(state, 0, 0, "assassin")
    hand(state, 1, [], ["golem"] * 6)
    assault(ctx(state), 0)
    kd = state.kingdoms[1]
    assert kd.hand.index(STRONGHOLD) == len(kd.hand) - 2 and not kd.fort


def test_vulnerability_with_sprint_can_destroy() -> None:
    state = table()
    unit(state, 0, 0, "carapace")
    unit(state, 0, 0, "executioner")  # Vulnerability + Sprint: HP - 1 + 1 passed
    unit(state, 0, 1, "colossus")
    assault(ctx(state), 0)
    assert side(state, 0, 1) == []


def test_incantation_activation_order_returns_then_regeneration_then_spell_home() -> None:
    state = table()
    target = unit(state, 0, 1, "microctopus")
    spell = hand(state, 0, ["scribe", "skewer"], ["golem"])[1]
    state.kingdoms[0].mana = 9
    incantation(ctx(state), 0, spell, target)
    kinds = [r.kind for r in state.this_turn]
    assert kinds.index("destroyed") < kinds.index("regenerate")
    assert state.kingdoms[0].hand[-1] == spell


def test_game_can_end_during_an_assault() -> None:
    state = table()
    unit(state, 0, 0, "colossus")
    hand(state, 1, [], ["scribe"], fort=True)
    assert run(assault, ctx(state), 0) and state.winners == [0]


def test_instinct_with_no_enemy_creature_hits_stronghold() -> None:
    state = table()
    unit(state, 0, 0, "spitter")  # Splash reaches Warden on the lower line, where 0 has no creature
    unit(state, 0, 1, "bulwark")
    unit(state, 1, 1, "warden")
    hand(state, 0, [], ["golem"] * 5)
    assault(ctx(state), 0)
    assert [r.source for r in state.last_assault if r.kind == "instinct"] == ["Warden"]
    assert spos(state, 0) == 2


def test_sharpening_with_perforation_excess_goes_on_in_a_single_instance() -> None:
    state = table()
    unit(state, 0, 0, "driller")  # Perforation + Sharpening, AV 4
    unit(state, 0, 1, "microctopus")  # 2 HP: 2 excess
    unit(state, 0, 1, "eel")  # 2 HP: 2 excess
    hand(state, 1, [], [])
    # Both come home first ([#, Microctopus, Eel]: 2 HP); 4 at once fells the Bastion and the rest is
    # lost. Two instances of 2 would have felled the Bastion and then the Fort.
    assert not run(assault, ctx(state), 0)
    sharpen = [r.amount for r in state.last_assault if r.kind == "sharpen"]
    assert sharpen == [4] and state.kingdoms[1].fort and spos(state, 1) == 0


def test_sharpening_with_splash_excess_goes_on_in_a_single_instance() -> None:
    state = table("solo", active=1, difficulty=1, ai_abilities="sharpening")
    unit(state, 0, 1, "kraken")  # Aquatic + Splash next to the Bridge: 6 damage, Sharpening bought
    unit(state, 0, 0, "microctopus")
    unit(state, 1, 0, "eel")
    hand(state, 0, [], [])
    assert not run(assault, ctx(state), 1)
    assert [r.amount for r in state.last_assault if r.kind == "sharpen"] == [8]
    assert state.kingdoms[0].fort and spos(state, 0) == 0


def test_vulnerability_on_the_ai_deck_pile_leaves_one_card() -> None:
    state = table("solo")
    unit(state, 0, 0, "assassin")
    deck(state, 1, ["scribe"] * 6)
    assault(ctx(state), 0)
    assert len(state.kingdoms[1].deck) == 1 and not state.kingdoms[1].fort


def test_vulnerability_on_a_fort_keeps_the_fort_side() -> None:
    state = table()
    unit(state, 0, 0, "assassin")
    hand(state, 1, [], ["golem"] * 4, fort=True)
    assault(ctx(state), 0)
    assert state.kingdoms[1].fort and spos(state, 1) == 3 and state.phase != "over"


def test_regeneration_fort_at_leftmost_during_an_assault_becomes_bastion_second_rightmost() -> None:
    state = table()
    unit(state, 0, 0, "revenant")
    unit(state, 0, 1, "bulwark")
    hand(state, 0, [], ["golem"] * 3, fort=True)
    assault(ctx(state), 0)
    assert not state.kingdoms[0].fort and spos(state, 0) == 2


def test_regeneration_bastion_at_leftmost_stays_put() -> None:
    state = table()
    hand(state, 0, [], ["golem"] * 3)
    regenerate(ctx(state), 0, "test")
    assert not state.kingdoms[0].fort and spos(state, 0) == 0


def test_mercenary_ai_creature_destroyed_goes_to_the_players_hand() -> None:
    state = table("solo")
    unit(state, 0, 0, "colossus")
    merc = unit(state, 0, 1, "sellsword")
    hand(state, 0, [], ["golem"])
    deck(state, 1, ["scribe"] * 3)
    assault(ctx(state), 0)
    assert state.kingdoms[0].hand[-1] == merc and merc not in state.kingdoms[1].discard


def test_aerial_with_rage_on_lower_line_attacks_creatures_on_arrival() -> None:
    state = table()
    unit(state, 1, 0, "lieutenant", entered=state.turn)  # lends Rage
    unit(state, 1, 0, "harpy", entered=state.turn)
    unit(state, 1, 1, "bulwark")
    assault(ctx(state), 0)
    assert [r.source for r in state.last_assault if r.kind == "attack"] == ["Harpy"]


def test_same_ability_twice_is_one_instance() -> None:
    state = table("solo", difficulty=2, ai_abilities="protection")
    unit(state, 0, 0, "golem")
    unit(state, 0, 0, "golem")
    unit(state, 0, 1, "paladin")  # Protection printed and bought: still only one shield
    assault(ctx(state), 0)
    assert side(state, 0, 1)[0].damage == 3


def test_incantation_same_card_can_be_cast_again_in_the_same_turn() -> None:
    state = table()
    target = unit(state, 0, 1, "bulwark")
    spell = hand(state, 0, ["boom"], ["golem"])[0]
    state.kingdoms[0].mana = 9
    state = RULESET.apply(state, 0, f"i.{spell}.{target}").state
    assert state.kingdoms[0].hand[-1] == spell
    state = RULESET.apply(state, 0, f"i.{spell}.{target}").state
    assert side(state, 0, 1)[0].damage == 4 and state.kingdoms[0].mana == 5


def test_mercenary_incantation_cast_on_own_creature_goes_to_the_enemy_across_that_line() -> None:
    state = table()
    mine = unit(state, 0, 0, "bulwark")
    spell = hand(state, 0, ["banish"], ["scribe"])[0]
    state.kingdoms[0].mana = 9
    incantation(ctx(state), 0, spell, mine)
    assert state.kingdoms[1].hand[-1] == spell and state.kingdoms[0].hand[-1] == mine


def test_instinct_with_defender_and_no_enemy_creature_does_not_attack() -> None:
    state = table()
    unit(state, 0, 0, "spitter")  # Splash reaches Sentinel (Defender + Instinct) on the empty lower line
    unit(state, 0, 1, "bulwark")
    unit(state, 1, 1, "sentinel")
    hand(state, 0, [], ["golem"] * 5)
    assault(ctx(state), 0)
    assert [r.source for r in state.last_assault if r.kind == "instinct"] == []
    assert spos(state, 0) == 0
