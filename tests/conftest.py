"""Test-run order for the slow set: its longest tests start first, one test at a time a worker.

A few slow tests take minutes each. With pytest-xdist's default hand-out (chunks of about a
quarter of each worker's share, in collection order), two of them could land on one worker
while the other sits idle at the end. Slow tests that declare their rough cost
(``@pytest.mark.slow(seconds=...)``: rough CPU seconds, used for this order only) are moved to
the front, longest first, and workers take one test at a time, so the cores finish close together.
"""

from __future__ import annotations

import os

import pytest


def _cost(item: pytest.Item) -> float:
    """The CPU seconds a slow test declares (0 when it declares none)."""
    mark = item.get_closest_marker("slow")
    return float(mark.kwargs.get("seconds", 0)) if mark is not None else 0.0


def _slow_run(config: pytest.Config) -> bool:
    """Whether this run selects the slow set (``-m slow``), not the default ``-m 'not slow'``."""
    return "slow" in (config.getoption("markexpr", "") or "").replace("not slow", "")


def pytest_configure(config: pytest.Config) -> None:
    """In a slow-set run, hand tests out one at a time (long tests make chunks uneven)."""
    if _slow_run(config) and hasattr(config.option, "maxschedchunk"):
        config.option.maxschedchunk = 1


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Longest declared slow tests first (a stable sort: the rest keep their order)."""
    if not _slow_run(config):
        return  # the default run keeps its order
    items.sort(key=lambda item: -_cost(item))
    # xdist starts each of its n workers on two tests in a row (positions 2k and 2k+1): pair the
    # k-th longest with the (2n-1-k)-th, so the two longest never queue on one worker.
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    if workers > 1 and len(items) >= 2 * workers:
        head = items[: 2 * workers]
        items[: 2 * workers] = [t for k in range(workers) for t in (head[k], head[2 * workers - 1 - k])]


PG_HINT = "TEST_DATABASE_URL=postgresql+asyncpg://USER@HOST:5432/DB python -m pytest"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    """Say in one line how many PostgreSQL tests a run without TEST_DATABASE_URL skipped, and how to run them.

    Under xdist this runs on the controller, whose ``stats`` hold every worker's reports; a
    report's ``keywords`` carry its test's marks, so the ``postgres`` mark counts them.
    """
    if hasattr(config, "workerinput") or os.environ.get("TEST_DATABASE_URL"):
        return
    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if "postgres" in (getattr(report, "keywords", None) or {})
    ]
    if skipped:
        terminalreporter.write_sep(
            "-",
            f"{len(skipped)} PostgreSQL test{'s' * (len(skipped) != 1)} skipped: no TEST_DATABASE_URL. "
            f"To run them: {PG_HINT}",
            yellow=True,
            bold=True,
        )
