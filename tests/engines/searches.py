"""Test helpers for the kit's sampling search: a clock that ticks when read, and a spy on searches."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engines.core.rng import Rng
from engines.core.search import Sampling, Weighing
from engines.core.types import Action


def ticks() -> Callable[[], float]:
    """A clock that moves one second each time it is read."""
    read = iter(range(1_000_000))
    return lambda: float(next(read))


def worlds_met(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The worlds every search from now on meets (in this process), in order."""
    met: list[int] = []
    weigh = Sampling.weigh_recorded  # what ``weigh`` and the games' reasons both call

    def spied(self: Sampling[Any, Any], view: Any, candidates: Sequence[Action], rng: Rng) -> Weighing:
        found = weigh(self, view, candidates, rng)
        met.append(found.found.worlds)
        return found

    monkeypatch.setattr(Sampling, "weigh_recorded", spied)
    return met
