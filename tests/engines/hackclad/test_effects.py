"""One test per effect keyword handler (engines/hackclad/effects.py, deck_effects.py and
field_effects.py) and per discard-pile passive."""

from __future__ import annotations

from engines.hackclad import RULESET as R
from engines.hackclad import grid
from engines.hackclad.cards import card_of
from engines.hackclad.state import HackState
from tests.engines.hackclad.helpers import (
    at,
    attack,
    cid,
    clear_field,
    hand,
    move_card,
    my_turn,
    play,
    started,
)


def duel(witch: str, other: str = "flare", mp: int = 7) -> HackState:
    """Seat 0 stands just south of the Clad facing it; seat 1 is far away."""
    state = started("basic", 2, witches=[witch, other])
    clear_field(state)
    state.witches[0].pos, state.witches[0].facing, state.witches[0].mp = at(2, 3), 0, mp
    state.witches[1].pos = at(0, 0)
    state.witches[0].slot, state.witches[1].slot = 0, 1
    return my_turn(state, 0)


def discard(state: HackState, seat: int, *names: str) -> None:
    for name in names:
        move_card(state, seat, cid(state, seat, name), "discard")


def keys(state: HackState, seat: int = 0) -> list[str]:
    return [a.key for a in R.legal_actions(state, seat)]


# ----------------------------------------------------------------------------------- damage and ATK
def test_effect_deal_gives_shards_equal_to_atk() -> None:
    state = duel("rosette")
    (card,) = hand(state, 0, "tail_whip")
    state, _ = play(state, 0, f"p.{card}.0")
    assert state.witches[0].shards == 1 and state.witches[0].dealt_round == 1


def test_effect_deal_twice_sol_shimmer() -> None:
    state = duel("rosette")
    (card,) = hand(state, 0, "sol_shimmer")
    state, _ = play(state, 0, f"p.{card}.0")
    assert state.witches[0].shards == 2


def test_effect_strike_counter_cross_hits_for_two() -> None:
    state = duel("rosette")
    state.witches[1].pos = at(4, 4)
    card, _ = hand(state, 0, "counter_cross", "shot")
    state = attack(state, [(0, -1)])
    state, _ = play(state, 0, f"r.{card}")
    assert state.witches[0].shards == 2


def test_effect_strike_clad_atk_and_prevent_reflect() -> None:
    state = duel("flare")
    state.voltage = 2
    card, _ = hand(state, 0, "reflect", "shot")
    state = attack(state, [(0, -1)])
    state, _ = play(state, 0, f"r.{card}", "pass")
    w = state.witches[0]
    assert w.shards == 3 and w.injuries == 0 and w.mp == 4


def test_effect_atk_per_discard_barrage() -> None:
    state = duel("rosette")
    b1, b2 = cid(state, 0, "barrage", 0), cid(state, 0, "barrage", 1)
    move_card(state, 0, b1, "discard")
    move_card(state, 0, b2, "hand")
    state, _ = play(state, 0, f"p.{b2}.0")
    assert state.witches[0].shards == 2


def test_effect_atk_if_behind_surprise_slash() -> None:
    state = duel("mia")
    (card,) = hand(state, 0, "surprise_slash")
    front = R.clone(state)
    state, _ = play(state, 0, f"p.{card}.0")  # south of a north-facing Clad: behind it
    assert state.witches[0].shards == 2
    front.clad_facing = 2
    front, _ = play(front, 0, f"p.{card}.0")
    assert front.witches[0].shards == 1


def test_effect_atk_if_late_slot_demolish() -> None:
    state = duel("flare")
    (card,) = hand(state, 0, "demolish")
    state.witches[0].slot = 2
    state, _ = play(state, 0, f"p.{card}.0")
    assert state.witches[0].shards == 2


def test_effect_atk_if_picked_shards_shock() -> None:
    state = duel("luna")
    (card,) = hand(state, 0, "shock")
    state.witches[0].picked_round = 1
    state, _ = play(state, 0, f"p.{card}.0")
    assert state.witches[0].shards == 3


def test_effect_play_bonus_active_combustion_paid_as_extra_cost() -> None:
    state = duel("rosette", mp=1)
    whip, comb = hand(state, 0, "rose_whip", "active_combustion")
    state, _ = play(state, 0, f"p.{whip}.0", f"c.{comb}")
    w = state.witches[0]
    # Rose Whip 3 + 2 from Active Combustion; +1 MP back after paying 1; one card milled.
    assert w.shards == 5 and w.mp == 1 and len(w.discard) == 3


def test_effect_turn_bonus_verve_played_and_as_extra_cost() -> None:
    state = duel("rosette")
    verve, tail = hand(state, 0, "verve", "tail_whip")
    state, _ = play(state, 0, f"p.{verve}", f"p.{tail}.0")
    assert state.witches[0].shards == 2
    state = duel("rosette", mp=1)
    whip, verve = hand(state, 0, "rose_whip", "verve")
    state, _ = play(state, 0, f"p.{whip}.0", f"c.{verve}")
    assert state.witches[0].shards == 4


def test_effect_round_bonus_bombard_helps_later_attacks_only() -> None:
    state = duel("luna")
    state.witches[0].pos = at(2, 4)  # two spaces south: Bombard's range
    bombard, shot = hand(state, 0, "bombard", "shot")
    state, _ = play(state, 0, f"p.{bombard}.0", f"p.{shot}.0")
    assert state.witches[0].shards == 1 + 2 and state.witches[0].round_bonus == 1


def test_effect_round_bonus_blaze_out_cp() -> None:
    state = duel("rosette")
    state.witches[0].cp = 3
    (tail,) = hand(state, 0, "tail_whip")
    state, _ = play(state, 0, "cp.blaze_out", f"p.{tail}.0")
    assert state.witches[0].shards == 3 and state.witches[0].cp == 0


def test_effect_atk_moved_trailblaze() -> None:
    state = duel("mia")
    (card,) = hand(state, 0, "trailblaze")
    state.witches[0].moved_round = 3
    state, _ = play(state, 0, f"p.{card}.0")
    assert state.witches[0].shards == 4


def test_effect_atk_clad_moved_caltrops() -> None:
    state = duel("mia")
    (card,) = hand(state, 0, "caltrops")
    state.clad_moved = 2
    state, _ = play(state, 0, f"p.{card}.0")
    assert state.witches[0].shards == 4 and state.witches[0].mp == 4


def test_effect_atk_enhanced_crossfire() -> None:
    state = duel("amelia")
    state.witches[0].pos = at(1, 4)  # Crossfire reaches two ahead and one to the right
    discard(state, 0, "reboot", "aux_mana")
    (card,) = hand(state, 0, "crossfire")
    state, _ = play(state, 0, f"p.{card}.0")
    assert state.witches[0].shards == 2


def test_effect_mill_and_atk_milled_vp_fractography() -> None:
    state = duel("amelia")
    (card,) = hand(state, 0, "fractography")
    move_card(state, 0, cid(state, 0, "high_mobility_arm"), "deck", top=True)
    state, _ = play(state, 0, f"p.{card}.0")
    w = state.witches[0]
    assert w.shards == 4 and cid(state, 0, "high_mobility_arm") in w.discard


def test_effect_mill_optional_crimson_barrage() -> None:
    state = duel("rosette")
    (card,) = hand(state, 0, "crimson_barrage")
    move_card(state, 0, cid(state, 0, "barrage"), "deck", top=True)
    assert f"p.{card}.0.o" in keys(state)
    state, _ = play(state, 0, f"p.{card}.0.o")
    assert state.witches[0].shards == 2


def test_effect_atk_reveal_storm() -> None:
    state = duel("luna")
    state.witches[0].pos = at(2, 4)
    (card,) = hand(state, 0, "storm")
    move_card(state, 0, cid(state, 0, "absorb"), "deck", top=True)
    state, events = play(state, 0, f"p.{card}.0")
    assert state.witches[0].shards == 2 and any(e.kind == "reveal" for e in events)
    assert state.witches[0].deck[0] == cid(state, 0, "absorb")


def test_effect_atk_x_explosion_and_repel_at_six() -> None:
    state = duel("luna")
    (card,) = hand(state, 0, "explosion")
    assert {f"p.{card}.0.x{x}" for x in range(8)} <= set(keys(state))
    state, _ = play(state, 0, f"p.{card}.0.x6")
    assert state.witches[0].shards == 7 and state.witches[0].mp == 1 and state.clad_pos == at(2, 1)


def test_effect_repel_resolves_last_and_keeps_facing() -> None:
    state = duel("luna")
    (card,) = hand(state, 0, "rebuff")
    state.clad_facing = 1
    state, events = play(state, 0, f"p.{card}.0")
    text = "\n".join(e.text for e in events)
    assert state.clad_pos == at(2, 1) and state.clad_facing == 1
    assert text.index("deals 2 damage") < text.index("repels")
    assert card in state.witches[0].discard


def test_effect_repel_is_a_charge_into_a_witch() -> None:
    state = duel("rosette")
    state.witches[1].pos = at(2, 1)
    hand(state, 1)
    state.witches[1].cp = 0
    card, other = hand(state, 0, "firecracker", "shot")
    state, _ = play(state, 0, f"p.{card}.0.o", f"c.{other}")
    assert state.witches[1].injuries == 1 and state.clad_pos == at(2, 1)


# ----------------------------------------------------------------------------------- gauges and cards
def test_effect_gain_mp_aux_mana_caps_at_seven() -> None:
    state = duel("rosette", mp=6)
    (card,) = hand(state, 0, "aux_mana")
    state, _ = play(state, 0, f"p.{card}")
    assert state.witches[0].mp == 7


def test_effect_gain_mp_conditional_catalyst() -> None:
    state = duel("luna", mp=0)
    (card,) = hand(state, 0, "catalyst")
    state.witches[0].picked_round = 2
    state, _ = play(state, 0, f"p.{card}")
    assert state.witches[0].mp == 2


def test_effect_set_mp_sabbath() -> None:
    state = duel("luna", mp=1)
    state.witches[0].cp = 3
    hand(state, 0, "shot")
    state, _ = play(state, 0, "cp.sabbath")
    assert state.witches[0].mp == 7


def test_effect_draw_steal_from_behind() -> None:
    state = duel("mia")
    (card,) = hand(state, 0, "steal")
    state, _ = play(state, 0, f"p.{card}.0")
    assert len(state.witches[0].hand) == 1


def test_effect_discard_deck_phronesis() -> None:
    state = duel("amelia")
    state.witches[0].cp = 3
    hand(state, 0, "shot")
    n = len(state.witches[0].deck)
    state, _ = play(state, 0, "cp.phronesis")
    assert not state.witches[0].deck and len(state.witches[0].discard) == n


def test_effect_return_reaction_repair() -> None:
    state = duel("flare")
    (card,) = hand(state, 0, "repair")
    discard(state, 0, "fortress")
    state, _ = play(state, 0, f"p.{card}")
    fortress = cid(state, 0, "fortress")
    state, _ = play(state, 0, f"c.{fortress}")
    assert fortress in state.witches[0].hand


def test_effect_return_any_reboot() -> None:
    state = duel("amelia")
    (card,) = hand(state, 0, "reboot")
    discard(state, 0, "sniper_drone")
    state, _ = play(state, 0, f"p.{card}", f"c.{cid(state, 0, 'sniper_drone')}")
    assert cid(state, 0, "sniper_drone") in state.witches[0].hand


def test_effect_stack_discard_muninn() -> None:
    state = duel("luna")
    (card,) = hand(state, 0, "muninn")
    discard(state, 0, "bombard")
    state, _ = play(state, 0, f"p.{card}", f"c.{cid(state, 0, 'bombard')}")
    assert state.witches[0].deck[0] == cid(state, 0, "bombard")


def test_effect_scry_huginn_bottom() -> None:
    state = duel("luna", mp=0)
    (card,) = hand(state, 0, "huginn")
    top = state.witches[0].deck[0]
    state, events = play(state, 0, f"p.{card}", "bottom")
    assert state.witches[0].deck[-1] == top and state.witches[0].mp == 1
    assert any(e.visibility == "private" and e.kind == "look" for e in events)


def test_effect_defrag_discards_the_top_card() -> None:
    state = duel("amelia")
    (card,) = hand(state, 0, "defrag")
    top = state.witches[0].deck[0]
    state, _ = play(state, 0, f"p.{card}", "discard")
    assert top in state.witches[0].discard


def test_effect_upgrade_trades_for_an_enhanced_card_one_vp_higher() -> None:
    state = duel("amelia")
    up, shot = hand(state, 0, "upgrade", "shot")
    state, _ = play(state, 0, f"p.{up}", f"c.{shot}")
    options = keys(state)
    assert all(o.startswith("c.") for o in options) and options
    state, _ = play(state, 0, options[0])
    w = state.witches[0]
    assert shot in w.enhanced and options[0][2:] in w.discard


def test_effect_upgrade_asks_even_with_no_possible_trade() -> None:
    # Asking only when a trade exists would tell the table about her hidden hand and pile.
    state = duel("amelia")
    up, shot = hand(state, 0, "upgrade", "shot")
    for card in list(state.witches[0].enhanced):
        if card_of(state, card).vp == card_of(state, shot).vp + 1:
            move_card(state, 0, card, "discard")
    state, _ = play(state, 0, f"p.{up}")
    ask = state.agenda.pending
    assert ask is not None and ask.handler == "upgrade_out" and keys(state) == ["none"]


def test_effect_peek_clad_is_private() -> None:
    state = duel("rosette")
    (card,) = hand(state, 0, "watch_fire")
    state, events = play(state, 0, f"p.{card}")
    peek = next(e for e in events if e.kind == "peek")
    assert peek.visibility == "split" and state.witches[0].peek == state.clad_deck[0]
    assert R.view(state, 0).peek is not None and R.view(state, 1).peek is None


# ----------------------------------------------------------------------------------- movement
def test_effect_move_accelerate_two_steps() -> None:
    state = duel("mia")
    state.witches[0].pos = at(0, 0)
    (card,) = hand(state, 0, "accelerate")
    state, _ = play(state, 0, f"p.{card}", "d1", "d1")
    assert state.witches[0].pos == at(2, 0) and state.witches[0].moved_round == 2


def test_effect_move_up_to_hit_and_run_may_stay() -> None:
    state = duel("mia")
    (card,) = hand(state, 0, "hit_and_run")
    state, _ = play(state, 0, f"p.{card}.0", "stop")
    assert state.witches[0].pos == at(2, 3) and state.witches[0].shards == 1


def test_effect_move_toward_clad_hook_shot() -> None:
    state = duel("flare")
    state.witches[0].pos = at(2, 4)
    (card,) = hand(state, 0, "hook_shot")
    state, _ = play(state, 0, f"p.{card}.0")
    assert state.witches[0].pos == at(2, 3)


def test_effect_teleport_mist_step_counts_as_one_move() -> None:
    state = duel("luna")
    (card,) = hand(state, 0, "mist_step")
    state.field[at(4, 0)] = 2
    state, _ = play(state, 0, f"p.{card}", f"x{at(4, 0)}")
    w = state.witches[0]
    assert w.pos == at(4, 0) and w.moved_round == 1 and w.shards == 2


def test_effect_jump_entry_shadow_clone_leaves_a_shard() -> None:
    state = duel("mia")
    state.witches[0].shards = 2
    card, _ = hand(state, 0, "shadow_clone", "shot")
    state = attack(state, [(0, -1)])
    state, _ = play(state, 0, f"r.{card}", "eC")
    w = state.witches[0]
    assert w.pos == grid.ENTRIES[2] and w.shards == 1 and state.field[at(2, 3)] == 1


def test_effect_take_field_shard_retrieval_drone() -> None:
    state = duel("amelia")
    state.field[at(4, 4)] = 3
    (card,) = hand(state, 0, "retrieval_drone")
    state, _ = play(state, 0, f"p.{card}", f"x{at(4, 4)}")
    assert state.witches[0].shards == 1 and state.field[at(4, 4)] == 2 and state.witches[0].picked_round == 1


def test_effect_robin_hood_richest_gives_to_poorest() -> None:
    state = started("basic", 3, witches=["mia", "flare", "luna"])
    clear_field(state)
    state.witches[0].pos = at(0, 0)
    state.witches[0].mp = 1
    state.witches[0].shards, state.witches[1].shards, state.witches[2].shards = 5, 9, 0
    my_turn(state, 0)
    (card,) = hand(state, 0, "robin_hood")
    state, _ = play(state, 0, f"p.{card}")
    assert [w.shards for w in state.witches] == [5, 8, 1] and len(state.witches[0].hand) == 1


# ----------------------------------------------------------------------------------- the Clad
def test_effect_lock_clad_ensnare_stops_moves_and_repels() -> None:
    state = duel("flare")
    ensnare, _rebuff = hand(state, 0, "ensnare", "shot")
    state, _ = play(state, 0, f"p.{ensnare}.0")
    assert state.clad_locked
    from engines.hackclad.state import Task
    from tests.engines.hackclad.helpers import run_tasks

    after, events = run_tasks(state, Task(kind="clad_move", n=2))
    assert after.clad_pos == at(2, 2) and "does not move" in events[0].text


def test_effect_clad_forward_oi_over_here() -> None:
    state = duel("mia")
    (card,) = hand(state, 0, "oi_over_here")
    state, _ = play(state, 0, f"p.{card}")
    assert state.clad_pos == at(2, 1) and state.clad_moved == 1


def test_effect_clad_back_to_me_look_over_there() -> None:
    state = duel("mia")
    state.clad_facing = 2
    (card,) = hand(state, 0, "look_over_there")
    state, _ = play(state, 0, f"p.{card}.0")
    assert state.clad_facing == 0  # its back now faces Mia to the south


def test_effect_clad_reverse_mirror_of_eight() -> None:
    state = duel("luna")
    card, _ = hand(state, 0, "mirror_of_eight", "shot")
    state = attack(state, [(0, -1)])
    state, _ = play(state, 0, f"r.{card}")
    assert state.clad_facing == 2 and state.witches[0].mp == 6


def test_effect_scythe_turns_pickups_into_damage() -> None:
    state = duel("mia")
    state.witches[0].cp = 3
    state.field[at(1, 3)] = 2
    hand(state, 0, "shot", "move")
    state, _ = play(state, 0, "cp.scythe_saltation", f"bm.{state.witches[0].hand[0]}", "d3")
    assert state.witches[0].shards == 4 and state.witches[0].dealt_round == 2


def test_effect_aristocracy_cuts_two_and_pins_the_clad() -> None:
    state = duel("flare")
    state.voltage = 2
    state.witches[0].cp = 3
    hand(state, 0, "shot")
    state = attack(state, [(0, -1)])
    state, _ = play(state, 0, "cp.aristocracy", "pass")
    w = state.witches[0]
    assert w.aristocracy and state.clad_locked and w.injuries == 1 and w.shards == 0


# ----------------------------------------------------------------------------------- damage cuts
def test_effect_reduce_block() -> None:
    state = duel("rosette")
    card, _ = hand(state, 0, "block", "shot")
    state = attack(state, [(0, -1)])
    state, _ = play(state, 0, f"r.{card}", "pass")
    assert state.witches[0].injuries == 0


def test_effect_reduce_if_adjacent_fortress() -> None:
    state = duel("flare")
    card, _ = hand(state, 0, "fortress", "shot")
    state = attack(state, [(0, -1)])
    state, _ = play(state, 0, f"r.{card}")
    assert state.frames[-1].reduce[0] == 3


def test_effect_reduce_per_discard_generate_barrier() -> None:
    state = duel("amelia")
    discard(state, 0, "retrieval_drone", "sniper_drone")
    card, _ = hand(state, 0, "generate_barrier", "shot")
    state = attack(state, [(0, -1)])
    state, _ = play(state, 0, f"r.{card}")
    assert state.frames[-1].reduce[0] == 3


def test_effect_reduce_from_discard_protection_drone_goes_on_top_of_the_deck() -> None:
    state = duel("amelia")
    discard(state, 0, "protection_drone")
    drone = cid(state, 0, "protection_drone")
    hand(state, 0, "shot")
    state = attack(state, [(0, -1)])
    state, _ = play(state, 0, f"rd.{drone}")
    assert state.frames[-1].reduce[0] == 3 and state.witches[0].deck[0] == drone


def test_effect_as_guard_vortex_cuts_one_more_and_pins_the_clad() -> None:
    state = duel("flare")
    vortex, _ = hand(state, 0, "vortex", "shot")
    state = attack(state, [(0, -1)])
    state, _ = play(state, 0, f"bd.{vortex}")
    assert state.frames[-1].reduce[0] == 2 and state.clad_locked


def test_effect_cp_guard_cuts_two() -> None:
    state = duel("rosette")
    state.witches[0].cp = 1
    hand(state, 0, "shot")
    state = attack(state, [(0, -1)])
    state, _ = play(state, 0, "cp.cp_guard")
    assert state.frames[-1].reduce[0] == 2 and state.witches[0].cp == 0


def test_effect_end_turn_desperate_measures() -> None:
    state = duel("flare")
    card, a, b = hand(state, 0, "desperate_measures", "shot", "block")
    state, _ = play(state, 0, f"p.{card}.0", f"c.{a}", f"c.{b}")
    assert state.witches[0].shards == 7 and state.witches[0].turn_over and state.agenda.pending is None


# ----------------------------------------------------------------------------------- passives
def test_passive_shield_cuts_clad_attacks_while_discarded() -> None:
    state = duel("flare")
    discard(state, 0, "passive_shield")
    hand(state, 0)
    state.witches[0].cp = 0
    state.witches[0].shards = 5
    state = attack(state, [(0, -1)])
    assert state.witches[0].injuries == 1 and state.witches[0].shards == 4


def test_passive_move_use_high_mobility_arm_adds_a_move() -> None:
    state = duel("amelia")
    state.witches[0].pos = at(0, 0)
    discard(state, 0, "high_mobility_arm")
    a, _b, _c = hand(state, 0, "shot", "block", "move")
    state, _ = play(state, 0, f"bm.{a}", "d1")
    assert any(k.startswith("bm.") for k in keys(state))


def test_passive_atk_bonus_attack_assist_arm() -> None:
    state = duel("amelia")
    discard(state, 0, "attack_assist_arm")
    (card,) = hand(state, 0, "arm_strike")
    state, _ = play(state, 0, f"p.{card}.0")
    # Arm Strike 1 + 1 Arm card in discard + 1 from the Attack Assist Arm passive.
    assert state.witches[0].shards == 3


def test_need_adjacent_witch_sisters_in_arms() -> None:
    state = duel("mia")
    (card,) = hand(state, 0, "sisters_in_arms")
    assert not any(k.startswith(f"p.{card}") for k in keys(state))
    state.witches[1].pos = at(1, 3)
    assert any(k.startswith(f"p.{card}") for k in keys(state))
