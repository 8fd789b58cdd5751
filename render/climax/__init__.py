"""Climax TCG pictures: the public table, a seat's private hand, and a text account."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from engines.climax.state import ClimaxView, PlayerView
from render.climax.board import render_board
from render.climax.describe import describe_view
from render.climax.hand import own_side, render_hand
from render.climax.names import drawn_names
from render.climax.palette import palette_image
from render.climax.sheet import draw_card
from render.core.renderer import MemoRenderer


def hand_part(view: ClimaxView) -> ClimaxView | None:
    """``view`` with everything the hand image does not draw blanked: it draws the same picture.

    Kept: the viewer, the language, the hand, the mulligan marks, the viewer's pending choice,
    and of the viewer's own side what the header shows (level, stock, level zone and clock for
    the colours). None for a spectator, who has no hand.
    """
    if view.viewer is None:
        return None
    side = own_side(view)
    kept: tuple[PlayerView, ...] = ()
    if side is not None:
        kept = (
            replace(
                side, deck=0, hand=0, waiting=(), climax=None, stage=(), playing=(), deck_name="", penalty=0
            ),
        )
    return replace(
        view,
        over=False,
        options={},
        phase="",
        turn=0,
        active=-1,
        first=-1,
        attacks=0,
        sides=kept,
        attack=None,
        last=None,
        decklist=(),
        deciding=(),
        tasks=(),
        pending=view.pending if view.pending is not None and view.pending.seat == view.viewer else None,
        winner=-1,
        result="",
    )


def _names(view: ClimaxView, given: Sequence[str]) -> tuple[str, ...]:
    """Names drawable in either face; unnamed seats are "Player N" / "プレイヤーN" by the table's language."""
    return drawn_names(given, view.players, view.lang)


#: implements ``render.core.Renderer``; pictures are remembered by what they draw
RENDERER = MemoRenderer(
    "climax",
    "Climax",
    ClimaxView,
    draw_board=render_board,
    hand_part=hand_part,
    draw_hand=render_hand,
    palette=palette_image,
    describe=describe_view,
    names=_names,
    draw_card=draw_card,
)
