"""Worker processes killed at random moments while tables are played to the end through the queue.

The set-up of ``test_scale_out.py``: the real gateway on SimCord queues each click in PostgreSQL
(procrastinate), and two real ``tablekeeper work`` processes apply, draw and deliver them over
this simulated Discord's REST API. Three server tables and two solo tables (in DMs) are played
round after round until every game is over, sometimes with a double click. Meanwhile a seeded
chaos monkey kills a worker with SIGKILL, now right after the gateway queued a click, now while a
worker runs a click's job (the job's row names the worker), and a new worker replaces each one.

What must hold whatever the moments: each click is applied exactly once (every table's stored
moves are its people's clicks, in order; a double click or a job run again after its worker died
never moves twice), every table reaches its end (its outcome is stored and shown), no job is left
waiting or running, and every clicker gets an answer (a note on their interaction, or Discord
showing the table past the state they clicked) within :data:`ANSWER_BOUND` seconds of the click.
A click still unanswered when its bound passes fails the test, naming the click, its job's row
and the workers' last log lines.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import re
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from bot.work import Click, Here
from tests.bot.discord.simharness import World, world
from tests.bot.discord.test_scale_out import (
    Table,
    WatchedQueue,
    WorkerProcess,
    _table_in,
    game_message,
    start_worker,
    table_message_of,
    worker_environment,
)
from tests.bot.pgdb import NEEDS_PG, fresh_database

pytest.importorskip("procrastinate", reason="the click queue needs the postgres extra (procrastinate)")

pytestmark = [*NEEDS_PG, pytest.mark.slow]

log = logging.getLogger(__name__)

#: the chaos is seeded (FAULT_SEED=n in the environment tries another one)
SEED = int(os.environ.get("FAULT_SEED", "20251105"))
#: workers kept running (a killed one is replaced); a kill needs KEEP alive, so with one more
#: than that a kill can come while a replacement is still starting
WORKERS = 3
KEEP = 2
#: kills planned (each "queued" or "mid-job", in an order the seed picks); at least MIN_KILLS happen
PLANNED_KILLS = 8
MIN_KILLS = 6
#: a dead worker's jobs are queued again once its heartbeat is this old (the setting, in seconds)
STALLED_SECONDS = "2"
#: every click must be answered within this many seconds of being clicked
ANSWER_BOUND = 30.0
#: the whole play, rounds and kills included, must end within this many seconds
OVERALL = 170.0
ROUNDS = 30
REGISTERED = re.compile(r"registered as worker (\d+)")
TARGET = "target=40"  # a longer race than the default 15: more clicks to kill workers among


@dataclass
class Kill:
    """One SIGKILL: when, at which moment of a click, and the worker's job rows then."""

    moment: str
    at: float
    worker: int
    doing: list[int]


@dataclass
class Crew:
    """The worker processes: kept at :data:`WORKERS`, each known by its procrastinate worker id."""

    url: str
    api: str
    logs: Path
    engine: AsyncEngine
    alive: dict[int, WorkerProcess] = field(default_factory=dict)
    starting: list[tuple[WorkerProcess, float]] = field(default_factory=list)
    dead: list[WorkerProcess] = field(default_factory=list)
    kills: list[Kill] = field(default_factory=list)
    hired: list[float] = field(default_factory=list)  # seconds from start to registered, each worker

    @property
    def ready(self) -> bool:
        """A kill may happen now: another worker keeps running (a starting one may take long)."""
        return len(self.alive) >= KEEP

    def hire(self) -> None:
        """Start one worker (it counts as alive once it has registered)."""
        env = worker_environment(self.url, TABLEKEEPER_WORK_STALLED_SECONDS=STALLED_SECONDS)
        n = len(self.alive) + len(self.starting) + len(self.dead)
        worker = start_worker(env, self.api, self.logs / f"worker-{n}.log")
        self.starting.append((worker, time.perf_counter()))

    def registered(self) -> None:
        """Count the started workers that have registered as alive, by the id they printed."""
        for worker, begun in list(self.starting):
            output = worker.output()
            assert worker.process.poll() is None, f"a worker stopped at start:\n{output}"
            assert time.perf_counter() - begun < 120, f"a worker never registered:\n{output}"
            found = REGISTERED.search(output)
            if found:
                self.starting.remove((worker, begun))
                self.alive[int(found.group(1))] = worker
                self.hired.append(time.perf_counter() - begun)

    async def hire_all(self) -> None:
        """Start the first workers and wait until they run."""
        for _ in range(WORKERS):
            self.hire()
        while self.starting:
            self.registered()
            await asyncio.sleep(0.1)

    def kill(self, worker_id: int, moment: str, doing: list[int]) -> None:
        """SIGKILL one worker (no clean-up of any kind: its job rows stay as they are)."""
        worker = self.alive.pop(worker_id)
        worker.process.send_signal(signal.SIGKILL)
        self.dead.append(worker)
        self.kills.append(Kill(moment, time.perf_counter(), worker_id, doing))

    async def keep_up(self) -> None:
        """Replace every killed worker, for as long as the test runs (none may stop by itself)."""
        while True:
            for worker in self.alive.values():
                stopped = worker.process.poll() is not None
                assert not stopped, f"a worker stopped by itself:\n{worker.output()[-3000:]}"
            for _ in range(WORKERS - len(self.alive) - len(self.starting)):
                self.hire()
            self.registered()
            await asyncio.sleep(0.05)

    async def doing(self) -> list[tuple[int, int | None]]:
        """(job id, worker id) of every running job."""
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                text("SELECT id, worker_id FROM procrastinate_jobs WHERE status = 'doing' ORDER BY id")
            )
            return [(int(r[0]), r[1]) for r in rows]

    async def pending(self) -> int:
        """How many jobs wait or run."""
        async with self.engine.connect() as connection:
            query = text("SELECT count(*) FROM procrastinate_jobs WHERE status IN ('todo', 'doing')")
            return int((await connection.execute(query)).scalar_one())

    async def stop(self) -> None:
        """Stop the live workers with SIGTERM (as a deployment would), the dead are reaped."""
        for worker in self.alive.values():
            if worker.process.poll() is None:
                worker.process.send_signal(signal.SIGTERM)
        for worker, _ in self.starting:
            worker.process.kill()
        for worker in [*self.alive.values(), *self.dead, *(w for w, _ in self.starting)]:
            try:
                await asyncio.to_thread(worker.process.wait, 30)
            except Exception:
                worker.process.kill()


class Monkey:
    """Kills workers at the planned moments: right after a click is queued, or in a job's middle."""

    def __init__(self, crew: Crew, rng: random.Random) -> None:
        self.crew = crew
        self.rng = rng
        self.plan = [rng.choice(["queued", "mid-job"]) for _ in range(PLANNED_KILLS)]
        self.plan[:2] = ["queued", "mid-job"]  # both kinds at least once, whatever the seed
        rng.shuffle(self.plan)

    def due(self, moment: str) -> bool:
        """Whether the next planned kill is of this kind and may happen now."""
        return bool(self.plan) and self.plan[0] == moment and self.crew.ready

    def after_queued(self, _click: Click) -> None:
        """Called by the gateway's queue right after a click is stored: maybe kill a worker now."""
        if self.due("queued") and self.rng.random() < 0.7:
            self.plan.pop(0)
            victim = self.rng.choice(sorted(self.crew.alive))
            self.crew.kill(victim, "queued", [])

    async def mid_jobs(self) -> None:
        """Watch the running jobs; kill the worker running one when a mid-job kill is due."""
        while True:
            # often: a click's job now takes a few milliseconds of database work, and a slower watch
            # let whole games end between two looks with the planned kills still waiting
            await asyncio.sleep(0.005)
            if not self.due("mid-job"):
                continue
            running = [(job, owner) for job, owner in await self.crew.doing() if owner in self.crew.alive]
            if not running:
                continue
            job, owner = self.rng.choice(running)
            await asyncio.sleep(self.rng.uniform(0, 0.1))  # somewhere in the job, not always its start
            if self.due("mid-job") and owner in self.crew.alive:
                self.plan.pop(0)
                self.crew.kill(owner, "mid-job", [job])


class KillingQueue(WatchedQueue):
    """The gateway's real queue, which lets the monkey act the moment a click is stored."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.after: Callable[[Click], None] = lambda _click: None

    async def submit(self, click: Click, here: Here) -> None:
        await super().submit(click, here)
        self.after(click)


@dataclass
class Sent:
    """One click as its clicker made it, and when Discord answered it."""

    table: Table
    seat: int
    key: str
    token: str
    at: float
    result: Any
    double: bool
    answered_at: float | None = None

    def answered(self, w: World) -> bool:
        """A note on the interaction, or (for a counted click) the table shown past the clicked state."""
        if self.result.followups:
            return True
        if self.double:  # the first click's picture is not this one's answer: a double gets a note
            return False
        offer = self.table.offered(w)
        return offer is None or offer[2].token != self.token

    def describe(self) -> str:
        return f"table {self.table.id} seat {self.seat} {self.key} at token {self.token}" + (
            " (double click)" if self.double else ""
        )


async def _until_answered(
    w: World, sent: list[Sent], crew: Crew, started: float, helpers: list[asyncio.Task[None]]
) -> None:
    """Wait until every click sent is answered; fail naming the first one past its bound."""
    while True:
        for helper in helpers:
            if helper.done():
                helper.result()  # the crew or the monkey failed: say why
        now = time.perf_counter()
        for click in sent:
            if click.answered_at is None and click.answered(w):
                click.answered_at = now
        waiting = [c for c in sent if c.answered_at is None]
        if not waiting and not await crew.pending():
            return  # answered, and the last redraw (it may follow a note) is on Discord
        late = [c for c in waiting if now - c.at > ANSWER_BOUND]
        if late or now - started > OVERALL:
            stuck = (late or waiting or [None])[0]
            what = "jobs never ended" if stuck is None else f"click never answered: {stuck.describe()}"
            async with crew.engine.connect() as connection:
                rows = "SELECT id, status, lock, worker_id, attempts FROM procrastinate_jobs ORDER BY id"
                jobs = (await connection.execute(text(rows))).all()
                beats = "SELECT id, last_heartbeat FROM procrastinate_workers"
                workers = (await connection.execute(text(beats))).all()
            everyone = [*crew.alive.values(), *crew.dead]
            tails = "\n".join(f"--- {one.log.name}\n{one.output()[-1500:]}" for one in everyone)
            pytest.fail(
                f"{what} ({now - started:.0f} s into the play); jobs {jobs}; "
                f"workers {workers}; kills {crew.kills}\n{tails}"
            )
        await asyncio.sleep(0.05)
        await w.env.settle()


async def test_clicks_are_applied_once_and_answered_while_workers_are_killed_and_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(SEED)
    async with fresh_database("tk_faults") as url:
        queue = KillingQueue(url)
        await queue.open()  # outside the bot: SimCord would wait forever on the pool's idle tasks

        async def the_queue(_settings: object) -> KillingQueue:
            return queue

        monkeypatch.setattr("bot.discord.client.open_queue", the_queue)
        engine = create_async_engine(url)
        crew: Crew | None = None
        helpers: list[asyncio.Task[None]] = []
        try:
            async with (
                # a click whose worker was just killed waits for a replacement worker: on a loaded
                # machine that takes longer than SimCord's default 5 s of quiet
                world(tmp_path, database_url=url, work_queue="procrastinate", settle_timeout=30.0) as w,
                w.rest_api() as api,
            ):
                crew = Crew(url, api, tmp_path, engine)
                await crew.hire_all()
                monkey = Monkey(crew, rng)
                queue.after = monkey.after_queued
                helpers = [asyncio.create_task(crew.keep_up()), asyncio.create_task(monkey.mid_jobs())]

                alice, bob, carol, dave = (w.member(name) for name in ("alice", "bob", "carol", "dave"))
                tables = [await _table_in(w, w.channel, alice, bob, TARGET)]
                tables.append(await _table_in(w, w.text_channel("more-tables"), carol, dave, TARGET))
                tables.append(await _table_in(w, w.text_channel("even-more"), dave, alice, TARGET))
                tables.append(await _table_in(w, w.text_channel("late-night"), bob, carol, TARGET))
                # two more tables: a click's job is quick now, and with four the games could end before
                # the planned kills had found enough queued clicks and running jobs
                tables.append(await _table_in(w, w.text_channel("after-hours"), alice, carol, TARGET))
                tables.append(await _table_in(w, w.text_channel("weekend"), bob, dave, TARGET))
                for name in ("erin", "finn"):
                    person = w.env.create_user(name)
                    await w.slash_dm(person, "solo", game="tiny", difficulty="easy", options=TARGET)
                    solo = max(t.id for t in await w.bot.services.tables.tables_of(person.id))
                    tables.append(Table(solo, {0: person}, solo=True))

                started = time.perf_counter()
                clicked: dict[int, list[tuple[int, str]]] = {t.id: [] for t in tables}
                sent: list[Sent] = []
                for _round in range(ROUNDS):
                    if not any(t.offered(w) for t in tables):
                        break
                    this_round: list[Sent] = []
                    for table in tables:
                        offer = table.offered(w)  # what Discord shows the table's people now
                        if offer is None:
                            continue
                        person, message, choice = offer
                        for double in (False, True):
                            at = time.perf_counter()
                            result = await w.choose_if_shown(person, message, choice)
                            if result is None:  # already redrawn: the button is gone, no double click
                                assert double, f"table {table.id} offered {choice} and took it away"
                                break
                            made = Sent(table, choice.seat, choice.key, choice.token, at, result, double)
                            this_round.append(made)
                            if not double:
                                clicked[table.id].append((choice.seat, choice.key))
                            if rng.random() >= 0.25:  # now and then the same button twice
                                break
                    sent += this_round
                    await _until_answered(w, this_round, crew, started, helpers)
                else:
                    pytest.fail(f"the games did not end in {ROUNDS} rounds")
                played = time.perf_counter() - started
                await _until_answered(w, sent, crew, started, helpers)  # nothing answered was taken back

                services = w.bot.services
                for table in tables:
                    # applied exactly once each, in the order clicked: no double click and no job
                    # run again after its worker died moved twice
                    moves = await services.tables.log(table.id)
                    people = [move[1:] for move in moves if move[1] in table.people]
                    assert people == clicked[table.id], (
                        f"table {table.id}: "
                        + "; ".join(
                            f"{c.describe()} -> {[m.content for m in c.result.followups]}"
                            for c in sent
                            if c.table is table
                        )
                        + f"; kills {crew.kills}"
                    )
                    now = await services.tables.current(table.id)
                    assert now.outcome is not None, f"table {table.id} did not reach its end"
                    shown = game_message(w, table.people[0]) if table.solo else table_message_of(w, table)
                    assert "game over" in shown.embeds[0].title, f"table {table.id} not shown over"
                async with engine.connect() as connection:
                    left = (await connection.execute(text("SELECT id, status FROM procrastinate_jobs"))).all()
                assert [row for row in left if row[1] in ("todo", "doing")] == []
                assert len(crew.kills) >= MIN_KILLS, (played, crew.hired, crew.kills)
                assert {k.moment for k in crew.kills} == {"queued", "mid-job"}
                slowest = max(c.answered_at - c.at for c in sent if c.answered_at is not None)
                report = (
                    f"{len(crew.kills)} kills ({sum(k.moment == 'mid-job' for k in crew.kills)} mid-job), "
                    f"{len(sent)} clicks ({sum(c.double for c in sent)} double), "
                    f"slowest answer {slowest:.1f} s, play {played:.0f} s"
                )
                print(report)
                log.warning(report)
        finally:
            for helper in helpers:
                helper.cancel()
            await asyncio.gather(*helpers, return_exceptions=True)
            if crew is not None:
                await crew.stop()
            await engine.dispose()
            await queue.close()
