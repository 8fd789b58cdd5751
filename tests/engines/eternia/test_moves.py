"""Moving (A1.10 #54-60) in play: terrain and tokens, Escape Damage, Daze, re-entry (A1.9 #50)."""

from __future__ import annotations

from engines.eternia.ctx import key
from engines.eternia.moves import reach
from tests.engines.eternia.helpers import at, put, scene


def test_a1_10_57_a_tokens_costs_add_to_the_terrain_piece_under_it() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5)
    ctx.st.terrain[key(at(6, 5))] = "forest"  # +1 to enter
    assert ctx.step_cost(at(5, 5), at(6, 5)) == 2
    ctx.st.tokens[key(at(6, 5))] = "water"  # its own piece: +1 to enter, +1 to leave
    assert ctx.step_cost(at(5, 5), at(6, 5)) == 3
    assert ctx.step_cost(at(6, 5), at(7, 5)) == 2
    assert at(6, 5) in reach(ctx, hero, 3) and reach(ctx, hero, 3)[at(6, 5)].cost == 3


def test_a1_9_51_a_dazed_model_moves_one_space_less() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5)
    far = max(ctx.distance(hero, hero) + d.cost for d in reach(ctx, hero, 3).values())
    hero.dazed = True
    assert max(d.cost for d in reach(ctx, hero, 3).values()) == far - 1
