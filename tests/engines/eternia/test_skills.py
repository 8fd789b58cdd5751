"""Skill types and keywords (A1.6 #32, A1.3 #19, A1.9 #49, A1.10 #57-60, A1.11 #64-65): Reactions,
Surges, rerolls, Bonus Attacks, Elite and mounted Minions, NPCs, Scenario tokens, one test per keyword."""

from __future__ import annotations

import pytest

from engines.eternia.activation import act_actions
from engines.eternia.attack import begin
from engines.eternia.ctx import Ctx, key
from engines.eternia.scenario import end_of_round
from engines.eternia.skills import EFFECTS, Use, apply_effects
from engines.eternia.state import CTRL, TEAM, Activation, EtTask, Model, SkillSlot
from tests.engines.eternia.helpers import (
    at,
    choose,
    events,
    keys,
    options,
    pending_kind,
    put,
    scene,
    script_dice,
    settle,
)


def _team(
    *names: str, mode: str = "ai", scenario: str = "crossroads", ctrl: str = "skeletor, mer_man, beast_man"
) -> Ctx:
    team = {"characters": ", ".join(names)}
    if mode == "ai":
        return scene("ai", 1, seats=(team,), scenario=scenario, selection="free", ai_characters=ctrl)
    return scene("versus", 2, seats=({"characters": ctrl}, team), scenario=scenario, selection="free")


def _act(ctx: Ctx, mid: str, actions: int = 2) -> None:
    ctx.state.activation = Activation(model=mid, actions=actions)
    ctx.push(EtTask(kind="act_ask"), EtTask(kind="activation_end", model=mid))
    ctx.run()


# ------------------------------------------------------------------------------ Reactions
def test_a1_6_32_a_reaction_to_being_attacked_is_offered_before_the_roll(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ctx = _team("ram_man", mode="versus")
    ram = put(ctx, "t.ram_man", 5, 5, power=2)
    ram.unlocked = [SkillSlot(skill="retaliate", power=1)]
    skeletor = put(ctx, "c.skeletor", 6, 5, power=1)
    begin(ctx, skeletor, "havoc_staff", ram)
    ctx.run()
    while pending_kind(ctx) != "def_boost":
        choose(ctx, "done")
    assert {"b.iron_hide", "b.retaliate"} <= set(keys(ctx))
    choose(ctx, "b.retaliate")
    assert skeletor.hp == 9 - 1  # the attacker suffers the Wound at once, Armor or not
    assert "b.retaliate" not in keys(ctx)  # once per trigger
    choose(ctx, "b.iron_hide")
    script_dice(monkeypatch, "melee", "melee", "melee")
    settle(ctx, ("done", "auto"))
    assert ram.hp == 9  # Armor 2 + Iron Hide 1 stop all three


def test_a1_6_32_a_start_of_round_reaction() -> None:
    ctx = scene("ai", 1, seats=({"characters": "tri_klops"},), selection="free")
    tk = put(ctx, "t.tri_klops", 5, 5, power=2, dazed=True, hp=5)
    ctx.push(EtTask(kind="round_reactions"))
    ctx.run()
    assert pending_kind(ctx) == "react" and "r.third_eye" in keys(ctx)
    choose(ctx, "r.third_eye")
    assert not tk.dazed and tk.hp == 6 and tk.power == 1 and ctx.state.ai_power == 1


# ------------------------------------------------------------------------------ Surges
def test_a1_6_32_an_attack_surge_is_paid_on_top_once(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _team("ram_man")
    ram = put(ctx, "t.ram_man", 5, 5, power=2)
    merman = put(ctx, "c.mer_man", 6, 5)
    script_dice(monkeypatch, "melee", "melee", "melee")
    begin(ctx, ram, "head_butt", merman)
    ctx.run()
    choose(ctx, "b.battering_charge")
    assert ram.power == 0 and "b.battering_charge" not in keys(ctx)
    choose(ctx, "done")
    assert pending_kind(ctx) == "push"  # the Surge's on-Hit push


def test_a1_6_32_an_action_skill_offers_its_surge_variant() -> None:
    ctx = _team("man_at_arms")
    maa = put(ctx, "t.man_at_arms", 5, 5, power=2, hp=1)
    maa.unlocked = [SkillSlot(skill="field_repair", power=2)]
    offered = {a.key for a in act_actions(ctx, maa, Activation(model=maa.id, actions=2))}
    assert {"use.field_repair", "use.field_repair+deep_repair"} <= offered
    _act(ctx, maa.id)
    choose(ctx, "use.field_repair+deep_repair")
    assert maa.hp == 1 + 2 + 2 and maa.unlocked[0].power == 0


# ------------------------------------------------------------------------------ rerolls
def test_a1_9_49_each_die_is_rerolled_once_by_each_side(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _team("man_at_arms")
    maa = put(ctx, "t.man_at_arms", 5, 5, power=1)
    skeletor = put(ctx, "c.skeletor", 8, 5)
    # The roll, the first friendly reroll (both Misses), nothing for the second friendly reroll
    # (those dice are spent), then the enemy reroll of 1 Success.
    asked = script_dice(monkeypatch, "blank", "melee", "ranged", "blank", "blank")
    begin(ctx, maa, "arm_blaster", skeletor)
    assert ctx.state.strike is not None
    ctx.state.strike.rerolls = ["friendly|misses|0", "friendly|misses|0", "enemy|hits|1"]
    settle(ctx, ("done",))
    assert asked == [2, 2, 1]
    assert ctx.state.last_roll == ["blank", "blank"]  # the enemy reroll came after the friendly one
    assert skeletor.hp == 9


def test_a1_9_49_a_defense_boost_rerolls_a_success(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _team("skeletor", mode="versus", ctrl="he_man, teela, orko")
    ctx.state.ctrl_skills["battle_plan"] = 0
    heman = put(ctx, "c.he_man", 5, 5, power=1)
    sk = put(ctx, "t.skeletor", 6, 5, power=1)
    sk.unlocked = [SkillSlot(skill="evade", power=1)]
    script_dice(monkeypatch, "melee", "melee", "blank", "blank")
    begin(ctx, heman, "sword_of_power", sk)
    ctx.run()
    while pending_kind(ctx) != "def_boost":
        choose(ctx, "done")
    choose(ctx, "b.evade")
    settle(ctx, ("done", "auto"))
    assert sk.hp == 9 - 1


# ------------------------------------------------------------------------------ Bonus Attacks
def test_a1_3_19_a_bonus_attack_pays_its_cost_and_spends_no_action(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _team("stratos")
    stratos = put(ctx, "t.stratos", 5, 5, power=3)
    stratos.unlocked = [SkillSlot(skill="dive", power=1)]
    put(ctx, "c.mer_man", 6, 5)
    _act(ctx, stratos.id)
    choose(ctx, "bonus.dive")
    assert pending_kind(ctx) == "bonus_attack"
    script_dice(monkeypatch, "blank", "blank", "blank")
    choose(ctx, "ba.wing_strike.c.mer_man")
    while pending_kind(ctx) != "act":
        choose(ctx, "done")
    assert stratos.power == 3 - 1 and ctx.state.activation is not None and ctx.state.activation.actions == 2
    assert "bonus.dive" not in [a.key for a in act_actions(ctx, stratos, ctx.state.activation)]


# ------------------------------------------------------------------------------ Elite and mounted Minions
def test_a5_7_a_players_elites_spawn_next_to_it_and_act_after_its_activation() -> None:
    ctx = _team("man_at_arms")
    maa = put(ctx, "t.man_at_arms", 5, 5, power=0)
    maa.unlocked = [SkillSlot(skill="call_the_guard", power=3)]
    _act(ctx, maa.id)
    choose(ctx, "use.call_the_guard")
    for _ in range(2):
        assert pending_kind(ctx) == "elite"
        choose(ctx, next(k for k in keys(ctx) if k.startswith("at.")))
    guards = [m for m in ctx.state.models if m.design == "royal_guards" and m.hexes]
    assert len(guards) == 2 and all(g.side == TEAM and ctx.distance(g, maa) == 1 for g in guards)
    choose(ctx, "end")
    assert pending_kind(ctx) == "move" and ctx.state.agenda.pending.model == guards[0].id  # type: ignore[union-attr]


def test_a1_5_27_the_controllers_elites_obey_the_eight_minion_limit() -> None:
    ctx = _team("he_man", mode="versus")
    sk = put(ctx, "c.skeletor", 5, 2, power=2)
    for i in range(8):
        put(ctx, f"m.{i + 1}", i + 1, 8)
    apply_effects(
        ctx, ctx.skill("shadow_summons").effects, "use", Use(sk, ctx.skill("shadow_summons").effects[0])
    )
    ctx.run()
    assert pending_kind(ctx) == "" and not any(
        m.design == "shadow_beasts" and m.hexes for m in ctx.state.models
    )


def test_a1_10_60_a_mounted_elite_stands_on_two_hexes_and_moves_whole() -> None:
    ctx = _team("he_man")
    heman = put(ctx, "t.he_man", 5, 5)
    heman.unlocked = [SkillSlot(skill="ride_battle_cat", power=3)]
    _act(ctx, heman.id)
    choose(ctx, "use.ride_battle_cat")
    first = next(k for k in keys(ctx) if k.startswith("at."))
    choose(ctx, first)
    cat = next(m for m in ctx.state.models if m.design == "battle_cat")
    assert len(cat.hexes) == 2 and ctx.distance(cat, heman) == 1
    put(ctx, "m.1", 1, 1)
    start = list(cat.hexes)
    from engines.eternia.mounted import settle_mount
    from engines.eternia.moves import step

    step(ctx, cat, next(h for h in _free_neighbours(ctx, cat.hexes[0]) if h not in start), "move")
    settle_mount(ctx, cat)
    assert len(cat.hexes) == 2 and cat.hexes[1] == start[0]


def test_a1_10_60_escape_damage_counts_enemies_next_to_either_hex() -> None:
    ctx = _team("he_man")
    cat = next(m for m in ctx.state.models if m.design == "battle_cat")
    cat.hexes = [at(5, 5), at(6, 5)]
    put(ctx, "m.1", 4, 5)  # next to the first hex
    put(ctx, "m.2", 7, 5)  # next to the second
    from engines.eternia.moves import escape

    assert escape(ctx, cat) == 2


def _free_neighbours(ctx: Ctx, h: tuple[int, int]) -> list[tuple[int, int]]:
    from engines.eternia import hexes

    taken = ctx.occupied()
    return [n for n in hexes.neighbours(h) if n in set(ctx.state.board) and n not in taken]


# ------------------------------------------------------------------------------ the other keywords
def test_keyword_pull_brings_the_target_no_farther(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _team("trap_jaw", mode="versus", ctrl="he_man, teela, orko")
    tj = put(ctx, "t.trap_jaw", 5, 8, power=1)
    heman = put(ctx, "c.he_man", 5, 5)
    script_dice(monkeypatch, "ranged", "ranged")
    ctx.state.ctrl_skills["battle_plan"] = 0
    begin(ctx, tj, "harpoon", heman)
    settle(ctx, ("done", "auto"))
    if pending_kind(ctx) == "push":
        choose(ctx, keys(ctx)[-1])
    assert ctx.distance(tj, heman) <= 3


def test_keyword_mind_control_moves_an_enemy_without_escape_damage() -> None:
    ctx = _team("tri_klops")
    tk = put(ctx, "t.tri_klops", 5, 8)
    merman = put(ctx, "c.mer_man", 5, 5)
    put(ctx, "t.tri_klops", 5, 8)
    put(ctx, "m.1", 4, 5)  # an Ally of Mer-Man: no Escape Damage between allies anyway
    tk2 = put(ctx, "t.tri_klops", 6, 6)  # next to Mer-Man: leaving would cost Mer-Man 1 if it walked
    EFFECTS["mind_control"](ctx, Use(tk2, ctx.skill("mind_control").effects[0], target=merman))
    ctx.run()
    assert pending_kind(ctx) == "push"
    choose(ctx, next(k for k in keys(ctx) if k != "stay"))
    assert merman.hp == 7 and merman.hexes != [at(5, 5)]
    del tk


def test_keyword_teleport_places_without_steps() -> None:
    ctx = _team("evil_lyn", ctrl="he_man, teela, orko")
    lyn = put(ctx, "t.evil_lyn", 5, 5)
    put(ctx, "c.he_man", 6, 5)  # leaving by walking would cost a Wound
    EFFECTS["teleport"](ctx, Use(lyn, ctx.skill("blink").effects[0]))
    ctx.run()
    choose(ctx, f"at.{key(at(5, 2))}")
    assert lyn.hexes == [at(5, 2)] and lyn.hp == lyn.max_hp


def test_keyword_remove_token_clears_one_within_range() -> None:
    ctx = _team("trap_jaw")
    tj = put(ctx, "t.trap_jaw", 5, 5)
    ctx.state.tokens[key(at(5, 3))] = "boulder"
    EFFECTS["remove_token"](ctx, Use(tj, ctx.skill("demolish").effects[0]))
    ctx.run()
    choose(ctx, f"at.{key(at(5, 3))}")
    assert key(at(5, 3)) not in ctx.state.tokens


def test_keyword_aura_heals_every_friendly_character_within_range_without_los() -> None:
    ctx = scene("ai", 1, seats=({"characters": "stratos, teela, orko"},))
    stratos = put(ctx, "t.stratos", 5, 5, hp=2)
    teela = put(ctx, "t.teela", 5, 7, hp=2)
    orko = put(ctx, "t.orko", 5, 9, hp=2)
    EFFECTS["aura"](ctx, Use(stratos, ctx.skill("rally").effects[0]))
    assert (stratos.hp, teela.hp, orko.hp) == (3, 3, 2)


def test_keyword_wound_ignores_armor() -> None:
    ctx = _team("ram_man")
    ram = put(ctx, "t.ram_man", 5, 5)
    merman = put(ctx, "c.mer_man", 6, 5)
    EFFECTS["wound"](ctx, Use(ram, ctx.skill("retaliate").effects[0], target=merman))
    assert merman.hp == 6


# ------------------------------------------------------------------------------ NPCs and Scenario tokens
def _village() -> Ctx:
    ctx = scene("versus", 2, scenario="eternos_village")
    for m in ctx.state.models:
        if m.kind == "npc":
            m.hexes = []
    ctx.state.beacons = {key(at(6, 3)): ""}
    return ctx


def test_a1_11_64_an_npc_suffers_only_the_wounds_of_an_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _village()
    npc = put(ctx, "n.villager.1", 5, 5)
    heman = put(ctx, "t.he_man", 6, 5, power=1)
    ctx.state.ctrl_skills["battle_plan"] = 0
    heman.unlocked = [SkillSlot(skill="grayskull_strike", power=3)]
    script_dice(monkeypatch, "melee", "blank", "blank", "blank", "blank")
    begin(ctx, heman, "grayskull_strike", npc)
    settle(ctx, ("done", "auto"))
    assert npc.hp == 2 and not npc.dazed


def test_a1_11_64_the_controller_scores_for_an_npc_its_attack_kos(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _village()
    npc = put(ctx, "n.villager.1", 5, 5, hp=1)
    sk = put(ctx, "c.skeletor", 6, 5, power=1)
    script_dice(monkeypatch, "melee", "melee", "melee")
    begin(ctx, sk, "havoc_staff", npc)
    settle(ctx, ("done", "auto"))
    assert not npc.hexes and ctx.state.vp[CTRL] == 1


def test_a1_11_65_interact_rescues_an_npc_and_lights_a_beacon() -> None:
    ctx = _village()
    heman = put(ctx, "t.he_man", 6, 4)
    npc = put(ctx, "n.villager.1", 7, 4)
    offered = {a.key for a in act_actions(ctx, heman, Activation(model=heman.id, actions=2))}
    assert f"rescue.{npc.id}" in offered and f"beacon.{key(at(6, 3))}" in offered
    _act(ctx, heman.id)
    choose(ctx, f"rescue.{npc.id}")
    assert not npc.hexes and ctx.state.vp[TEAM] == 1
    choose(ctx, f"beacon.{key(at(6, 3))}")
    assert ctx.state.beacons[key(at(6, 3))] == TEAM
    end_of_round(ctx)
    assert ctx.state.vp[TEAM] == 2


def test_a1_11_64_a_fleeing_npc_steps_away_from_the_controller_at_round_end() -> None:
    ctx = _village()
    npc = put(ctx, "n.villager.1", 5, 5)
    sk = put(ctx, "c.skeletor", 5, 3)
    before = ctx.distance(npc, sk)
    end_of_round(ctx)
    assert ctx.distance(npc, sk) == before + 1 and any("flees" in t for t in events(ctx, "npc"))


def test_a1_11_64_an_npc_fleeing_into_a_terrain_penalty_can_be_koed_by_it() -> None:
    ctx = _village()
    ctx.state.tokens[key(at(5, 6))] = "deadly_plant"  # the space it flees to from [5, 5]
    npc = put(ctx, "n.villager.1", 5, 5, hp=1)
    put(ctx, "c.skeletor", 5, 3)
    end_of_round(ctx)
    assert not npc.hexes and not any("flees" in t for t in events(ctx, "npc"))


# ------------------------------------------------------------------------------ mounted models at every step
def _cat(ctx: Ctx, first: tuple[int, int], second: tuple[int, int]) -> Model:
    cat = next(m for m in ctx.state.models if m.design == "battle_cat")
    cat.hexes = [first, second]
    return cat


def _half_in(ctx: Ctx, cells: list[tuple[int, int]]) -> bool:
    return len({ctx.state.terrain.get(key(h), "") for h in cells}) > 1


def test_a1_10_60_a_mounted_model_is_never_half_in_terrain_at_any_step() -> None:
    from engines.eternia.moves import step, steps

    ctx = _team("he_man")
    for cell in ((6, 5), (7, 5), (6, 4), (7, 4)):
        ctx.state.terrain[key(at(*cell))] = "forest"
    cat = _cat(ctx, at(5, 5), at(4, 5))
    assert at(6, 5) in steps(ctx, cat, 3)
    step(ctx, cat, at(6, 5), "move")  # its second hex would trail outside the forest: it turns
    assert cat.hexes[0] == at(6, 5) and not _half_in(ctx, cat.hexes)
    assert all(key(h) in ctx.state.terrain for h in cat.hexes)
    step(ctx, cat, at(5, 5), "move")  # and back out, whole
    assert not _half_in(ctx, cat.hexes)


def test_a1_10_60_a_mounted_model_cannot_enter_terrain_too_small_for_it() -> None:
    from engines.eternia.moves import steps
    from engines.eternia.routes import reach

    ctx = _team("he_man")
    ctx.state.terrain[key(at(6, 5))] = "forest"  # a one-hex piece: no orientation fits inside it
    cat = _cat(ctx, at(5, 5), at(4, 5))
    assert at(6, 5) not in steps(ctx, cat, 3) and at(6, 5) not in reach(ctx, cat, 3)
    for route in reach(ctx, cat, 3).values():
        assert at(6, 5) not in route.path


def test_a1_10_60_a_mounted_model_ends_turned_clear_of_allies_and_terrain() -> None:
    from engines.eternia.mounted import settle_mount

    ctx = _team("he_man")
    put(ctx, "t.he_man", 4, 5)
    ctx.state.terrain[key(at(6, 5))] = "forest"
    cat = _cat(ctx, at(5, 5), at(4, 5))  # its second hex on He-Man: it must turn at the end
    settle_mount(ctx, cat)
    assert cat.hexes[0] == at(5, 5) and at(4, 5) not in cat.hexes and at(6, 5) not in cat.hexes


def test_a1_10_55_60_a_mounted_step_that_leaves_it_trailing_over_an_ally_may_still_end_the_move() -> None:
    """A mounted model passing an Ally (#55) spends its last point on a step that leaves its second
    hex on that Ally: its first hex is free and it can turn clear (#60), so the move ends there.
    (It once stopped with no choice at all: a prompt with nothing legal.)"""
    from engines.eternia.state import Pending

    ctx = _team("he_man")
    heman = put(ctx, "t.he_man", 5, 5)
    cat = _cat(ctx, at(5, 5), at(6, 5))  # passing through He-Man's space, 1 point left
    ctx.ask(Pending(kind="move", seat=cat.seat, model=cat.id, n=1, steps=2))
    assert "stay" not in keys(ctx)  # it may not end on He-Man
    choose(ctx, f"s.{key(at(4, 5))}")
    assert pending_kind(ctx) == "" and cat.hexes[0] == at(4, 5)  # the move ended there...
    assert not set(cat.hexes) & set(heman.hexes) and len(cat.hexes) == 2  # ...turned clear of him


def test_a1_10_55_60_a_mounted_model_is_never_offered_a_step_it_could_not_end_on_or_go_on_from() -> None:
    from engines.eternia.moves import steps

    ctx = _team("he_man")
    put(ctx, "t.he_man", 4, 5)
    cat = _cat(ctx, at(5, 5), at(6, 5))
    for cell in ((3, 4), (3, 5), (3, 6), (4, 4), (4, 6)):  # around He-Man: no way to turn clear
        ctx.state.terrain[key(at(*cell))] = "rocks"
    # one point: a step onto He-Man could neither end there nor go on, so it is not offered
    assert at(4, 5) not in steps(ctx, cat, 1)


# ------------------------------------------------------------------------------ pulls, the AI's moving others
def test_keyword_pull_offers_only_spaces_no_farther_and_lands_where_chosen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engines.eternia import hexes

    ctx = _team("trap_jaw", mode="versus", ctrl="he_man, teela, orko")
    tj = put(ctx, "t.trap_jaw", 5, 8, power=1)
    heman = put(ctx, "c.he_man", 5, 5)
    start = ctx.distance(tj, heman)
    script_dice(monkeypatch, "ranged", "ranged")
    ctx.state.ctrl_skills["battle_plan"] = 0
    begin(ctx, tj, "harpoon", heman)
    ctx.run()
    while pending_kind(ctx) in ("atk_boost", "def_boost", "ctrl_power"):
        choose(ctx, "done" if "done" in keys(ctx) else "auto")
    assert pending_kind(ctx) == "push" and ctx.state.agenda.pending.seat == tj.seat  # type: ignore[union-attr]
    offered = [(int(a.params[0]), int(a.params[1])) for a in options(ctx)]
    assert at(5, 5) in offered  # "up to": it may stay
    assert all(hexes.distance(h, tj.hexes[0]) <= start for h in offered)  # never farther (A1.10 #58)
    assert all(hexes.distance(h, at(5, 5)) <= 2 for h in offered)  # at most 2 spaces
    closest = min(offered, key=lambda h: hexes.distance(h, tj.hexes[0]))
    choose(ctx, next(a.key for a in options(ctx) if (int(a.params[0]), int(a.params[1])) == closest))
    assert heman.hexes == [closest] and ctx.distance(tj, heman) == start - 2
    assert heman.hp == heman.max_hp - 2  # the Attack's Wounds only: a pull causes no Escape Damage


def test_a3_10_the_ai_pulls_its_target_as_close_as_it_can() -> None:
    ctx = _team("he_man", ctrl="trap_jaw, skeletor, mer_man")
    tj = put(ctx, "c.trap_jaw", 5, 2)
    hero = put(ctx, "t.he_man", 5, 5)
    before = ctx.distance(tj, hero)
    EFFECTS["pull"](ctx, Use(tj, ctx.skill("harpoon").effects[0], target=hero))
    ctx.run()
    assert pending_kind(ctx) == "" and ctx.distance(tj, hero) == before - 2


def test_a3_10_the_ai_mind_controls_into_a_terrain_penalty() -> None:
    ctx = _team("he_man", ctrl="tri_klops, skeletor, mer_man")
    tk = put(ctx, "c.tri_klops", 5, 2)
    hero = put(ctx, "t.he_man", 5, 5)
    ctx.state.tokens[key(at(4, 6))] = "deadly_plant"
    EFFECTS["mind_control"](ctx, Use(tk, ctx.skill("mind_control").effects[0], target=hero))
    ctx.run()
    assert hero.hexes == [at(4, 6)] and hero.hp < hero.max_hp


def test_a3_10_the_ai_teleports_next_to_the_nearest_enemy() -> None:
    ctx = _team("he_man", ctrl="evil_lyn, skeletor, mer_man")
    lyn = put(ctx, "c.evil_lyn", 5, 2)
    hero = put(ctx, "t.he_man", 5, 5)
    EFFECTS["teleport"](ctx, Use(lyn, ctx.skill("blink").effects[0]))
    ctx.run()
    assert pending_kind(ctx) == "" and ctx.distance(lyn, hero) == 1
