"""Clicks per second through the PostgreSQL click queue with 1 or 2 worker processes.

Run from the repository root against a PostgreSQL server you may create databases on::

    python scripts/bench_workers.py --url postgresql+asyncpg://postgres@127.0.0.1:5432/test \
        --workers 1 2 --runs 3 --tables 24 --clicks 5

Each run makes a fresh database, opens ``--tables`` solo games of ``--game`` (each click: the
player's move, the bot's answer, the board and the hand drawn), scripts ``--clicks`` legal
clicks per table on an in-memory copy (same seeds), starts the worker processes and waits until
they say they are ready, then queues every click at once and times until the queue is empty.
Workers deliver to nowhere (the drawing is done; nothing is uploaded). ``--no-coalesce`` draws
every click; by default waiting clicks on a table are coalesced as in production.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent.parent))

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from bot.service import Services
from bot.service.api import Delivery
from bot.settings import Settings
from bot.work import Click, ClickWork
from bot.work.pgqueue import ProcrastinateQueue


class Nowhere:
    """An outlet that sends nothing (the pictures were drawn already)."""

    async def publish(self, click: Click | None, delivery: Delivery) -> None:
        """Drop it."""

    async def tell(self, click: Click, text: str) -> None:
        """Drop it."""

    async def failed(self, click: Click | None, error: Exception) -> None:
        """Say so."""
        print("failed:", type(error).__name__, error, file=sys.stderr)


async def admin(url: str, statement: str) -> None:
    """Run one statement in autocommit mode."""
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(text(statement))
    finally:
        await engine.dispose()


async def worker(url: str, coalesce: bool) -> None:
    """One worker process: work the queue until killed."""
    settings = Settings(database_url=url, work_queue="procrastinate")
    services = await Services.start(settings, url=url, migrate=False)
    queue = ProcrastinateQueue(url)
    await queue.open()
    print("ready", flush=True)
    await queue.work(ClickWork(services.tables, Nowhere()), coalesce=coalesce, fetch_job_polling_interval=0.5)


async def script(services: Services, game: str, tables: int, clicks: int, seed: int) -> list[list[Click]]:
    """Open the solo tables and script their clicks on an in-memory copy."""
    shadow = await Services.in_memory()
    made: list[list[Click]] = []
    try:
        for i in range(tables):
            real = await services.tables.open_solo(1000 + i, 5000 + i, game, seed=seed + i)
            copy = await shadow.tables.open_solo(1000 + i, 5000 + i, game, seed=seed + i)
            row: list[Click] = []
            delivery = copy
            for _ in range(clicks):
                asked = [u for u in delivery.seats if u.prompt is not None and u.actions]
                if delivery.outcome is not None or not asked:
                    break
                u = asked[0]
                key = u.actions[0].key
                row.append(Click(real.table.id, u.user_id, u.token, key, u.seat))
                delivery = await shadow.tables.act(copy.table.id, u.user_id, u.token, key, u.seat)
            made.append(row)
    finally:
        await shadow.close()
    return made


async def one_run(args: argparse.Namespace, workers: int, seed: int) -> float:
    """Clicks per second for one fresh database and ``workers`` worker processes."""
    name = f"tk_bench_{uuid.uuid4().hex[:8]}"
    await admin(args.url, f'CREATE DATABASE "{name}"')
    url = make_url(args.url).set(database=name).render_as_string(hide_password=False)
    procs: list[subprocess.Popen[str]] = []
    try:
        services = await Services.start(Settings(database_url=url), url=url, migrate=True)
        queue = ProcrastinateQueue(url)
        await queue.open()
        clicks = await script(services, args.game, args.tables, args.clicks, seed)
        mode = "--coalesce" if args.coalesce else "--no-coalesce"
        for _ in range(workers):
            procs.append(
                subprocess.Popen(
                    [sys.executable, __file__, "--worker", url, mode], stdout=subprocess.PIPE, text=True
                )
            )
        for proc in procs:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        total = sum(len(row) for row in clicks)
        started = time.perf_counter()
        for depth in range(max(len(row) for row in clicks)):  # the tables interleaved, as clicks arrive
            for row in clicks:
                if depth < len(row):
                    await queue.submit(row[depth], _never)
        while True:
            left = await queue.app.connector.execute_query_one_async(
                "SELECT count(*) AS n FROM procrastinate_jobs WHERE status IN ('todo', 'doing')"
            )
            if left["n"] == 0:
                break
            await asyncio.sleep(0.02)
        elapsed = time.perf_counter() - started
        moves = 0
        for row in clicks:
            moves += sum(
                1 for _, seat, _ in await services.tables.log(row[0].table_id) if seat == row[0].seat
            )
        assert moves == total, f"{moves} of {total} clicks applied"
        await queue.close()
        await services.close()
        return total / elapsed
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait()
        await admin(args.url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _never() -> None:
    raise AssertionError("queued clicks are worked on by the workers")


async def main(args: argparse.Namespace) -> None:
    """Median clicks/s per worker count."""
    results: dict[int, list[float]] = {}
    for run in range(args.runs):
        for workers in args.workers:
            rate = await one_run(args, workers, seed=1000 * run + 1)
            results.setdefault(workers, []).append(rate)
            print(f"run {run + 1}: {workers} worker(s): {rate:.1f} clicks/s", flush=True)
    print("workers  median clicks/s  runs")
    for workers, rates in results.items():
        shown = ", ".join(f"{r:.1f}" for r in rates)
        print(f"{workers:>7}  {statistics.median(rates):>15.1f}  {shown}")


def parse(argv: list[str]) -> Any:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="PostgreSQL server URL (a database on it is made per run)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tables", type=int, default=24)
    parser.add_argument("--clicks", type=int, default=5)
    parser.add_argument("--game", default="clashofdecks")
    parser.add_argument("--coalesce", action=argparse.BooleanOptionalAction, default=True)
    return parser.parse_args(argv)


if __name__ == "__main__":
    arguments = parse(sys.argv[1:])
    if arguments.worker:
        asyncio.run(worker(arguments.worker, arguments.coalesce))
    else:
        asyncio.run(main(arguments))
