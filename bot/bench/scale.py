"""``tablekeeper bench --scale``: what a bot costs as it grows, not what one table costs.

- start-up: a fresh ``tablekeeper run`` process (imports included, from bytecode as installed,
  up to where it would connect to Discord) against 1,000 → 100,000 stored tables: the median
  seconds to ready of three starts, and peak memory;
- clicks: a busy bot's clicks (:mod:`bot.bench.busy`: interleaved tables of real games, new
  names, the adapter's follow-up) in 1 → N processes on one database, and in one process with
  drawing pools of 0 → N processes: clicks/s, p50 and p99;
- sweeps: one timer pass against 0 → N due reminders and expired deadlines among the stored
  tables: time per pass and per due seat, and the longest transaction (SQLite's write lock);
- bytes: database bytes per stored table and per move (SQLite's ``dbstat``);
- boards: ``/leaderboard`` and ``/stats`` reads with up to 1,000,000 rated games stored
  (:mod:`bot.bench.boards`), on SQLite and, when ``TEST_DATABASE_URL`` is set, on PostgreSQL.

Tables are made in bulk by :mod:`bot.bench.tables`. Everything runs on SQLite files in a
temporary folder; the clicks run on PostgreSQL instead when ``TEST_DATABASE_URL`` is set (in a
throw-away database), since several processes on one SQLite file only queue for its one writer.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.bench.boards import BoardFigures, board_lines, measure_boards
from bot.bench.busy import ClickFigures
from bot.bench.draw_rate import Drawing, drawing_lines, measure_drawing
from bot.bench.fresh import run_fresh
from bot.bench.startup import Startup, count_rows, measure_startup, rss_mb, sqlite_bytes, startup_lines
from bot.bench.stats import fmt
from bot.bench.sweeps import Sweep, measure_sweeps, sweep, sweep_lines
from bot.bench.thinking import Thinking, measure_thinking, thinking_lines
from bot.store import upgrade

#: the parts live in modules of their own; these names stay importable from here
__all__ = [
    "FULL",
    "QUICK",
    "Drawing",
    "ScaleBudget",
    "Startup",
    "Sweep",
    "click_lines",
    "click_options",
    "count_rows",
    "drawing_lines",
    "main",
    "measure",
    "measure_clicks",
    "measure_drawing",
    "measure_startup",
    "measure_sweeps",
    "measure_targets_only",
    "measure_thinking_run",
    "rss_mb",
    "sqlite_bytes",
    "startup_lines",
    "sweep",
    "sweep_lines",
]


@dataclass(frozen=True)
class ScaleBudget:
    """How big each measurement is."""

    stored: tuple[int, ...]  # stored tables to start against
    due: tuple[int, ...]  # due reminders (and as many expired deadlines) to sweep
    tables: int  # live tables clicked, per process
    inflight: int  # clicks in flight, per process
    clicks: int  # timed clicks, per process
    warm: int  # untimed clicks on other tables first
    processes: tuple[int, ...]  # processes clicking at once
    draw_processes: tuple[int, ...]  # drawing pool sizes, in one process
    repeats: int  # each click figure is the median of this many runs, interleaved
    pictures: int = 24  # boards drawn to time the drawing step alone, per pool size
    rated_games: int = 20_000  # rated games stored for the boards' reads
    board_calls: int = 60  # callers timed per board read
    thinkers: int = 2  # tables whose hard bot thinks while the bot-free clicks are timed


QUICK = ScaleBudget(
    stored=(1_000,),
    due=(0, 40),
    tables=24,
    inflight=8,
    clicks=60,
    warm=20,
    processes=(1, 2),
    draw_processes=(0, 2),
    repeats=1,
    pictures=24,
)
FULL = ScaleBudget(
    stored=(1_000, 10_000, 100_000),
    due=(0, 200, 1_000),
    tables=200,
    inflight=32,
    clicks=600,
    warm=120,
    processes=(1, 2, 4),
    draw_processes=(0, 1, 2),
    repeats=3,
    pictures=120,
    rated_games=1_000_000,
    board_calls=300,
    thinkers=4,
)


def click_options(budget: ScaleBudget) -> dict[str, Any]:
    """:func:`bot.bench.busy.busy_clicks`' sizes from ``budget``."""
    return {
        "tables": budget.tables,
        "inflight": budget.inflight,
        "clicks": budget.clicks,
        "warm": budget.warm,
    }


def measure_clicks(budget: ScaleBudget, folder: Path) -> list[ClickFigures]:
    """Clicks/s for each process count (no pool) and each pool size (one process), interleaved."""
    options = click_options(budget)
    plan = [(n, 0) for n in budget.processes] + [(1, d) for d in budget.draw_processes if d]
    runs: dict[tuple[int, int], list[ClickFigures]] = {key: [] for key in plan}
    for repeat in range(budget.repeats):
        for processes, draw in plan:
            kind = {**options, "draw_processes": draw, "seed": 1 + repeat}
            name = f"clicks-{processes}-{draw}-{repeat}"
            runs[(processes, draw)].append(run_fresh(folder, name, processes, kind))
    return [_median_run(found) for found in runs.values()]


def measure_thinking_run(budget: ScaleBudget, folder: Path, think_seconds: float | None = None) -> Thinking:
    """Bot-free clicks alone and while hard bots think (one process, the largest drawing pool),
    alternated ``budget.repeats`` times; the bots capped at ``think_seconds`` (None: the default)."""
    url = f"sqlite+aiosqlite:///{folder}/thinking.db"
    asyncio.run(upgrade(url))
    options = click_options(budget)
    return measure_thinking(
        url, max(budget.draw_processes), budget.thinkers, options, budget.repeats, think_seconds
    )


def measure_board_reads(budget: ScaleBudget, folder: Path) -> tuple[list[BoardFigures], dict[str, float]]:
    """The boards' reads on SQLite, and on PostgreSQL too when ``TEST_DATABASE_URL`` is set."""
    from bot.bench.pipeline import _bench_database

    found: list[BoardFigures] = []
    filled: dict[str, float] = {}
    url = f"sqlite+aiosqlite:///{folder}/boards.db"
    figures, filled["sqlite"] = measure_boards(url, "sqlite", budget.rated_games, budget.board_calls)
    found += figures
    (folder / "boards.db").unlink()
    pg = os.environ.get("TEST_DATABASE_URL", "").strip()
    if pg:
        url = asyncio.run(_bench_database(pg, create=True))
        try:
            figures, filled["postgresql"] = measure_boards(
                url, "postgresql", budget.rated_games, budget.board_calls
            )
            found += figures
        finally:
            asyncio.run(_bench_database(pg, create=False))
    return found, filled


def _median_run(found: list[ClickFigures]) -> ClickFigures:
    """The run with the median clicks/s (its own p50/p99 with it, so the figures belong together)."""
    ordered = sorted(found, key=lambda f: f.clicks_per_s)
    return ordered[(len(ordered) - 1) // 2]


def measure(budget: ScaleBudget, folder: Path, *, say: Any = None) -> dict[str, Any]:
    """Every scale figure for ``budget``, made in ``folder``; ``say(lines)`` as each part is done."""
    result: dict[str, Any] = {"backend": "postgresql" if os.environ.get("TEST_DATABASE_URL") else "sqlite"}
    result["startup"] = [measure_startup(folder, n) for n in budget.stored]
    if say:
        say(startup_lines(result["startup"]))
    result["sweeps"] = [s for due in budget.due for s in measure_sweeps(folder, budget.stored[0], due)]
    if say:
        say(sweep_lines(result["sweeps"]))
    result["drawing"] = [measure_drawing(d, budget.pictures) for d in budget.draw_processes]
    if say:
        say(drawing_lines(result["drawing"]))
    result["clicks"] = measure_clicks(budget, folder)
    if say:
        say(click_lines(result["clicks"], result["backend"]))
    result["thinking"] = measure_thinking_run(budget, folder)
    if say:
        say(thinking_lines(result["thinking"]))
    result["boards"], filled = measure_board_reads(budget, folder)
    result["boards_stored_s"] = filled
    if say:
        say(board_lines(result["boards"], filled))
    return result


def click_lines(found: list[ClickFigures], backend: str) -> list[str]:
    """The clicks part, one line per process count / pool size."""
    cores = os.cpu_count() or 1
    return [
        f"clicks    {c.processes} process(es), drawing pool {c.draw_processes} ({backend}, {cores} cores): "
        f"{fmt(c.clicks_per_s)} clicks/s ({fmt(c.clicks_per_s / c.processes)} per process, "
        f"{fmt(c.clicks_per_s / min(cores, c.processes * (1 + c.draw_processes)))} per core used), p50 "
        f"{fmt(c.ms_p50)} ms, p99 {fmt(c.ms_p99)} ms (follow-up p50 {fmt(c.follow_up_ms_p50)} ms); "
        f"{c.clicks} clicks, {c.refused} refused; pictures cached {fmt(100 * c.picture_hit_rate)}%\n"
        f"          {c.cpu_line()}"
        for c in found
    ]


def measure_targets_only(budget: ScaleBudget, folder: Path, *, say: Any = None) -> dict[str, Any]:
    """Only issue 27's click targets (:mod:`bot.bench.targets`) at ``budget``'s click sizes."""
    from bot.bench.targets import measure_targets, placement_lines, target_lines

    runs = measure_targets(click_options(budget), budget.repeats, folder)
    if say:
        say(target_lines(runs) + placement_lines(runs))
    return {"backend": runs.backend, "targets": runs}


def main(quick: bool = False, as_json: bool = False, targets: bool = False) -> int:
    """Run the scale benchmark and print it (a table of lines, or one JSON document).

    ``targets``: only issue 27's click targets (clicks per CPU-second, the pool's gain, p99 at 4
    clicks in flight), the runs alternated and medians taken.
    """
    from bot.bench.runner import _plain, machine

    budget = QUICK if quick else FULL
    started = time.perf_counter()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")

    def say(lines: list[str]) -> None:
        if not as_json:
            print("\n".join(lines), flush=True)

    with tempfile.TemporaryDirectory(prefix="tablekeeper-scale-") as folder:
        result = (measure_targets_only if targets else measure)(budget, Path(folder), say=say)
    seconds = time.perf_counter() - started
    if as_json:
        document: dict[str, Any] = {"quick": quick, "targets_only": targets, "seconds": round(seconds, 1)}
        document.update(machine=machine(), **_plain(result))
        json.dump(document, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        end = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(
            f"bench --scale: {seconds:.0f} s; 1-minute load average {load:.1f} at the start, "
            f"{end:.1f} at the end"
        )
    return 0
