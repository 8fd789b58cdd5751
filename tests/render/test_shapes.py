"""Rounded rectangles from the shape cache are pixel for pixel what Pillow draws."""

from __future__ import annotations

import itertools

import pytest
from PIL import ImageDraw

from render.core.indexed import IndexedDraw
from render.core.shapes import exact_box, rounded_stamp, stamps_match_pillow
from render.hackclad.palette import indexed_palette

BOXES = [
    (10, 10, 60, 40),
    (10.4, 20.6, 90.5, 75.5),  # Pillow rounds the corners of the box
    (-12, -8, 40, 30),  # partly off the picture
    (150, 70, 230, 130),  # partly off the other side
    (5, 5, 35, 27),  # a badge
    (30, 30, 47, 47),  # too small for its curves: a circle, left to Pillow
    (20, 80, 120, 90),  # a pill, left to Pillow
    ((40, 40), (100, 80)),  # as two points
    (4, 2, 190, 117),  # tall: drawn short, its straight band stretched
    (100, 3, 140, 116),  # narrow and tall
]
STYLES = [
    (2, 5, None, 1),
    (3, 5, 9, 1),
    (5, 5, 9, 2),
    (8, 5, 9, 3),
    (12, 5, 9, 5),
    (6, None, 9, 2),  # outline only
    (6, 9, 9, 3),  # outline in the fill's colour: Pillow skips it
    (6.0, 5, None, 1),
    (6.5, 5, 9, 1),  # a fractional radius, left to Pillow
    (3, 5, 9, 12),  # edge lines thicker than the curves
    (4, None, 9, 9),
]


@pytest.mark.parametrize(("xy", "style"), list(itertools.product(BOXES, STYLES)))
def test_a_cached_rounded_rectangle_is_what_pillow_draws(xy: tuple[float, ...], style: tuple) -> None:  # type: ignore[type-arg]
    radius, fill, outline, width = style
    palette = indexed_palette()
    cached = palette.blank(200, 120)
    IndexedDraw(cached, palette, {}).rectangle((0, 60, 199, 119), fill=(0, 114, 178))
    plain = cached.copy()
    IndexedDraw(cached, palette, {}).rounded_rectangle(xy, radius, fill=fill, outline=outline, width=width)
    ImageDraw.Draw(plain).rounded_rectangle(xy, radius, fill=fill, outline=outline, width=width)
    assert cached.tobytes() == plain.tobytes()


def test_only_boxes_pillow_draws_the_same_anywhere_are_stamped() -> None:
    assert exact_box((10, 10, 60, 40), 8, None) == (10, 10, 60, 40)
    assert exact_box((10.4, 10.6, 60.5, 40), 8, None) == (10, 11, 60, 40)
    assert exact_box((0, 0, 16, 40), 8, None) is None  # the curves meet
    assert exact_box((0, 0, 60, 40), 7.5, None) is None
    assert exact_box((0, 0, 60, 40), 8, (True, False, True, True)) is None
    assert exact_box((0, 0, 60, 40), 0, None) is None
    assert exact_box((0, 0, 60, 40), 3, None, 4) is None  # edge lines thicker than the curves


def test_a_stamp_keeps_only_the_curved_rows() -> None:
    stamp = rounded_stamp(600, 392, 12, 3, 5, 9)
    first, last = stamp.band
    assert first <= 13 and last >= 392 - 13  # everything between the curves is a straight band
    assert [ink for _, _, ink in stamp.runs] == [9, 5, 9]  # outline, fill, outline
    assert stamp.top is not None and stamp.top[0].size[1] <= 13  # the curved strips are short
    assert stamp.bottom is not None and stamp.bottom[0].size[1] <= 13


def test_this_pillow_draws_rounded_rectangles_as_the_stamps_expect() -> None:
    assert stamps_match_pillow()  # otherwise every rounded rectangle falls back to Pillow (slower)
