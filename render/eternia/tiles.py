"""The cards a seat's private picture shows, as tiles: one band, a kind line and the card's text.

A Character's printed Skills and, for a Player Character, its three Skill cards (unlocked: the
face chosen, with the Power on its slots; locked: both faces named); the Controller's Strategy
hand and its Controller Skills. ``render.eternia.hand`` lays the tiles out and draws them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.eternia.content import content
from engines.eternia.state import EtView, ModelView
from render.core.palette import RGB, tint
from render.eternia.fitting import (
    fit_lines,
    lines_height,
    step,
)
from render.eternia.palette import (
    POWER,
    character_colour,
    side_colour,
)
from render.eternia.words import card_name, design_of, skill_name, strategy_name

LEVEL_COLOURS: dict[str, RGB] = {"green": (70, 150, 80), "yellow": (200, 160, 30), "red": (190, 50, 50)}
TYPE_WORDS = {
    "attack": "Attack",
    "action": "Action",
    "bonus_action": "Bonus Action",
    "boost": "Boost",
    "reaction": "Reaction",
    "surge": "Surge",
    "passive": "Passive",
}
TRIGGERS = {
    "strategy": "Strategy Activation",
    "ctrl_attack": "when your model attacks",
    "team_attack": "when an Enemy attacks",
}


@dataclass
class Tile:
    """One card on the picture: a band with its title and Power slots, a kind line (if any) and text."""

    band: RGB
    title: str
    kind: str
    text: str
    slots: int = 0  # Power slots drawn (0: none)
    power: int = 0
    muted: bool = False

    def kind_height(self, width: float) -> int:
        """The height of the kind line(s) at tile ``width`` (a long one wraps; none without a kind)."""
        if not self.kind:
            return 0
        # one line, shrunk a little if need be, before two: "Ranged Attack · 2 dice · cost 1"
        wrapped = fit_lines(self.kind, 16, width - 24, "bold", min_size=13, max_lines=2, fewest=True)
        return len(wrapped.lines) * step(wrapped.size) + 6

    def height(self, width: float) -> int:
        """The tile's height at ``width``."""
        body = lines_height(self.text, 16, width - 24, most=6)
        return 40 + self.kind_height(width) + body + 14


def _skill_tile(skill: str, band: RGB, note: str = "", slots: int = 0, power: int = 0) -> Tile:
    found = content().skills.get(skill)
    if found is None:
        return Tile(band, skill_name(skill), note, "", slots, power)
    kind = TYPE_WORDS.get(found.type, found.type)
    if found.type == "attack":
        kind = f"{found.attack.title()} Attack · {found.dice} dice"
    kind += f" · cost {found.cost}" if found.cost else " · free"
    return Tile(band, found.name, (note + " · " if note else "") + kind, found.text, slots, power)


def character_tiles(m: ModelView) -> list[Tile]:
    """The printed Skills of ``m`` and, for a Player Character, its three Skill cards."""
    fill = character_colour(design_of(m))
    tiles = [_skill_tile(s, fill) for s in m.skills]
    char = content().characters.get(design_of(m))
    if m.side != "team" or char is None:
        if m.empowered and char is not None:
            tiles.append(_skill_tile(char.controller.empowered, (120, 70, 200), "Empowered"))
        return tiles
    unlocked = {u.skill: u.power for u in m.unlocked}
    slots = content().rules.skill_slots
    for level in ("green", "yellow", "red"):
        faces: tuple[str, str] = getattr(char.player, level)
        chosen = next((f for f in faces if f in unlocked), "")
        band = LEVEL_COLOURS[level]
        if chosen:
            other = next(f for f in faces if f != chosen)
            tile = _skill_tile(chosen, band, level.title(), slots, unlocked[chosen])
            tile.text += f" (Other face: {skill_name(other)}.)"
            tiles.append(tile)
        else:
            names = " or ".join(skill_name(f) for f in faces)
            text = f"Unlocks at an Escalation level, as {names}."
            tiles.append(Tile(tint(band, 0.45), f"{level.title()} card", "locked", text, muted=True))
    return tiles


def own_characters(view: EtView) -> list[ModelView]:
    """The Characters the viewer decides for (the Controller: all of its side's)."""
    if view.side == "ctrl":
        return [m for m in view.models if m.kind == "character" and m.side == "ctrl"]
    return [m for m in view.models if m.kind == "character" and m.seat == view.viewer and m.side == view.side]


def controller_tiles(view: EtView) -> list[Tile]:
    """The Controller's Strategy hand, then its four Controller Skills with their Power."""
    tiles = []
    for card in view.strategy_hand:
        plan = content().strategy.get(card)
        trigger = TRIGGERS.get(plan.trigger, plan.trigger) if plan else ""
        text = plan.text if plan else ""
        # every Strategy text opens with its trigger ("When an Enemy attacks ...:"), so no kind line
        tiles.append(Tile(side_colour("ctrl"), strategy_name(card), "", text or trigger))
    known = content().controller_skills
    for skill, power in view.ctrl_skills.items():
        found = known.get(skill)
        if found is None:
            continue
        empowered = skill in view.ctrl_empowered
        text = found.empowered_text if empowered else found.text
        kind = "Empowered Controller Skill" if empowered else "Controller Skill"
        tiles.append(Tile(mix_band(empowered), found.name, kind, text, found.slots, power))
    return tiles


def mix_band(empowered: bool) -> RGB:
    """A Controller Skill's band: the side's colour, violet once flipped to its Empowered side."""
    return POWER if empowered else tint(side_colour("ctrl"), 0.2)


def secret_line(view: EtView) -> str:
    """The viewer's side's own hidden cards: its sealed order, or its face-down track cards."""
    if view.my_order:
        return "Your sealed order: " + ", ".join(card_name(view, c) for c in view.my_order)
    mine = [
        f"slot {i + 1} {card_name(view, s.card)}"
        for i, s in enumerate(view.track)
        if s.side == view.side and not s.flipped and s.card and s.card != "any"
    ]
    return "Face down: " + ", ".join(mine) if mine else ""
