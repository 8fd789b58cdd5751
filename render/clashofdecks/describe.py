"""A compact plain-text account of a view, for terminals and Discord embeds (at most 1500 characters)."""

from __future__ import annotations

from engines.clashofdecks.view import ClashView, KingdomView, SideView, UnitView
from render.clashofdecks.abilities import title
from render.clashofdecks.board import status_line, title_line
from render.clashofdecks.hand import own_kingdom
from render.clashofdecks.model import kingdom_name, text

LIMIT = 1500


def _unit(unit: UnitView) -> str:
    health = f"{unit.hp - unit.damage}/{unit.hp}" if unit.damage else str(unit.hp)
    extras = "".join(f" {title(a)}" for a in unit.abilities if a != "aura")
    return f"{unit.name} {unit.av}⚔ {health}♥{extras}"


def _kingdom(view: ClashView, kingdom: KingdomView) -> str:
    name = kingdom_name(view, kingdom)
    state = "defeated" if kingdom.lost else f"{kingdom.side.capitalize()} HP {kingdom.hp}"
    if kingdom.is_ai:
        rest = f"deck {kingdom.deck_size}, discard {len(kingdom.discard)}"
    else:
        rest = f"hand {kingdom.hand_size}"
        if view.phase == "summon" and kingdom.index == view.active:
            rest += f", mana {kingdom.mana}"
    return f"• {name}: {state}, {rest}, {kingdom.creatures} creatures"


def _side(view: ClashView, side: SideView) -> str:
    units = ", ".join(_unit(u) for u in sorted(side.units, key=lambda u: u.position)) or "empty"
    return f"{kingdom_name(view, view.kingdoms[side.kingdom])}: {units}"


def _fit(sections: list[list[str]], limit: int) -> str:
    """Join sections, cutting lines from the end of the longest sections until it fits."""
    while True:
        body = "\n".join(line for section in sections for line in section)
        if len(body) <= limit:
            return body
        longest = max(sections, key=lambda s: sum(len(x) for x in s))
        if len(longest) <= 1:
            return body[: limit - 1] + "…"
        longest.pop(-2 if longest[-1] == "…" else -1)
        if longest[-1] != "…":
            longest.append("…")


def describe_view(view: ClashView) -> str:
    """Whose turn, mana, every kingdom's Stronghold, the lines, and what the last Assault did."""
    status, _ = status_line(view)
    head = [f"{title_line(view)} — {status}"]
    kingdoms = [_kingdom(view, k) for k in view.kingdoms]
    sections = [head, kingdoms]
    if view.phase == "draft" and view.draft is not None:
        offer = ", ".join(card.name for card in view.draft.row) or "nothing"
        sections.append([f"On offer: {offer}"])
    else:
        lines = [
            f"Bridge {line.index + 1} — {_side(view, line.left)} | {_side(view, line.right)}"
            for line in view.lines
        ]
        sections.append(lines)
        if view.this_turn:
            sections.append(["This turn:", *(f"- {text(view, r.text)}" for r in view.this_turn)])
        assault = [f"- {text(view, r.text)}" for r in view.last_assault] or ["- none yet"]
        sections.append(["Last assault:", *assault])
    mine = own_kingdom(view)
    if mine is not None and view.hand is not None:
        playable = set(view.hand.playable)
        cards = [
            f"[{c.name} {c.cost}]" if c.id in playable else f"{c.name} {c.cost}" for c in view.hand.cards
        ]
        cards.insert(min(view.hand.stronghold_pos, len(cards)), f"<{view.hand.side.capitalize()}>")
        sections.append([f"Your hand ([] playable): {' '.join(cards)}"])
    return _fit(sections, LIMIT)
