"""Clash for Eternia content: rules constants, skills, characters, minions, Controller pieces, AI
cards, terrain and scenarios, loaded from the TOML files in ``data/`` and cross-checked. The
records' shapes are in ``pieces`` and ``battlefield``.

Each data file's header says which facts come from the book and which are designed. Effects are
keywords (``Effect.do``) bound to one handler each in ``skills.py``; :func:`uses` lists every
keyword a file uses so the ruleset's ``check_content`` can name the file, entry and field of an
unknown one.
"""

from __future__ import annotations

from functools import cache

import msgspec

from engines.core.content import load_content, require_unique
from engines.core.errors import ContentError
from engines.core.keywords import Use
from engines.eternia.battlefield import Npc, Scenario, ScenarioFile, Terrain, TerrainFile
from engines.eternia.pieces import (
    AiPlan,
    Character,
    CharacterFile,
    ControllerFile,
    ControllerSkill,
    Minion,
    MinionFile,
    RulesFile,
    Skill,
    SkillFile,
    StrategyCard,
)

PACKAGE = "engines.eternia.data"


def path(filename: str) -> str:
    """A data file's path from the repository root, as ContentErrors name it."""
    return f"engines/eternia/data/{filename}"


FACES = ("melee", "ranged", "power", "blank")
SKILL_TYPES = ("attack", "action", "bonus_action", "boost", "reaction", "surge", "passive")
ATTACK_KINDS = ("melee", "ranged")
BOOST_FOR = ("", "attack", "defense", "move")
WHEN = ("hit", "use", "power_face", "always")
TRIGGERS = ("attacked", "round_start")  # Reaction triggers
# Strategy card triggers: the Strategy Activation's menu, an Attack by or on a Controller model, the
# start of the Round, the start of an Enemy Character's Activation, after any KO (A1.7 #39, A5-18).
STRATEGY_TRIGGERS = ("strategy", "ctrl_attack", "team_attack", "round_start", "enemy_activation", "ko")
LEVELS = ("green", "yellow", "red")
ALIGNMENTS = ("hero", "villain")
SIDES = ("team", "ctrl")
SCENARIO_TYPES = ("open", "set", "ai")


# ----------------------------------------------------------------------------------- catalogue
class Content(msgspec.Struct, frozen=True):
    """Everything loaded and cross-checked, by id."""

    rules: RulesFile
    skills: dict[str, Skill]
    characters: dict[str, Character]
    minions: dict[str, Minion]
    controller_skills: dict[str, ControllerSkill]
    strategy: dict[str, StrategyCard]
    ai: dict[str, AiPlan]
    terrain: dict[str, Terrain]
    scenarios: dict[str, Scenario]
    npcs: dict[str, Npc]


def _check_in(file: str, entry: str, field: str, value: str, allowed: tuple[str, ...] | set[str]) -> None:
    if value not in allowed:
        raise ContentError(path(file), entry, field, f"{value!r} is not one of {', '.join(sorted(allowed))}")


def load() -> Content:
    """Load every data file afresh and cross-check references; ``ContentError`` names a fault."""
    rules = load_content(PACKAGE, "rules.toml", RulesFile)
    for i, face in enumerate(rules.die):
        _check_in("rules.toml", "", f"die[{i}]", face, FACES)
    for i, slot in enumerate(rules.track):
        _check_in("rules.toml", "", f"track[{i}].side", slot.side, SIDES)
    skills_file = load_content(PACKAGE, "skills.toml", SkillFile)
    require_unique(path("skills.toml"), [s.id for s in skills_file.skills])
    skills = {s.id: s for s in skills_file.skills}
    for s in skills.values():
        _check_in("skills.toml", s.id, "type", s.type, SKILL_TYPES)
        if s.type == "attack":
            _check_in("skills.toml", s.id, "attack", s.attack, ATTACK_KINDS)
        _check_in("skills.toml", s.id, "boost_for", s.boost_for, BOOST_FOR)
        for i, e in enumerate(s.effects):
            _check_in("skills.toml", s.id, f"effects[{i}].when", e.when, WHEN)
        if s.type == "reaction":
            _check_in("skills.toml", s.id, "trigger", s.trigger, TRIGGERS)
        for i, a in enumerate(s.addons):
            _check_in("skills.toml", s.id, f"addons[{i}]", a, set(skills))
    chars_file = load_content(PACKAGE, "characters.toml", CharacterFile)
    require_unique(path("characters.toml"), [c.id for c in chars_file.characters])
    for c in chars_file.characters:
        _check_in("characters.toml", c.id, "alignment", c.alignment, ALIGNMENTS)
        p = c.player
        refs = {
            "player.skills": p.skills,
            "player.green": p.green,
            "player.yellow": p.yellow,
            "player.red": p.red,
            "controller.skills": c.controller.skills,
        }
        for field, ids in refs.items():
            for i, sid in enumerate(ids):
                _check_in("characters.toml", c.id, f"{field}[{i}]", sid, set(skills))
        for field, sid in (
            ("controller.empowered", c.controller.empowered),
            ("ai.attack", c.ai.attack),
            ("ai.skill", c.ai.skill),
        ):
            _check_in("characters.toml", c.id, field, sid, set(skills))
        if skills[c.ai.attack].type != "attack":
            raise ContentError(
                path("characters.toml"), c.id, "ai.attack", "an AI card's attack must be an attack"
            )
    minions_file = load_content(PACKAGE, "minions.toml", MinionFile)
    require_unique(path("minions.toml"), [m.id for m in minions_file.minions])
    for m in minions_file.minions:
        _check_in("minions.toml", m.id, "alignment", m.alignment, ALIGNMENTS)
        _check_in("minions.toml", m.id, "attack", m.attack, set(skills))
    elites = {m.id for m in minions_file.minions if m.elite}
    for s in skills.values():
        for i, e in enumerate(s.effects):
            if e.do == "spawn_elite":
                _check_in("skills.toml", s.id, f"effects[{i}].mode", e.mode, elites)
    ctrl = load_content(PACKAGE, "controller.toml", ControllerFile)
    require_unique(path("controller.toml"), [s.id for s in ctrl.skills])
    require_unique(path("controller.toml"), [s.id for s in ctrl.strategy])
    require_unique(path("controller.toml"), [a.id for a in ctrl.ai])
    _check_in("controller.toml", "", "skills", ",".join(sorted(s.id for s in ctrl.skills)), CONTROLLER_SKILLS)
    for card in ctrl.strategy:
        _check_in("controller.toml", card.id, "trigger", card.trigger, STRATEGY_TRIGGERS)
    for plan in ctrl.ai:
        _check_in("controller.toml", plan.id, "deck", plan.deck, ("character", "strategy"))
    terrain_file = load_content(PACKAGE, "terrain.toml", TerrainFile)
    require_unique(path("terrain.toml"), [t.id for t in terrain_file.terrain])
    terrain = {t.id: t for t in terrain_file.terrain}
    require_unique(path("terrain.toml"), [n.id for n in terrain_file.npcs])
    npcs = {n.id: n for n in terrain_file.npcs}
    for n in npcs.values():
        _check_in("terrain.toml", n.id, "behaviour", n.behaviour, ("stand", "flee"))
    scen_file = load_content(PACKAGE, "scenarios.toml", ScenarioFile)
    require_unique(path("scenarios.toml"), [s.id for s in scen_file.scenarios])
    for sc in scen_file.scenarios:
        _check_in("scenarios.toml", sc.id, "type", sc.type, SCENARIO_TYPES)
        _check_in("scenarios.toml", sc.id, "tie", sc.tie, ("team", "ctrl", "draw"))
        if sc.controller_alignment:
            _check_in("scenarios.toml", sc.id, "controller_alignment", sc.controller_alignment, ALIGNMENTS)
        for i, place in enumerate(sc.terrain):
            _check_in("scenarios.toml", sc.id, f"terrain[{i}].kind", place.kind, set(terrain))
        cells = [*sc.team_spawn, *sc.ctrl_spawn, *(c for place in sc.terrain for c in place.cells)]
        for i, v in enumerate(sc.variants):
            _check_in("scenarios.toml", sc.id, f"variants[{i}].mode", v.mode, ("", "ai", "versus"))
            if not v.team or not set(v.team) <= {1, 2, 3, 4}:
                raise ContentError(
                    path("scenarios.toml"), sc.id, f"variants[{i}].team", "team sizes are 1 to 4"
                )
        for mode in ("ai", "versus"):
            for team in (1, 2, 3, 4):
                lay = sc.layout(mode, team)
                for i, place in enumerate(lay.npcs):
                    _check_in("scenarios.toml", sc.id, f"npcs[{i}].kind", place.kind, set(npcs))
                cells += [*lay.minion_cells, *lay.objectives, *lay.scenario_tokens]
                cells += [c for place in lay.npcs for c in place.cells]
        for col, row in cells:
            if not (0 <= col < sc.cols and 0 <= row < sc.rows):
                raise ContentError(path("scenarios.toml"), sc.id, "cells", f"[{col}, {row}] is off the map")
    return Content(
        rules=rules,
        skills=skills,
        characters={c.id: c for c in chars_file.characters},
        minions={m.id: m for m in minions_file.minions},
        controller_skills={s.id: s for s in ctrl.skills},
        strategy={s.id: s for s in ctrl.strategy},
        ai={a.id: a for a in ctrl.ai},
        terrain=terrain,
        scenarios={s.id: s for s in scen_file.scenarios},
        npcs=npcs,
    )


#: the four Controller Skills, by id, joined as :func:`load` compares them
CONTROLLER_SKILLS = ("battle_plan,command,empower,reserves",)


@cache
def content() -> Content:
    """The shipped content, loaded once."""
    return load()


def uses(c: Content) -> list[Use]:
    """Every effect keyword the content uses, with where (for the keyword registry's check)."""
    out: list[Use] = []
    for s in c.skills.values():
        out += [Use(path("skills.toml"), s.id, f"effects[{i}].do", e.do) for i, e in enumerate(s.effects)]
    for card in c.strategy.values():
        out += [
            Use(path("controller.toml"), card.id, f"effects[{i}].do", e.do)
            for i, e in enumerate(card.effects)
        ]
    return out


def ai_uses(c: Content) -> list[Use]:
    """Every AI line keyword the AI cards use, with where."""
    return [
        Use(path("controller.toml"), a.id, f"lines[{i}].do", line.do)
        for a in c.ai.values()
        for i, line in enumerate(a.lines)
    ]
