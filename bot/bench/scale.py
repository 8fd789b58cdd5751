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
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.bench.boards import BoardFigures, board_lines, measure_boards
from bot.bench.busy import ClickFigures, run_processes
from bot.bench.stats import fmt
from bot.bench.tables import Plan, make_tables
from bot.bench.thinking import Thinking, measure_thinking, thinking_lines
from bot.store import upgrade


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


@dataclass(frozen=True)
class Startup:
    """A fresh process's start-up against ``stored`` tables."""

    stored: int
    made_s: float  # making the tables (not part of start-up)
    ready_s: float  # process start to ready, imports included
    after_imports_s: float  # the part after the imports: content check, database, migrations, cogs
    peak_rss_mb: float
    cached: int  # tables loaded at start (0: nothing is)
    db_bytes_per_table: float  # the database file over the stored tables
    db_bytes_per_move: float  # the move log and its index over the stored moves


@dataclass(frozen=True)
class Sweep:
    """One timer pass (repeated until nothing is due) against ``due`` due seats of each kind."""

    stored: int
    due: int
    kind: str  # due_reminders or expire
    handled: int
    passes: int
    seconds: float
    ms_each: float
    longest_commit_ms: float


def rss_mb() -> float:
    """The process's resident memory now, in MB (Linux; 0 elsewhere)."""
    try:
        return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


@contextmanager
def transactions(engine: Any) -> Iterator[list[float]]:
    """Collect the duration (s) of every committed transaction on ``engine`` while inside."""
    from sqlalchemy import event

    began: dict[int, float] = {}
    took: list[float] = []

    def on_begin(connection: Any) -> None:
        began[id(connection)] = time.perf_counter()

    def on_commit(connection: Any) -> None:
        start = began.pop(id(connection), None)
        if start is not None:
            took.append(time.perf_counter() - start)

    def on_rollback(connection: Any) -> None:
        began.pop(id(connection), None)

    sync = engine.sync_engine
    event.listen(sync, "begin", on_begin)
    event.listen(sync, "commit", on_commit)
    event.listen(sync, "rollback", on_rollback)
    try:
        yield took
    finally:
        event.remove(sync, "begin", on_begin)
        event.remove(sync, "commit", on_commit)
        event.remove(sync, "rollback", on_rollback)


async def sweep(url: str, shards: str = "", stored: int = 0, due: int = 0) -> list[Sweep]:
    """Time the reminder pass and the expiry pass, pass after pass until nothing is due (real clock).

    ``shards``: ``COUNT:IDS`` (e.g. ``4:0,1``) to sweep as one process of several would.
    """
    from bot.service import Services
    from bot.settings import Settings

    count, _, ids = shards.partition(":")
    settings = Settings(database_url=url, migrate_on_start=False)
    if count:
        settings = settings.replace(shard_count=int(count), shard_ids=ids)
    services = await Services.start(settings)
    found: list[Sweep] = []
    try:
        for name in ("due_reminders", "expire"):
            handled, passes = 0, 0
            with transactions(services.db.engine) as took:
                started = time.perf_counter()
                while True:
                    done = await getattr(services.timers, name)()
                    passes += 1
                    if not done:
                        break
                    handled += len(done)
                elapsed = time.perf_counter() - started
            found.append(
                Sweep(
                    stored=stored,
                    due=due,
                    kind=name,
                    handled=handled,
                    passes=passes,
                    seconds=elapsed,
                    ms_each=1000 * elapsed / handled if handled else float("nan"),
                    longest_commit_ms=1000 * max(took, default=0.0),
                )
            )
    finally:
        await services.close()
    return found


def sqlite_bytes(path: Path) -> dict[str, int]:
    """Bytes each table and index of a SQLite file takes (``dbstat``), and the whole file."""
    import sqlite3

    connection = sqlite3.connect(path)
    try:
        sizes = {
            name: int(size)
            for name, size in connection.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name")
        }
        indexes = connection.execute(
            "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index'"
        ).fetchall()
    finally:
        connection.close()
    by_table: dict[str, int] = {}
    owner = {index: table for index, table in indexes}
    for name, size in sizes.items():
        by_table[owner.get(name, name)] = by_table.get(owner.get(name, name), 0) + size
    by_table["*"] = path.stat().st_size
    return by_table


def count_rows(path: Path, table: str) -> int:
    """Rows of ``table`` in a SQLite file."""
    import sqlite3

    connection = sqlite3.connect(path)
    try:
        return int(connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
    finally:
        connection.close()


def probe_startup(url: str, bytecode: Path | None = None) -> tuple[float, dict[str, Any]]:
    """Seconds from starting a fresh ``tablekeeper`` process to its ready line, and that line.

    ``bytecode`` is a folder the child keeps its compiled modules in (``PYTHONPYCACHEPREFIX``),
    written even where the environment says not to: an installed bot starts from bytecode (pip
    compiles the wheel it installs), so a start that compiles every module is not what it costs.
    """
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    if bytecode is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(bytecode)
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "bench", "--startup-probe", url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    ready = time.perf_counter() - started
    _, err = child.communicate(timeout=120)
    if not line.strip():
        raise RuntimeError(f"the start-up probe printed nothing: {err.strip()[-500:]}")
    return ready, json.loads(line)


#: timed starts per stored size (the median is reported), after one untimed start that compiles
STARTS = 3


def measure_startup(folder: Path, stored: int) -> Startup:
    """Make ``stored`` tables in a new SQLite file, then start fresh processes against it."""
    path = folder / f"stored-{stored}.db"
    url = f"sqlite+aiosqlite:///{path}"
    started = time.perf_counter()
    asyncio.run(make_tables(url, Plan(tables=stored)))
    made = time.perf_counter() - started
    bytecode = folder / "bytecode"
    probe_startup(url, bytecode)  # compiles what a start imports, and warms the file cache
    starts = sorted((probe_startup(url, bytecode) for _ in range(STARTS)), key=lambda start: start[0])
    ready, line = starts[len(starts) // 2]
    sizes = sqlite_bytes(path)
    moves = count_rows(path, "moves")
    return Startup(
        stored=stored,
        made_s=made,
        ready_s=ready,
        after_imports_s=float(line["after_imports_s"]),
        peak_rss_mb=float(line["peak_rss_mb"]),
        cached=int(line["cached"]),
        db_bytes_per_table=sizes["*"] / stored,
        db_bytes_per_move=sizes.get("moves", 0) / moves if moves else float("nan"),
    )


def measure_sweeps(folder: Path, stored: int, due: int) -> list[Sweep]:
    """Sweep ``due`` due reminders and ``due`` expired deadlines among ``stored`` tables."""
    path = folder / f"sweep-{stored}-{due}.db"
    url = f"sqlite+aiosqlite:///{path}"
    asyncio.run(make_tables(url, Plan(tables=max(stored, 4 * due), due_reminders=due, due_expiries=due)))
    return asyncio.run(sweep(url, stored=max(stored, 4 * due), due=due))


def measure_clicks(budget: ScaleBudget, folder: Path) -> list[ClickFigures]:
    """Clicks/s for each process count (no pool) and each pool size (one process), interleaved."""
    options = {
        "tables": budget.tables,
        "inflight": budget.inflight,
        "clicks": budget.clicks,
        "warm": budget.warm,
    }
    plan = [(n, 0) for n in budget.processes] + [(1, d) for d in budget.draw_processes if d]
    runs: dict[tuple[int, int], list[ClickFigures]] = {key: [] for key in plan}
    pg = os.environ.get("TEST_DATABASE_URL", "").strip()
    from bot.bench.pipeline import _bench_database

    for repeat in range(budget.repeats):
        for processes, draw in plan:
            if pg:
                url = asyncio.run(_bench_database(pg, create=True))
            else:
                url = f"sqlite+aiosqlite:///{folder}/clicks-{processes}-{draw}-{repeat}.db"
            try:
                asyncio.run(upgrade(url))
                runs[(processes, draw)].append(
                    run_processes(url, processes, {**options, "draw_processes": draw, "seed": 1 + repeat})
                )
            finally:
                if pg:
                    asyncio.run(_bench_database(pg, create=False))
    return [_median_run(found) for found in runs.values()]


def measure_thinking_run(budget: ScaleBudget, folder: Path, think_seconds: float | None = None) -> Thinking:
    """Bot-free clicks alone and while hard bots think (one process, the largest drawing pool),
    alternated ``budget.repeats`` times; the bots capped at ``think_seconds`` (None: the default)."""
    url = f"sqlite+aiosqlite:///{folder}/thinking.db"
    asyncio.run(upgrade(url))
    options = {
        "tables": budget.tables,
        "inflight": budget.inflight,
        "clicks": budget.clicks,
        "warm": budget.warm,
    }
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


_RUNS = itertools.count(1)


@dataclass(frozen=True)
class Drawing:
    """Pictures drawn per second by several threads of one process, with a drawing pool or none."""

    draw_processes: int
    threads: int
    pictures: int
    per_s: float


def measure_drawing(draw_processes: int, pictures: int, threads: int = 4) -> Drawing:
    """Boards of real games, each with new names (none cached), drawn by ``threads`` threads at once.

    The drawing step alone, as the click threads of a busy process do it: with a pool the threads
    only wait for workers, so the pictures/s can exceed one core's.
    """
    from concurrent.futures import ThreadPoolExecutor

    from bot.bench.samples import Names, bench_config, sample_states
    from bot.service import drawing
    from engines import registry
    from render import registry as renderers

    run = next(_RUNS)  # names new to the process on every call, so nothing measured is cached
    names = Names(f"d{run}.")
    jobs: list[tuple[Any, Any, tuple[str, ...]]] = []
    for slug, mode in (("clashofdecks", "duel"), ("arclash", "standard"), ("hackclad", "basic")):
        ruleset = registry.get(slug)
        for state in sample_states(ruleset, bench_config(ruleset, mode), max(1, pictures // 3)):
            view = ruleset.view(state, None)
            jobs.append((renderers.get(slug), view, names.seats(view.players)))
    warm = Names(f"w{run}.")
    warming = [(r, v, warm.seats(v.players)) for r, v, _ in jobs[: 2 * threads]]
    with drawing.started(draw_processes), ThreadPoolExecutor(threads) as executor:
        # untimed, other names: every worker up and warm before the clock starts
        list(executor.map(lambda job: drawing.renderer_for(job[0]).board(job[1], job[2]), warming))
        started = time.perf_counter()
        list(executor.map(lambda job: drawing.renderer_for(job[0]).board(job[1], job[2]), jobs))
        seconds = time.perf_counter() - started
    return Drawing(draw_processes, threads, len(jobs), len(jobs) / seconds)


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


def startup_lines(found: list[Startup]) -> list[str]:
    """The start-up part, one line per stored size."""
    return [
        f"start-up  {s.stored:>7,} stored tables: ready in {fmt(s.ready_s)} s "
        f"({fmt(s.after_imports_s)} s after the imports), peak {fmt(s.peak_rss_mb)} MB, "
        f"{s.cached} loaded at start; database {fmt(s.db_bytes_per_table)} B per table, "
        f"{fmt(s.db_bytes_per_move)} B per move (made in {fmt(s.made_s)} s)"
        for s in found
    ]


def sweep_lines(found: list[Sweep]) -> list[str]:
    """The sweep part, one line per pass kind and due count."""
    return [
        f"sweep     {s.kind:<13} {s.due:>5} due of {s.stored:,}: {s.handled} handled in {s.passes} pass(es), "
        f"{fmt(1000 * s.seconds)} ms ({fmt(s.ms_each)} ms each), "
        f"longest transaction {fmt(s.longest_commit_ms)} ms"
        for s in found
    ]


def drawing_lines(found: list[Drawing]) -> list[str]:
    """The drawing step alone, one line per pool size."""
    first = found[0].per_s if found else float("nan")
    return [
        f"drawing   pool {d.draw_processes}: {fmt(d.per_s)} boards/s ({d.threads} threads, "
        f"{d.pictures} boards, none cached) = {fmt(d.per_s / first)}× pool {found[0].draw_processes}"
        for d in found
    ]


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


def main(quick: bool = False, as_json: bool = False) -> int:
    """Run the scale benchmark and print it (a table of lines, or one JSON document)."""
    from bot.bench.runner import _plain, machine

    budget = QUICK if quick else FULL
    started = time.perf_counter()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")

    def say(lines: list[str]) -> None:
        if not as_json:
            print("\n".join(lines), flush=True)

    with tempfile.TemporaryDirectory(prefix="tablekeeper-scale-") as folder:
        result = measure(budget, Path(folder), say=say)
    seconds = time.perf_counter() - started
    if as_json:
        document = {"quick": quick, "seconds": round(seconds, 1), "machine": machine(), **_plain(result)}
        json.dump(document, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        end = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(
            f"bench --scale: {seconds:.0f} s; 1-minute load average {load:.1f} at the start, "
            f"{end:.1f} at the end"
        )
    return 0
