"""A tiny renderer for the tiny test game: real PNGs, text from the view only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.core import Canvas, encode_png


class TinyRenderer:
    slug = "tiny"

    def board(self, view: Any, names: Sequence[str] = ()) -> bytes:
        canvas = Canvas(120, 40)
        canvas.text((4, 4), f"pile {view.pile_total}/{view.target}", size=12)
        return encode_png(canvas.image)

    def hand(self, view: Any, names: Sequence[str] = ()) -> bytes | None:
        if view.viewer is None:
            return None
        canvas = Canvas(120, 40)
        canvas.text((4, 4), " ".join(view.hand), size=12)
        return encode_png(canvas.image)

    def describe(self, view: Any) -> str:
        mine = f" Your hand: {', '.join(view.hand)}." if view.viewer is not None else ""
        return f"Pile {view.pile_total} of {view.target}; {{P{view.turn + 1}}} to play.{mine}"


RENDERER = TinyRenderer()
