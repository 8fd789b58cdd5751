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
