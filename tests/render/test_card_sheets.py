"""One catalogue entry drawn large (``Renderer.card``, the ``/card`` picture) for every game.

The layout is measured from the Pen's record: each text lies inside its box and inside the card,
no text overlaps another, nothing is shortened, and the whole rules text is on the picture. The
default run draws, per game and language, the first entry of each group and the group's entry
with the longest text and the longest name; the slow set draws every entry.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines import registry as engines
from engines.core.types import CatalogueEntry
from render import registry as renderers
from render.core.cardsheet import WIDTH
from render.core.pen import Pen
from render.core.renderer import MemoRenderer
from render.core.text import has_glyph
from tests.render.layout import inside, problems

#: px a glyph may reach past its box: a line starting with "J" or "(" overhangs its left edge
OVERHANG = 3
GAMES = [(slug, lang) for slug in renderers.slugs() for lang in engines.get(slug).languages]


def _drawer(slug: str) -> MemoRenderer[object]:
    renderer = renderers.get(slug)
    assert isinstance(renderer, MemoRenderer)
    return renderer


def sample(entries: list[CatalogueEntry]) -> list[CatalogueEntry]:
    """Per group: its first entry, its longest text and its longest name (each once)."""
    picked: dict[str, CatalogueEntry] = {}
    for group in dict.fromkeys(e.group for e in entries):
        members = [e for e in entries if e.group == group]
        for entry in (
            members[0],
            max(members, key=lambda e: len(e.text)),
            max(members, key=lambda e: len(e.name)),
        ):
            picked[entry.id] = entry
    return list(picked.values())


def sheet_problems(pen: Pen, entry: CatalogueEntry) -> list[str]:
    """What is wrong with one card's picture, as readable lines (none for a good one)."""
    found = problems(pen, slack=OVERHANG)
    card = dict(pen.zones)["card"]
    for placed in pen.placed:
        if not inside(placed.ink, card):
            found.append(f"{placed.text!r} leaves the card")
        for char in placed.text:
            if not (has_glyph(char, "regular") or has_glyph(char, "ja")):
                found.append(f"{placed.text!r}: no shipped font draws {char!r}")
    texts = [p.text for p in pen.placed]
    if entry.name not in texts:
        found.append(f"the name {entry.name!r} is not drawn")
    for paragraph in (line.strip() for line in entry.text.split("\n")):
        if paragraph and paragraph not in texts:
            found.append(f"text {paragraph[:40]!r}… is not drawn whole")
    if pen.canvas.width != WIDTH:
        found.append(f"the picture is {pen.canvas.width} px wide")
    return found


@pytest.mark.parametrize(("slug", "lang"), GAMES)
def test_each_group_draws_whole_with_nothing_cut_or_overlapping(slug: str, lang: str) -> None:
    renderer = _drawer(slug)
    entries = engines.get(slug).catalogue(lang)
    found = [
        f"{e.id}: {line}" for e in sample(entries) for line in sheet_problems(renderer.draw_card(e, lang), e)
    ]
    assert found == []


@pytest.mark.slow
@pytest.mark.parametrize(("slug", "lang"), GAMES)
def test_every_entry_draws_whole_with_nothing_cut_or_overlapping(slug: str, lang: str) -> None:
    renderer = _drawer(slug)
    entries = engines.get(slug).catalogue(lang)
    found = [f"{e.id}: {line}" for e in entries for line in sheet_problems(renderer.draw_card(e, lang), e)]
    assert found == []


@pytest.mark.parametrize("slug", renderers.slugs())
def test_card_is_a_png_of_the_sheet_and_remembered(slug: str) -> None:
    renderer = renderers.get(slug)
    entry = engines.get(slug).catalogue("en")[0]
    png = renderer.card(entry, "en")
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width == WIDTH and image.height > 250
    assert renderer.card(entry, "en") is png  # the second ask is the remembered picture


def test_climax_card_in_japanese_draws_the_japanese_face() -> None:
    ruleset = engines.get("climax")
    english, japanese = ruleset.catalogue("en")[0], ruleset.catalogue("ja")[0]
    pen = _drawer("climax").draw_card(japanese, "ja")
    drawn = [p.text for p in pen.placed]
    assert japanese.name in drawn and english.name not in drawn
    assert renderers.get("climax").card(japanese, "ja") != renderers.get("climax").card(english, "en")


def test_a_longer_text_makes_a_taller_card_never_a_cut_one() -> None:
    entry = engines.get("arclash").catalogue("en")[0]
    longer = CatalogueEntry(entry.id, entry.name, entry.group, entry.stats, " ".join([entry.text] * 6))
    short, long = _drawer("arclash").draw_card(entry, "en"), _drawer("arclash").draw_card(longer, "en")
    assert long.canvas.height > short.canvas.height
    assert sheet_problems(long, longer) == []
