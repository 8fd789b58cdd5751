"""B2.7 and B2.3-14: reversed characters leave at the end of the attack phase; encore keeps them."""

from __future__ import annotations

from engines.climax import RULESET
from engines.climax.state import Job
from tests.engines.climax.helpers import do, keys, put, stage, start, table


def test_b2_3_14_reversed_characters_of_both_players_go_at_the_end_of_the_attack_phase() -> None:
    state = table()
    mine = stage(state, 0, 0, "Y02", pose="reverse")
    theirs = stage(state, 1, 1, "G02", pose="reverse")
    start(state, Job(kind="encore_step", seat=0), Job(kind="main", seat=1))
    assert mine in state.players[0].waiting and theirs in state.players[1].waiting


def test_b2_7_32_encore_pays_three_stock_and_stays_rested_turn_player_first() -> None:
    state = table()
    mine = stage(state, 0, 0, "Y02", pose="reverse")
    theirs = stage(state, 1, 1, "G02", pose="reverse")
    put(state, 0, "stock", "Y02", "Y02", "Y02", "Y02")
    put(state, 1, "stock", "G02", "G02", "G02")
    start(state, Job(kind="encore_step", seat=0), Job(kind="main", seat=1))
    assert list(RULESET.prompts(state)) == [0] and keys(state, 0) == ["yes", "no"]
    state = do(state, 0, "yes")
    assert state.players[0].stage[0].card == mine and state.players[0].stage[0].pose == "rest"
    assert len(state.players[0].stock) == 1 and len(state.players[0].waiting) == 3
    assert list(RULESET.prompts(state)) == [1]
    state = do(state, 1, "no")
    assert theirs in state.players[1].waiting and len(state.players[1].stock) == 3


def test_b5_5_encore_is_not_offered_with_too_little_stock() -> None:
    state = table()
    stage(state, 0, 0, "Y02", pose="reverse")
    put(state, 0, "stock", "Y02", "Y02")
    start(state, Job(kind="encore_step", seat=0), Job(kind="main", seat=1))
    assert RULESET.prompts(state)[1].kind == "main"


def test_b2_8_encore_cost_option_and_a_cheaper_printed_encore() -> None:
    state = table(encore_cost=2)
    stage(state, 0, 0, "Y02", pose="reverse")
    put(state, 0, "stock", "Y02", "Y02")
    start(state, Job(kind="encore_step", seat=0), Job(kind="main", seat=1))
    assert RULESET.prompts(state)[0].kind == "encore"
    state = table()
    hero = stage(state, 0, 0, "Y13", pose="reverse")  # cheap_encore 1
    put(state, 0, "stock", "Y02")
    start(state, Job(kind="encore_step", seat=0), Job(kind="main", seat=1))
    state = do(state, 0, "yes")
    assert state.players[0].stage[0].card == hero and state.players[0].stock == []


def test_b2_7_32_encore_applies_to_a_character_sent_away_by_an_effect() -> None:
    state = table()
    put(state, 0, "level", "G02", "G02")
    put(state, 0, "stock", "G02")
    (growth,) = put(state, 0, "hand", "G14")  # level 2 event: an opposing level <= 1 to the waiting room
    target = stage(state, 1, 2, "Y02")
    put(state, 1, "stock", "Y02", "Y02", "Y02")
    start(state, Job(kind="main", seat=0))
    state = do(state, 0, f"e.{growth}")
    state = do(state, 0, f"t.{target}")
    prompt = RULESET.prompts(state)
    assert list(prompt) == [1] and prompt[1].kind == "encore"
    state = do(state, 1, "yes")
    assert state.players[1].stage[2].pose == "rest" and growth in state.players[0].waiting
    assert RULESET.prompts(state)[0].kind == "main"
