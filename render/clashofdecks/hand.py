"""The private hand strip: a seat's hand in order, the Stronghold at its place, the playable four marked.

Under the cards to the right of the Stronghold a green bracket reads "HP": those cards are the
damage the current side can still take, which is how the game counts health. Cards grow as tall
as the longest incantation text needs, and a key under them says what each badge shown means.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.clashofdecks.state import ClashView, HandView, KingdomView
from render.clashofdecks.draft import draft_height, draft_panel
from render.clashofdecks.legend import KeyEntry, draw_hand_key, hand_key, hand_key_height
from render.clashofdecks.model import card_tile, kingdom_colour, kingdom_name, text
from render.clashofdecks.palette import indexed_palette
from render.clashofdecks.tiles import Tile, hand_tile_height, pasted_hand_tile
from render.core.canvas import Wrapped, fit_lines, line_step, wrap_lines
from render.core.indexed_canvas import IndexedCanvas
from render.core.palette import GOOD, INK, MUTED
from render.core.stamps import StampCanvas, text_width

WIDTH = 1280
MARGIN = 20
CARD_H = 200
GAP = 9
MIN_CARD_W = 112
MAX_CARD_W = 132
HEADER_H = 84
ROW_EXTRA = 70  # a row of cards: position numbers above, HP bracket below
FACTS_STEP = line_step(20)
NOTE_STEP = line_step(16)
KEY_TOP = 6  # the badge key's gap below the cards


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


def card_height(view: ClashView, hand: HandView, kingdom: KingdomView) -> int:
    """The cards' common height: the tallest any card needs to show all its text (at least ``CARD_H``)."""
    tiles = _slots(view, hand, kingdom)
    _, width = _layout(len(tiles))
    return max([CARD_H, *(hand_tile_height(tile, width) for tile in tiles)])


def key_entries(view: ClashView) -> list[KeyEntry]:
    """The key to the badges this picture shows: the hand's cards and, while drafting, the offer."""
    cards = [
        *(view.hand.cards if view.hand is not None else ()),
        *(view.draft.row if _drafting(view) and view.draft else ()),
    ]
    tiles = [card_tile(card, INK) for card in cards]
    own = [a for tile in tiles for a in tile.abilities]
    lent = [a for tile in tiles for a in tile.auras]
    return hand_key(own, lent, WIDTH - 2 * MARGIN)


def _drafting(view: ClashView) -> bool:
    return view.phase == "draft" and view.draft is not None


@dataclass(frozen=True)
class HeaderPlan:
    """The hand picture's header laid out: who and what, the facts, the note, each whole."""

    title: Wrapped
    facts: str
    facts_below: bool  # the facts go under the title when both do not fit on one line
    note: list[str]

    @property
    def note_top(self) -> int:
        """Where the note starts."""
        top = 14 + line_step(self.title.size) * len(self.title.lines)
        return top + (FACTS_STEP if self.facts_below else 0) + 9

    @property
    def height(self) -> int:
        """The header's height (``HEADER_H`` unless something had to wrap)."""
        return max(HEADER_H, self.note_top + NOTE_STEP * len(self.note) + 13)


def _facts(view: ClashView, kingdom: KingdomView) -> str:
    facts = [f"Stronghold: {kingdom.side.capitalize()}, HP {kingdom.hp}", f"{kingdom.hand_size} cards"]
    if view.phase == "draft" and view.draft is not None:
        picks = view.draft.picks[kingdom.index] if kingdom.index < len(view.draft.picks) else ()
        facts = [f"{len(picks)} cards picked"]
    if view.phase == "summon" and view.active == kingdom.index:
        facts.insert(0, f"Mana {kingdom.mana} · your turn")
    return " · ".join(facts)


def _note(view: ClashView, kingdom: KingdomView, names: Sequence[str]) -> str:
    note = "Gold frame: among the four leftmost cards, so it can be played."
    if view.phase == "draft":
        note = "Picks are public; the order of your hand is dealt when the draft ends."
    if view.champions and kingdom.champion is not None:
        champion = kingdom.champion
        note += (
            f"  Champion {champion.card.name}: {champion.status.replace('_', ' ')}, cost {champion.cost_now}."
        )
    return text(note, names)


def plan_header(view: ClashView, kingdom: KingdomView, names: Sequence[str]) -> HeaderPlan:
    """Fit the header: the player's name whole, the facts beside it or, when there is no room, under it."""
    inner = WIDTH - 2 * MARGIN
    who = kingdom_name(kingdom, names)
    title = f"{who} · {'your draft' if view.phase == 'draft' else 'your hand'}"
    facts = _facts(view, kingdom)
    room = inner - text_width(facts, 20, "bold") - 30
    beside = fit_lines(title, 24, room, "bold", 18, 1)
    note = wrap_lines(_note(view, kingdom, names), 16, inner).lines
    if beside.whole and len(beside.lines) == 1:
        return HeaderPlan(beside, facts, False, note)
    return HeaderPlan(fit_lines(title, 24, inner, "bold", 16, 2), facts, True, note)


def hand_height(view: ClashView, names: Sequence[str] = ()) -> int:
    """Height of the whole private image for this view."""
    kingdom = own_kingdom(view)
    height = HEADER_H if kingdom is None else plan_header(view, kingdom, names).height
    if view.hand is not None and kingdom is not None:
        count = len(view.hand.cards) + 1
        per_row, _ = _layout(count)
        height += (card_height(view, view.hand, kingdom) + ROW_EXTRA) * (-(-count // per_row))
    if _drafting(view):
        height += draft_height(view, WIDTH - 2 * MARGIN, names) + GAP
    key = hand_key_height(key_entries(view))
    return height + (key + KEY_TOP if key else 0) + MARGIN


def _header(canvas: StampCanvas, view: ClashView, kingdom: KingdomView, plan: HeaderPlan) -> None:
    colour = kingdom_colour(kingdom)
    title = plan.title
    canvas.lines((MARGIN, 14), title.lines, title.size, colour, "bold")
    if plan.facts_below:
        facts_y = 14 + line_step(title.size) * len(title.lines)
        canvas.text((MARGIN, facts_y), plan.facts, size=20, weight="bold", max_width=WIDTH - 2 * MARGIN)
    else:
        canvas.put((WIDTH - MARGIN, 16), plan.facts, 20, INK, "bold", "ra")
    canvas.lines((MARGIN, plan.note_top), plan.note, 16, MUTED)


def _hand_row(canvas: StampCanvas, y: float, view: ClashView, hand: HandView, kingdom: KingdomView) -> float:
    tiles = _slots(view, hand, kingdom)
    per_row, width = _layout(len(tiles))
    card_h = card_height(view, hand, kingdom)
    row_h = card_h + ROW_EXTRA
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
        top = y + row * row_h
        canvas.text(
            (x + width / 2, top + 12), f"#{index + 1}", size=16, weight="bold", fill=MUTED, anchor="mm"
        )
        pasted_hand_tile(canvas, x, top + 30, width, card_h, tile, ids[index] in playable)
        if index > stronghold:
            # the HP bracket: each card right of the Stronghold is one point of health
            canvas.draw.rectangle(
                (x - GAP / 2, top + card_h + 42, x + width + GAP / 2, top + card_h + 48), fill=GOOD
            )
    hp = len(tiles) - 1 - stronghold
    last_row = (len(tiles) - 1) // per_row
    label = f"HP {hp}: cards right of the Stronghold" if hp else "no HP left on this side"
    canvas.text(
        (WIDTH - MARGIN, y + last_row * row_h + card_h + 52),
        label,
        size=16,
        weight="bold",
        fill=GOOD if hp else INK,
        anchor="ra",
    )
    return y + (last_row + 1) * row_h


def render_hand(view: ClashView, names: Sequence[str] = ()) -> StampCanvas | None:
    """Draw the viewer's private image, or None when the viewer holds nothing secret."""
    kingdom = own_kingdom(view)
    drafting = _drafting(view)
    if kingdom is None or (view.hand is None and not drafting):
        return None
    canvas = IndexedCanvas(WIDTH, hand_height(view, names), indexed_palette())
    plan = plan_header(view, kingdom, names)
    _header(canvas, view, kingdom, plan)
    y: float = plan.height
    if view.hand is not None:
        y = _hand_row(canvas, y, view, view.hand, kingdom)
    if drafting:
        y = draft_panel(canvas, MARGIN, y, WIDTH - 2 * MARGIN, view, kingdom.index, names) + GAP
    draw_hand_key(canvas, MARGIN, y + KEY_TOP, WIDTH - 2 * MARGIN, key_entries(view))
    return canvas
