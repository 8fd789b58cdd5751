"""A canvas that draws straight onto a game's fixed palette (see ``render.core.indexed``)."""

from __future__ import annotations

from PIL import Image

from render.core.indexed import IndexedDraw, IndexedPalette
from render.core.indexed_text import stamp_indexed
from render.core.palette import PAPER, RGB
from render.core.stamps import StampCanvas


class IndexedCanvas(StampCanvas):
    """A ``StampCanvas`` whose image is mode "P" in ``palette``; same drawing API, RGB colours."""

    def __init__(self, width: int, height: int, palette: IndexedPalette, background: RGB = PAPER) -> None:
        self.palette = palette
        self.image = palette.blank(width, height, background)
        self.surfaces: dict[int, RGB] = {palette.index(background): background}
        self.draw = IndexedDraw(self.image, palette, self.surfaces)

    @classmethod
    def on(cls, layer: Image.Image, palette: IndexedPalette, surfaces: dict[int, RGB]) -> IndexedCanvas:
        """A canvas starting from a copy of ``layer`` (a "P" image in ``palette``, left untouched).

        ``surfaces``: the RGB colour each index of the layer was drawn from (copied too).
        """
        canvas = cls.__new__(cls)
        canvas.palette = palette
        canvas.image = layer.copy()
        canvas.surfaces = dict(surfaces)
        canvas.draw = IndexedDraw(canvas.image, palette, canvas.surfaces)
        return canvas

    def put(self, xy: tuple[float, float], text: str, size: int, fill: RGB, weight: str, anchor: str) -> None:
        """Draw one line exactly as given, from cached palette tiles."""
        stamp_indexed(self.image, self.palette, self.surfaces, xy, text, size, fill, weight, anchor)
