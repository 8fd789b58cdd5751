"""A plain-text account of an Arclash view for terminals and embeds."""

from __future__ import annotations

from engines.arclash.state import ArclashView
from engines.core.types import seat_ref
from render.arclash.status import PHASE_NAMES, sealed_summary, status

LIMIT = 1500


def describe_view(view: ArclashView) -> str:
    """Who stands where, what each character's power is made of, and (for a seat) its hand and choices."""
    # {P1}-style placeholders: the adapters put each player's name there (never "Player 1")
    names = [seat_ref(s) for s in range(view.players)]
    lines = [
        f"Arclash, turn {max(view.turn, 1)}: "
        f"{PHASE_NAMES.get(view.phase, view.phase)}; first to {view.target}."
    ]
    waiting = sealed_summary(view, names)
    if waiting:
        lines.append(waiting[0].upper() + waiting[1:] + ".")
    for seat in view.seats:
        top = seat.stack[-1] if seat.stack else None
        who = f"L{top.level} {top.name}" if top else "face-down level 1"
        mods = "".join(f" {m.amount:+d}" for m in seat.mods)
        power = f"{seat.power}" + (f" ({seat.base_power}{mods})" if mods else "")
        supports = ", ".join(c.name for c in seat.supports)
        label, _ = status(view, seat)
        extra = f"; supports: {supports}" if supports else ""
        badge = f" [{label}]" if label else ""
        lines.append(
            f"{names[seat.seat]}: {seat.points} pts, {who}, power {power}{extra}; "
            f"hand {seat.hand_count}, deck {seat.deck_count}{badge}"
        )
    lines.extend(view.report[-3:])
    if view.rolls:  # dice and coins everyone saw fall this turn
        lines.append("Rolls this turn: " + "; ".join(view.rolls))
    if view.viewer is not None:
        hand = ", ".join(c.name for c in view.hand) or "empty"
        lines.append(f"Your hand: {hand}.")
        # the choices themselves are not repeated here: the buttons (or the terminal's numbered
        # list) already show them, and the text listed every choice a second time
    text = "\n".join(lines)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"
