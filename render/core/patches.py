"""Pre-drawn patches: a small drawing that depends only on a few values is drawn once, then pasted.

A plank bridge of a given height, a range grid, a row of gauge pips: dozens of small shapes that
come out the same every time their key is the same. ``draw_patch`` draws such a part on its own
little palette canvas over the flat colour found under it, keeps it (bounded LRU, shared between
threads, never drawn on again) and pastes it. Where the area is not one flat colour, or the
position is not a whole pixel, it simply draws the part in place; either way the pixels are those
of drawing in place.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from PIL import Image

from render.core.canvas import Canvas
from render.core.indexed_canvas import IndexedCanvas
from render.core.lru import SharedLru
from render.core.palette import RGB

_patches: SharedLru[Hashable, tuple[Any, tuple[tuple[int, RGB], ...]]] = SharedLru(512)


def draw_patch(
    canvas: Canvas,
    key: Hashable,
    xy: tuple[float, float],
    size: tuple[int, int],
    draw: Callable[[Any, float, float], None],
) -> None:
    """``draw(canvas, x, y)``, which stays inside ``size`` from (x, y), from the cache when it can.

    ``key`` must hold everything the drawing depends on besides its position and ``size``. On a
    canvas that is not a palette canvas (an RGB reference drawing) it always draws in place. Text
    drawn inside a patch blends over the colours the patch itself drew, not earlier ones that share
    their palette index (see ``IndexedDraw``).
    """
    x, y = xy
    width, height = size
    image = canvas.image
    if (
        not isinstance(canvas, IndexedCanvas)
        or x != int(x)
        or y != int(y)
        or x < 0
        or y < 0
        or x + width > image.width
        or y + height > image.height
    ):
        draw(canvas, x, y)
        return
    box = (int(x), int(y), int(x) + width, int(y) + height)
    core = image.im
    low, high = core.crop(box).getextrema()
    if low != high:
        draw(canvas, x, y)
        return
    surface = canvas.surfaces.get(low) or canvas.palette.colours[low]
    full = (key, size, low, surface, canvas.palette)
    found = _patches.get(full)
    if found is None:
        found = _drawn(canvas, size, low, surface, draw)
        _patches.put(full, found)
    core.paste(found[0], box)
    for index, colour in found[1]:
        canvas.surfaces.setdefault(index, colour)


def _drawn(
    canvas: IndexedCanvas,
    size: tuple[int, int],
    background: int,
    surface: RGB,
    draw: Callable[[Any, float, float], None],
) -> tuple[Any, tuple[tuple[int, RGB], ...]]:
    """The patch drawn at the origin of a canvas of one flat index, and the colours it drew with."""
    image = Image.new("P", size, background)
    image.putpalette(canvas.palette.data)
    patch = IndexedCanvas.on(image, canvas.palette, {background: surface})
    draw(patch, 0, 0)
    return patch.image.im, tuple((i, c) for i, c in patch.surfaces.items() if i != background)


def clear_patches() -> None:
    """Forget every patch (tests comparing drawings with and without the cache use this)."""
    _patches.clear()
