"""HackClad pictures: the public field and sequence board, a seat's hand, and a text account."""

from __future__ import annotations

from typing import Any

from engines.hackclad.state import HackView
from render.core.canvas import encode_png_indexed
from render.hackclad.board import render_board
from render.hackclad.common import palette_image
from render.hackclad.describe import describe_view
from render.hackclad.hand import render_hand


def _hack(view: Any) -> HackView:
    if not isinstance(view, HackView):
        raise TypeError(f"the HackClad renderer draws a HackView, not {type(view).__name__}")
    return view


class HackCladRenderer:
    """Implements ``render.core.Renderer`` for HackClad."""

    slug = "hackclad"

    def board(self, view: Any) -> bytes:
        """The public table as PNG (only public facts are drawn, whoever the viewer is)."""
        return encode_png_indexed(render_board(_hack(view)).image, palette_image())

    def hand(self, view: Any) -> bytes | None:
        """The seat's hand as PNG; None for spectators."""
        v = _hack(view)
        if v.viewer is None or v.phase in ("missions",):
            return None
        return encode_png_indexed(render_hand(v).image, palette_image())

    def describe(self, view: Any) -> str:
        """A plain-text account."""
        return describe_view(_hack(view))


RENDERER = HackCladRenderer()
