"""Clash for Eternia content: rules constants, skills, characters, minions, Controller pieces, AI
cards, terrain and scenarios, loaded from the TOML files in ``data/`` and cross-checked.

Each data file's header says which facts come from the book and which are designed. Effects are
keywords (``Effect.do``) bound to one handler each in ``skills.py``; :func:`uses` lists every
keyword a file uses so the ruleset's ``check_content`` can name the file, entry and field of an
unknown one.
"""

from __future__ import annotations

from functools import cache

import msgspec

from engines.core.content import NonNegative, Positive, load_content, require_unique
from engines.core.errors import ContentError
from engines.core.keywords import Use

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


# ----------------------------------------------------------------------------------- rules.toml
class Slot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One slot of the Activation Track: whose cards go there and the Power it pays."""

    side: str
    power: NonNegative


class RulesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The tracker board, the die and the book's fixed numbers."""

    die: tuple[str, ...]
    track: tuple[Slot, ...]
    move: Positive
    ranged_range: Positive
    max_dice: Positive
    minion_limit: Positive
    card_pool: Positive
    skill_slots: Positive
    controller_pool: Positive
    ai_power_cap: Positive
    actions: Positive
    lone_actions: Positive


# ----------------------------------------------------------------------------------- skills.toml
class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One keyword effect of a skill; ``when`` says at which moment of its use it applies."""

    do: str
    n: int = 0
    mode: str = ""
    when: str = "hit"
    range: NonNegative = 0  # for area effects ("within N")


class Skill(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Skill: an attack, an action, a bonus action, a boost, a reaction, a surge or a passive."""

    id: str
    name: str
    type: str
    text: str
    cost: NonNegative = 0
    attack: str = ""  # melee | ranged, for attacks
    dice: NonNegative = 0
    range: NonNegative = 0  # 0: the attack kind's normal range (melee 1, ranged 4)
    boost_for: str = ""  # attack | defense | move, for boosts
    trigger: str = ""  # for reactions
    effects: tuple[Effect, ...] = ()
    addons: tuple[str, ...] = ()  # boosts and surges printed with this skill, in card order


class SkillFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The shape of ``skills.toml``."""

    skills: tuple[Skill, ...]


# ----------------------------------------------------------------------------------- characters
class PlayerSide(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Character card's Player side and its three double-sided Skill cards."""

    hp: Positive
    armor: NonNegative
    skills: tuple[str, ...]
    green: tuple[str, str]
    yellow: tuple[str, str]
    red: tuple[str, str]


class ControllerSide(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Character card's Controller side: its skills and its Empowered effect."""

    hp: Positive
    armor: NonNegative
    skills: tuple[str, ...]
    empowered: str


class AiCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Character's AI card: HP, Armor, exactly one Attack and one Skill (A3.1)."""

    hp: Positive
    armor: NonNegative
    attack: str
    skill: str


class Character(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One Character: Hero or Villain, its Faction, and its three card faces."""

    id: str
    name: str
    alignment: str
    faction: str
    player: PlayerSide
    controller: ControllerSide
    ai: AiCard
    short: str = ""


class CharacterFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The shape of ``characters.toml``."""

    characters: tuple[Character, ...]


# ----------------------------------------------------------------------------------- minions
class Minion(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Minion type (1 HP always, A1.5 #25); Elite ones are only ever spawned by rules."""

    id: str
    name: str
    alignment: str
    attack: str
    armor: NonNegative = 0
    elite: bool = False
    mounted: bool = False
    count: Positive = 8


class MinionFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The shape of ``minions.toml``."""

    minions: tuple[Minion, ...]


# ----------------------------------------------------------------------------------- controller
class ControllerSkill(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One of the four Controller Skill cards, both sides (A1.7)."""

    id: str
    name: str
    slots: Positive
    cost: NonNegative
    n: NonNegative
    empowered_cost: NonNegative
    empowered_n: NonNegative
    text: str
    empowered_text: str


class StrategyCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Strategy card: when it may be played and what it does (played for 1 Battle Plan Power)."""

    id: str
    name: str
    trigger: str
    text: str
    effects: tuple[Effect, ...]


class AiLine(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One line of an AI card: a criterion to meet (or Power to pay) and what to do."""

    do: str
    need: str = ""
    cost: NonNegative = 0
    n: NonNegative = 0


class AiPlan(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An AI card: its lines in priority order (A3.5-6)."""

    id: str
    name: str
    deck: str  # character | strategy
    lines: tuple[AiLine, ...]
    text: str


class ControllerFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The shape of ``controller.toml``."""

    skills: tuple[ControllerSkill, ...]
    strategy: tuple[StrategyCard, ...]
    ai: tuple[AiPlan, ...]


# ----------------------------------------------------------------------------------- terrain
class Terrain(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Terrain card (or token rule): movement costs, LoS, penalties (A1.10 #56)."""

    id: str
    name: str
    text: str
    enter: NonNegative = 0
    leave: NonNegative = 0
    passable: bool = True
    blocks_los: bool = False
    penalty_wounds: NonNegative = 0  # a Terrain Penalty: Wounds on entering
    token: bool = False  # placed by effects, one per space (A1.10 #57)
    removable: bool = False  # the fallback Action may clear it (A1.3 #20)


class Npc(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An NPC card: its HP, Armor and what the Scenario makes it do each Round (A1.11 #64)."""

    id: str
    name: str
    hp: Positive
    text: str
    armor: NonNegative = 0
    behaviour: str = "stand"  # stand | flee


class TerrainFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The shape of ``terrain.toml``: the Terrain cards and the NPC cards."""

    terrain: tuple[Terrain, ...]
    npcs: tuple[Npc, ...] = ()


# ----------------------------------------------------------------------------------- scenarios
class Place(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Something placed on the map: a kind and the offset ``[col, row]`` cells it covers."""

    kind: str
    cells: tuple[tuple[int, int], ...]


class Variant(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A designed change to a Scenario's setup for some team sizes and modes (how it scales).

    A field left out keeps the Scenario's own; the first Variant that fits the game is used.
    """

    team: tuple[Positive, ...]  # the team sizes (Player Characters, 1-4) it is for
    mode: str = ""  # "ai" or "versus"; empty = both
    objectives: tuple[tuple[int, int], ...] | None = None
    minion_cells: tuple[tuple[int, int], ...] | None = None
    scenario_tokens: tuple[tuple[int, int], ...] | None = None
    npcs: tuple[Place, ...] | None = None


class Layout(msgspec.Struct, frozen=True):
    """What a Scenario puts on the Battlefield for one game (its Variant applied)."""

    objectives: tuple[tuple[int, int], ...]
    minion_cells: tuple[tuple[int, int], ...]
    scenario_tokens: tuple[tuple[int, int], ...]
    npcs: tuple[Place, ...]


class Scenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Scenario: type, setup, escalation, victory, round limit and tie rule (A1.11, A5-17)."""

    id: str
    name: str
    type: str
    text: str
    cols: Positive
    rows: Positive
    round_limit: Positive
    tie: str  # team | ctrl | draw: who wins when the round limit ends the game level
    vp_target: Positive
    vp_per_ko: NonNegative
    vp_per_objective: NonNegative
    escalation_per_round: NonNegative
    escalation_per_ko: NonNegative
    escalation_track: tuple[NonNegative, NonNegative, NonNegative]
    terrain: tuple[Place, ...]
    team_spawn: tuple[tuple[int, int], ...]
    ctrl_spawn: tuple[tuple[int, int], ...]
    minion_cells: tuple[tuple[int, int], ...]
    objectives: tuple[tuple[int, int], ...] = ()
    controller_alignment: str = ""  # Set Sides: the Controller's side
    npcs: tuple[Place, ...] = ()  # NPC kind and the cells they start on
    scenario_tokens: tuple[tuple[int, int], ...] = ()  # beacons a side claims by Interacting
    vp_per_rescue: NonNegative = 0
    vp_per_npc_ko: NonNegative = 0
    vp_per_beacon: NonNegative = 0
    variants: tuple[Variant, ...] = ()  # designed scaling by team size and mode

    def layout(self, mode: str, team: int) -> Layout:
        """The Objectives, starting Minions, beacons and NPCs for ``mode`` and a team of ``team``."""
        v = next((v for v in self.variants if team in v.team and v.mode in ("", mode)), None)
        if v is None:
            return Layout(self.objectives, self.minion_cells, self.scenario_tokens, self.npcs)
        return Layout(
            self.objectives if v.objectives is None else v.objectives,
            self.minion_cells if v.minion_cells is None else v.minion_cells,
            self.scenario_tokens if v.scenario_tokens is None else v.scenario_tokens,
            self.npcs if v.npcs is None else v.npcs,
        )


class ScenarioFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The shape of ``scenarios.toml``."""

    scenarios: tuple[Scenario, ...]


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
