"""Test-run order for the slow set: its longest tests start first, one test at a time a worker.

A few slow tests take minutes each. With pytest-xdist's default hand-out (chunks of about a
quarter of each worker's share, in collection order), two of them could land on one worker near
the end while the other sits idle. Slow tests that declare their rough cost
(``@pytest.mark.slow(seconds=...)``: rough CPU seconds, used for this order only) are moved to
the front, longest first, and workers take one test at a time, so the cores finish close together.
"""

from __future__ import annotations

import pytest


def _cost(item: pytest.Item) -> float:
    """The CPU seconds a slow test declares (0 when it declares none)."""
    mark = item.get_closest_marker("slow")
    return float(mark.kwargs.get("seconds", 0)) if mark is not None else 0.0


def pytest_configure(config: pytest.Config) -> None:
    """In a slow-set run, hand tests out one at a time (long tests make chunks uneven)."""
    slow_run = "slow" in (config.getoption("markexpr", "") or "").replace("not slow", "")
    if slow_run and hasattr(config.option, "maxschedchunk"):
        config.option.maxschedchunk = 1


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Longest declared slow tests first (a stable sort: the rest keep their order)."""
    items.sort(key=lambda item: -_cost(item))
