"""Rebuilding a game from its match record: the seed, the config and the log of moves."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engines.core.ruleset import AnyRuleset
from engines.core.types import GameConfig


class ReplayError(ValueError):
    """The log does not fit the game: a move number is missing or repeated."""


def replay(
    ruleset: AnyRuleset,
    config: GameConfig,
    seed: int,
    log: Iterable[tuple[int, int, str]],
) -> Any:
    """Rebuild a state from its seed and ``(seq, seat, action key)`` log, oldest first."""
    state = ruleset.setup(config, seed)
    for seq, seat, key in log:
        if seq != state.seq:
            raise ReplayError(f"log entry seq {seq} but the game is at {state.seq}")
        state = ruleset.apply(state, seat, key).state
    return state
