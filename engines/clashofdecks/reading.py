"""What a bot reads off its View: creatures and lines, its kingdom, the cost of a card, and the
words for a move (every Clash of Decks bot's reasons name the card and what it does with them)."""

from __future__ import annotations

from engines.clashofdecks.state import CardInfo, ClashView, HandView, UnitView
from engines.core.types import Action, counted


def creatures(view: ClashView) -> dict[str, UnitView]:
    """Every creature in play by id."""
    found: dict[str, UnitView] = {}
    for line in view.lines:
        for side in (line.left, line.right):
            for unit in side.units:
                found[unit.id] = unit
    return found


def unit_lines(view: ClashView) -> dict[str, int]:
    """The line each creature in play stands on, by id."""
    return {u.id: line.index for line in view.lines for side in (line.left, line.right) for u in side.units}


def my_kingdom(view: ClashView) -> int:
    """The viewer's kingdom index."""
    return next(k.index for k in view.kingdoms if k.seat == view.viewer)


def friendly(view: ClashView, me: int, other: int) -> bool:
    """True when ``other`` is on the viewer's side."""
    return view.kingdoms[other].team == view.kingdoms[me].team


def across(view: ClashView, line: int, k: int) -> int:
    """The kingdom facing ``k`` across ``line``."""
    ln = view.lines[line]
    return ln.right.kingdom if ln.left.kingdom == k else ln.left.kingdom


def hp_cost(hand: HandView, iid: str) -> int:
    """HP lost by playing ``iid``: only cards to the right of the Stronghold hold it up."""
    ids = [c.id for c in hand.cards]
    index = ids.index(iid) if iid in ids else -1
    if index < 0:
        return 0  # the Champion is not in the hand
    return 1 if index >= hand.stronghold_pos else 0


def card_of(view: ClashView, iid: str) -> CardInfo | None:
    """The face of a card the viewer may play: in its hand, or its Champion."""
    if view.hand is not None:
        for card in view.hand.cards:
            if card.id == iid:
                return card
    for kingdom in view.kingdoms:
        if kingdom.champion and kingdom.champion.card.id == iid:
            return kingdom.champion.card
    return None


def side_units(view: ClashView, line: int, k: int) -> tuple[UnitView, ...]:
    """Kingdom ``k``'s creatures on ``line``, from the Bridge outwards."""
    ln = view.lines[line]
    return ln.left.units if ln.left.kingdom == k else ln.right.units


#: the longest reason a bot gives (a hint line, not a paragraph)
REASON_CHARS = 160


def fit(text: str) -> str:
    """``text`` cut to ``REASON_CHARS`` (the card and what it does come first, so they stay)."""
    return text if len(text) <= REASON_CHARS else text[: REASON_CHARS - 1].rstrip(" ,;:") + "…"


def faces(card: CardInfo) -> str:
    """A card's numbers in a few words."""
    if card.kind == "incantation":
        return (
            f"{card.effect} {card.power}, {card.cost} mana"
            if card.power
            else f"{card.effect}, {card.cost} mana"
        )
    return f"{card.hp} HP, {card.av} AV, {card.cost} mana"


def deed(view: ClashView, action: Action) -> str:
    """What ``action`` does, in a few words that name its card and where it goes or whom it hits."""
    if action.key == "end":
        return "End the summoning and attack"
    if view.draft is not None and action.key.startswith("d."):
        picked = next(c for c in view.draft.row if c.id == action.card)
        return f"Take {picked.name} ({faces(picked)})"
    card = card_of(view, action.card)
    name = card.name if card is not None else action.label
    price = " (costs 1 health)" if view.hand is not None and hp_cost(view.hand, action.card) else ""
    units = creatures(view)
    if action.key.startswith("p."):
        me, line = my_kingdom(view), int(action.params[1])
        where = "upper" if view.kingdoms[me].upper_line == line else "lower"
        foes = side_units(view, line, across(view, line, me))
        if not foes:
            return f"Summon {name} on the {where} line{price}, where no enemy creature blocks it"
        attack = sum(u.av for u in foes)
        facing = counted(len(foes), "creature")
        return f"Summon {name} on the {where} line{price}, facing {facing} with {attack} AV"
    target = units.get(str(action.params[1]))
    aim = target.name if target is not None else "a creature"
    if action.key.startswith("s."):
        return f"Merge {name} onto {aim}{price}"
    if card is None or target is None:
        return f"Cast {name} on {aim}{price}"
    if card.effect == "strike":
        left = target.hp - target.damage
        hit = (
            "leaving it 1 HP"
            if "vulnerability" in card.abilities
            else f"{card.power} damage to its {left} HP left"
        )
        return f"Cast {name} on {aim}{price}: {hit}"
    if card.effect == "bounce":
        return f"Cast {name} on {aim}{price}, sending it back to its owner's hand"
    return f"Cast {name} on {aim}{price}, pushing it to the back of its line"
