"""A click run on a database of its own (a module apart: it needs both the pipeline and busy)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from bot.bench.busy import ClickFigures, run_processes
from bot.bench.pipeline import _bench_database
from bot.store import upgrade


def run_fresh(folder: Path, name: str, processes: int, options: dict[str, Any]) -> ClickFigures:
    """:func:`run_processes` on a database made for this run alone, migrated first.

    A SQLite file ``folder/name.db``, or with ``TEST_DATABASE_URL`` set a throw-away PostgreSQL
    database, dropped after the run.
    """
    pg = os.environ.get("TEST_DATABASE_URL", "").strip()
    url = asyncio.run(_bench_database(pg, create=True)) if pg else f"sqlite+aiosqlite:///{folder}/{name}.db"
    try:
        asyncio.run(upgrade(url))
        return run_processes(url, processes, options)
    finally:
        if pg:
            asyncio.run(_bench_database(pg, create=False))
