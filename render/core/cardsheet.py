"""One catalogue entry drawn large: a card, character, scenario or mission on its own, whole.

Every game draws ``/card`` and ``tablekeeper cards GAME NAME --png`` with this one layout, dressed
in its own colours and, where it has one, a piece of its own card art (``CardLook``): a header
band with the name and kind, the art row, the numbers as chips (the entry's ``stats`` cut at its
" · "), the whole rules text paragraph by paragraph, and a footer naming the game, the entry's id
and the ready-made decks holding it. The picture is 640 px wide (Discord shows it whole at its
preview size) and as tall as the text needs: nothing is shortened, so every word of the text is
there. All text goes through a :class:`~render.core.pen.Pen`, laid out in the entry's language,
and its record is what the tests measure (nothing leaves its box, nothing is cut).

Only public content is drawn: the entry is the catalogue's, never a table's state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.core.types import CatalogueEntry
from render.core.indexed import IndexedPalette
from render.core.indexed_canvas import IndexedCanvas
from render.core.marks import Box
from render.core.palette import INK, MUTED, PANEL, PAPER, RGB
from render.core.pen import PITCH, Pen

WIDTH = 640
WHITE: RGB = (255, 255, 255)
#: the card's face: white is an exact entry of every game's palette (their paper-white faces are not)
CARD = WHITE
EDGE = 10  # paper around the card
FRAME = 5  # the card's coloured rim
PAD = 22  # inside the rim
LEFT, RIGHT = EDGE + FRAME + PAD, WIDTH - EDGE - FRAME - PAD
ROOM = RIGHT - LEFT
NAME_SIZE, NAME_MIN = 34, 22
KIND_SIZE = 20
CHIP_SIZE, CHIP_PAD, CHIP_GAP = 20, 10, 8
TEXT_SIZE = 22
PARAGRAPH_GAP = 10
FOOT_SIZE = 17
GAP = 16

#: draws a game's own piece of card art inside the box it is given
Art = Callable[[Pen, Box], None]


@dataclass(frozen=True)
class CardLook:
    """How a game dresses one entry: its palette, the band's colour and ink, and its own art."""

    palette: IndexedPalette
    accent: RGB
    on_accent: RGB = WHITE
    chip: RGB = PANEL
    art: Art | None = None
    art_height: int = 0


def chips_of(entry: CatalogueEntry) -> list[str]:
    """The entry's numbers one by one, as its one-line summary lists them."""
    return [part.strip() for part in entry.stats.split(" · ") if part.strip()]


@dataclass(frozen=True)
class _Chip:
    text: str
    box: Box
    lines: int  # 1 for a chip on one line; more for a long one given a row of its own


def _chip_rows(pen: Pen, chips: list[str], top: float) -> tuple[list[_Chip], float]:
    """Chips laid left to right in rows; a chip too long for a row gets one of its own, wrapped."""
    pitch = CHIP_SIZE * PITCH.get(pen.lang, PITCH["en"])
    high = pitch + 2 * 6
    placed: list[_Chip] = []
    x, y = float(LEFT), top
    for text in chips:
        wide = pen.width(text, CHIP_SIZE, bold=True) + 2 * CHIP_PAD
        if wide > ROOM:
            lines = max(1, round(pen.block_height(text, CHIP_SIZE, ROOM - 2 * CHIP_PAD, bold=True) / pitch))
            if x > LEFT:
                x, y = float(LEFT), y + high + CHIP_GAP
            tall = lines * pitch + 2 * 6
            placed.append(_Chip(text, (x, y, float(RIGHT), y + tall), lines))
            x, y = float(LEFT), y + tall + CHIP_GAP
            continue
        if x > LEFT and x + wide > RIGHT:
            x, y = float(LEFT), y + high + CHIP_GAP
        placed.append(_Chip(text, (x, y, x + wide, y + high), 1))
        x += wide + CHIP_GAP
    bottom = max((chip.box[3] for chip in placed), default=top - GAP)
    return placed, bottom


def _paragraphs(entry: CatalogueEntry) -> list[str]:
    return [line.strip() for line in entry.text.split("\n") if line.strip()]


def draw_card_sheet(entry: CatalogueEntry, lang: str, look: CardLook, title: str) -> Pen:
    """``entry`` drawn large in ``lang`` and ``look``'s colours, with a Pen that remembers every box."""
    measure = Pen(IndexedCanvas(1, 1, look.palette), lang)
    name_lines, name_size = measure.fit_block(
        entry.name,
        NAME_SIZE,
        ROOM,
        NAME_SIZE * 2 * PITCH.get(lang, PITCH["en"]),
        bold=True,
        min_size=NAME_MIN,
    )
    name_h = len(name_lines) * name_size * PITCH.get(lang, PITCH["en"])
    kind_h = KIND_SIZE * 1.4
    band_bottom = EDGE + FRAME + 14 + name_h + 4 + kind_h + 12
    art_top = band_bottom + GAP
    art_bottom = art_top + look.art_height if look.art is not None else band_bottom
    chips_top = art_bottom + GAP
    chips, chips_bottom = _chip_rows(measure, chips_of(entry), chips_top)
    text_top = chips_bottom + GAP + 4
    heights = [measure.block_height(p, TEXT_SIZE, ROOM) for p in _paragraphs(entry)]
    text_bottom = text_top + sum(heights) + PARAGRAPH_GAP * max(len(heights) - 1, 0)
    foot_top = text_bottom + GAP
    height = int(foot_top + FOOT_SIZE * 1.5 + PAD + FRAME + EDGE)

    pen = Pen(IndexedCanvas(WIDTH, height, look.palette, background=PAPER), lang)
    draw = pen.canvas.draw
    card = pen.zone("card", (EDGE, EDGE, WIDTH - EDGE, height - EDGE))
    draw.rounded_rectangle(card, radius=18, fill=CARD, outline=look.accent, width=FRAME)
    band = (EDGE + FRAME, EDGE + FRAME, WIDTH - EDGE - FRAME, band_bottom)
    draw.rounded_rectangle(band, radius=12, fill=look.accent)
    draw.rectangle((band[0], band[3] - 14, band[2], band[3]), fill=look.accent)  # square lower corners
    name_top = EDGE + FRAME + 14
    pen.block((LEFT, name_top, RIGHT, name_top + name_h), entry.name, name_size, look.on_accent, bold=True)
    kind_top = name_top + name_h + 4
    pen.line((LEFT, kind_top, RIGHT, kind_top + kind_h), entry.group, KIND_SIZE, look.on_accent)
    if look.art is not None:
        look.art(pen, pen.zone("art", (LEFT, art_top, RIGHT, art_bottom)))
    for chip in chips:
        draw.rounded_rectangle(chip.box, radius=9, fill=look.chip)
        x0, y0, x1, y1 = chip.box
        inner = (x0 + CHIP_PAD, y0 + 6, x1 - CHIP_PAD, y1 - 6)
        if chip.lines > 1:
            pen.block(inner, chip.text, CHIP_SIZE, INK, bold=True)
        else:
            pen.line(inner, chip.text, CHIP_SIZE, INK, bold=True)
    if chips:
        rule = chips_bottom + GAP // 2 + 2
        draw.line((LEFT, rule, RIGHT, rule), fill=PANEL, width=2)
    y = text_top
    for paragraph, high in zip(_paragraphs(entry), heights, strict=True):
        pen.block((LEFT, y, RIGHT, y + high), paragraph, TEXT_SIZE, INK)
        y += high + PARAGRAPH_GAP
    foot = (LEFT, foot_top, RIGHT, foot_top + FOOT_SIZE * 1.5)
    where = f"{title} · {entry.id}"
    decks = ", ".join(entry.decks)
    used = pen.width(decks, FOOT_SIZE) if decks else 0.0
    pen.line((foot[0], foot[1], foot[2] - used - (GAP if decks else 0), foot[3]), where, FOOT_SIZE, MUTED)
    if decks:
        pen.line((foot[2] - used, foot[1], foot[2], foot[3]), decks, FOOT_SIZE, MUTED, align="right")
    return pen
