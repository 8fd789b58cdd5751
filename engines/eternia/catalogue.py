"""The readable catalogue: every piece of Clash for Eternia content a player can look up.

Entries are put together from the same data the engine plays by (``content()``), so the catalogue
cannot drift from the rules: Characters (both sides: the Player side with its Skill cards, the
Controller side with its Empowered effect, the AI card), every Skill, the Controller Skills, the
Strategy cards, the AI cards, Minions, NPCs, terrain and Scenarios. Ids carry a kind prefix so no
two entries share one (a Skill and a Strategy card may share a word). English only for now.
"""

from __future__ import annotations

from typing import Protocol

from engines.core.types import CatalogueEntry, counted
from engines.eternia.content import Content, content
from engines.eternia.hexes import label, offset_to_axial
from engines.eternia.pieces import Character, Skill

#: display groups, in the order the catalogue lists them
GROUPS = (
    "Heroes",
    "Villains",
    "Controller sides",
    "AI cards: Characters",
    "Skills",
    "Controller Skills",
    "Strategy cards",
    "AI Character Activation cards",
    "AI Strategy Activation cards",
    "Minions",
    "Elite Minions",
    "NPCs",
    "Terrain",
    "Tokens",
    "Scenarios",
)

#: when each Strategy card trigger fires, in a reader's words
TRIGGER_TEXT = {
    "strategy": "the Strategy Activation",
    "ctrl_attack": "one of your models attacks",
    "team_attack": "an Enemy attacks one of your models",
    "round_start": "the start of the Round",
    "enemy_activation": "the start of an Enemy Character's Activation",
    "ko": "after any KO",
}
REACTION_TEXT = {"attacked": "when an Enemy attacks it", "round_start": "the start of the Round"}
SCENARIO_TYPES = {"open": "Open Sides", "set": "Set Sides", "ai": "AI Scenario"}


def skill_stats(s: Skill) -> str:
    """A Skill's numbers in one line: type, attack kind, dice, range, cost, trigger."""
    parts = [s.type.replace("_", " ")]
    if s.type == "attack":
        parts += [s.attack, f"{s.dice} dice"]
        if s.range:
            parts.append(f"range {s.range}")
    if s.boost_for:
        parts.append(f"{s.boost_for} boost")
    if s.trigger:
        parts.append(REACTION_TEXT.get(s.trigger, s.trigger))
    parts.append(f"{s.cost} Power")
    return " · ".join(parts)


def skill_line(c: Content, sid: str) -> str:
    """One Skill as a line of a Character entry: name, numbers, text, and its add-ons."""
    s = c.skills[sid]
    line = f"{s.name} ({skill_stats(s)}): {s.text}"
    for aid in s.addons:
        a = c.skills[aid]
        line += f" + {a.name} ({a.cost} Power): {a.text}"
    return line


def _who(ch: Character) -> str:
    """Hero or Villain, and the Faction, as a reader writes them."""
    return f"{ch.alignment.title()} · {ch.faction.replace('_', ' ').title()}"


def _player(c: Content, ch: Character) -> CatalogueEntry:
    p = ch.player
    lines = [f"Card: {skill_line(c, sid)}" for sid in p.skills]
    for level in ("green", "yellow", "red"):
        faces: tuple[str, str] = getattr(p, level)
        lines.append(f"{level.title()} card, one of: " + " | ".join(skill_line(c, sid) for sid in faces))
    return CatalogueEntry(
        id=f"char.{ch.id}",
        name=ch.name,
        group="Heroes" if ch.alignment == "hero" else "Villains",
        stats=f"{_who(ch)} · Player side · {p.hp} HP · Armor {p.armor}",
        text="\n".join(lines),
        options=("characters", "ai_characters"),
        pick=ch.id,
    )


def _controller(c: Content, ch: Character) -> CatalogueEntry:
    side = ch.controller
    lines = [skill_line(c, sid) for sid in side.skills]
    lines.append(f"Empowered: {skill_line(c, side.empowered)}")
    return CatalogueEntry(
        id=f"ctrl.{ch.id}",
        name=f"{ch.name} (Controller side)",
        group="Controller sides",
        stats=f"{_who(ch)} · {side.hp} HP · Armor {side.armor} · {c.rules.controller_pool} Power slots",
        text="\n".join(lines),
    )


def _ai_card(c: Content, ch: Character) -> CatalogueEntry:
    return CatalogueEntry(
        id=f"aichar.{ch.id}",
        name=f"{ch.name} (AI card)",
        group="AI cards: Characters",
        stats=f"{ch.ai.hp} HP · Armor {ch.ai.armor}",
        text=f"Attack: {skill_line(c, ch.ai.attack)}\nSkill: {skill_line(c, ch.ai.skill)}",
    )


def _cells(cells: tuple[tuple[int, int], ...]) -> str:
    return ", ".join(label(offset_to_axial(col, row)) for col, row in cells)


class _Named(Protocol):
    """A content record the catalogue lists as it is: its id, name and rules text."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def text(self) -> str: ...


def _entry(kind: str, item: _Named, group: str, stats: str, text: str | None = None) -> CatalogueEntry:
    """The entry ``kind.id`` of ``item`` with its own name and (unless ``text`` is given) its own text."""
    return CatalogueEntry(
        id=f"{kind}.{item.id}",
        name=item.name,
        group=group,
        stats=stats,
        text=item.text if text is None else text,
    )


def entries(c: Content | None = None) -> list[CatalogueEntry]:
    """Every entry, grouped in :data:`GROUPS` order, each group in the data files' order."""
    c = c or content()
    out: list[CatalogueEntry] = []
    chars = list(c.characters.values())
    out += [_player(c, ch) for ch in chars if ch.alignment == "hero"]
    out += [_player(c, ch) for ch in chars if ch.alignment == "villain"]
    out += [_controller(c, ch) for ch in chars]
    out += [_ai_card(c, ch) for ch in chars]
    out += [_entry("skill", s, "Skills", skill_stats(s)) for s in c.skills.values()]
    out += [
        _entry(
            "cskill",
            s,
            "Controller Skills",
            f"{s.slots} Power slots · {s.cost} Power for {s.n} · Empowered: {s.empowered_cost} for "
            f"{s.empowered_n}",
            f"{s.text}\nEmpowered: {s.empowered_text}",
        )
        for s in c.controller_skills.values()
    ]
    out += [
        _entry(
            "strategy",
            card,
            "Strategy cards",
            f"played at {TRIGGER_TEXT[card.trigger]} · 1 Battle Plan Power",
        )
        for card in c.strategy.values()
    ]
    for deck, group in (
        ("character", "AI Character Activation cards"),
        ("strategy", "AI Strategy Activation cards"),
    ):
        out += [
            _entry("ai", plan, group, f"{len(plan.lines)} lines")
            for plan in c.ai.values()
            if plan.deck == deck
        ]
    for elite, group in ((False, "Minions"), (True, "Elite Minions")):
        for m in c.minions.values():
            if m.elite != elite:
                continue
            stats = [m.alignment.title(), "1 HP", f"Armor {m.armor}", f"{m.count} in the box"]
            if m.mounted:
                stats.append("mounted (2 spaces)")
            out.append(
                CatalogueEntry(
                    id=f"minion.{m.id}",
                    name=m.name,
                    group=group,
                    stats=" · ".join(stats),
                    text=f"Attack: {skill_line(c, m.attack)}",
                    # Elites come only from Skills: no option chooses them
                    options=() if elite else ("minions",),
                    pick="" if elite else m.id,
                )
            )
    out += [_entry("npc", n, "NPCs", f"{n.hp} HP · Armor {n.armor} · {n.behaviour}") for n in c.npcs.values()]
    for token, group in ((False, "Terrain"), (True, "Tokens")):
        for t in c.terrain.values():
            if t.token != token:
                continue
            stats = []
            if t.enter:
                stats.append(f"+{t.enter} to enter")
            if t.leave:
                stats.append(f"+{t.leave} to leave")
            if not t.passable:
                stats.append("impassable")
            if t.blocks_los:
                stats.append("blocks Line of Sight")
            if t.penalty_wounds:
                stats.append(f"Terrain Penalty {counted(t.penalty_wounds, 'Wound')}")
            if t.removable:
                stats.append("removable")
            out.append(_entry("terrain", t, group, " · ".join(stats) or "open"))
    for sc in c.scenarios.values():
        stats = [
            SCENARIO_TYPES[sc.type],
            f"{sc.cols}×{sc.rows}",
            f"{sc.round_limit} Rounds",
            f"{sc.vp_target} VP to win",
            f"tie: {sc.tie}",
        ]
        if sc.controller_alignment:
            stats.append(f"the Controller plays {sc.controller_alignment}s")
        text = sc.text
        if sc.objectives:
            text += f"\nObjectives at {_cells(sc.objectives)}."
        if sc.variants:
            text += "\nThe setup changes with the team's size and the mode (Objectives, Minions, beacons)."
        out.append(
            CatalogueEntry(
                id=f"scenario.{sc.id}",
                name=sc.name,
                group="Scenarios",
                stats=" · ".join(stats),
                text=text,
                options=("scenario",),
                pick=sc.id,
            )
        )
    return out
