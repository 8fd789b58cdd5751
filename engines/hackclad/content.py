"""HackClad content: skill cards, Clad cards, missions, witches and CP actions, loaded from TOML.

Why effect keywords are not checked here: their handlers live in ``effects``, which sits above this
module (it plays the cards loaded here). This module only lists where each keyword is used
(``effect_uses``); the ruleset's ``check_content`` hands that list to ``effects.EFFECTS.check``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import NamedTuple

import msgspec

from engines.core.content import NonNegative, load_content, require_unique
from engines.core.errors import ContentError
from engines.core.keywords import Use

SKILL_TYPES = ("attack", "attack_magic", "support", "support_magic", "reaction", "reaction_magic")
ATTACK_TYPES = ("attack", "attack_magic")
REACTION_TYPES = ("reaction", "reaction_magic")
CONDITIONS = ("", "behind", "late_slot", "picked_shards", "adjacent_clad", "x6")
NEEDS = ("", "adjacent_clad", "adjacent_witch")
PASSIVES = ("", "shield", "move_use", "atk_bonus")
FACES = ("", "left", "right", "back")
MISSION_KINDS = (
    "round_attacks",
    "round_moved",
    "round_damage",
    "round_picked",
    "cp_reached",
    "single_damage",
    "single_reduce",
    "final_injuries_at_most",
    "final_deck_vp",
    "final_mp",
)


class Eff(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One effect step: a keyword bound to one handler, with its numbers and condition."""

    key: str
    n: NonNegative = 0
    tag: str = ""
    cond: str = ""
    opt: bool = False
    upto: bool = False


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A skill card design."""

    id: str
    name: str
    type: str
    vp: NonNegative
    text: str
    atk: NonNegative = 0
    mp: NonNegative = 0
    range: tuple[tuple[int, int], ...] = ()
    tags: list[str] = []
    need: str = ""
    optional: str = ""
    extra_discard: NonNegative = 0
    extra_optional: bool = False
    extra_shards: NonNegative = 0
    x_cost: bool = False
    from_discard: bool = False
    passive: str = ""
    effects: list[Eff] = []
    as_cost: list[Eff] = []
    as_guard: list[Eff] = []

    @property
    def is_attack(self) -> bool:
        """Attack or Attack Magic."""
        return self.type in ATTACK_TYPES

    @property
    def is_reaction(self) -> bool:
        """Reaction or Reaction Magic."""
        return self.type in REACTION_TYPES


class CladCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Clad card: attack cells, drop cells, forward moves and a turn, acted in that order."""

    id: str
    name: str
    voltage: NonNegative
    attack: tuple[tuple[int, int], ...] = ()
    drop: tuple[tuple[int, int], ...] = ()
    move: NonNegative = 0
    face: str = ""
    expert: bool = False
    replaces: str = ""


class Mission(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A mission card: a condition kind with its threshold and the VP it is worth."""

    id: str
    title: str
    kind: str
    n: NonNegative
    vp: NonNegative
    text: str


class Witch(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A playable witch: basic-action limits (move, MP, -1 DMG), innate CP action and her 16 cards."""

    id: str
    name: str
    limits: tuple[NonNegative, NonNegative, NonNegative]
    innate: str
    first_game: list[str]
    basic: list[str]
    enhanced: list[str]


class CpAction(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A CP action: cost, when it may be used ("turn" or "reaction") and its effect steps."""

    id: str
    name: str
    cost: NonNegative
    timing: str
    text: str
    effects: list[Eff]
    witch: str = ""


class _Cards(msgspec.Struct, forbid_unknown_fields=True):
    card: list[Card]


class _Clad(msgspec.Struct, forbid_unknown_fields=True):
    clad: list[CladCard]


class _Missions(msgspec.Struct, forbid_unknown_fields=True):
    mission: list[Mission]


class _Witches(msgspec.Struct, forbid_unknown_fields=True):
    witch: list[Witch]
    cp: list[CpAction]


class Content(msgspec.Struct, frozen=True):
    """Everything HackClad is played with, checked and indexed by id."""

    cards: dict[str, Card]
    clad: dict[str, CladCard]
    clad_order: list[str]
    missions: dict[str, Mission]
    mission_order: list[str]
    witches: dict[str, Witch]
    witch_order: list[str]
    cp: dict[str, CpAction]
    # Derived once here so play need not rescan effect lists: the effect keywords of each card / CP action.
    card_effects: dict[str, frozenset[str]] = {}
    cp_effects: dict[str, frozenset[str]] = {}
    # The discard-pile passives among each witch's 16 cards (most have none, so most checks stop here).
    witch_passives: dict[str, frozenset[str]] = {}


_PKG = "engines.hackclad.data"
CARDS_FILE, CLAD_FILE, MISSIONS_FILE, WITCHES_FILE = (
    f"engines/hackclad/data/{n}.toml" for n in ("cards", "clad", "missions", "witches")
)


class Files(NamedTuple):
    """The four data files as read, before any cross-checks."""

    cards: list[Card]
    clad: list[CladCard]
    missions: list[Mission]
    witches: list[Witch]
    cps: list[CpAction]


def read_files() -> Files:
    """Read the four data files afresh (each entry's fields and types checked, nothing else)."""
    cards = load_content(_PKG, "cards.toml", _Cards).card
    clad = load_content(_PKG, "clad.toml", _Clad).clad
    missions = load_content(_PKG, "missions.toml", _Missions).mission
    wit = load_content(_PKG, "witches.toml", _Witches)
    return Files(cards, clad, missions, wit.witch, wit.cp)


def effect_lists(card: Card) -> tuple[tuple[str, list[Eff]], ...]:
    """A card's lists of effect steps by field name: played, discarded as a cost, discarded to guard."""
    return (("effects", card.effects), ("as_cost", card.as_cost), ("as_guard", card.as_guard))


def effect_uses(cards: list[Card], cps: list[CpAction]) -> Iterator[Use]:
    """Every effect keyword the cards and CP actions use, with its file, entry and field path."""
    for c in cards:
        for name, effs in effect_lists(c):
            for index, eff in enumerate(effs):
                yield Use(CARDS_FILE, c.id, f"{name}[{index}].key", eff.key)
    for cp in cps:
        for index, eff in enumerate(cp.effects):
            yield Use(WITCHES_FILE, cp.id, f"effects[{index}].key", eff.key)


def _check(file: str, entry: str, field: str, ok: bool, problem: str) -> None:
    if not ok:
        raise ContentError(file, entry, field, problem)


def _check_conditions(file: str, entry: str, field: str, effects: list[Eff]) -> None:
    for index, eff in enumerate(effects):
        _check(
            file, entry, f"{field}[{index}].cond", eff.cond in CONDITIONS, f"unknown condition {eff.cond!r}"
        )


def validate(
    cards: list[Card],
    clad: list[CladCard],
    missions: list[Mission],
    witches: list[Witch],
    cps: list[CpAction],
) -> Content:
    """Check cross-references and value ranges; raise ``ContentError`` naming file, entry and field.

    Effect keywords are checked before this, by the ruleset's ``check_content`` (see the top).
    """
    cf, kf, mf, wf = CARDS_FILE, CLAD_FILE, MISSIONS_FILE, WITCHES_FILE
    require_unique(cf, [c.id for c in cards])
    require_unique(kf, [c.id for c in clad])
    require_unique(mf, [m.id for m in missions])
    require_unique(wf, [w.id for w in witches] + [c.id for c in cps])
    for c in cards:
        for name, effs in effect_lists(c):
            _check_conditions(cf, c.id, name, effs)
        _check(cf, c.id, "type", c.type in SKILL_TYPES, f"type must be one of {', '.join(SKILL_TYPES)}")
        _check(cf, c.id, "need", c.need in NEEDS, f"need must be one of {NEEDS}")
        _check(cf, c.id, "passive", c.passive in PASSIVES, f"passive must be one of {PASSIVES}")
        _check(cf, c.id, "range", bool(c.range) == c.is_attack, "attack cards (and only they) have a range")
        deals = sum(1 for e in c.effects if e.key == "deal")
        _check(cf, c.id, "effects", (deals > 0) == c.is_attack, "attack cards (and only they) must 'deal'")
        _check(cf, c.id, "vp", 0 <= c.vp <= 9, "VP must be 0-9")
        if any(e.opt for e in c.effects):
            _check(cf, c.id, "optional", bool(c.optional), "opt steps need an 'optional' description")
    for k in clad:
        _check(kf, k.id, "voltage", k.voltage in (1, 2, 3), "voltage must be 1, 2 or 3")
        _check(kf, k.id, "face", k.face in FACES, f"face must be one of {FACES}")
        _check(kf, k.id, "move", 0 <= k.move <= 2, "move must be 0-2")
        if k.expert:
            _check(kf, k.id, "replaces", k.replaces in {c.id for c in clad if not c.expert}, "unknown card")
    for m in missions:
        _check(mf, m.id, "kind", m.kind in MISSION_KINDS, f"kind must be one of {', '.join(MISSION_KINDS)}")
    mission_ids = {m.id for m in missions}
    card_ids = {c.id for c in cards}
    cp_ids = {c.id for c in cps}
    for w in witches:
        _check(wf, w.id, "basic", len(w.basic) == 8, "a witch has 8 basic cards")
        _check(wf, w.id, "enhanced", len(w.enhanced) == 8, "a witch has 8 enhanced cards")
        for cid in (*w.basic, *w.enhanced):
            _check(wf, w.id, "basic/enhanced", cid in card_ids, f"unknown card {cid!r}")
        for mid in w.first_game:
            _check(wf, w.id, "first_game", mid in mission_ids, f"unknown mission {mid!r}")
        _check(wf, w.id, "innate", w.innate in cp_ids, f"unknown CP action {w.innate!r}")
        _check(wf, w.id, "limits", all(0 <= x <= 5 for x in w.limits), "limits must be 0-5")
    for cp in cps:
        _check(wf, cp.id, "timing", cp.timing in ("turn", "reaction"), "timing is 'turn' or 'reaction'")
        _check_conditions(wf, cp.id, "effects", cp.effects)
    _check(kf, "", "", sum(1 for k in clad if not k.expert) == 12, "the Clad has 12 normal cards")
    by_id = {c.id: c for c in cards}
    _check(mf, "", "", len(missions) == 18, "there are 18 missions")
    return Content(
        cards={c.id: c for c in cards},
        clad={k.id: k for k in clad},
        clad_order=[k.id for k in clad],
        missions={m.id: m for m in missions},
        mission_order=[m.id for m in missions],
        witches={w.id: w for w in witches},
        witch_order=[w.id for w in witches],
        cp={c.id: c for c in cps},
        card_effects={c.id: frozenset(e.key for e in c.effects) for c in cards},
        cp_effects={c.id: frozenset(e.key for e in c.effects) for c in cps},
        witch_passives={
            w.id: frozenset(by_id[c].passive for c in (*w.basic, *w.enhanced) if by_id[c].passive)
            for w in witches
        },
    )


@cache
def content() -> Content:
    """The shipped HackClad content (loaded and validated once)."""
    return load_all()


def load_all() -> Content:
    """The shipped HackClad content, read and validated afresh (effect keywords aside: see the top)."""
    return validate(*read_files())
