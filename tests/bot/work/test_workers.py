"""Clicks spread over worker processes through the PostgreSQL click queue (procrastinate).

A gateway stand-in per shard group (shard 0 receives every DM click and its server's clicks,
shard 1 its server's) queues clicks exactly as ``PlayControl.act`` does with
``TABLEKEEPER_WORK_QUEUE=procrastinate``; two workers, each with its own ``Services`` (its own
state cache and connections, as separate processes have), consume the queue. The clicks of every
table are scripted on a private in-memory copy of the same games (same seeds), so the stored move
logs must equal the script: each click applied once, in order. Discord is replaced by a recorder.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field

import pytest

from bot.service import Services
from bot.service.truth import Journal
from bot.service.values import Delivery
from bot.settings import Settings
from bot.store.migrate import current_revision, head_revision
from bot.work import Click, ClickWork
from bot.work.clicks import COUNTED
from engines import registry
from render import registry as renderers
from tests.bot.pgdb import NEEDS_PG, fresh_database
from tests.bot.tinyrender import RENDERER
from tests.engines.core.tinygame import RULESET

pytest.importorskip("procrastinate", reason="the click queue needs the postgres extra (procrastinate)")
from bot.work.pgqueue import ProcrastinateQueue

pytestmark = NEEDS_PG

SHARDS = 2
GUILD_ON_SHARD = {0: 2 << 22, 1: 3 << 22}  # (guild_id >> 22) % 2 is the shard
DM_TABLES = 2
GUILD_TABLES_PER_SHARD = 2
CLICKS_PER_TABLE = 6


@pytest.fixture(autouse=True)
def tiny_registered() -> Iterator[None]:
    with registry.registered("tiny", RULESET), renderers.registered("tiny", RENDERER):
        yield


@pytest.fixture
async def fresh_url() -> AsyncIterator[str]:
    """A brand-new, empty PostgreSQL database (dropped afterwards)."""
    async with fresh_database("tk_workers") as url:
        yield url


@dataclass
class Recorder:
    """Stands in for Discord's REST API: what a worker published and told."""

    published: list[tuple[Click | None, Delivery]] = field(default_factory=list)
    told: list[tuple[Click, str]] = field(default_factory=list)
    failures: list[Exception] = field(default_factory=list)
    behind: list[int] = field(default_factory=list)

    async def publish(self, click: Click | None, delivery: Delivery) -> None:
        await asyncio.sleep(0.002)  # an upload takes a moment: let the other worker get a job
        self.published.append((click, delivery))

    async def tell(self, click: Click, text: str) -> None:
        self.told.append((click, text))

    def catch_up(self, table_id: int) -> None:
        self.behind.append(table_id)

    async def failed(self, click: Click | None, error: Exception, kept: Journal) -> None:
        self.failures.append(error)


@dataclass
class Worker:
    """One worker: its own services, queue connection and recorder (as a separate process has)."""

    services: Services
    queue: ProcrastinateQueue
    outlet: Recorder
    task: asyncio.Task[None] | None = None

    def start(self, name: str) -> None:
        work = ClickWork(self.services.tables, self.outlet)
        self.task = asyncio.create_task(
            self.queue.work(work, name=name, install_signal_handlers=False, fetch_job_polling_interval=0.2)
        )

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
        await self.queue.close()
        await self.services.close()


def _settings(url: str) -> Settings:
    return Settings(database_url=url, work_queue="procrastinate", shard_count=SHARDS)


async def _process(url: str) -> tuple[Services, ProcrastinateQueue]:
    """What every process does at start: migrate (once among them all) and open the queue."""
    services = await Services.start(_settings(url), url=url, migrate=True)
    queue = ProcrastinateQueue(url)
    await queue.open()
    return services, queue


@dataclass
class Script:
    """Tables opened on the real database and the clicks to make on each, in order."""

    shard_of: dict[int, int]
    clicks: dict[int, list[Click]]
    logs: dict[int, list[tuple[int, int, str]]]
    #: what each click's own picture would have said: the table's lines, and each seat's
    said: dict[int, list[tuple[tuple[str, ...], dict[int, tuple[str, ...]]]]] = field(default_factory=dict)


async def _open_tables(
    services: Services, seeds: Iterator[int], dm_tables: int, guild_tables: int
) -> list[tuple[int, int]]:
    """DM tables and two servers' tables (one server per shard), started; (table id, shard) each."""
    import bot.service.playing as playing

    opened: list[tuple[int, int]] = []
    real_seed = playing.new_seed
    playing.new_seed = lambda: next(seeds)  # the same deals on the real and the script database
    try:
        for i in range(dm_tables):
            user = 500 + i
            delivery = await services.tables.open_solo(user, 9000 + i, "tiny", seed=next(seeds))
            opened.append((delivery.table.id, 0))  # DM interactions arrive on shard 0 only
        for shard, guild in GUILD_ON_SHARD.items():
            for i in range(guild_tables):
                host, other = 600 + 10 * shard + i, 700 + 10 * shard + i
                info = await services.tables.open_table(guild, guild + 1 + i, host, "Host", "tiny")
                await services.tables.join(info.id, other, "Other")
                await services.tables.start(info.id, host)
                opened.append((info.id, shard))
    finally:
        playing.new_seed = real_seed
    return opened


async def _script(
    gateway: Services, dm_tables: int = DM_TABLES, guild_tables: int = GUILD_TABLES_PER_SHARD
) -> Script:
    """Open the tables on ``gateway``'s database and play them on an in-memory copy for the clicks."""
    real = await _open_tables(gateway, itertools.count(1), dm_tables, guild_tables)
    shadow = await Services.in_memory()
    try:
        copies = await _open_tables(shadow, itertools.count(1), dm_tables, guild_tables)
        clicks: dict[int, list[Click]] = {}
        logs: dict[int, list[tuple[int, int, str]]] = {}
        said: dict[int, list[tuple[tuple[str, ...], dict[int, tuple[str, ...]]]]] = {}
        for (table_id, shard), (copy_id, _) in zip(real, copies, strict=True):
            made: list[Click] = []
            said[table_id] = []
            for _ in range(CLICKS_PER_TABLE):
                delivery = await shadow.tables.current(copy_id)
                asked = [u for u in delivery.seats if u.prompt is not None and u.actions]
                if delivery.outcome is not None or not asked:
                    break
                update = asked[0]
                key = update.actions[0].key
                made.append(Click(table_id, update.user_id, update.token, key, update.seat, shard_id=shard))
                shown = await shadow.tables.act(copy_id, update.user_id, update.token, key, update.seat)
                own = {u.seat: u.narration for u in shown.seats}
                said[table_id].append((shown.public.narration, own))
            clicks[table_id] = made
            logs[table_id] = await shadow.tables.log(copy_id)
        return Script({t: s for t, s in real}, clicks, logs, said)
    finally:
        await shadow.close()


async def _feed(gateways: dict[int, ProcrastinateQueue], script: Script) -> None:
    """Each shard's gateway queues its tables' clicks, the tables interleaved, both shards at once."""

    async def one_shard(shard: int) -> None:
        mine = [t for t, s in script.shard_of.items() if s == shard]
        for round_ in range(CLICKS_PER_TABLE):
            for table_id in mine:
                if round_ < len(script.clicks[table_id]):
                    await gateways[shard].submit(script.clicks[table_id][round_], _never)
            await asyncio.sleep(0.01)

    await asyncio.gather(*(one_shard(shard) for shard in gateways))


async def _never() -> None:
    raise AssertionError("a queued click must not be worked on by the gateway")


async def _settle(queue: ProcrastinateQueue, total: int, workers: list[Worker], timeout: float = 40) -> None:
    """Wait until the workers have run ``total`` jobs between them."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while sum(len(w.queue.done) for w in workers) < total:
        assert loop.time() < deadline, f"only {sum(len(w.queue.done) for w in workers)} of {total} jobs ran"
        await asyncio.sleep(0.05)


async def test_two_workers_apply_clicks_from_dms_and_two_shards_once_each_in_order(fresh_url: str) -> None:
    # gateway of shard group 0, gateway of shard group 1 and two workers start together on an
    # empty database: the migrations and procrastinate's tables are made once, under a lock
    started = await asyncio.gather(*(_process(fresh_url) for _ in range(4)))
    assert await current_revision(fresh_url) == head_revision()
    (gateway, queue0), (_other, queue1) = started[0], started[1]
    workers = [Worker(s, q, Recorder()) for s, q in started[2:]]
    try:
        script = await _script(gateway)
        total = sum(len(c) for c in script.clicks.values())
        assert {s for s in script.shard_of.values()} == {0, 1}
        for n, worker in enumerate(workers):
            worker.start(f"worker-{n}")
        await _feed({0: queue0, 1: queue1}, script)
        await _settle(queue0, total, workers)

        for table_id, expected in script.logs.items():
            assert await gateway.tables.log(table_id) == expected, f"table {table_id}"
        done = [job for w in workers for job in w.queue.done]
        assert len(done) == len(set(done)) == total  # every click's job ran once, on one worker
        assert all(w.queue.done for w in workers), [len(w.queue.done) for w in workers]
        notes = [note for w in workers for _, note in w.outlet.told]
        assert set(notes) <= {COUNTED}, notes  # nothing refused: no click came out of order
        assert not [f for w in workers for f in w.outlet.failures]
        # whatever was coalesced, each table's last picture is its final state
        for table_id in script.clicks:
            shown = [d for w in workers for _, d in w.outlet.published if d.table.id == table_id]
            assert shown, f"table {table_id} was never drawn"
            now = await gateway.tables.current(table_id)
            assert any(d.public.token == now.public.token for d in shown)
        drawn = sum(len(w.outlet.published) for w in workers)
        assert drawn + len(notes) == total
    finally:
        for worker in workers:
            await worker.stop()
        for services, queue in started[:2]:
            await queue.close()
            await services.close()


async def test_waiting_clicks_on_one_table_are_applied_in_order_and_only_the_last_is_drawn(
    fresh_url: str,
) -> None:
    (gateway, queue), (services, work_queue) = await asyncio.gather(_process(fresh_url), _process(fresh_url))
    worker = Worker(services, work_queue, Recorder())
    try:
        script = await _script(gateway, dm_tables=0, guild_tables=1)
        table_id = next(t for t, c in script.clicks.items() if len(c) >= 3 and script.shard_of[t] == 1)
        clicks = script.clicks[table_id]
        for click in clicks:  # all waiting before any worker runs
            await queue.submit(click, _never)
        worker.start("solo-worker")
        await _settle(queue, len(clicks), [worker])
        assert await gateway.tables.log(table_id) == script.logs[table_id]
        assert [c for c, _ in worker.outlet.told] == clicks[:-1]  # earlier clickers: a short note
        [(drawn_for, shown)] = worker.outlet.published
        assert drawn_for == clicks[-1]  # one drawing, the last click's
        # ...which tells what every click did, the table and each seat reading only their share
        said = script.said[table_id]
        assert shown.public.narration == tuple(line for table_lines, _ in said for line in table_lines)
        for update in shown.seats:
            assert update.narration == tuple(line for _, own in said for line in own[update.seat])
        private = [line for _, own in said for lines in own.values() for line in lines if "You draw" in line]
        assert private and not any("You draw" in line for line in shown.public.narration)
    finally:
        await worker.stop()
        await queue.close()
        await gateway.close()


async def test_a_refused_last_click_still_draws_the_moves_before_it(fresh_url: str) -> None:
    (gateway, queue), (services, work_queue) = await asyncio.gather(_process(fresh_url), _process(fresh_url))
    worker = Worker(services, work_queue, Recorder())
    try:
        script = await _script(gateway, dm_tables=0, guild_tables=1)
        table_id = next(t for t, c in script.clicks.items() if len(c) >= 2)
        first, second = script.clicks[table_id][:2]
        for click in (first, second, second):  # the last is a double click: stale
            await queue.submit(click, _never)
        worker.start("solo-worker")
        await _settle(queue, 3, [worker])
        assert [m[1:] for m in await gateway.tables.log(table_id)][:2] == [
            (first.seat, first.key),
            (second.seat, second.key),
        ]
        notes = [note for _, note in worker.outlet.told]
        assert notes[:2] == [COUNTED, COUNTED] and notes[2] != COUNTED  # the double click is refused
        (redraw_click, redrawn) = worker.outlet.published[-1]
        assert redraw_click is None  # nobody clicked for it: the refused click handed the redraw on
        assert redrawn.public.token == (await gateway.tables.current(table_id)).public.token
        said = script.said[table_id][:2]  # ...and it still tells what the two counted clicks did
        assert redrawn.public.narration == tuple(line for table_lines, _ in said for line in table_lines)
    finally:
        await worker.stop()
        await queue.close()
        await gateway.close()


class Stuck:
    """Click work that never ends (a delivery Discord never answers)."""

    def __init__(self) -> None:
        self.started = asyncio.Event()

    async def run(self, click: Click, **_: object) -> None:
        self.started.set()
        await asyncio.Event().wait()


async def test_a_click_still_running_when_its_worker_stops_goes_back_to_the_queue(fresh_url: str) -> None:
    # what `tablekeeper work` does on SIGTERM: no new job, the running ones get a grace period,
    # and one that outlasts it is handed back for another worker, not marked aborted (and lost)
    services, queue = await _process(fresh_url)
    stuck = Stuck()
    try:
        await queue.submit(Click(table_id=1, user_id=500, token="t", key="k", seat=0), _never)
        worker = asyncio.create_task(
            queue.work(
                stuck,  # type: ignore[arg-type]
                install_signal_handlers=False,
                shutdown_graceful_timeout=0.2,
                fetch_job_polling_interval=0.2,
            )
        )
        await asyncio.wait_for(stuck.started.wait(), 20)
        worker.cancel()
        await asyncio.gather(worker, return_exceptions=True)
        row = await queue.app.connector.execute_query_one_async(
            "SELECT status::text AS status, attempts FROM procrastinate_jobs"
        )
        assert (row["status"], row["attempts"]) == ("todo", 1)
    finally:
        await queue.close()
        await services.close()
