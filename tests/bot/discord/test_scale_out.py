"""Scaled out for real: a gateway holding two shards and two ``tablekeeper work`` processes.

The gateway is the real bot on SimCord with ``TABLEKEEPER_WORK_QUEUE=procrastinate`` on a fresh
PostgreSQL database; it holds shard 0 (the first server and every DM) and shard 1 (a second
server). The two workers are separate processes started with the real command
(``tablekeeper work``, configured by ``TABLEKEEPER_*`` variables), whose Discord REST API is
this simulated Discord served over HTTP (:meth:`World.rest_api`). People click as they would:
whatever their Discord shows them, round after round on every table at once, sometimes the same
button twice. Each round's clicks can only be read off what the workers delivered.

What it shows: each click was queued by the gateway (it only acknowledged), run by one worker
exactly once, both workers took a share, each table's moves are stored in the order they were
clicked (double clicks refused), the clickers were answered through their interactions'
webhooks, Discord ends showing each table's latest state, and no worker logged an interaction
token or a private line.

One gateway process holds both shards here (SimCord runs one bot per event loop); two gateway
processes would differ only in which shard delivers which server, which the clicks' shard ids
show. Runs in the slow set (starting two processes and migrating a fresh database takes a while
on a loaded machine); ``tests/bot/discord/test_rest_worker.py`` and ``tests/bot/work/test_workers.py``
are the quick versions.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.work import Click, Here
from bot.work.clicks import COUNTED
from tests.bot import compose
from tests.bot.discord.helpers import table_message
from tests.bot.discord.simharness import Actor, World, world
from tests.bot.discord.test_solo import game_message
from tests.bot.pgdb import NEEDS_PG, fresh_database

pytest.importorskip("procrastinate", reason="the click queue needs the postgres extra (procrastinate)")
from bot.work.pgqueue import ProcrastinateQueue

pytestmark = [*NEEDS_PG, pytest.mark.slow]

ROOT = Path(__file__).parents[3]
WORKERS = 2
ROUNDS = 12
DONE = re.compile(r"click job (\d+) on table (\d+) done")


class WatchedQueue(ProcrastinateQueue):
    """The gateway's real queue, remembering what it queued (for the test to compare).

    While :meth:`held`, clicks wait in order here instead of reaching the workers, as they would
    behind a busy queue: a person's second click on a button then surely comes before any work
    (a worker quick enough would otherwise redraw the message and take the button away first,
    which no real double click could outrun either).
    """

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.queued: list[Click] = []
        self._waiting: list[tuple[Click, Here]] | None = None

    async def submit(self, click: Click, here: Here) -> None:
        if self._waiting is not None:
            self._waiting.append((click, here))
            return
        await super().submit(click, here)
        self.queued.append(click)

    @asynccontextmanager
    async def held(self) -> AsyncIterator[None]:
        """Keep the clicks made inside back from the workers; queue them in order on leaving."""
        self._waiting = []
        try:
            yield
        finally:
            waiting, self._waiting = self._waiting, None
            for click, here in waiting:
                await self.submit(click, here)


@dataclass
class WorkerProcess:
    """A ``tablekeeper work`` process and the file its log goes to."""

    process: subprocess.Popen[bytes]
    log: Path

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def jobs(self) -> list[int]:
        return [int(m.group(1)) for m in DONE.finditer(self.output())]


def worker_environment(url: str, **settings: str) -> dict[str, str]:
    """The compose file's worker environment, with this test's database (and ``settings`` added)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLEKEEPER_")}
    env.update(compose.environment("worker", DISCORD_TOKEN="simcord.fake.token"))
    env.update(PYTHONPATH=str(ROOT), TABLEKEEPER_DATABASE_URL=url, **settings)
    return env


def start_worker(env: dict[str, str], api: str, log: Path) -> WorkerProcess:
    """Start one ``tablekeeper work`` process whose Discord is ``api``, logging to ``log``."""
    with log.open("wb") as out:
        command = [sys.executable, "-m", "tests.bot.discord.worker_process", api]
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    return WorkerProcess(process, log)


@asynccontextmanager
async def worker_processes(url: str, api: str, logs: Path) -> AsyncIterator[list[WorkerProcess]]:
    """Start the workers with the compose file's worker environment; stop them with SIGTERM."""
    env = worker_environment(url)
    started: list[WorkerProcess] = []
    try:
        for n in range(WORKERS):
            started.append(start_worker(env, api, logs / f"worker-{n}.log"))
        await _until_registered(url, started)
        yield started
    finally:
        for worker in started:
            if worker.process.poll() is None:
                worker.process.send_signal(signal.SIGTERM)
        for worker in started:
            try:
                await asyncio.to_thread(worker.process.wait, 30)
            except subprocess.TimeoutExpired:
                worker.process.kill()


async def _count(url: str, query: str) -> int:
    engine = create_async_engine(url)
    try:
        async with engine.connect() as connection:
            return int((await connection.execute(text(query))).scalar_one())
    finally:
        await engine.dispose()


async def _until_registered(url: str, workers: list[WorkerProcess], timeout: float = 120) -> None:
    """Wait until every worker process has joined procrastinate's worker table."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while await _count(url, "SELECT count(*) FROM procrastinate_workers") < len(workers):
        for worker in workers:
            assert worker.process.poll() is None, f"a worker stopped at start:\n{worker.output()}"
        assert loop.time() < deadline, "\n".join(w.output() for w in workers)
        await asyncio.sleep(0.2)


async def _until_worked(w: World, url: str, timeout: float = 60) -> None:
    """Wait until no click job waits or runs, then let the bot read what the workers sent."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    query = "SELECT count(*) FROM procrastinate_jobs WHERE status IN ('todo', 'doing')"
    while await _count(url, query):
        assert loop.time() < deadline, "the workers did not empty the queue"
        await asyncio.sleep(0.05)
    await w.env.settle()


@dataclass
class Table:
    """A table under test: who plays it and where its choices are shown."""

    id: int
    people: dict[int, Actor]  # seat -> person
    solo: bool

    def offered(self, w: World) -> tuple[Actor, Any, Any] | None:
        """(person, message, first choice) of the choice Discord shows now, if any."""
        if self.solo:
            message = game_message(w, self.people[0])
        else:
            message = next(m for m in w.messages(self._channel) if m.id == self._message_id)
        choices = w.choices(message)
        if not choices:
            return None
        return self.people[choices[0].seat], message, choices[0]

    _channel: Any = None
    _message_id: int = 0


async def _table_in(w: World, channel: Any, host: Actor, guest: Actor, options: str | None = None) -> Table:
    """A started two-player table of the public tiny game in ``channel`` (with table ``options``)."""
    extra = {} if options is None else {"options": options}
    await w.slash(host, "table new", channel=channel, game="tinypub", **extra)
    lobby = w.messages(channel)[-1]
    await w.click(guest, lobby, label="Join")
    await w.click(host, lobby, label="Start")
    table_id = (await w.bot.services.tables.status(channel.id)).id  # type: ignore[union-attr]
    table = Table(table_id, {0: host, 1: guest}, solo=False)
    table._channel, table._message_id = channel, lobby.id
    return table


async def test_a_gateway_and_two_worker_processes_apply_clicks_from_dms_and_two_shards_once_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with fresh_database("tk_scale") as url:
        queue = WatchedQueue(url)
        await queue.open()  # outside the bot: SimCord would wait forever on the pool's idle tasks

        async def the_queue(_settings: object) -> WatchedQueue:
            return queue

        monkeypatch.setattr("bot.discord.client.open_queue", the_queue)
        async with (
            world(tmp_path, database_url=url, shards=2, work_queue="procrastinate", shard_count=2) as w,
            w.rest_api() as api,
            worker_processes(url, api, tmp_path) as workers,
        ):
            other = w.server("Board Club", shard=1)
            elsewhere = other.create_text_channel("tables")
            alice, bob = w.member("alice"), w.member("bob")
            carol, dave = (other.add_member(w.env.create_user(name)) for name in ("carol", "dave"))
            tables = [await _table_in(w, w.channel, alice, bob), await _table_in(w, elsewhere, carol, dave)]
            for name in ("erin", "finn"):
                person = w.env.create_user(name)
                await w.slash_dm(person, "solo", game="tiny", difficulty="easy")
                solo = max(t.id for t in await w.bot.services.tables.tables_of(person.id))
                tables.append(Table(solo, {0: person}, solo=True))

            clicked: dict[int, list[tuple[int, str]]] = {t.id: [] for t in tables}
            answers: list[tuple[Any, Any]] = []  # (counted click's result, double click's result)
            for round_ in range(ROUNDS):
                offered = [(t, t.offered(w)) for t in tables]
                if not any(o for _, o in offered):
                    break
                for n, (table, offer) in enumerate(offered):
                    if offer is None:
                        continue
                    person, message, choice = offer
                    if round_ % 3 == n % 3:  # now and then the same button twice, before any work
                        async with queue.held():
                            result = await w.choose(person, message, choice)
                            double = await w.choose(person, message, choice)
                        answers.append((result, double))
                    else:
                        await w.choose(person, message, choice)
                    clicked[table.id].append((choice.seat, choice.key))
                await _until_worked(w, url)

            services = w.bot.services
            # every table's moves, as stored, are its people's clicks in the order they were made
            for table in tables:
                people = [move[1:] for move in await services.tables.log(table.id) if move[1] in table.people]
                assert people == clicked[table.id], f"table {table.id}"
                assert len(clicked[table.id]) >= 3
            # the gateway only queued; shard 0 took the first server's and the DMs', shard 1 the other's
            where = {(c.shard_id, c.channel_id) for c in queue.queued}
            dm_channels = {t.people[0].dm_channel.id for t in tables if t.solo}
            assert {s for s, ch in where if ch in dm_channels} == {0}
            assert {s for s, ch in where if ch == w.channel.id} == {0}
            assert {s for s, ch in where if ch == elsewhere.id} == {1}
            # each queued click ran exactly once, and both worker processes took a share
            done = [job for worker in workers for job in worker.jobs()]
            assert len(done) == len(set(done)) == len(queue.queued)
            assert all(worker.jobs() for worker in workers), [len(worker.jobs()) for worker in workers]
            # the clickers were answered through their interactions: a double click is refused
            assert answers
            for counted, double in answers:
                assert [m.content for m in counted.followups] in ([], [COUNTED])
                assert [m.ephemeral for m in double.followups] == [True]
                refusal = double.followups[0].content  # stale, or the game it would have continued ended
                assert "earlier moment" in refusal or "game is over" in refusal, refusal
            # Discord shows each table as it is now (the last drawing reached it)
            for table in tables:
                now = await services.tables.current(table.id)
                offer = table.offered(w)
                if now.outcome is not None:
                    assert offer is None
                    shown = game_message(w, table.people[0]) if table.solo else table_message_of(w, table)
                    assert "game over" in shown.embeds[0].title
                elif table.solo:
                    assert offer is not None and offer[2].token == now.seats[0].token
                else:
                    assert offer is not None and offer[2].token == now.public.token
            # no worker wrote an interaction token (a credential) or a private line in its log
            for worker in workers:
                log = worker.output()
                assert "You draw" not in log
                assert not [c for c in queue.queued if c.interaction_token in log]
        for worker in workers:
            assert worker.process.returncode == 0, worker.output()[-3000:]


def table_message_of(w: World, table: Table) -> Any:
    """The table message of a server table."""
    if table._channel is w.channel:
        return table_message(w)
    return next(m for m in w.messages(table._channel) if m.id == table._message_id)
