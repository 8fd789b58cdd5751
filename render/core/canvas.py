"""A thin layer over Pillow: cached fonts, text that fits its box, and fast PNG encoding."""

from __future__ import annotations

import io
from functools import cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from render.core.palette import INK, PAPER, RGB

_FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
}


@cache
def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    """A shipped DejaVu font at ``size`` px (cached: loading a font costs more than drawing)."""
    data = resources.files("render.core.fonts").joinpath(_FONT_FILES[weight]).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size)


def encode_png(image: Image.Image, compress_level: int = 3) -> bytes:
    """PNG bytes of ``image``; level 3 is the knee of size vs time for flat board art."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=compress_level)
    return buffer.getvalue()


def encode_png_indexed(image: Image.Image, palette: Image.Image, compress_level: int = 3) -> bytes:
    """PNG bytes of ``image`` mapped, without dithering, onto the fixed palette of ``palette``.

    For flat board art this is about a third of the bytes of RGB and several times faster to
    encode. Colours in the palette come through exactly; others go to their nearest entry, so put
    every fill colour in it and leave the rest for anti-aliased text edges.
    """
    return encode_png(image.quantize(palette=palette, dither=Image.Dither.NONE), compress_level)


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
        max_width: int | None = None,
        min_size: int = 10,
    ) -> None:
        """Draw one line; shrink it (down to ``min_size`` px) and then ellipsise it to fit ``max_width``."""
        face = font(size, weight)
        if max_width is not None:
            while size > min_size and self.draw.textlength(text, font=face) > max_width:
                size -= 1
                face = font(size, weight)
            if self.draw.textlength(text, font=face) > max_width:
                while text and self.draw.textlength(text + "…", font=face) > max_width:
                    text = text[:-1]
                text += "…"
        self.draw.text(xy, text, font=face, fill=fill, anchor=anchor)

    def textlength(self, text: str, size: int, weight: str = "regular") -> float:
        """Advance width of ``text`` in px at this size."""
        return self.draw.textlength(text, font=font(size, weight))

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
