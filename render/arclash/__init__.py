"""Arclash pictures: the public table, a seat's private hand, and a text account."""

from __future__ import annotations

from msgspec.structs import replace

from engines.arclash.state import ArclashView
from render.arclash.board import render_board
from render.arclash.describe import describe_view
from render.arclash.hand import render_hand
from render.arclash.palette import palette_image
from render.arclash.sheet import draw_card
from render.core.renderer import MemoRenderer


def hand_part(view: ArclashView) -> ArclashView | None:
    """``view`` with everything the hand image does not draw blanked: it draws the same picture.

    Kept: the viewer, its hand, its prompt and choices, its sealed pick and the cards it is paying.
    None for a spectator, who has no hand.
    """
    if view.viewer is None:
        return None
    return replace(
        view,
        over=False,
        target=0,
        phase="",
        turn=0,
        round=0,
        seats=[],
        order=[],
        current=-1,
        winner=-1,
        report=[],
        my_list={},
    )


#: implements ``render.core.Renderer``; pictures are remembered by what they draw
RENDERER = MemoRenderer(
    "arclash", "Arclash", ArclashView,
    draw_board=render_board, hand_part=hand_part, draw_hand=render_hand,
    palette=palette_image, describe=describe_view, draw_card=draw_card,
)  # fmt: skip
