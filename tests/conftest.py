"""Test-run order for the slow set: its longest tests start first, one test at a time a worker.

A few slow tests take minutes each. With pytest-xdist's default hand-out (chunks of about a
quarter of each worker's share, in collection order), two of them could land on one worker
while the other sits idle at the end. Slow tests that declare their rough cost
(``@pytest.mark.slow(seconds=...)``: rough CPU seconds, used for this order only) are moved to
the front, longest first, and workers take one test at a time, so the cores finish close together.
"""

from __future__ import annotations

import os
import resource
from collections.abc import Generator

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


def _cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended (pool workers included)."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """Record a slow test's CPU seconds on its report (wall time on a shared machine says little)."""
    if item.get_closest_marker("slow") is None:
        return (yield)
    start = _cpu_seconds()
    try:
        return (yield)
    finally:
        item.user_properties += [("cpu_seconds", _cpu_seconds() - start), ("declared", _cost(item))]


def _slow_costs(terminalreporter: pytest.TerminalReporter) -> None:
    """List the dearest slow tests by measured CPU beside the cost they declare (the run order's key)."""
    costs = []
    for key in ("passed", "failed"):
        for report in terminalreporter.stats.get(key, []):
            found = dict(report.user_properties)
            if report.when == "call" and "cpu_seconds" in found:
                costs.append((float(found["cpu_seconds"]), float(found["declared"]), report.nodeid))
    if not costs:
        return
    costs.sort(reverse=True)
    total = sum(cpu for cpu, _, _ in costs)
    terminalreporter.write_sep("-", f"slow set: {total:.0f} CPU seconds in {len(costs)} tests; the dearest")
    for cpu, declared, nodeid in costs[:20]:
        terminalreporter.write_line(f"{cpu:8.1f} s (declares {declared:.0f})  {nodeid}")


PG_HINT = "TEST_DATABASE_URL=postgresql+asyncpg://USER@HOST:5432/DB python -m pytest"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    """After a slow-set run, its dearest tests by CPU; after a run without TEST_DATABASE_URL, how many
    PostgreSQL tests it skipped and how to run them (one line).

    Under xdist this runs on the controller, whose ``stats`` hold every worker's reports; a
    report's ``keywords`` carry its test's marks, so the ``postgres`` mark counts them.
    """
    if hasattr(config, "workerinput"):
        return
    if _slow_run(config):
        _slow_costs(terminalreporter)
    if os.environ.get("TEST_DATABASE_URL"):
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
