"""``bench --scale``'s start-up part: a fresh ``tablekeeper`` process against many stored tables.

The tables are made in a new SQLite file (:mod:`bot.bench.tables`); each start is a fresh
process timed from the outside to the point it would connect to Discord, imports included, from
bytecode as an installed bot starts. The same file gives the database bytes per table and move.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.bench.stats import fmt
from bot.bench.tables import Plan, make_tables


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


def rss_mb() -> float:
    """The process's resident memory now, in MB (Linux; 0 elsewhere)."""
    try:
        return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


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


def startup_lines(found: list[Startup]) -> list[str]:
    """The start-up part, one line per stored size."""
    return [
        f"start-up  {s.stored:>7,} stored tables: ready in {fmt(s.ready_s)} s "
        f"({fmt(s.after_imports_s)} s after the imports), peak {fmt(s.peak_rss_mb)} MB, "
        f"{s.cached} loaded at start; database {fmt(s.db_bytes_per_table)} B per table, "
        f"{fmt(s.db_bytes_per_move)} B per move (made in {fmt(s.made_s)} s)"
        for s in found
    ]
