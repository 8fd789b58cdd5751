"""A kingdom's panel: name, team, whose turn, mana, hand size and the Stronghold's state.

A long name wraps to a second line and long facts to another; all panels of a board then grow
to the tallest one's height together, so the row stays even and nothing is cut short.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.clashofdecks.state import ClashView, KingdomView
from render.clashofdecks.gauge import hand_gauge, pile_gauge, side_pips
from render.clashofdecks.model import kingdom_colour, kingdom_name, text
from render.clashofdecks.palette import PANEL_TINT, WHITE
from render.core.canvas import Wrapped, fit_lines, join_lines, line_step, wrap_lines
from render.core.palette import DANGER, GOOD, HIGHLIGHT, INK, MUTED, tint
from render.core.stamps import StampCanvas, text_width

PANEL_H = 128
CHAMPION_ROW = 26
FACT_STEP = line_step(16)


def lost_sides(kingdom: KingdomView) -> int:
    """How many Stronghold sides have fallen: 0, 1 (Bastion) or 2 (Fort too)."""
    if kingdom.lost:
        return 2
    return 1 if kingdom.side.lower() == "fort" else 0


def _tag(view: ClashView, kingdom: KingdomView) -> str:
    """The badge in the panel's corner: defeated, winner, or whose turn it is."""
    if kingdom.lost:
        return "defeated"
    if view.over and kingdom.seat is not None and kingdom.seat in view.winners:
        return "winner"
    if view.phase != "over" and kingdom.index == view.active:
        return "▶ to play"
    return ""


def _facts(view: ClashView, kingdom: KingdomView) -> list[str]:
    """The short facts under the name: team, AI, mana on its turn, hand, creatures."""
    active = view.phase != "over" and kingdom.index == view.active
    facts: list[str] = []
    if view.mode in {"2v2", "coop"}:
        facts.append(f"Team {kingdom.team + 1}")
    if kingdom.is_ai:
        facts.append("AI")
    else:
        if active:
            facts.append(f"Mana {kingdom.mana}")
        facts.append(f"Hand {kingdom.hand_size}")
    facts.append(f"Creatures {kingdom.creatures}")
    if view.phase == "draft":
        # no hand yet: the Stronghold gauge means nothing until the draft is over
        picks = (
            view.draft.picks[kingdom.index] if view.draft and kingdom.index < len(view.draft.picks) else ()
        )
        facts = [f for f in facts[:1] if f.startswith("Team")] + [f"Drafting · {len(picks)} cards picked"]
    return facts


@dataclass(frozen=True)
class PanelText:
    """A panel's words laid out at its width: the name's lines, the facts' lines, the Champion's."""

    tag: str
    tag_w: float
    name: Wrapped
    facts: list[str]
    champion: list[str]

    @property
    def facts_top(self) -> int:
        """Where this panel's facts would start, from the panel's top."""
        return 10 + line_step(self.name.size) * len(self.name.lines) + 6


def panel_text(view: ClashView, kingdom: KingdomView, names: Sequence[str], w: float) -> PanelText:
    """Lay out a panel's words at width ``w``: the player's name whole, wrapping rather than cut."""
    tag = _tag(view, kingdom)
    tag_w = text_width(tag, 16, "bold") + 14 if tag else 0.0
    who = kingdom_name(kingdom, names)
    # a little smaller on one line, else two lines at full size: names in a row stay near one size
    name = fit_lines(who, 20, w - 30 - tag_w, "bold", 18, 1)
    if not name.whole or len(name.lines) > 1:
        name = fit_lines(who, 20, w - 24, "bold", 16, 2, first=w - 30 - tag_w, fewest=False)
    facts = join_lines(_facts(view, kingdom), 16, w - 24)
    champion: list[str] = []
    if view.champions and view.phase != "draft":
        line = "Champion: none"
        if kingdom.champion is not None:
            status = kingdom.champion.status.replace("_", " ")
            line = f"Champion: {kingdom.champion.card.name} · {status} · cost {kingdom.champion.cost_now}"
        champion = wrap_lines(text(line, names), 16, w - 24).lines
    return PanelText(tag, tag_w, name, facts, champion)


def panel_width(view: ClashView, inner: float, gap: float) -> float:
    """Each panel's width when the kingdoms share ``inner`` px side by side."""
    count = max(len(view.kingdoms), 1)
    return (inner - gap * (count - 1)) / count


@dataclass(frozen=True)
class PanelRow:
    """Where every panel of a board puts its parts, so gauges and pips line up along the row."""

    facts_top: int
    gauge_top: int
    height: int


def panel_row(view: ClashView, names: Sequence[str], w: float) -> PanelRow:
    """The row's common layout: each part starts below the tallest panel's part above it."""
    texts = [panel_text(view, k, names, w) for k in view.kingdoms]
    facts_top = max([40, *(t.facts_top for t in texts)])
    gauge_top = facts_top + FACT_STEP * max([1, *(len(t.facts) for t in texts)]) + 7
    champion = max([0, *(len(t.champion) for t in texts)])
    height = gauge_top + 62 + (CHAMPION_ROW + FACT_STEP * (champion - 1) if champion else 0)
    return PanelRow(facts_top, gauge_top, max(height, PANEL_H + (CHAMPION_ROW if view.champions else 0)))


def panel_height(view: ClashView, names: Sequence[str], w: float) -> int:
    """The panels' common height (at least ``PANEL_H``, more when a name or the facts wrap)."""
    return panel_row(view, names, w).height


def kingdom_panel(
    canvas: StampCanvas,
    x: float,
    y: float,
    w: float,
    row: PanelRow,
    view: ClashView,
    kingdom: KingdomView,
    names: Sequence[str],
) -> None:
    """Draw one kingdom's panel at (x, y), ``w`` wide, laid out as ``row`` (``names``: drawable names)."""
    colour = kingdom_colour(kingdom)
    laid = panel_text(view, kingdom, names, w)
    h = row.height
    active = view.phase != "over" and kingdom.index == view.active
    canvas.box(
        (x, y, x + w, y + h),
        fill=tint(colour, PANEL_TINT),
        outline=HIGHLIGHT if active else colour,
        width=5 if active else 2,
        radius=10,
    )
    tag, tag_w = laid.tag, laid.tag_w
    if tag:
        fill = DANGER if tag == "defeated" else (HIGHLIGHT if tag != "winner" else GOOD)
        ink = INK if tag != "defeated" else WHITE
        canvas.chip((x + w - 10 - tag_w, y + 9, x + w - 10, y + 33), tag, 16, fill, ink)
    canvas.lines((x + 12, y + 10), laid.name.lines, laid.name.size, colour, "bold")
    canvas.lines((x + 12, y + row.facts_top), laid.facts, 16, INK)
    gauge_y = y + row.gauge_top
    if view.phase == "draft":
        side_pips(canvas, x + 16, gauge_y + 32, kingdom.side, lost_sides(kingdom))
        return
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
    side_pips(canvas, x + 16, gauge_y + 32, kingdom.side, lost_sides(kingdom))
    if laid.champion:
        canvas.lines((x + 12, gauge_y + 58), laid.champion, 16, MUTED)
