"""Clicks per second through the PostgreSQL click queue with 1 or 2 worker processes.

Run from the repository root against a PostgreSQL server you may create databases on::

    python scripts/bench_workers.py --url postgresql+asyncpg://postgres@127.0.0.1:5432/test \
        --workers 1 2 --runs 3 --tables 24 --clicks 5

Each run makes a fresh database, opens ``--tables`` solo games of ``--game`` (each click: the
player's move, the bot's answer, the board and the hand drawn), scripts ``--clicks`` legal
clicks per table on an in-memory copy (same seeds), starts the worker processes and waits until
they say they are ready (each has dealt and drawn one game, so content and fonts are loaded),
then queues the clicks, the tables interleaved: all at once (the default: clicks/s is what the
workers get through), or ``--rate`` clicks a second (a steady load: the wait is then what a
player feels). Workers deliver to nowhere (the drawing is done; nothing is uploaded).
``--no-coalesce`` draws every click; by default waiting clicks on a table are coalesced as in
production.

A click's wait runs from the moment it is queued to the moment a picture showing it is ready to
upload: its own drawing, or for a click applied without drawing, the next drawing of its table.
p50 and p99 are over every click of a run; the figures printed are the medians over the runs.

A click queued while an earlier click on its table was still waiting or running is "behind": it
cannot start before that one's job ends. For these the bench also reports their wait (median,
p95, how many waited over a second) and the gap from the end of the job ahead to the start of
their own, which is what the queue adds: how soon a worker notices that the table is free.
``--burst 2`` queues each table's clicks two at a time (a click and the next one right behind
it, as a double click or two quick choices make), so that with ``--rate`` most pairs are behind
one another while the workers are not saturated.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import procrastinate

sys.path.append(str(Path(__file__).resolve().parent.parent))

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from bot.service import Services
from bot.service.truth import Journal
from bot.service.values import Delivery
from bot.settings import Settings
from bot.work import Click, ClickWork
from bot.work.pgqueue import ProcrastinateQueue


class Nowhere:
    """An outlet that sends nothing (the pictures were drawn already); says when each was ready."""

    async def publish(self, click: Click | None, delivery: Delivery) -> None:
        """Say when the table was drawn."""
        print("drawn", delivery.table.id, time.time(), flush=True)

    async def tell(self, click: Click, text: str) -> None:
        """Say when the click was applied without drawing."""
        print("applied", click.table_id, time.time(), flush=True)

    def catch_up(self, table_id: int) -> None:
        """Say so: the bench's database does not go away, so this is a fault."""
        print("catch-up wanted for table", table_id, file=sys.stderr)

    async def failed(self, click: Click | None, error: Exception, kept: Journal) -> None:
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


async def timed(call_next: Any, context: procrastinate.JobContext, worker: Any) -> Any:
    """Say when each job starts and ends (a procrastinate worker middleware)."""
    table = int(str(context.job.lock).removeprefix("table-"))
    print("start", table, time.time(), flush=True)
    try:
        return await call_next()
    finally:
        print("end", table, time.time(), flush=True)


async def worker(url: str, coalesce: bool, game: str, poll: float | None) -> None:
    """One worker process: warm up (content, fonts: one game dealt and drawn), then work until killed."""
    warm = await Services.in_memory()
    await warm.tables.open_solo(1, 2, game, seed=1)
    await warm.close()
    settings = Settings(database_url=url, work_queue="procrastinate")
    services = await Services.start(settings, url=url, migrate=False)
    queue = ProcrastinateQueue(url)
    await queue.open()
    print("ready", flush=True)
    options: dict[str, Any] = {"worker_middleware": [timed]}
    if poll is not None:  # else the queue's own setting
        options["fetch_job_polling_interval"] = poll
    await queue.work(ClickWork(services.tables, Nowhere()), coalesce=coalesce, **options)


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


@dataclass
class Run:
    """One run's figures."""

    rate: float  # clicks a second, from the first queued to the last one's picture ready
    waits: list[float]  # seconds, per click
    behind: list[float]  # seconds, per click queued behind another on its table: its wait
    gaps: list[float]  # seconds, per such click: from the end of the job ahead to its own start


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def reported(outputs: list[str], kinds: tuple[str, ...]) -> dict[int, list[tuple[float, str]]]:
    """The workers' lines of ``kinds`` per table: (time, kind), in time order."""
    events: dict[int, list[tuple[float, str]]] = {}
    for output in outputs:
        for line in output.splitlines():
            kind, where, when = line.split()
            if kind in kinds:
                events.setdefault(int(where), []).append((float(when), kind))
    return {table: sorted(times) for table, times in events.items()}


def waits(queued: dict[int, list[float]], outputs: list[str]) -> list[tuple[float, float]]:
    """Each click's (queued, shown) times: shown is its table's first drawing once it was applied."""
    events = reported(outputs, ("drawn", "applied"))
    found: list[tuple[float, float]] = []
    for table, times in queued.items():
        done = events.get(table, [])
        assert len(done) == len(times), f"table {table}: {len(done)} of {len(times)} clicks reported"
        for n in range(len(done)):  # one table's clicks end in the order they were queued
            shown = next(w for w, k in done[n:] if k == "drawn")
            found.append((times[n], shown))
    return found


def behind(queued: dict[int, list[float]], outputs: list[str]) -> list[tuple[float, float, float]]:
    """Per click queued before the job of the click ahead of it on its table ended: (queued, ahead
    ended, own job started). One table's jobs run one at a time, in the order queued."""
    found: list[tuple[float, float, float]] = []
    starts = reported(outputs, ("start",))
    ends = reported(outputs, ("end",))
    for table, times in queued.items():
        started, ended = starts.get(table, []), ends.get(table, [])
        assert len(started) == len(ended) == len(times), f"table {table}: jobs started/ended/queued differ"
        for n in range(1, len(times)):
            if times[n] < ended[n - 1][0]:
                found.append((times[n], ended[n - 1][0], started[n][0]))
    return found


async def one_run(args: argparse.Namespace, workers: int, seed: int) -> Run:
    """Throughput and waits for one fresh database and ``workers`` worker processes."""
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
                    [sys.executable, __file__, "--worker", url, mode, "--game", args.game]
                    + (["--poll", str(args.poll)] if args.poll is not None else []),
                    stdout=subprocess.PIPE,
                    text=True,
                )
            )
        for proc in procs:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        total = sum(len(row) for row in clicks)
        queued: dict[int, list[float]] = {}
        first = time.time()
        n = 0
        for depth in range(0, max(len(row) for row in clicks), args.burst):  # the tables interleaved
            for row in clicks:
                if args.rate and depth < len(row):  # a steady load: a burst of k clicks goes in at n / rate
                    await asyncio.sleep(max(0.0, first + n / args.rate - time.time()))
                for click in row[depth : depth + args.burst]:
                    queued.setdefault(click.table_id, []).append(time.time())
                    await queue.submit(click, _never)
                    n += 1
        while True:
            left = await queue.app.connector.execute_query_one_async(
                "SELECT count(*) AS n FROM procrastinate_jobs WHERE status IN ('todo', 'doing')"
            )
            if left["n"] == 0:
                break
            await asyncio.sleep(0.02)
        moves = 0
        for row in clicks:
            moves += sum(
                1 for _, seat, _ in await services.tables.log(row[0].table_id) if seat == row[0].seat
            )
        assert moves == total, f"{moves} of {total} clicks applied"
        await queue.close()
        await services.close()
        outputs = []
        for proc in procs:
            proc.terminate()
            outputs.append(proc.communicate()[0])
        found = waits(queued, outputs)
        last = max(shown for _, shown in found)  # the last click's picture
        shown_at = dict(found)
        held = behind(queued, outputs)
        return Run(
            total / (last - first),
            [shown - queued for queued, shown in found],
            [shown_at[q] - q for q, _, _ in held],
            [start - end for _, end, start in held],
        )
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
                proc.wait()
        await admin(args.url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _never() -> None:
    raise AssertionError("queued clicks are worked on by the workers")


async def main(args: argparse.Namespace) -> None:
    """Median clicks/s, p50 and p99 wait per worker count (worker counts alternate run by run)."""
    results: dict[int, list[Run]] = {}
    for run in range(args.runs):
        for workers in args.workers:
            found = await one_run(args, workers, seed=1000 * run + 1)
            results.setdefault(workers, []).append(found)
            p50, p99 = (percentile(found.waits, share) * 1000 for share in (0.5, 0.99))
            load = os.getloadavg()[0]
            print(
                f"run {run + 1}: {workers} worker(s): {found.rate:.1f} clicks/s, "
                f"p50 {p50:.0f} ms, p99 {p99:.0f} ms, load {load:.1f}; {held_line(found)}",
                flush=True,
            )
    print("workers  median clicks/s  median p50 ms  median p99 ms  runs (clicks/s)")
    for workers, runs in results.items():
        shown = ", ".join(f"{r.rate:.1f}" for r in runs)
        p50 = statistics.median(percentile(r.waits, 0.5) for r in runs) * 1000
        p99 = statistics.median(percentile(r.waits, 0.99) for r in runs) * 1000
        rate = statistics.median(r.rate for r in runs)
        print(f"{workers:>7}  {rate:>15.1f}  {p50:>13.0f}  {p99:>13.0f}  {shown}")
    print("behind another click on the same table, every run pooled:")
    for workers, runs in results.items():
        pooled = Run(0.0, [], [w for r in runs for w in r.behind], [g for r in runs for g in r.gaps])
        print(f"{workers:>7} worker(s): {held_line(pooled)}")


def held_line(run: Run) -> str:
    """The figures of the clicks queued behind another on their table."""
    if not run.behind:
        return "no click queued behind another"
    wait50, wait95 = (percentile(run.behind, share) * 1000 for share in (0.5, 0.95))
    gap50, gap95 = (percentile(run.gaps, share) * 1000 for share in (0.5, 0.95))
    over = sum(1 for w in run.behind if w > 1.0)
    return (
        f"{len(run.behind)} behind: wait p50 {wait50:.0f} ms, p95 {wait95:.0f} ms, {over} over 1 s; "
        f"start after the table was free p50 {gap50:.0f} ms, p95 {gap95:.0f} ms, "
        f"max {max(run.gaps) * 1000:.0f} ms"
    )


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
    parser.add_argument("--rate", type=float, default=0.0, help="clicks queued a second (0: all at once)")
    parser.add_argument("--coalesce", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--burst", type=int, default=1, help="clicks a table queues together (default 1)")
    parser.add_argument("--poll", type=float, help="the workers' polling interval, s (default: the queue's)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    arguments = parse(sys.argv[1:])
    if arguments.worker:
        asyncio.run(worker(arguments.worker, arguments.coalesce, arguments.game, arguments.poll))
    else:
        asyncio.run(main(arguments))
