"""Words every HackClad picture and text shares: who runs a witch, and the round line."""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.types import seat_ref
from engines.hackclad.state import HackView, WitchView
from render.core.names import seat_name


def player_of(w: WitchView) -> int:
    """The seat that runs witch ``w`` (her own number unless the view names another player)."""
    player: int = getattr(w, "player", w.seat)
    return player


def player_name(w: WitchView, names: Sequence[str]) -> str:
    """The drawable name of the person running witch ``w`` ("Player N" when unnamed)."""
    return seat_name(player_of(w), names)


def player_slot(w: WitchView) -> str:
    """The ``{P1}``-style slot of the person running witch ``w``, for a line drawn with ``Canvas.named``."""
    return seat_ref(player_of(w))


def headline(view: HackView) -> str:
    """The round / phase line."""
    stage = {"forecast": "Forecast", "draw": "Draw", "draft": "Draft", "action": "Action"}.get(view.stage, "")
    if view.phase == "missions":
        return "Setup: mission draft"
    if view.phase == "enhanced":
        return "Setup: secret enhanced cards"
    if view.over:
        return f"Game over after round {view.round}"
    return f"Round {view.round}/9 · {stage} phase"
