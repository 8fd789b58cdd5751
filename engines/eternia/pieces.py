"""The pieces' records (A1.1, A1.7, A3): the rules' numbers, Skills, Characters, Minions, the
Controller Skills, Strategy cards and AI cards, as ``rules.toml``, ``skills.toml``,
``characters.toml``, ``minions.toml`` and ``controller.toml`` hold them.

The shapes only: :mod:`engines.eternia.content` loads the files into them and cross-checks them.
"""

from __future__ import annotations

import msgspec

from engines.core.content import NonNegative, Positive


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
