"""A short text account of a HackClad view for terminals and embeds."""

from __future__ import annotations

from engines.core.types import counted, seat_ref
from engines.hackclad import grid
from engines.hackclad.content import content
from engines.hackclad.state import HackView
from render.hackclad.words import headline


def _missions(ids: list[str]) -> str:
    """Mission titles as players read them (the data's ids are for the engine)."""
    known = content().missions
    return ", ".join(known[i].title if i in known else i for i in ids)


def describe_view(view: HackView) -> str:
    """Round, Clad, Clad slots and every witch in a few lines (at most ~1500 characters)."""
    lines = [headline(view)]
    lines.append(
        f"Clad at {grid.label(view.clad_pos)} facing {grid.DIR_NAMES[view.clad_facing]}, "
        f"voltage {view.voltage} (ATK {view.clad_atk}){', pinned' if view.clad_locked else ''}; "
        f"Clad deck {view.clad_deck_count}."
    )
    slots = []
    for i, state in enumerate(view.clad_slot_state):
        card = view.clad_slots[i]
        slots.append(f"{i + 1}: {card.name if card else state}{' (done)' if state == 'done' else ''}")
    if view.phase == "play":
        lines.append("Clad slots " + "; ".join(slots))
        witch = {w.seat: f"{seat_ref(w.player)} ({w.name})" for w in view.witches}
        order = [f"{k + 1}: {witch.get(s, '?')}" for k, s in enumerate(view.turn_slots) if s >= 0]
        if order:
            lines.append("Turn slots " + ", ".join(order))
    for w in view.witches:
        where = "off the field" if w.pos < 0 else f"{grid.label(w.pos)} facing {grid.DIR_NAMES[w.facing]}"
        score = f", {view.scores[w.seat]} VP total" if view.scores else ""
        injuries = counted(w.injuries, "injury", "injuries")
        top = f"; top of deck (seen by all): {w.top.name}" if w.top is not None else ""
        lines.append(
            f"{seat_ref(w.player)} ({w.name}): {w.shards} shard VP{score}, {injuries}, "
            f"MP {w.mp}, CP {w.cp}, hand {w.hand_count}, {where}; missions {_missions(w.missions) or '—'}"
            + (f" (done: {_missions(w.completed)})" if w.completed else "")
            + top
        )
    shards = sum(view.field)
    if shards:
        lines.append(f"{shards} shard VP lie on the field.")
    if view.viewer is not None and view.hand:
        lines.append("Your hand: " + ", ".join(c.name for c in view.hand))
    if view.viewer is not None and view.top is not None:
        lines.append(f"Top of your deck (you know it): {view.top.name}")
    text = "\n".join(lines)
    return text if len(text) <= 1500 else text[:1497] + "…"
