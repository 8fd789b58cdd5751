"""The words for the phase and for each seat's status, shared by the board image and the text."""

from __future__ import annotations

from collections.abc import Sequence

from engines.arclash.state import ADVANCE, OPENING, OVER, START, SUPPORT, SWAP, ArclashView, SeatView
from render.core.names import seat_name
from render.core.palette import GOOD, HIGHLIGHT, MUTED, RGB

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
