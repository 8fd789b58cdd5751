"""Clash of Decks pictures: the public board, a seat's hand strip (and draft), and a text account."""

from __future__ import annotations

from typing import Any

from engines.clashofdecks.view import ClashView
from render.clashofdecks.board import render_board
from render.clashofdecks.colours import palette_image
from render.clashofdecks.describe import describe_view
from render.clashofdecks.hand import render_hand
from render.core.canvas import encode_png_indexed


def _clash(view: Any) -> ClashView:
    if not isinstance(view, ClashView):
        raise TypeError(f"the Clash of Decks renderer draws a ClashView, not {type(view).__name__}")
    return view


class ClashRenderer:
    """Implements ``render.core.Renderer`` for Clash of Decks."""

    slug = "clashofdecks"

    def board(self, view: Any) -> bytes:
        """The public table as PNG (draws only what a spectator may see, whoever the viewer is)."""
        return encode_png_indexed(render_board(_clash(view)).image, palette_image())

    def hand(self, view: Any) -> bytes | None:
        """The seat's hand strip (or draft picks) as PNG; None for spectators."""
        canvas = render_hand(_clash(view))
        return None if canvas is None else encode_png_indexed(canvas.image, palette_image())

    def describe(self, view: Any) -> str:
        """A plain-text account of at most 1500 characters."""
        return describe_view(_clash(view))


RENDERER = ClashRenderer()
