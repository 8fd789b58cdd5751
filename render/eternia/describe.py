"""A plain-text account of an Eternia view for terminals and embeds."""

from __future__ import annotations

from engines.core.types import counted, seat_ref
from engines.eternia.hexes import label
from engines.eternia.state import EtView, ModelView
from render.eternia.words import (
    ai_card_name,
    base_name,
    card_name,
    ctrl_skill_name,
    headline,
    knocked_out,
    scenario_name,
    skill_name,
    strategy_name,
    terrain_name,
    where,
)

LIMIT = 1500


def _character(view: EtView, m: ModelView) -> str:
    owner = f" ({seat_ref(m.seat)})" if m.seat >= 0 and view.mode == "versus" else ""
    state = "KO'd" if knocked_out(m) else f"at {where(m)}"
    extra = "".join(
        [", Dazed" if m.dazed else "", ", Empowered" if m.empowered else ""]
        + [f", {skill_name(u.skill)} {u.power}" for u in m.unlocked]
    )
    return f"{m.name}{owner} {state}: HP {m.hp}/{m.max_hp}, Armor {m.armor}, Power {m.power}{extra}"


def _minions(view: EtView, side: str) -> list[str]:
    groups: dict[str, list[ModelView]] = {}
    for m in view.models:
        if m.kind != "character" and (m.side == side or (m.kind == "npc" and side == "npc")):
            groups.setdefault(base_name(m), []).append(m)
    out = []
    for name, members in groups.items():
        shown = [f"{m.name.rsplit(' ', 1)[-1]} {where(m)}" for m in members if m.hexes]
        out.append(f"{name}: " + (", ".join(shown) if shown else "none on the map"))
    return out


def _track(view: EtView) -> str:
    slots = []
    for i, s in enumerate(view.track):
        face = card_name(view, s.card) if (s.flipped or s.card == "any") else "face down"
        now = " (now)" if s.active and view.phase == "activation" else ""
        slots.append(f"{i + 1} {'T' if s.side == 'team' else 'C'}+{s.power} {face}{now}")
    return "Track: " + "; ".join(slots)


def describe_view(view: EtView) -> str:
    """Round, VP, Escalation, every model, the track and the last roll (at most ~1500 characters)."""
    lines = [f"Clash for Eternia: {scenario_name(view)}. {headline(view)}."]
    if view.over and view.result:
        lines.append(f"Result: {view.result}.")
    lines.append(
        f"VP: Player Team {view.vp.get('team', 0)}, Controller {view.vp.get('ctrl', 0)} "
        f"(first to {view.vp_target}). Escalation {view.escalation}, level {view.levels}."
    )
    active = next((m for m in view.models if m.id == view.active_model), None)
    if active is not None:
        lines.append(f"Activating: {active.name}, {counted(view.actions_left, 'Action')} left.")
    for side, title in (("team", "Player Team"), ("ctrl", "Controller")):
        chars = [_character(view, m) for m in view.models if m.kind == "character" and m.side == side]
        lines.append(f"{title}: " + "; ".join(chars + _minions(view, side)) + ".")
    npcs = _minions(view, "npc")
    if npcs:
        lines.append("NPCs: " + "; ".join(npcs) + ".")
    if view.mode == "ai":
        card = ai_card_name(view.ai_card) if view.ai_card else "none"
        lines.append(f"AI Power {view.ai_power}; AI card {card}.")
    else:
        skills = ", ".join(f"{ctrl_skill_name(s)} {p}" for s, p in view.ctrl_skills.items())
        lines.append(f"Controller Skills: {skills}. Strategy hand {view.strategy_hand_size}.")
    lines.append(_track(view))
    if view.objectives:
        lines.append("Objectives: " + ", ".join(label(h) for h in view.objectives) + ".")
    if view.beacons:
        held = [f"{k} {v or 'free'}" for k, v in _beacons(view)]
        lines.append("Scenario tokens: " + ", ".join(held) + ".")
    tokens = [f"{terrain_name(k)} {label(_hex(h))}" for h, k in view.tokens.items()]
    if tokens:
        lines.append("Tokens: " + ", ".join(tokens) + ".")
    if view.last_roll:
        lines.append("Last roll: " + ", ".join(view.last_roll) + ".")
    if view.strategy_hand:
        lines.append("Your Strategy hand: " + ", ".join(strategy_name(c) for c in view.strategy_hand) + ".")
    if view.my_order:
        lines.append("Your sealed order: " + ", ".join(card_name(view, c) for c in view.my_order) + ".")
    text = "\n".join(lines)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def _hex(key: str) -> tuple[int, int]:
    q, r = key.split(",")
    return int(q), int(r)


def _beacons(view: EtView) -> list[tuple[str, str]]:
    names = {"team": "Team", "ctrl": "Controller"}
    return [(label(_hex(k)), names.get(v, v)) for k, v in view.beacons.items()]
