"""Text masks are exactly what ``ImageDraw.text`` draws, for every anchor and face."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageDraw

from render.core.canvas import font
from render.core.stamps import text_mask

TEXTS = ["Hello", "Wq · 12/30 pts", "⚔", "♥ 3", "…", " ", "Zoë O'Brien", "山"]
ANCHORS = ["la", "ra", "mm", "lm", "rm", "md", "ma"]


@pytest.mark.parametrize(("text", "anchor"), list(itertools.product(TEXTS, ANCHORS)))
def test_a_mask_is_what_imagedraw_draws(text: str, anchor: str) -> None:
    for size, weight in ((16, "regular"), (22, "bold"), (17, "condensed")):
        face = font(size, weight)
        left, top, right, bottom = (int(v) for v in face.getbbox(text, anchor=anchor))
        drawn = Image.new("L", (max(right - left, 1), max(bottom - top, 1)), 0)
        ImageDraw.Draw(drawn).text((-left, -top), text, font=face, fill=255, anchor=anchor)
        mask, mask_left, mask_top = text_mask(text, size, weight, anchor)
        assert (mask_left, mask_top) == (left, top)
        assert mask.size == drawn.size and mask.tobytes() == drawn.tobytes()
