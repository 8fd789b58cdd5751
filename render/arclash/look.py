"""Arclash colours, sizes and the words for each seat's status, shared by board and hand images."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image

from engines.arclash.state import ADVANCE, OPENING, OVER, START, SUPPORT, SWAP, ArclashView, SeatView
from render.core.canvas import fixed_palette
from render.core.indexed import IndexedPalette
from render.core.names import seat_name
from render.core.palette import DANGER, GOOD, HIGHLIGHT, INK, MUTED, PANEL, PAPER, RGB, SEAT_COLOURS, tint

WIDTH = 1280
WHITE: RGB = (255, 255, 255)
CARD: RGB = (253, 251, 246)

PHASE_NAMES = {
    OPENING: "Opening: everyone picks a level 1",
    START: "Start of turn",
    ADVANCE: "Advance",
    SUPPORT: "Battle: support stage",
    SWAP: "Recover: start over?",
    OVER: "Game over",
}


def status(view: ArclashView, seat: SeatView) -> tuple[str, RGB]:
    """A short badge for what a seat is doing now, and its colour."""
    if view.over:
        return ("WINNER", GOOD) if seat.seat == view.winner else ("", MUTED)
    if view.phase == SUPPORT:
        if seat.seat == view.current:
            return "PLAYING A SUPPORT", HIGHLIGHT
        return ("PASSED", MUTED) if seat.passed else ("waiting for their go", MUTED)
    if seat.sealed:
        return "SEALED", GOOD
    if seat.waiting:
        return "choosing...", HIGHLIGHT
    if seat.passed:
        return "PASSED", MUTED
    return "", MUTED


def sealed_summary(view: ArclashView, names: Sequence[str] = ()) -> str:
    """'waiting for N players' plus who has sealed, for sealed phases; '' otherwise."""
    if view.phase not in (OPENING, ADVANCE, SWAP) or view.over:
        return ""
    waiting = [s for s in view.seats if s.waiting]
    sealed = [seat_name(s.seat, names) for s in view.seats if s.sealed]
    text = f"waiting for {len(waiting)} player{'s' * (len(waiting) != 1)}"
    return text + (f"; sealed: {', '.join(sealed)}" if sealed else "")


@cache
def palette_image() -> Image.Image:
    """A fixed palette holding every fill colour, plus greys and seat ramps for text edges."""
    colours: list[RGB] = [PAPER, PANEL, INK, MUTED, HIGHLIGHT, DANGER, GOOD, WHITE, CARD]
    for colour in SEAT_COLOURS:
        colours += [colour, tint(colour, 0.35), tint(colour, 0.6), tint(colour, 0.85)]
    for base in (INK, DANGER, GOOD, MUTED):
        colours += [tint(base, a / 8) for a in range(1, 8)]
    colours += [(v, v, v) for v in range(0, 256, 8)]
    for colour in SEAT_COLOURS:
        colours += [tint(colour, a / 10) for a in (1, 2, 4, 5, 7, 9)]
    return fixed_palette(colours, spare=(0, 0, 0))


@cache
def indexed_palette() -> IndexedPalette:
    """The palette every Arclash picture is drawn in, with its colour -> index mapping."""
    return IndexedPalette(palette_image())
