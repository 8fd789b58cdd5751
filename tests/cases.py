"""Every game, mode and seat count as pytest cases, shared by the tests that sweep them all."""

from __future__ import annotations

from typing import Any

import pytest

from engines import registry


def every_mode() -> list[Any]:
    """(slug, mode, players) for each seat count of each mode of each registered game.

    By default the fewest and the most seats; the counts between are in the slow set (a seat
    count between adds no kind of view, rule or layout the two ends lack).
    """
    return [
        pytest.param(
            slug,
            mode.name,
            players,
            id=f"{slug}-{mode.name}-{players}",
            marks=() if players in (min(mode.players), max(mode.players)) else pytest.mark.slow,
        )
        for slug in registry.slugs()
        for mode in registry.get(slug).modes
        for players in mode.players
    ]


def quick_first(values: list[Any], quick: int = 1, ids: Any = None) -> list[Any]:
    """``values`` as pytest params: the first ``quick`` in the default run, the rest in the slow set.

    For per-game checks through the whole stack (Discord, the terminal) that cost seconds each:
    one game keeps the check in every run; CI's slow set runs it for every game.
    """
    return [
        pytest.param(
            *(v if isinstance(v, tuple) else (v,)),
            id=ids(v) if ids else None,
            marks=() if i < quick else pytest.mark.slow,
        )
        for i, v in enumerate(values)
    ]
