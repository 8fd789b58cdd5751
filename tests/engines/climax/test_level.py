"""B2.6: level up, level 4, refresh and its penalty, and running out of cards."""

from __future__ import annotations

from engines.climax import RULESET
from engines.climax.state import Job
from tests.engines.climax.helpers import do, keys, names, put, stage, start, table


def test_b2_6_28_seven_clock_cards_level_up_with_one_of_the_oldest_seven() -> None:
    state = table()
    put(state, 1, "clock", "G02", "G02", "G03", "G04", "G05", "G06")
    put(state, 1, "deck", "G10", "G10", "G07", "G08")  # G08 on top: the 7th, then G07 the 8th
    put(state, 0, "deck", *["Y02"] * 5)
    stage(state, 0, 0, "Y12")  # AP 2
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    prompt = RULESET.prompts(state)[1]
    assert prompt.kind == "level" and not prompt.private  # the clock owner, on the opponent's turn
    offered = [state.cards[k[2:]] for k in keys(state, 1)]
    assert offered == ["G02", "G03", "G04", "G05", "G06", "G08"]  # copies are one choice; G07 is 8th
    pick = keys(state, 1)[2]
    state = do(state, 1, pick)
    p = state.players[1]
    assert names(state, p.level) == ["G04"] and names(state, p.clock) == ["G07"]
    assert sorted(names(state, p.waiting)) == ["G02", "G02", "G03", "G05", "G06", "G08"]


def test_b2_6_29_reaching_level_four_loses_at_once() -> None:
    state = table()
    put(state, 1, "level", "G02", "G02", "G02")
    put(state, 1, "clock", *["G02"] * 6)
    put(state, 1, "deck", "G02", "G02")
    put(state, 0, "deck", *["Y02"] * 5)
    stage(state, 0, 0, "Y02")
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    outcome = RULESET.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and "level 4" in outcome.reason
    assert RULESET.prompts(state) == {}


def test_b2_6_30_refresh_shuffles_the_waiting_room_in_and_the_penalty_follows_the_process() -> None:
    state = table()
    (last,) = put(state, 0, "deck", "Y02")
    put(state, 0, "waiting", "Y03", "Y04", "Y05", "Y06")
    put(state, 0, "hand", "Y12")
    start(state, Job(kind="clock", seat=0), Job(kind="main", seat=0))
    # Clock 1 then draw 2: the first draw empties the deck, the refresh happens at once, the second
    # draw comes from the new deck, and only then does the penalty card go to the clock.
    state = do(state, 0, f"c.{state.players[0].hand[0]}")
    p = state.players[0]
    assert last in p.hand and len(p.hand) == 2
    assert len(p.clock) == 2 and names(state, p.clock)[0] == "Y12"
    assert len(p.deck) == 2 and p.waiting == [] and p.penalty == 0


def test_b2_6_30_refresh_during_damage_keeps_the_turned_cards_out_of_the_new_deck() -> None:
    state = table()
    put(state, 1, "deck", "G02")
    put(state, 1, "waiting", "G03", "G04", "G05")
    put(state, 0, "deck", *["Y02"] * 5)
    stage(state, 0, 0, "Y12")  # AP 2
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    p = state.players[1]
    # 2 damage (G02, then one card of the refreshed deck) + 1 penalty card
    assert len(p.clock) == 3 and names(state, p.clock)[0] == "G02"
    assert len(p.deck) == 1 and p.waiting == [] and p.penalty == 0


def test_b2_6_31_no_deck_and_no_waiting_room_loses() -> None:
    state = table()
    put(state, 1, "deck", "G02")
    put(state, 0, "deck", *["Y02"] * 5)
    stage(state, 0, 0, "Y12")
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    outcome = RULESET.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and "refresh" in outcome.reason


def test_b5_10_refresh_penalty_is_not_damage_and_cannot_be_cancelled() -> None:
    state = table()
    put(state, 0, "clock", "Y02")  # yellow met
    (last,) = put(state, 0, "deck", "Y02")
    put(state, 0, "waiting", "Y16", "Y16")  # the new deck holds only yellow climaxes
    start(state, Job(kind="draw", seat=0), Job(kind="main", seat=0))
    p = state.players[0]
    assert last in p.hand and names(state, p.clock) == ["Y02", "Y16"] and len(p.deck) == 1
