"""Reference drawings: the same game code drawing on a plain RGB canvas, quantized only when saved.

That is how pictures were made before canvases drew straight onto the palette; a palette drawing
must give exactly the pixels of this reference once it is mapped to the palette.
"""

from __future__ import annotations

from typing import Any

import pytest

from render.arclash import board as arclash_board
from render.arclash import hand as arclash_hand
from render.clashofdecks import board as clash_board
from render.clashofdecks import hand as clash_hand
from render.core.stamps import StampCanvas
from render.hackclad import board as hack_board
from render.hackclad import hand as hack_hand

#: (module, name of the palette canvas class it draws on)
CANVAS_USERS: list[tuple[Any, str]] = [
    (arclash_board, "Canvas"),
    (arclash_hand, "Canvas"),
    (hack_board, "Canvas"),
    (hack_hand, "Canvas"),
    (clash_board, "IndexedCanvas"),
    (clash_hand, "IndexedCanvas"),
]


def _rgb_canvas(width: int, height: int, palette: Any = None, *args: Any) -> StampCanvas:
    return StampCanvas(width, height, *args)


def _rgb_layer(
    key: Any, size: tuple[int, int], palette: Any, draw: Any, *args: Any, top: int | None = None
) -> StampCanvas:
    """A picture's static layer (``render.core.layers``) drawn afresh on a whole RGB canvas."""
    canvas = StampCanvas(size[0], size[1], *args)
    draw(canvas)
    return canvas


def draw_in_rgb(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every game draw on RGB canvases until ``monkeypatch.undo()``."""
    for module, name in CANVAS_USERS:
        monkeypatch.setattr(module, name, _rgb_canvas)
        if hasattr(module, "on_layer"):
            monkeypatch.setattr(module, "on_layer", _rgb_layer)
