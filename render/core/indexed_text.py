"""Text on a palette image: glyph masks blended over the background once, then pasted as indices.

The blend of a text colour over a flat background, mapped to the palette, is the same every time
the same words are drawn in the same colour on the same surface; so it is worked out once and
cached as a small "P" tile. Where the text overlaps more than one colour (rare: a label crossing
an edge) just that patch is blended over the pixels beneath it and mapped, as a full RGB drawing
followed by ``quantize`` would do.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image

from render.core.indexed import IndexedPalette
from render.core.palette import RGB
from render.core.stamps import text_mask

_TILES = 8192
_BLENDS = 4096
_RAMP = bytes(range(256))
_COVERED = [0] + [255] * 255  # any coverage at all


@lru_cache(maxsize=_BLENDS)
def blend_indices(fill: RGB, surface: RGB, background: int, palette: IndexedPalette) -> tuple[int, ...]:
    """For each glyph coverage 0..255: the index ``fill`` over ``surface`` is quantized to.

    Worked out as a 256-pixel strip blended and quantized exactly as a whole picture would be;
    coverage 0 keeps the exact ``background`` index (two palette entries may share a colour).
    """
    blended = Image.new("RGB", (256, 1), surface)
    blended.paste(fill, (0, 0), Image.frombytes("L", (256, 1), _RAMP))
    indices = palette.quantize(blended).tobytes()
    return (background, *indices[1:])  # a tuple: shared between threads, never changed


@lru_cache(maxsize=_TILES)
def text_tile(
    text: str,
    size: int,
    weight: str,
    anchor: str,
    fill: RGB,
    surface: RGB,
    background: int,
    palette: IndexedPalette,
) -> Any:
    """``text`` in ``fill`` over ``surface`` (drawn as index ``background``): a palette image core.

    The tile is shared between threads: paste it, never draw on it.
    """
    mask, _, _ = text_mask(text, size, weight, anchor)
    return mask.im.point(blend_indices(fill, surface, background, palette), "P")


def stamp_indexed(
    image: Image.Image,
    palette: IndexedPalette,
    surfaces: Mapping[int, RGB],
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    weight: str = "regular",
    anchor: str = "la",
) -> None:
    """Draw one line of text on the palette ``image`` at ``xy`` (anchor as in Pillow), anti-aliased.

    ``surfaces`` gives the RGB colour each index was drawn from (its palette colour when absent).
    """
    if not text:
        return
    mask, left, top = text_mask(text, size, weight, anchor)
    x, y = int(xy[0]) + left, int(xy[1]) + top
    w, h = mask.size
    width, height = image.size
    box = (x, y, x + w, y + h)
    if x >= 0 and y >= 0 and x + w <= width and y + h <= height:
        # Pillow's core calls: the Image wrappers would copy the palette on every crop
        core = image.im
        low, high = core.crop(box).getextrema()
        if low == high:  # one flat surface under the text: the common case
            surface = surfaces.get(low) or palette.colours[low]
            core.paste(text_tile(text, size, weight, anchor, fill, surface, low, palette), box)
            return
    # blend over the colours the pixels beneath were drawn from, and map just this patch
    patch = image.crop(box)
    colours = bytearray(palette.data)
    for _, index in patch.getcolors(256) or ():  # the few indices under the text
        if isinstance(index, int) and index in surfaces:
            colours[3 * index : 3 * index + 3] = bytes(surfaces[index])
    patch.putpalette(colours)
    blended = patch.convert("RGB")
    blended.paste(fill, (0, 0), mask)
    image.paste(palette.quantize(blended), box, coverage(text, size, weight, anchor))


@lru_cache(maxsize=1024)
def coverage(text: str, size: int, weight: str, anchor: str) -> Image.Image:
    """Where the text's glyphs touch at all, as a "1" mask (for pasting a mapped patch back)."""
    mask, _, _ = text_mask(text, size, weight, anchor)
    return mask.point(_COVERED, "1")
