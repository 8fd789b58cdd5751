"""A click queued behind another on its table starts as soon as the table is free, not at a poll.

procrastinate runs one job per lock at a time and wakes its workers (``LISTEN/NOTIFY``) only when
a job is inserted. A table's second click, inserted while the first ran, is skipped by the fetch
its own insert caused; without a wake when the first job ends it waited for a worker's next poll.
The queue's trigger (``WAKE_NEXT``) sends that wake from the database when the ending commits.
These tests poll far less often than their bounds, so only the wake can meet them.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import psycopg
import pytest

from tests.bot.pgdb import NEEDS_PG, fresh_database

pytest.importorskip("procrastinate", reason="the click queue needs the postgres extra (procrastinate)")
from procrastinate import jobs

from bot.work import Click
from bot.work.pgqueue import QUEUE, REQUEUE, WAKE_NEXT_TRIGGER, ProcrastinateQueue, ensure_schema, table_lock

pytestmark = NEEDS_PG

#: longer than any wait below: a job that starts within a bound was woken, not polled for
NO_POLL = 60.0


@pytest.fixture
async def queue() -> AsyncIterator[ProcrastinateQueue]:
    """An open click queue on a brand-new database (procrastinate's tables and the wake installed)."""
    async with fresh_database("tk_wake") as url:
        opened = ProcrastinateQueue(url)
        await opened.open()
        try:
            yield opened
        finally:
            await opened.close()


class HeldFirst:
    """Click work that holds the click keyed ``first`` until released, and notes when each ran."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.started: dict[str, asyncio.Event] = {"first": asyncio.Event(), "second": asyncio.Event()}
        self.at: dict[tuple[str, str], float] = {}

    async def run(self, click: Click, **_: object) -> None:
        loop = asyncio.get_running_loop()
        self.at[click.key, "start"] = loop.time()
        self.started[click.key].set()
        if click.key == "first":
            await self.release.wait()
        self.at[click.key, "end"] = loop.time()


async def _never() -> None:
    raise AssertionError("a queued click is run by the worker")


async def test_a_click_queued_behind_a_running_one_starts_within_a_second_of_its_end(
    queue: ProcrastinateQueue,
) -> None:
    work = HeldFirst()
    # two slots: the worker has a free one while the first click runs, so nothing but a wake
    # makes it fetch again (a full worker fetches when a slot frees, woken or not)
    worker = asyncio.create_task(
        queue.work(
            work,  # type: ignore[arg-type]
            concurrency=2,
            install_signal_handlers=False,
            fetch_job_polling_interval=NO_POLL,
        )
    )
    try:
        await queue.submit(Click(table_id=7, user_id=1, token="a", key="first", seat=0), _never)
        await asyncio.wait_for(work.started["first"].wait(), 20)
        await queue.submit(Click(table_id=7, user_id=1, token="b", key="second", seat=0), _never)
        await asyncio.sleep(0.5)  # its insert woke the worker, which found the table busy
        assert not work.started["second"].is_set()
        row = await queue.app.connector.execute_query_one_async(
            "SELECT count(*) AS n FROM procrastinate_jobs WHERE lock = %(lock)s AND status = 'todo'",
            lock=table_lock(7),
        )
        assert row["n"] == 1  # the second click waits on its table's lock

        work.release.set()
        await asyncio.wait_for(work.started["second"].wait(), 10)  # a poll would take NO_POLL
        gap = work.at["second", "start"] - work.at["first", "end"]
        assert 0 <= gap < 1.0, f"the second click started {gap:.3f} s after the first ended"
    finally:
        worker.cancel()
        await asyncio.gather(worker, return_exceptions=True)


async def _notices(
    listener: psycopg.AsyncConnection[object], wait: float, count: int | None = None
) -> list[dict[str, object]]:
    """The notices on the clicks queue's channel within ``wait`` seconds (or the first ``count``)."""
    return [json.loads(n.payload) async for n in listener.notifies(timeout=wait, stop_after=count)]


async def test_a_job_ending_wakes_the_workers_only_when_a_job_with_its_lock_waits(
    queue: ProcrastinateQueue,
) -> None:
    await ensure_schema(queue.dsn)  # a second process starting: the wake is installed once
    row = await queue.app.connector.execute_query_one_async(
        "SELECT count(*) AS n FROM pg_trigger WHERE tgname = %(name)s", name=WAKE_NEXT_TRIGGER
    )
    assert row["n"] == 1

    manager = queue.app.job_manager
    async with await psycopg.AsyncConnection.connect(queue.dsn, autocommit=True) as listener:
        await listener.execute(f'LISTEN "procrastinate_queue_v1#{QUEUE}"')
        for table_id, token in ((7, "a"), (7, "b"), (8, "c")):
            await queue.submit(Click(table_id=table_id, user_id=1, token=token, key="k", seat=0), _never)
        inserted = await _notices(listener, 5.0, 3)
        assert [n["type"] for n in inserted] == ["job_inserted"] * 3  # procrastinate's own
        first, second, other = (int(str(n["job_id"])) for n in inserted)

        worker_id = await manager.register_worker()
        running = await manager.fetch_job(queues=[QUEUE], worker_id=worker_id)
        alone = await manager.fetch_job(queues=[QUEUE], worker_id=worker_id)
        assert running is not None and alone is not None
        assert (running.id, alone.id) == (first, other)  # the second waits behind the first
        assert await manager.fetch_job(queues=[QUEUE], worker_id=worker_id) is None

        await manager.finish_job(job=alone, status=jobs.Status.SUCCEEDED, delete_job=True)
        assert await _notices(listener, 0.5) == []  # nothing waited on table 8: no wake

        await manager.finish_job(job=running, status=jobs.Status.FAILED, delete_job=False)
        assert await _notices(listener, 5.0, 1) == [{"type": "job_inserted", "job_id": second}]

        # a dead worker's job queued again by the stalled-job sweep waits on its own lock: a wake
        behind = await manager.fetch_job(queues=[QUEUE], worker_id=worker_id)
        assert behind is not None and behind.id == second
        await queue.app.connector.execute_query_all_async(REQUEUE, id=second, worker=worker_id)
        assert await _notices(listener, 5.0, 1) == [{"type": "job_inserted", "job_id": second}]
