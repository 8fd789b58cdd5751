"""``bench --scale``'s sweeps: one timer pass against many due reminders and expired deadlines.

Each pass is repeated until nothing is due; the figures are the time per pass and per due seat,
and the longest committed transaction meanwhile (on SQLite, how long the write lock was held).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.bench.stats import fmt
from bot.bench.tables import Plan, make_tables


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


def measure_sweeps(folder: Path, stored: int, due: int) -> list[Sweep]:
    """Sweep ``due`` due reminders and ``due`` expired deadlines among ``stored`` tables."""
    path = folder / f"sweep-{stored}-{due}.db"
    url = f"sqlite+aiosqlite:///{path}"
    asyncio.run(make_tables(url, Plan(tables=max(stored, 4 * due), due_reminders=due, due_expiries=due)))
    return asyncio.run(sweep(url, stored=max(stored, 4 * due), due=due))


def sweep_lines(found: list[Sweep]) -> list[str]:
    """The sweep part, one line per pass kind and due count."""
    return [
        f"sweep     {s.kind:<13} {s.due:>5} due of {s.stored:,}: {s.handled} handled in {s.passes} pass(es), "
        f"{fmt(1000 * s.seconds)} ms ({fmt(s.ms_each)} ms each), "
        f"longest transaction {fmt(s.longest_commit_ms)} ms"
        for s in found
    ]
