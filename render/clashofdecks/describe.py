"""A compact plain-text account of a view, for terminals and Discord embeds (at most 1500 characters).

Seat names stay as "{P1}" placeholders for the adapters to fill; the limit counts each one as a
32-character name. A seat's own view also lists its hand: that text is for that seat only.
"""

from __future__ import annotations

import re

from engines.clashofdecks.state import ClashView, EffectRecord, KingdomView, SideView, UnitView
from engines.core.types import counted
from render.clashofdecks.abilities import title
from render.clashofdecks.board import status_line, title_line
from render.clashofdecks.hand import own_kingdom
from render.clashofdecks.model import kingdom_name, text
from render.clashofdecks.records import condense

LIMIT = 1500
NAME_ROOM = 32  # a placeholder such as "{P1}" may become a display name this long
_PLACEHOLDER = re.compile(r"\{P\d\}")
_CUT_PLACEHOLDER = re.compile(r"\{P?\d?$")


def filled_length(body: str) -> int:
    """The length ``body`` can reach once adapters put names in for its placeholders."""
    return len(body) + len(_PLACEHOLDER.findall(body)) * (NAME_ROOM - 4)


def _unit(unit: UnitView, detail: bool) -> str:
    health = f"{unit.hp - unit.damage}/{unit.hp}" if unit.damage else str(unit.hp)
    extras = "".join(f" {title(a)}" for a in unit.abilities if a != "aura") if detail else ""
    return f"{unit.name} {unit.av}⚔ {health}♥{extras}"


def _kingdom(view: ClashView, kingdom: KingdomView) -> str:
    name = kingdom_name(kingdom)
    state = "defeated" if kingdom.lost else f"{kingdom.side.capitalize()} HP {kingdom.hp}"
    if kingdom.is_ai:
        rest = f"deck {kingdom.deck_size}, discard {len(kingdom.discard)}"
    else:
        rest = f"hand {kingdom.hand_size}"
        if view.phase == "summon" and kingdom.index == view.active:
            rest += f", mana {kingdom.mana}"
    return f"• {name}: {state}, {rest}, {counted(kingdom.creatures, 'creature')}"


def _side(view: ClashView, side: SideView, detail: bool) -> str:
    units = ", ".join(_unit(u, detail) for u in sorted(side.units, key=lambda u: u.position)) or "empty"
    return f"{kingdom_name(view.kingdoms[side.kingdom])}: {units}"


def _cut(body: str, limit: int) -> str:
    """Last resort: cut the text itself, never through a placeholder."""
    cut = body[: limit - 1 - (filled_length(body) - len(body))]
    return _CUT_PLACEHOLDER.sub("", cut) + "…"


def _records(view: ClashView, title_text: str, records: tuple[EffectRecord, ...], keep: int) -> list[str]:
    rows = [f"- {text(r.text)}" for r in condense(records)]
    if len(rows) > keep:
        rows = [*rows[: max(keep - 1, 0)], "- …", rows[-1]]
    return [title_text, *rows]


def _compose(view: ClashView, detail: bool, keep: int) -> str:
    status, _ = status_line(view)
    parts = [f"{title_line(view)} — {status}"]
    teams = sorted({k.team for k in view.kingdoms})
    if 1 < len(teams) < len(view.kingdoms):  # say who plays with whom (2 vs 2, co-op against the AI)
        sides = [" & ".join(kingdom_name(k) for k in view.kingdoms if k.team == t) for t in teams]
        parts.append("Teams: " + " vs ".join(sides))
    parts.extend(_kingdom(view, k) for k in view.kingdoms)
    # Constructed decks are shown to everyone before play; keep them in view for the first round.
    if view.turn <= len(view.kingdoms):
        parts.extend(
            f"{kingdom_name(k)}'s deck: {', '.join(card.name for card in k.revealed_deck)}"
            for k in view.kingdoms
            if k.revealed_deck
        )
    if view.phase == "draft" and view.draft is not None:
        offer = ", ".join(card.name for card in view.draft.row) or "nothing"
        parts.append(f"On offer: {offer}")
    else:
        parts.extend(
            f"Bridge {line.index + 1} — {_side(view, line.left, detail)} | {_side(view, line.right, detail)}"
            for line in view.lines
        )
        if view.this_turn:
            parts.extend(_records(view, "This turn:", view.this_turn, keep))
        if view.last_assault:
            parts.extend(_records(view, "Last assault:", view.last_assault, keep))
        else:
            parts.append("Last assault: none yet")
    mine = own_kingdom(view)
    if mine is not None and view.hand is not None:
        playable = set(view.hand.playable)
        cards = [
            f"[{c.name} {c.cost}]" if c.id in playable else f"{c.name} {c.cost}" for c in view.hand.cards
        ]
        cards.insert(min(view.hand.stronghold_pos, len(cards)), f"<{view.hand.side.capitalize()}>")
        parts.append(f"Your hand ([] playable): {' '.join(cards)}")
    return "\n".join(parts)


def describe_view(view: ClashView) -> str:
    """Whose turn, mana, every kingdom's Stronghold, the lines, and what the last Assault did.

    When it would be too long, records are cut first (keeping the last, often decisive, one),
    then creatures lose their ability names; the lines and kingdoms are always there.
    """
    body = ""
    for detail in (True, False):
        for keep in (12, 8, 5, 3, 1):
            body = _compose(view, detail, keep)
            if filled_length(body) <= LIMIT:
                return body
    return _cut(body, LIMIT)
