"""Arclash pictures: the public table, a seat's private hand, and a text account."""

from __future__ import annotations

from typing import Any

from engines.arclash.state import ArclashView
from render.arclash.board import render_board
from render.arclash.describe import describe_view
from render.arclash.hand import render_hand
from render.arclash.look import palette_image
from render.core.canvas import encode_png_indexed


def _arclash(view: Any) -> ArclashView:
    if not isinstance(view, ArclashView):
        raise TypeError(f"the Arclash renderer draws an ArclashView, not {type(view).__name__}")
    return view


class ArclashRenderer:
    """Implements ``render.core.Renderer`` for Arclash."""

    slug = "arclash"

    def board(self, view: Any) -> bytes:
        """The public table as PNG (only public facts, whoever the viewer is)."""
        return encode_png_indexed(render_board(_arclash(view)).image, palette_image())

    def hand(self, view: Any) -> bytes | None:
        """The seat's hand and choices as PNG; None for spectators."""
        canvas = render_hand(_arclash(view))
        return None if canvas is None else encode_png_indexed(canvas.image, palette_image())

    def describe(self, view: Any) -> str:
        """A plain-text account of at most 1500 characters."""
        return describe_view(_arclash(view))


RENDERER = ArclashRenderer()
