"""B2.5: the attack steps (declaration, counter, trigger, damage, battle), one rule per test."""

from __future__ import annotations

from engines.climax import RULESET
from engines.climax.effects import soul_of
from engines.climax.state import Job
from tests.engines.climax.helpers import battle, do, keys, names, put, stage, start, table


def _duel(**options: object):  # type: ignore[no-untyped-def]
    """Seat 0 attacks from front left with a Festival Drummer (3000, AP 1); decks are plain."""
    state = table(**options)  # type: ignore[arg-type]
    put(state, 0, "deck", *["Y02"] * 10)
    put(state, 1, "deck", *["G02"] * 10)
    attacker = stage(state, 0, 0, "Y02")
    return state, attacker


def test_b2_5_22_character_in_front_gives_plus_one_ap_and_battle_keeps_it() -> None:
    state, _ = _duel()
    stage(state, 1, 0, "G03")
    start(state, Job(kind="attack", seat=0))
    assert {"f.0", "s.0", "end"} <= set(keys(state, 0)) and "d.0" not in keys(state, 0)
    state = battle(state)
    assert state.last is not None and state.last.battle
    assert soul_of(_ctx(state), 0, 0) == 2  # printed 1, +1 for the character in front
    assert len(state.players[1].clock) == 2


def test_b2_5_22_no_battle_loses_the_level_of_the_character_in_front() -> None:
    state, _ = _duel()
    put(state, 1, "level", "G02")
    stage(state, 1, 0, "G08")  # level 1
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "s.0")
    # 1 printed + 1 in front - 1 level = 1; the trigger (a plain card) adds nothing, 1 damage taken
    assert state.players[1].clock and len(state.players[1].clock) == 1
    assert not state.attack or not state.attack.battle


def test_b2_5_22_nobody_in_front_no_change_and_no_battle() -> None:
    state, _ = _duel()
    start(state, Job(kind="attack", seat=0))
    assert "d.0" in keys(state, 0)
    state = do(state, 0, "d.0")
    assert len(state.players[1].clock) == 1


def test_b2_8_family_front_bonus_gives_plus_one_on_a_direct_attack_only() -> None:
    state, _ = _duel(front_bonus="family")
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    assert len(state.players[1].clock) == 2
    state, _ = _duel(front_bonus="family")
    stage(state, 1, 0, "G03")
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "f.0")
    assert soul_of(_ctx(state), 0, 0) == 1


def test_b2_5_22_ap_never_below_zero() -> None:
    state, _ = _duel()
    put(state, 1, "level", "G02", "G02", "G02")
    stage(state, 1, 0, "G12")  # level 3: 1 + 1 - 3 would be -1
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "s.0")
    assert state.players[1].clock == []


def test_b2_5_23_when_it_attacks_abilities_resolve_after_the_choice() -> None:
    state = table()
    put(state, 0, "deck", *["Y02"] * 5)
    put(state, 1, "deck", *["G02"] * 5)
    stage(state, 0, 0, "Y04")  # +1000 power when it attacks
    stage(state, 1, 0, "G02")  # 3000 against 2500: the bonus decides the battle
    start(state, Job(kind="attack", seat=0))
    state = battle(state)
    assert state.players[0].stage[0].power == 1000
    assert state.players[1].stage[0].pose == "reverse" and state.players[0].stage[0].pose == "rest"


def test_b2_5_24_counter_window_opens_on_battle_even_without_a_counter_in_hand() -> None:
    state, _ = _duel()
    stage(state, 1, 0, "G02")
    put(state, 1, "hand", "G02")  # no counter card: the window opens all the same (B5-5)
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "f.0")
    prompts = RULESET.prompts(state)
    assert list(prompts) == [1] and prompts[1].kind == "counter" and prompts[1].private
    assert keys(state, 1) == ["pass"]


def test_b2_5_24_no_counter_window_without_a_battle() -> None:
    state, _ = _duel()
    stage(state, 1, 0, "G02")
    put(state, 1, "hand", "G15")
    stage(state, 0, 1, "Y02")
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "s.0")
    assert RULESET.prompts(state)[0].kind == "attack"


def test_b2_5_24_backup_adds_power_and_goes_to_the_waiting_room() -> None:
    state, _ = _duel()
    defender = stage(state, 1, 0, "G02")  # 3000 vs 3000
    (backup,) = put(state, 1, "hand", "Y03")  # level 0 backup +1000, no colour needed
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "f.0")
    state = do(state, 1, f"k.{backup}")
    assert backup in state.players[1].waiting
    assert state.players[0].stage[0].pose == "reverse"
    assert state.players[1].stage[0].card == defender and state.players[1].stage[0].pose == "stand"


def test_b2_5_24_counter_obeys_level_cost_and_colour_unless_the_family_option() -> None:
    state, _ = _duel()
    stage(state, 1, 0, "G02")
    put(state, 1, "level", "B02")  # level 1, colour blue only
    put(state, 1, "stock", "G02")
    (oak,) = put(state, 1, "hand", "G07")  # green level-1 backup, cost 1
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "f.0")
    assert f"k.{oak}" not in keys(state, 1)  # green is not met
    state, _ = _duel(counter_colour="family")
    stage(state, 1, 0, "G02")
    put(state, 1, "level", "B02")
    put(state, 1, "stock", "G02")
    (oak,) = put(state, 1, "hand", "G07")
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "f.0")
    assert f"k.{oak}" in keys(state, 1)
    state = do(state, 1, f"k.{oak}")
    assert state.players[1].stock == []  # cost paid


def test_b2_5_24_counter_event_lowers_the_attackers_ap() -> None:
    state, _ = _duel()
    stage(state, 1, 0, "B02")
    put(state, 1, "level", "B02")
    put(state, 1, "stock", "B02")
    (ebb,) = put(state, 1, "hand", "B14")  # counter: attacker -1 AP
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "f.0")
    state = do(state, 1, f"k.{ebb}")
    assert len(state.players[1].clock) == 1  # 1 + 1 in front - 1
    assert ebb in state.players[1].waiting


def test_b2_5_25_trigger_soul_icon_adds_ap_and_the_card_goes_to_the_top_of_stock() -> None:
    state, _ = _duel()
    (top,) = put(state, 0, "deck", "Y17")  # a climax with two soul icons
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    assert state.players[0].stock[-1] == top
    assert len(state.players[1].clock) == 3  # 1 + 2 souls


def test_b2_5_26_a_climax_whose_colour_is_met_cancels_all_revealed_damage() -> None:
    state, _ = _duel()
    put(state, 1, "clock", "G02")  # green is met
    # Deck top is last: G02 then the green climax G16 as the second card.
    put(state, 1, "deck", "G16", "G02")
    stage(state, 0, 0, "Y12", "stand")  # AP 2
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    p = state.players[1]
    assert len(p.clock) == 1  # only the card that was there
    assert names(state, p.waiting[-2:]) == ["G02", "G16"]
    assert state.last is not None and state.last.cancelled


def test_b2_5_26_a_climax_whose_colour_is_not_met_is_ordinary_damage() -> None:
    state, _ = _duel()
    put(state, 1, "clock", "B02")  # only blue in clock/level
    put(state, 1, "deck", "G02", "G16")
    stage(state, 0, 0, "Y12")
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    assert names(state, state.players[1].clock) == ["B02", "G16", "G02"]  # in the order turned over


def test_b2_5_26_cards_turned_over_in_this_damage_do_not_meet_the_colour() -> None:
    state, _ = _duel()
    put(state, 1, "deck", "G16", "G02")  # G02 is turned over first but does not count
    stage(state, 0, 0, "Y12")
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    assert names(state, state.players[1].clock) == ["G02", "G16"]


def test_b2_8_family_cancel_any_climax_cancels() -> None:
    state, _ = _duel(cancel_colour="family")
    put(state, 1, "deck", "G16", "G02")
    stage(state, 0, 0, "Y12")
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    assert state.players[1].clock == []


def test_b2_5_27_lower_power_is_reversed_and_stays_until_the_end_of_the_attack_phase() -> None:
    state, _ = _duel()
    weak = stage(state, 1, 0, "G04")  # 1500
    stage(state, 0, 1, "Y02")
    start(state, Job(kind="attack", seat=0))
    state = battle(state)
    assert state.players[1].stage[0].card == weak and state.players[1].stage[0].pose == "reverse"
    # B2.5-27 reading: the reversed character still stands "in front" for nobody else here,
    # and it stays on stage until the end of the attack phase.
    assert weak not in state.players[1].waiting


def test_b2_5_27_equal_power_reverses_both() -> None:
    state, _ = _duel()
    stage(state, 1, 0, "G02")  # 3000 = 3000
    start(state, Job(kind="attack", seat=0))
    state = battle(state)
    assert state.players[0].stage[0].pose == "reverse" and state.players[1].stage[0].pose == "reverse"


def test_b2_5_27_reversed_character_still_counts_as_in_front() -> None:
    state = table()
    put(state, 0, "deck", *["Y02"] * 10)
    put(state, 1, "deck", *["G02"] * 10)
    stage(state, 0, 0, "Y02")
    stage(state, 1, 0, "G02", pose="reverse")
    start(state, Job(kind="attack", seat=0))
    assert "f.0" in keys(state, 0) and "d.0" not in keys(state, 0)


def test_b2_3_13_first_players_first_turn_allows_one_attack() -> None:
    state, _ = _duel()
    state.turn = 1
    stage(state, 0, 1, "Y02")
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    assert 0 not in RULESET.prompts(state)  # the phase is over although front centre stands


def test_b2_3_13_later_turns_allow_every_standing_front_character_to_attack() -> None:
    state, _ = _duel()
    stage(state, 0, 1, "Y02")
    stage(state, 0, 3, "Y02")  # back row: never attacks
    start(state, Job(kind="attack", seat=0))
    assert [k for k in keys(state, 0) if k != "end"] == ["d.0", "d.1"]
    state = do(state, 0, "d.0")
    assert keys(state, 0) == ["d.1", "end"]


def _ctx(state):  # type: ignore[no-untyped-def]
    from engines.climax.ctx import Ctx
    from engines.core import Rng

    return Ctx(state, Rng(0))


def test_b2_5_24_the_counter_window_opens_even_with_an_empty_hand() -> None:
    # Issue 13.5: the window's presence never depends on what the defender holds.
    state, _ = _duel()
    stage(state, 1, 0, "G03")
    assert state.players[1].hand == []
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "f.0")
    assert keys(state, 1) == ["pass"] and RULESET.prompts(state)[1].kind == "counter"
