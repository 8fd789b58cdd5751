"""``bench --scale --targets``: issue 27's click targets, measured side by side in one process kind.

- target 1, clicks per CPU-second: the busy mix drawn in threads (``inflight`` clicks at once),
  its CPU counted as :mod:`bot.bench.cpu` counts it (process, drawing pool, database server);
- target 3, a process uses more than one core: clicks/s with the default drawing pool
  (``auto``: one process per core, up to 4) over clicks/s drawn in threads, same mix and load;
- target 4, pipeline p99 at 4 clicks in flight per process, with the default drawing pool.

The three kinds of run alternate ``repeats`` times and each figure is the median of its runs.
Targets 3 and 4 are wall-clock figures: they mean something only on a machine with idle cores
(the load average is printed at the start and the end); target 1 is CPU time and holds on a
busy one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.bench.busy import ClickFigures
from bot.bench.fresh import run_fresh
from bot.bench.stats import fmt, median

#: clicks in flight per process for target 4
TARGET4_INFLIGHT = 4
#: target 1: clicks per CPU-second; target 3: pool over threads; target 4: p99 in ms
TARGETS = {"clicks per CPU-second": 100.0, "pool over threads": 1.6, "p99 ms at 4 in flight": 150.0}


@dataclass(frozen=True)
class TargetRuns:
    """The runs behind the three figures (each list one run per repeat, in the order made)."""

    threads: list[ClickFigures]  # drawing in threads, the budget's clicks in flight
    pool: list[ClickFigures]  # the default drawing pool, the same clicks in flight
    few: list[ClickFigures]  # the default drawing pool, TARGET4_INFLIGHT in flight
    pool_size: int
    backend: str

    @property
    def clicks_per_cpu_s(self) -> float:
        """Target 1's figure: the median of the threaded runs' clicks per CPU-second."""
        return median([run.clicks_per_cpu_s for run in self.threads])

    @property
    def pool_over_threads(self) -> float:
        """Target 3's figure: the median clicks/s with the pool over the median drawn in threads."""
        return median([run.clicks_per_s for run in self.pool]) / median(
            [run.clicks_per_s for run in self.threads]
        )

    @property
    def p99_few_ms(self) -> float:
        """Target 4's figure: the median p99 with TARGET4_INFLIGHT clicks in flight."""
        return median([run.ms_p99 for run in self.few])


def default_pool() -> int:
    """The drawing pool ``tablekeeper run`` starts here with ``draw_processes`` at ``auto``."""
    from bot.settings import auto_drawing_processes, load_settings, usable_cores

    return auto_drawing_processes(usable_cores(), load_settings().keeps_one_core())


def measure_targets(options: dict[str, Any], repeats: int, folder: Path) -> TargetRuns:
    """Run the three kinds of busy clicks alternately ``repeats`` times, each on a fresh database.

    ``options``: :func:`bot.bench.busy.busy_clicks`' keywords (tables, inflight, clicks, warm).
    """
    pool = default_pool()
    kinds = {
        "threads": {**options, "draw_processes": 0},
        "pool": {**options, "draw_processes": pool},
        "few": {**options, "draw_processes": pool, "inflight": TARGET4_INFLIGHT},
    }
    found: dict[str, list[ClickFigures]] = {name: [] for name in kinds}
    for repeat in range(repeats):
        for name, kind in kinds.items():
            found[name].append(run_fresh(folder, f"targets-{name}-{repeat}", 1, {**kind, "seed": 1 + repeat}))
    backend = "postgresql" if os.environ.get("TEST_DATABASE_URL", "").strip() else "sqlite"
    return TargetRuns(found["threads"], found["pool"], found["few"], pool, backend)


def target_lines(runs: TargetRuns) -> list[str]:
    """One line per target: the figure, the target and the runs it is the median of."""

    def verdict(ok: bool) -> str:
        return "met" if ok else "not met"

    first, third, fourth = TARGETS.values()
    cpu = runs.clicks_per_cpu_s
    ratio = runs.pool_over_threads
    p99 = runs.p99_few_ms
    threads = ", ".join(fmt(run.clicks_per_cpu_s) for run in runs.threads)
    rates = "; ".join(
        f"{fmt(t.clicks_per_s)} / {fmt(p.clicks_per_s)}" for t, p in zip(runs.threads, runs.pool, strict=True)
    )
    tails = ", ".join(fmt(run.ms_p99) for run in runs.few)
    middle = sorted(runs.threads, key=lambda run: run.clicks_per_cpu_s)[(len(runs.threads) - 1) // 2]
    return [
        f"target 1  {fmt(cpu)} clicks per CPU-second ({runs.backend}, drawing in threads; runs {threads}): "
        f"{verdict(cpu >= first)} (≥ {fmt(first)})",
        f"          the median run: {middle.cpu_line()}",
        f"target 3  drawing pool {runs.pool_size} (auto) over threads: {fmt(ratio)}× clicks/s "
        f"(threads / pool per run: {rates}): {verdict(ratio >= third)} (≥ {fmt(third)}×; idle cores only)",
        f"target 4  p99 {fmt(p99)} ms at {TARGET4_INFLIGHT} clicks in flight, drawing pool {runs.pool_size} "
        f"(runs {tails}; p50 {fmt(median([run.ms_p50 for run in runs.few]))} ms): "
        f"{verdict(p99 <= fourth)} (≤ {fmt(fourth)} ms; idle cores only)",
    ]


def placement_lines(runs: TargetRuns) -> list[str]:
    """Where each kind of run's clicking process ran (the one_core setting's effect), run by run."""
    kinds = (("threads", runs.threads), ("pool", runs.pool), ("few", runs.few))
    return [f"cores     {name}: " + " | ".join(run.one_core or "?" for run in found) for name, found in kinds]
