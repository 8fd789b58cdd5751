"""A kingdom's panel: name, team, whose turn, mana, hand size and the Stronghold's state."""

from __future__ import annotations

from collections.abc import Sequence

from engines.clashofdecks.state import ClashView, KingdomView
from render.clashofdecks.gauge import hand_gauge, pile_gauge, side_pips
from render.clashofdecks.model import kingdom_colour, kingdom_name, text
from render.clashofdecks.palette import PANEL_TINT, WHITE
from render.core.palette import DANGER, GOOD, HIGHLIGHT, INK, MUTED, tint
from render.core.stamps import StampCanvas

PANEL_H = 128
CHAMPION_ROW = 26


def panel_height(view: ClashView) -> int:
    """Panel height for this game (taller when Champions are in play)."""
    return PANEL_H + (CHAMPION_ROW if view.champions else 0)


def lost_sides(kingdom: KingdomView) -> int:
    """How many Stronghold sides have fallen: 0, 1 (Bastion) or 2 (Fort too)."""
    if kingdom.lost:
        return 2
    return 1 if kingdom.side.lower() == "fort" else 0


def kingdom_panel(
    canvas: StampCanvas,
    x: float,
    y: float,
    w: float,
    view: ClashView,
    kingdom: KingdomView,
    names: Sequence[str],
) -> None:
    """Draw one kingdom's panel at (x, y), ``w`` wide (``names``: the seats' drawable names)."""
    colour = kingdom_colour(kingdom)
    h = panel_height(view)
    active = view.phase != "over" and kingdom.index == view.active
    canvas.box(
        (x, y, x + w, y + h),
        fill=tint(colour, PANEL_TINT),
        outline=HIGHLIGHT if active else colour,
        width=5 if active else 2,
        radius=10,
    )
    tag = ""
    if kingdom.lost:
        tag = "defeated"
    elif view.over and kingdom.seat is not None and kingdom.seat in view.winners:
        tag = "winner"
    elif active:
        tag = "▶ to play"
    tag_w = 0.0
    if tag:
        tag_w = canvas.textlength(tag, 16, "bold") + 14
        fill = DANGER if tag == "defeated" else (HIGHLIGHT if tag != "winner" else GOOD)
        canvas.draw.rounded_rectangle((x + w - 10 - tag_w, y + 9, x + w - 10, y + 33), radius=6, fill=fill)
        canvas.text(
            (x + w - 10 - tag_w / 2, y + 21),
            tag,
            size=16,
            weight="bold",
            fill=INK if tag != "defeated" else WHITE,
            anchor="mm",
        )
    canvas.text(
        (x + 12, y + 10),
        kingdom_name(kingdom, names),
        size=20,
        weight="bold",
        fill=colour,
        max_width=int(w - 30 - tag_w),
        min_size=16,
    )
    facts: list[str] = []
    if view.mode in {"2v2", "coop"}:
        facts.append(f"Team {kingdom.team + 1}")
    if kingdom.is_ai:
        facts.append("AI")
    else:
        facts.append(f"Mana {kingdom.mana}" if active else "")
        facts.append(f"Hand {kingdom.hand_size}")
    facts.append(f"Creatures {kingdom.creatures}")
    if view.phase == "draft":
        # no hand yet: the Stronghold gauge means nothing until the draft is over
        picks = (
            view.draft.picks[kingdom.index] if view.draft and kingdom.index < len(view.draft.picks) else ()
        )
        facts = [f for f in facts[:1] if f.startswith("Team")] + [f"Drafting · {len(picks)} cards picked"]
    canvas.text(
        (x + 12, y + 40),
        " · ".join(f for f in facts if f),
        size=16,
        fill=INK,
        max_width=int(w - 24),
        min_size=16,
    )
    if view.phase == "draft":
        side_pips(canvas, x + 16, y + 98, kingdom.side, lost_sides(kingdom))
        return
    gauge_y = y + 66
    hp_label = f"HP {kingdom.hp}"
    hp_w = canvas.textlength(hp_label, 20, "bold")
    if kingdom.is_ai:
        pile_gauge(canvas, x + 12, gauge_y, w - 36 - hp_w, kingdom.deck_size, len(kingdom.discard), colour)
    else:
        hand_gauge(canvas, x + 12, gauge_y, w - 36 - hp_w, kingdom.hand_size, kingdom.stronghold_pos, colour)
    canvas.text(
        (x + w - 12, gauge_y + 11),
        hp_label,
        size=20,
        weight="bold",
        fill=DANGER if kingdom.hp <= 2 else INK,
        anchor="rm",
    )
    side_pips(canvas, x + 16, y + 98, kingdom.side, lost_sides(kingdom))
    if view.champions:
        champion = kingdom.champion
        line = "Champion: none"
        if champion is not None:
            status = champion.status.replace("_", " ")
            line = f"Champion: {champion.card.name} · {status} · cost {champion.cost_now}"
        canvas.text(
            (x + 12, y + 124), text(line, names), size=16, fill=MUTED, max_width=int(w - 24), min_size=16
        )
