"""Test helpers for the kit's sampling search: a clock that ticks when read, and a spy on searches."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engines.core.rng import Rng
from engines.core.search import Sampling, Weighed
from engines.core.types import Action


def ticks() -> Callable[[], float]:
    """A clock that moves one second each time it is read."""
    read = iter(range(1_000_000))
    return lambda: float(next(read))


def worlds_met(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The worlds every search from now on meets (in this process), in order."""
    met: list[int] = []
    weigh = Sampling.weigh

    def spied(self: Sampling[Any, Any], view: Any, candidates: Sequence[Action], rng: Rng) -> Weighed:
        found = weigh(self, view, candidates, rng)
        met.append(found.worlds)
        return found

    monkeypatch.setattr(Sampling, "weigh", spied)
    return met
