"""Static layers: the parts of a picture that are the same whatever the state, drawn once per look.

Panel frames, header bars, fixed labels: a picture of one look (game, seat count, size) draws
them identically every time. ``on_layer`` draws them once on a blank palette canvas, keeps the
image and the colours it drew with (bounded LRU, shared between threads, never drawn on again)
and hands every later picture a copy to draw the state on. The pixels are those of drawing the
parts first in place, so a caller moves only parts that nothing drawn before them overlaps.

A layer is keyed by ``key`` alone: it must hold everything the static parts depend on, and only
public facts (seat counts and positions, never anything from a hand), since every picture of that
key shares the pixels.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PIL import Image

from render.core.indexed import IndexedPalette
from render.core.indexed_canvas import IndexedCanvas
from render.core.lru import SharedLru
from render.core.palette import PAPER, RGB

# a look per game and seat count: a board's is up to ~1.8 MB, so few are kept
_layers: SharedLru[Hashable, tuple[Image.Image, dict[int, RGB]]] = SharedLru(16)


def on_layer(
    key: Hashable,
    size: tuple[int, int],
    palette: IndexedPalette,
    draw: Callable[[IndexedCanvas], None],
    background: RGB = PAPER,
    top: int | None = None,
) -> IndexedCanvas:
    """A canvas of ``size`` holding what ``draw`` draws on a blank one, from the cache when it can.

    ``key`` must hold everything ``draw`` depends on (see the module's note); the size, palette
    and background are added to it here. ``top``: only the picture's first ``top`` rows are kept
    (``draw`` stays inside them), for pictures whose height alone varies below a fixed part: one
    layer then serves every height.
    """
    width, height = size
    rows = height if top is None else min(top, height)
    full = (key, (width, rows), palette, background)
    found = _layers.get(full)
    if found is None:
        drawn = IndexedCanvas(width, rows, palette, background)
        draw(drawn)
        found = (drawn.image, dict(drawn.surfaces))
        _layers.put(full, found)
    layer, surfaces = found
    if rows == height:
        return IndexedCanvas.on(layer, palette, surfaces)
    canvas = IndexedCanvas(width, height, palette, background)
    canvas.image.im.paste(layer.im, (0, 0, width, rows))
    canvas.surfaces.update(surfaces)
    return canvas


def clear_layers() -> None:
    """Forget every layer (tests comparing drawings with and without the cache use this)."""
    _layers.clear()
