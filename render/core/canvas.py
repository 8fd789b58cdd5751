"""A thin layer over Pillow: cached fonts, text that fits its box, and fast PNG encoding."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache, lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from render.core.palette import INK, PAPER, RGB

_FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    # Japanese pictures: subsets of Noto Sans CJK JP (kana, common kanji, Latin; see
    # scripts/subset_jp_font.py), shipped so that a plain install renders Japanese.
    "ja": "NotoSansCJKjp-Regular-subset.otf",
    "ja-bold": "NotoSansCJKjp-Bold-subset.otf",
}


@cache
def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    """A shipped font at ``size`` px (cached: loading a font costs more than drawing)."""
    data = resources.files("render.core.fonts").joinpath(_FONT_FILES[weight]).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, weight: str = "regular") -> float:
    """Advance width of ``text`` in px (cached: boards measure the same words every turn)."""
    return font(size, weight).getlength(text)


def fit(
    text: str, size: int, max_width: float, weight: str = "regular", min_size: int = 16
) -> tuple[str, int]:
    """Shrink ``text`` down to ``min_size`` px and then ellipsise it so it fits ``max_width``."""
    while size > min_size and text_width(text, size, weight) > max_width:
        size -= 1
    if text_width(text, size, weight) > max_width:
        while text and text_width(text + "…", size, weight) > max_width:
            text = text[:-1]
        text = text.rstrip() + "…"
    return text, size


def encode_png(image: Image.Image, compress_level: int = 3) -> bytes:
    """PNG bytes of ``image``; level 3 is the knee of size vs time for flat board art."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=compress_level)
    return buffer.getvalue()


def encode_png_indexed(image: Image.Image, palette: Image.Image, compress_level: int = 3) -> bytes:
    """PNG bytes of ``image`` mapped, without dithering, onto the fixed palette of ``palette``.

    For flat board art this is about a third of the bytes of RGB and several times faster to
    encode. Colours in the palette come through exactly; others go to their nearest entry, so put
    every fill colour in it and leave the rest for anti-aliased text edges. A "P" image is taken to
    be drawn in that palette already (``render.core.indexed``) and is saved as it is.
    """
    if image.mode == "P":
        return encode_png(image, compress_level)
    return encode_png(image.quantize(palette=palette, dither=Image.Dither.NONE), compress_level)


def fixed_palette(colours: Sequence[RGB], spare: RGB | None = None) -> Image.Image:
    """A 1x1 "P" image whose palette is the first 256 of ``colours``, for ``encode_png_indexed`` above.

    Unused entries repeat the first colour, or hold ``spare`` when given; which one changes the
    saved bytes, so a game keeps the choice its pictures were made with.
    """
    kept = list(colours[:256])
    kept += [kept[0] if spare is None else spare] * (256 - len(kept))
    image = Image.new("P", (1, 1))
    image.putpalette([value for colour in kept for value in colour])
    return image


class Canvas:
    """An RGB image with a drawing context and text helpers."""

    def __init__(self, width: int, height: int, background: RGB = PAPER) -> None:
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)

    @property
    def width(self) -> int:
        """Image width in px."""
        return self.image.width

    @property
    def height(self) -> int:
        """Image height in px."""
        return self.image.height

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int = 20,
        fill: RGB = INK,
        weight: str = "regular",
        anchor: str = "la",
        max_width: float | None = None,
        min_size: int = 10,
    ) -> None:
        """Draw one line; shrink it (down to ``min_size`` px) and then ellipsise it to fit ``max_width``."""
        if max_width is not None:
            text, size = fit(text, size, max_width, weight, min_size)
        self.put(xy, text, size, fill, weight, anchor)

    def put(self, xy: tuple[float, float], text: str, size: int, fill: RGB, weight: str, anchor: str) -> None:
        """Draw one line exactly as given (no fitting); subclasses change how glyphs are drawn."""
        self.draw.text(xy, text, font=font(size, weight), fill=fill, anchor=anchor)

    def textlength(self, text: str, size: int, weight: str = "regular") -> float:
        """Advance width of ``text`` in px at this size (cached)."""
        return text_width(text, size, weight)

    def wrap(self, text: str, size: int, max_width: int, weight: str = "regular") -> list[str]:
        """Split ``text`` into lines no wider than ``max_width`` at this font size."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            current = ""
            for word in paragraph.split():
                trial = f"{current} {word}".strip()
                if self.textlength(trial, size, weight) <= max_width or not current:
                    current = trial
                else:
                    lines.append(current)
                    current = word
            lines.append(current)
        return lines

    def paragraph(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        max_width: int,
        fill: RGB = INK,
        weight: str = "regular",
        max_lines: int | None = None,
        spacing: float = 1.2,
    ) -> float:
        """Draw wrapped text; return the y just below it."""
        x, y = xy
        lines = self.wrap(text, size, max_width, weight)
        if max_lines is not None and len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = lines[-1].rstrip() + "…"
        for line in lines:
            self.text((x, y), line, size=size, fill=fill, weight=weight)  # one line each, no fitting
            y += size * spacing
        return y

    def box(
        self,
        xy: tuple[float, float, float, float],
        fill: RGB | None = None,
        outline: RGB | None = INK,
        width: int = 2,
        radius: int = 8,
    ) -> None:
        """A rounded rectangle."""
        self.draw.rounded_rectangle(xy, radius=radius, fill=fill, outline=outline, width=width)

    def png(self, compress_level: int = 3) -> bytes:
        """Encode the canvas as PNG."""
        return encode_png(self.image, compress_level)
