"""Drawing straight onto the shipped palette image, so no full-picture quantize is needed.

Pictures are saved as "P" PNGs with a fixed palette (``encode_png_indexed``). Drawing on an RGB
canvas and quantizing the whole picture at the end maps a million pixels that are nearly all flat
fills. Here shapes are drawn with palette indices, and only anti-aliased text is mapped, once per
(text, colour, background) and then reused. Every index is what ``Image.quantize`` (no dither)
gives the RGB colour, so the pixels match an RGB drawing quantized afterwards.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.core.palette import PAPER, RGB
from render.core.shapes import exact_box, rounded_stamp, stamps_match_pillow

_NO_DITHER = Image.Dither.NONE


class IndexedPalette:
    """A fixed 256-colour palette and the colour -> index mapping ``Image.quantize`` uses for it.

    Share one per palette (a module-level cache): the mapping fills in as colours are met.
    """

    def __init__(self, image: Image.Image) -> None:
        if image.mode != "P":
            raise ValueError(f"a palette image is mode P, not {image.mode}")
        image.load()
        self.image = image
        self.data = image.getpalette() or []  # flat [r, g, b, ...]: putpalette on every picture
        self.colours: tuple[RGB, ...] = tuple(
            (self.data[i], self.data[i + 1], self.data[i + 2]) for i in range(0, len(self.data) - 2, 3)
        )
        self._index: dict[RGB, int] = {}

    def index(self, colour: RGB) -> int:
        """The palette index an RGB pixel of ``colour`` is quantized to (cached)."""
        found = self._index.get(colour)
        if found is None:
            pixel = self.quantize(Image.new("RGB", (1, 1), colour)).getpixel((0, 0))
            assert isinstance(pixel, int)
            found = self._index[colour] = pixel  # the same value whichever thread wins
        return found

    def quantize(self, image: Image.Image) -> Image.Image:
        """``image`` (RGB) mapped onto this palette exactly as ``encode_png_indexed`` maps it."""
        # the palette image is only read here (loaded above), so threads may share it
        return image.quantize(palette=self.image, dither=_NO_DITHER)

    def blank(self, width: int, height: int, background: RGB = PAPER) -> Image.Image:
        """A new "P" image of one colour carrying this palette."""
        image = Image.new("P", (width, height), self.index(background))
        image.putpalette(self.data)
        return image


class IndexedDraw(ImageDraw.ImageDraw):
    """``ImageDraw`` on a palette image that takes RGB colours and draws their palette index.

    ``surfaces`` remembers, per index, the first RGB colour drawn with it: text is blended over
    that colour, as it would have been on the RGB drawing (two colours can share an index).
    """

    def __init__(self, image: Image.Image, palette: IndexedPalette, surfaces: dict[int, RGB]) -> None:
        super().__init__(image)
        self.indexed = palette
        self.surfaces = surfaces

    def _getink(self, ink: Any, fill: Any = None) -> tuple[int | None, int | None]:
        if isinstance(ink, tuple):
            ink = self._index(ink)
        if isinstance(fill, tuple):
            fill = self._index(fill)
        return super()._getink(ink, fill)

    def rounded_rectangle(
        self,
        xy: Any,
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        *,
        corners: tuple[bool, bool, bool, bool] | None = None,
    ) -> None:
        """``ImageDraw.rounded_rectangle``, from the shape cache when it gives the same pixels."""
        drawn = (fill is not None or outline is not None) and stamps_match_pillow()
        box = exact_box(xy, radius, corners, width) if drawn else None
        if box is None:
            super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
            return
        size = (box[2] - box[0], box[3] - box[1])
        stamp = rounded_stamp(*size, int(radius), width, self._ink(fill), self._ink(outline))
        stamp.draw(self.im, self.draw, box[0], box[1])

    def _ink(self, colour: Any) -> int | None:
        """The palette index to draw ``colour`` (RGB, or already an index) with; None for none."""
        if colour is None:
            return None
        return self._index(colour) if isinstance(colour, tuple) else int(colour)

    def _index(self, colour: RGB) -> int:
        """The palette index of ``colour``, remembered as that index's surface if it is the first."""
        index = self.indexed.index(colour)
        self.surfaces.setdefault(index, colour)
        return index
