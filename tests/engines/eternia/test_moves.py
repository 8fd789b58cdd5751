"""Moving (A1.10 #54-60) in play: terrain and tokens, Escape Damage, Daze, re-entry (A1.9 #50)."""

from __future__ import annotations

from engines.eternia.ctx import Ctx, key
from engines.eternia.damage import spawn_choices
from engines.eternia.hexes import distance
from engines.eternia.routes import reach
from engines.eternia.state import EtTask
from tests.engines.eternia.helpers import at, choose, events, keys, options, pending_kind, put, scene


def test_a1_10_57_a_tokens_costs_add_to_the_terrain_piece_under_it() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5)
    ctx.state.terrain[key(at(6, 5))] = "forest"  # +1 to enter
    assert ctx.step_cost(at(5, 5), at(6, 5)) == 2
    ctx.state.tokens[key(at(6, 5))] = "water"  # its own piece: +1 to enter, +1 to leave
    assert ctx.step_cost(at(5, 5), at(6, 5)) == 3
    assert ctx.step_cost(at(6, 5), at(7, 5)) == 2
    assert at(6, 5) in reach(ctx, hero, 3) and reach(ctx, hero, 3)[at(6, 5)].cost == 3


def test_a1_9_51_a_dazed_model_moves_one_space_less() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5)
    far = max(ctx.distance(hero, hero) + d.cost for d in reach(ctx, hero, 3).values())
    hero.dazed = True
    assert max(d.cost for d in reach(ctx, hero, 3).values()) == far - 1


def _move(ctx: Ctx, mid: str, n: int = 3) -> None:
    ctx.push(EtTask(kind="move_ask", model=mid, n=n))
    ctx.run()


def test_a5_5_a_move_goes_step_by_step_with_the_points_left() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5)
    _move(ctx, hero.id)
    offered = keys(ctx)
    assert f"s.{key(at(6, 5))}" in offered and f"to.{key(at(6, 5))}" in offered and "stay" in offered
    assert len(offered) <= 25 and "more" in offered  # steps first, then destinations, in pages
    choose(ctx, f"s.{key(at(6, 5))}")
    p = ctx.state.agenda.pending
    assert p is not None and p.kind == "move" and p.n == 2 and hero.hexes == [at(6, 5)]
    assert any(a.label == "Stop here" for a in options(ctx))
    choose(ctx, f"s.{key(at(7, 5))}")
    choose(ctx, f"s.{key(at(8, 5))}")
    assert pending_kind(ctx) == "" and hero.hexes == [at(8, 5)]  # no points left: the move ends


def test_a1_10_59_escape_damage_is_paid_for_each_step_out_of_contact() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5)
    put(ctx, "m.1", 4, 5)
    _move(ctx, hero.id)
    choose(ctx, f"s.{key(at(6, 5))}")
    assert hero.hp == 9  # 1 Wound for leaving the Hover Robot's side; Armor never helps
    choose(ctx, f"s.{key(at(7, 5))}")
    assert hero.hp == 9  # the second space had no Enemy next to it


def test_a1_10_55_a_move_passes_through_allies_never_enemies_and_never_ends_on_an_ally() -> None:
    ctx = scene("ai", 1, seats=({"characters": "he_man, teela"},))
    hero = put(ctx, "t.he_man", 5, 5)
    put(ctx, "t.teela", 6, 5)
    put(ctx, "m.1", 5, 4)
    _move(ctx, hero.id)
    offered = keys(ctx)
    assert f"s.{key(at(5, 4))}" not in offered  # an Enemy
    assert f"to.{key(at(6, 5))}" not in offered  # an Ally's space is no destination
    choose(ctx, f"s.{key(at(6, 5))}")  # ... but may be passed through
    assert "stay" not in keys(ctx)
    choose(ctx, f"s.{key(at(7, 5))}")
    assert "stay" in keys(ctx)


def test_a1_9_51_a_dazed_model_starts_its_move_one_point_short() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5, dazed=True)
    _move(ctx, hero.id)
    p = ctx.state.agenda.pending
    assert p is not None and p.n == 2


def test_a1_9_50_the_owner_picks_the_free_spawn_token() -> None:
    ctx = scene()
    hero = ctx.model("t.he_man")
    hero.hp = 0
    put(ctx, "c.skeletor", *_cell(ctx.state.team_spawn[0]))  # one Spawn token is taken
    ctx.push(EtTask(kind="activate", model=hero.id, n=1))
    ctx.run()
    assert pending_kind(ctx) == "respawn"
    cells = [k for k in keys(ctx) if k.startswith("at.")]
    assert len(cells) == len(ctx.state.team_spawn) - 1
    choose(ctx, cells[-1])
    assert hero.hexes == [ctx.state.team_spawn[-1]] and hero.hp == hero.max_hp
    assert pending_kind(ctx) == "act"  # then the Activation goes on as usual
    assert sum("activates" in t for t in events(ctx, "flip")) == 1


def test_a1_9_50_with_every_spawn_token_taken_the_nearest_free_spaces_are_offered() -> None:
    ctx = scene("ai", 1, seats=({"characters": "he_man"},))
    hero = ctx.model("t.he_man")
    for i, h in enumerate(ctx.state.team_spawn):
        put(ctx, f"m.{i + 1}", *_cell(h))
    cells = spawn_choices(ctx, hero)
    assert cells and all(min(distance(c, s) for s in ctx.state.team_spawn) == 1 for c in cells)


def _cell(h: tuple[int, int]) -> tuple[int, int]:
    from engines.eternia.hexes import axial_to_offset

    return axial_to_offset(h)


def test_remembered_routes_follow_every_change_on_the_battlefield() -> None:
    # Route searches are remembered by value: a change of models, terrain or points is a new search.
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5)

    def seen() -> dict:
        return {h: (r.path, r.cost, r.wounds) for h, r in reach(ctx, hero, 3).items()}

    first = seen()
    reach(ctx, hero, 3).clear()  # each caller gets its own dict
    assert seen() == first and at(6, 5) in first and first[at(6, 5)][2] == 0
    skeleton = put(ctx, "m.1", 7, 5)
    near = seen()
    assert at(8, 5) in first and at(8, 5) not in near and at(7, 5) not in near
    ctx.state.terrain[key(at(6, 5))] = "forest"
    assert seen()[at(6, 5)][1] == 2
    del ctx.state.terrain[key(at(6, 5))]
    skeleton.hexes = []
    assert seen() == first
    hero.dazed = True
    assert max(cost for _, cost, _ in seen().values()) == 2
