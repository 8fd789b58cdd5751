"""Clash of Decks pictures: the public board, a seat's hand strip (and draft), and a text account."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from engines.clashofdecks.view import ClashView, KingdomView
from render.clashofdecks.board import render_board
from render.clashofdecks.colours import palette_image
from render.clashofdecks.describe import describe_view
from render.clashofdecks.hand import own_kingdom, render_hand
from render.core.canvas import encode_png_indexed
from render.core.memo import ImageMemo, picture_key
from render.core.names import seat_names


def _clash(view: Any) -> ClashView:
    if not isinstance(view, ClashView):
        raise TypeError(f"the Clash of Decks renderer draws a ClashView, not {type(view).__name__}")
    return view


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
        return replace(view, seq=0)
    drafting = view.phase == "draft" and view.draft is not None
    own = replace(mine, creatures=0, upper_line=0, lower_line=0, discard=(), revealed_deck=())
    return replace(
        view,
        seq=0,
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


class ClashRenderer:
    """Implements ``render.core.Renderer`` for Clash of Decks (pictures remembered by what they draw)."""

    slug = "clashofdecks"

    def __init__(self) -> None:
        self.memo = ImageMemo()

    def board(self, view: Any, names: Sequence[str] = ()) -> bytes:
        """The public table as PNG (draws only what a spectator may see, whoever the viewer is)."""
        clash = _clash(view)
        drawn = seat_names(names, clash.players)
        key = picture_key("board", drawn, replace(clash, seq=0))
        picture = self.memo.get(
            key, lambda: encode_png_indexed(render_board(clash, drawn).image, palette_image())
        )
        assert picture is not None  # a board always has a picture
        return picture

    def hand(self, view: Any, names: Sequence[str] = ()) -> bytes | None:
        """The seat's hand strip (or draft picks) as PNG; None for spectators."""
        part = hand_part(_clash(view))
        drawn = seat_names(names, part.players)

        def draw() -> bytes | None:
            canvas = render_hand(part, drawn)
            return None if canvas is None else encode_png_indexed(canvas.image, palette_image())

        return self.memo.get(picture_key("hand", drawn, part), draw)

    def describe(self, view: Any) -> str:
        """A plain-text account of at most 1500 characters."""
        return describe_view(_clash(view))


RENDERER = ClashRenderer()
