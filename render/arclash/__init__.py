"""Arclash pictures: the public table, a seat's private hand, and a text account."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from engines.arclash.state import ArclashView
from render.arclash.board import render_board
from render.arclash.describe import describe_view
from render.arclash.hand import render_hand
from render.arclash.look import palette_image
from render.core.canvas import encode_png_indexed
from render.core.memo import ImageMemo, picture_key
from render.core.names import seat_names


def _arclash(view: Any) -> ArclashView:
    if not isinstance(view, ArclashView):
        raise TypeError(f"the Arclash renderer draws an ArclashView, not {type(view).__name__}")
    return view


def hand_part(view: ArclashView) -> ArclashView:
    """``view`` with everything the hand image does not draw blanked: it draws the same picture.

    Kept: the viewer, its hand, its prompt and choices, its sealed pick and the cards it is paying.
    """
    return replace(
        view,
        seq=0,
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


class ArclashRenderer:
    """Implements ``render.core.Renderer`` for Arclash (pictures remembered by what they draw)."""

    slug = "arclash"

    def __init__(self) -> None:
        self.memo = ImageMemo()

    def board(self, view: Any, names: Sequence[str] = ()) -> bytes:
        """The public table as PNG (only public facts, whoever the viewer is)."""
        arclash = _arclash(view)
        drawn = seat_names(names, arclash.players)
        key = picture_key("board", drawn, replace(arclash, seq=0))
        picture = self.memo.get(
            key, lambda: encode_png_indexed(render_board(arclash, drawn).image, palette_image())
        )
        assert picture is not None  # a board always has a picture
        return picture

    def hand(self, view: Any, names: Sequence[str] = ()) -> bytes | None:
        """The seat's hand and choices as PNG; None for spectators."""
        arclash = _arclash(view)
        if arclash.viewer is None:
            return None
        part = hand_part(arclash)
        drawn = seat_names(names, part.players)

        def draw() -> bytes | None:
            canvas = render_hand(part, drawn)
            return None if canvas is None else encode_png_indexed(canvas.image, palette_image())

        return self.memo.get(picture_key("hand", drawn, part), draw)

    def describe(self, view: Any) -> str:
        """A plain-text account of at most 1500 characters."""
        return describe_view(_arclash(view))


RENDERER = ArclashRenderer()
