"""B2.3 and B2.4: the phases of a turn and the conditions for playing cards."""

from __future__ import annotations

import pytest

from engines.climax import RULESET
from engines.climax.state import Job
from engines.core import Rejected
from tests.engines.climax.helpers import do, keys, names, put, stage, start, table


def test_b2_3_8_stand_phase_stands_rested_cards_and_b2_3_9_draws_one() -> None:
    state = table()
    put(state, 0, "deck", *["Y02"] * 5)
    put(state, 1, "deck", *["G02"] * 5)
    stage(state, 0, 0, "Y02", pose="rest")
    stage(state, 1, 0, "G02", pose="rest")
    start(state, Job(kind="turn", seat=0))
    assert state.players[0].stage[0].pose == "stand"
    assert state.players[1].stage[0].pose == "rest"  # only the turn player's cards
    assert len(state.players[0].hand) == 1 and state.turn == 6


def test_b2_3_10_clocking_one_card_draws_two_and_passing_draws_none() -> None:
    state = table()
    put(state, 0, "deck", *["Y02"] * 5)
    (card,) = put(state, 0, "hand", "Y12")
    start(state, Job(kind="clock", seat=0), Job(kind="main", seat=0))
    state = do(state, 0, f"c.{card}")
    assert state.players[0].clock == [card] and len(state.players[0].hand) == 2
    state = table()
    put(state, 0, "deck", *["Y02"] * 5)
    put(state, 0, "hand", "Y12")
    start(state, Job(kind="clock", seat=0), Job(kind="main", seat=0))
    state = do(state, 0, "pass")
    assert state.players[0].clock == [] and len(state.players[0].hand) == 1


def test_b2_3_11_rearranging_swaps_slots_and_keeps_their_state() -> None:
    state = table()
    a = stage(state, 0, 0, "Y02", pose="rest")
    b = stage(state, 0, 3, "Y01")
    start(state, Job(kind="main", seat=0))
    state = do(state, 0, "m.0.3")
    stage0, stage3 = state.players[0].stage[0], state.players[0].stage[3]
    assert (stage0.card, stage0.pose, stage3.card, stage3.pose) == (b, "stand", a, "rest")


def test_b5_6_reversed_characters_cannot_be_rearranged() -> None:
    state = table()
    stage(state, 0, 0, "Y02", pose="reverse")
    start(state, Job(kind="main", seat=0))
    assert not [k for k in keys(state, 0) if k.startswith("m.0.")]


def test_b2_4_16_level_requirement() -> None:
    state = table()
    (lv1,) = put(state, 0, "hand", "Y08")  # level 1, cost 0
    put(state, 0, "clock", "Y02")
    start(state, Job(kind="main", seat=0))
    assert not [k for k in keys(state, 0) if k.startswith(f"p.{lv1}")]
    state = table()
    (lv1,) = put(state, 0, "hand", "Y08")
    put(state, 0, "level", "Y02")
    start(state, Job(kind="main", seat=0))
    assert f"p.{lv1}.0" in keys(state, 0)


def test_b2_4_17_colour_requirement_from_level_one_in_level_zone_or_clock() -> None:
    state = table()
    (lv1,) = put(state, 0, "hand", "Y08")
    (lv0,) = put(state, 0, "hand", "R02")  # level 0: no colour needed
    put(state, 0, "level", "R02")  # level 1 but only red
    start(state, Job(kind="main", seat=0))
    assert f"p.{lv0}.0" in keys(state, 0) and f"p.{lv1}.0" not in keys(state, 0)
    state.players[0].clock.extend(put(state, 0, "waiting", "Y02"))
    state.players[0].waiting.clear()
    assert f"p.{lv1}.0" in keys(state, 0)


def test_b2_4_18_cost_is_paid_from_the_top_of_stock_and_short_stock_is_illegal() -> None:
    state = table()
    (y09,) = put(state, 0, "hand", "Y09")  # level 1, cost 1
    put(state, 0, "level", "Y02")
    start(state, Job(kind="main", seat=0))
    with pytest.raises(Rejected) as err:
        RULESET.apply(state, 0, f"p.{y09}.0")
    assert err.value.code == "illegal"
    bottom, top = put(state, 0, "stock", "Y02", "G02")
    state = do(state, 0, f"p.{y09}.0")
    assert state.players[0].stock == [bottom] and state.players[0].waiting == [top]
    assert state.players[0].stage[0].card == y09 and state.players[0].stage[0].pose == "stand"


def test_b2_4_19_playing_onto_an_occupied_slot_sends_the_old_one_away_without_encore() -> None:
    state = table()
    old = stage(state, 0, 1, "Y02")
    put(state, 0, "stock", "Y02", "Y02", "Y02", "Y02")  # enough for an encore, which is not offered
    (new,) = put(state, 0, "hand", "Y04")
    start(state, Job(kind="main", seat=0))
    state = do(state, 0, f"p.{new}.1")
    assert state.players[0].stage[1].card == new and old in state.players[0].waiting
    assert RULESET.prompts(state)[0].kind == "main" and len(state.players[0].stock) == 4


def test_b2_4_20_an_event_resolves_then_goes_to_the_waiting_room() -> None:
    state = table()
    put(state, 0, "deck", *["Y02"] * 5)
    (bottle,) = put(state, 0, "hand", "B15")  # draw 2, then discard 1
    start(state, Job(kind="main", seat=0))
    state = do(state, 0, f"e.{bottle}")
    assert bottle in state.players[0].playing and RULESET.prompts(state)[0].kind == "discard"
    state = do(state, 0, keys(state, 0)[0])
    assert bottle in state.players[0].waiting and len(state.players[0].hand) == 1
    assert RULESET.prompts(state)[0].kind == "main"


def test_b2_3_12_and_b2_4_21_climax_only_in_its_phase_and_needs_its_colour() -> None:
    state = table()
    (cx,) = put(state, 0, "hand", "Y16")
    start(state, Job(kind="main", seat=0), Job(kind="climax", seat=0))
    assert not [k for k in keys(state, 0) if cx in k]  # not in the main phase
    state = do(state, 0, "end")
    assert keys(state, 0) == ["pass"]  # yellow is not met yet
    state = table()
    (cx,) = put(state, 0, "hand", "Y16")
    put(state, 0, "clock", "Y02")
    start(state, Job(kind="climax", seat=0))
    state = do(state, 0, f"x.{cx}")
    assert state.players[0].climax == cx


def test_b2_3_15_end_phase_climax_to_waiting_room_and_hand_down_to_seven() -> None:
    state = table()
    put(state, 0, "deck", *["Y02"] * 5)
    put(state, 1, "deck", *["G02"] * 5)
    (cx,) = put(state, 0, "waiting", "Y16")
    state.players[0].waiting.clear()
    state.players[0].climax = cx
    hand = put(state, 0, "hand", *["Y02"] * 9)
    slot = stage(state, 0, 0, "Y02")
    state.players[0].stage[0].power = 1500
    start(state, Job(kind="end", seat=0), Job(kind="turn", seat=1))
    assert cx in state.players[0].waiting and state.players[0].climax == ""
    assert RULESET.prompts(state)[0].kind == "discard"
    state = do(state, 0, f"h.{hand[0]}")
    state = do(state, 0, f"h.{hand[1]}")
    assert len(state.players[0].hand) == 7
    assert state.players[0].stage[0].card == slot and state.players[0].stage[0].power == 0
    assert state.active == 1 and names(state, state.players[0].waiting) == ["Y16", "Y02", "Y02"]
