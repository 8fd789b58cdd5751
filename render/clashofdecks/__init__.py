"""Clash of Decks pictures: the public board, a seat's hand strip (and draft), and a text account."""

from __future__ import annotations

from msgspec.structs import replace

from engines.clashofdecks.state import ClashView, KingdomView
from render.clashofdecks.board import render_board
from render.clashofdecks.describe import describe_view
from render.clashofdecks.hand import own_kingdom, render_hand
from render.clashofdecks.palette import palette_image
from render.clashofdecks.sheet import draw_card
from render.core.renderer import MemoRenderer


def _bare(kingdom: KingdomView) -> KingdomView:
    """Another kingdom as a hand image sees it: who it is (name, colour), nothing that changes."""
    return KingdomView(
        index=kingdom.index,
        name=kingdom.name,
        seat=kingdom.seat,
        team=kingdom.team,
        is_ai=kingdom.is_ai,
        hand_size=0,
        stronghold_pos=0,
        side="",
        hp=0,
        mana=0,
        upper_line=0,
        lower_line=0,
        creatures=0,
    )


def hand_part(view: ClashView) -> ClashView:
    """``view`` with everything the hand image does not draw blanked: it draws the same picture.

    Kept: the viewer's hand, its own kingdom's Stronghold, mana and Champion, whether it is its
    turn, the draft while drafting, and every kingdom's name and colour (the draft lists picks).
    """
    mine = own_kingdom(view)
    if mine is None:
        return view
    drafting = view.phase == "draft" and view.draft is not None
    own = replace(mine, creatures=0, upper_line=0, lower_line=0, discard=(), revealed_deck=())
    return replace(
        view,
        over=False,
        turn=0,
        active=mine.index if view.active == mine.index else -1,
        active_seat=None,
        kingdoms=tuple(own if k.index == mine.index else _bare(k) for k in view.kingdoms),
        lines=(),
        last_assault=(),
        this_turn=(),
        draft=view.draft if drafting else None,
        winners=(),
        result="",
    )


#: implements ``render.core.Renderer``; pictures are remembered by what they draw
RENDERER = MemoRenderer(
    "clashofdecks", "Clash of Decks", ClashView,
    draw_board=render_board, hand_part=hand_part, draw_hand=render_hand,
    palette=palette_image, describe=describe_view, draw_card=draw_card,
)  # fmt: skip
