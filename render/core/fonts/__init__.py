"""The shipped fonts (see the licences beside them) and ``font``, which loads one at a size."""

from __future__ import annotations

import io
from functools import cache
from importlib import resources

from PIL import ImageFont

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
    data = resources.files(__name__).joinpath(_FONT_FILES[weight]).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size)
