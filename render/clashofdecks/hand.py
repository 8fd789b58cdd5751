"""The private hand strip: a seat's hand in order, the Stronghold at its place, the playable four marked.

Under the cards to the right of the Stronghold a green bracket reads "HP": those cards are the
damage the current side can still take, which is how the game counts health.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.clashofdecks.state import ClashView, HandView, KingdomView
from render.clashofdecks.draft import draft_height, draft_panel
from render.clashofdecks.model import card_tile, kingdom_colour, kingdom_name, text
from render.clashofdecks.palette import indexed_palette
from render.clashofdecks.tiles import Tile, hand_tile
from render.core.indexed_canvas import IndexedCanvas
from render.core.palette import GOOD, INK, MUTED
from render.core.stamps import StampCanvas

WIDTH = 1280
MARGIN = 20
CARD_H = 200
GAP = 9
MIN_CARD_W = 112
MAX_CARD_W = 132
HEADER_H = 84
ROW_H = CARD_H + 70  # position numbers above, HP bracket below


def own_kingdom(view: ClashView) -> KingdomView | None:
    """The viewer's own kingdom, if the viewer has a seat."""
    for kingdom in view.kingdoms:
        if kingdom.seat is not None and kingdom.seat == view.viewer:
            return kingdom
    return None


def _slots(view: ClashView, hand: HandView, kingdom: KingdomView) -> list[Tile]:
    """Every position of the hand, left to right, with the Stronghold inserted at its place."""
    colour = kingdom_colour(kingdom)
    tiles = [card_tile(card, colour) for card in hand.cards]
    my_turn = view.phase == "summon" and view.active == kingdom.index
    for tile, card in zip(tiles, hand.cards, strict=True):
        if my_turn and card.id in hand.playable:
            tile.notes.append("can pay" if card.id in hand.affordable else "too dear")
    side = hand.side.capitalize()
    position = min(max(hand.stronghold_pos, 0), len(tiles))
    tiles.insert(position, Tile(name=side, cost=0, colour=colour, kind="stronghold"))
    return tiles


def _layout(count: int) -> tuple[int, float]:
    """Cards per row and card width for ``count`` positions."""
    inner = WIDTH - 2 * MARGIN
    per_row = max(1, int((inner + GAP) // (MIN_CARD_W + GAP)))
    per_row = min(per_row, max(count, 1))
    width = min(MAX_CARD_W, (inner - GAP * (per_row - 1)) / per_row)
    return per_row, width


def hand_height(view: ClashView) -> int:
    """Height of the whole private image for this view."""
    height = HEADER_H
    if view.hand is not None:
        count = len(view.hand.cards) + 1
        per_row, _ = _layout(count)
        height += ROW_H * (-(-count // per_row))
    if view.draft is not None and view.phase == "draft":
        height += draft_height(view, WIDTH - 2 * MARGIN) + GAP
    return height + MARGIN


def _header(canvas: StampCanvas, view: ClashView, kingdom: KingdomView, names: Sequence[str]) -> None:
    colour = kingdom_colour(kingdom)
    who = kingdom_name(kingdom, names)
    drafting = view.phase == "draft"
    canvas.text(
        (MARGIN, 14),
        f"{who} · {'your draft' if drafting else 'your hand'}",
        size=24,
        weight="bold",
        fill=colour,
        max_width=520,
        min_size=16,
    )
    facts = [f"Stronghold: {kingdom.side.capitalize()}, HP {kingdom.hp}", f"{kingdom.hand_size} cards"]
    if drafting and view.draft is not None:
        picks = view.draft.picks[kingdom.index] if kingdom.index < len(view.draft.picks) else ()
        facts = [f"{len(picks)} cards picked"]
    if view.phase == "summon" and view.active == kingdom.index:
        facts.insert(0, f"Mana {kingdom.mana} · your turn")
    canvas.text(
        (WIDTH - MARGIN, 16),
        " · ".join(facts),
        size=20,
        weight="bold",
        anchor="ra",
        max_width=700,
        min_size=16,
    )
    note = "Gold frame: among the four leftmost cards, so it can be played."
    if drafting:
        note = "Picks are public; the order of your hand is dealt when the draft ends."
    if view.champions and kingdom.champion is not None:
        champion = kingdom.champion
        note += (
            f"  Champion {champion.card.name}: {champion.status.replace('_', ' ')}, cost {champion.cost_now}."
        )
    canvas.text(
        (MARGIN, 52), text(note, names), size=16, fill=MUTED, max_width=WIDTH - 2 * MARGIN, min_size=16
    )


def _hand_row(canvas: StampCanvas, y: float, view: ClashView, hand: HandView, kingdom: KingdomView) -> float:
    tiles = _slots(view, hand, kingdom)
    per_row, width = _layout(len(tiles))
    stronghold = min(max(hand.stronghold_pos, 0), len(tiles) - 1)
    ids = [""] * len(tiles)
    offset = 0
    for index in range(len(tiles)):
        if index == stronghold:
            offset = 1
            continue
        ids[index] = hand.cards[index - offset].id
    playable = set(hand.playable)
    for index, tile in enumerate(tiles):
        row, col = divmod(index, per_row)
        x = MARGIN + col * (width + GAP)
        top = y + row * ROW_H
        canvas.text(
            (x + width / 2, top + 12), f"#{index + 1}", size=16, weight="bold", fill=MUTED, anchor="mm"
        )
        hand_tile(canvas, x, top + 30, width, CARD_H, tile, playable=ids[index] in playable)
        if index > stronghold:
            # the HP bracket: each card right of the Stronghold is one point of health
            canvas.draw.rectangle(
                (x - GAP / 2, top + CARD_H + 42, x + width + GAP / 2, top + CARD_H + 48), fill=GOOD
            )
    hp = len(tiles) - 1 - stronghold
    last_row = (len(tiles) - 1) // per_row
    label = f"HP {hp}: cards right of the Stronghold" if hp else "no HP left on this side"
    canvas.text(
        (WIDTH - MARGIN, y + last_row * ROW_H + CARD_H + 52),
        label,
        size=16,
        weight="bold",
        fill=GOOD if hp else INK,
        anchor="ra",
    )
    return y + (last_row + 1) * ROW_H


def render_hand(view: ClashView, names: Sequence[str] = ()) -> StampCanvas | None:
    """Draw the viewer's private image, or None when the viewer holds nothing secret."""
    kingdom = own_kingdom(view)
    drafting = view.phase == "draft" and view.draft is not None
    if kingdom is None or (view.hand is None and not drafting):
        return None
    canvas = IndexedCanvas(WIDTH, hand_height(view), indexed_palette())
    _header(canvas, view, kingdom, names)
    y: float = HEADER_H
    if view.hand is not None:
        y = _hand_row(canvas, y, view, view.hand, kingdom)
    if drafting:
        draft_panel(canvas, MARGIN, y, WIDTH - 2 * MARGIN, view, kingdom.index, names)
    return canvas
