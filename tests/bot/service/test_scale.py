"""Scale: nothing is loaded at start, timers sweep by shard and act once, SQLite refuses no click.

Issue 15 measured a start-up that loaded every running table (20,000 took 19-24 s and 457 MB),
timer sweeps over the whole database in one long SQLite transaction, and clicks refused with
"database is locked" under load. These tests hold the fixes: tables load when first touched,
sweeps read only due rows of the process's own shards, one short transaction per table, each
deadline acted on once, and SQLite writes queued in the process instead of refused.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from bot.service import ServiceError, Services
from bot.settings import Settings
from bot.store import schema, timers_repo, upgrade
from bot.store import tables_repo as repo
from bot.store.timers_repo import shard_of
from tests.bot.service.conftest import Clock
from tests.bot.service.helpers import ANN, BOB, GUILD, asked, duel, make_tables_script, moves, tok

Factory = Callable[..., Awaitable[Services]]


async def count_due(services: Services, column: Any, now: float, **where: Any) -> int:
    """How many running tables have a seat with ``column`` at or before ``now``."""
    s, t = schema.seats, schema.tables
    query = (
        select(func.count(func.distinct(s.c.table_id)))
        .join(t, t.c.id == s.c.table_id)
        .where(column <= now, t.c.status == "playing", *(s.c[k] == v for k, v in where.items()))
    )
    async with services.db.connect() as connection:
        return int((await connection.execute(query)).scalar_one())


async def test_a_new_process_loads_nothing_at_start_and_its_timers_still_fire(
    db_url: str, clock: Clock, settings: Settings
) -> None:
    maker = make_tables_script()
    plan = maker.Plan(tables=400, due_reminders=12, due_expiries=12)
    await maker.make_tables(db_url, plan, now=clock.now, migrate=False)
    chosen = settings.replace(database_url=db_url, cache_size=5)
    services = await Services.start(chosen, migrate=False, clock=clock)
    try:
        assert services.runtime.cache_size == 0  # nothing loaded at start
        remind = await count_due(services, schema.seats.c.remind_at, clock.now, reminded=False)
        expire = await count_due(services, schema.seats.c.deadline, clock.now)
        assert remind >= 12 and expire >= 12
        reminders = await services.timers.due_reminders()
        assert len({r.table.id for r in reminders}) == remind
        expired = await services.timers.expire()
        assert len(expired) == expire
        # the cache never outgrows its setting, however many tables the sweep touched
        assert services.runtime.cache_size <= 5
        assert await services.timers.due_reminders() == [] and await services.timers.expire() == []
        for delivery in expired:  # each stored game went on from its snapshot, as its log says
            assert await services.tables.replay_check(delivery.table.id)
    finally:
        await services.close()


async def test_each_process_sweeps_only_its_own_shards_dm_tables_by_id(
    db_url: str, clock: Clock, make_services: Factory
) -> None:
    first = await make_services(shard_count=2, shard_ids="0", solo_turn_timeout_seconds=100)
    second = await make_services(shard_count=2, shard_ids="1", solo_turn_timeout_seconds=100)
    every = await make_services(solo_turn_timeout_seconds=100)
    assert first.timers.shards == (2, (0,)) and every.timers.shards is None
    tables: dict[int, int | None] = {}
    for index, guild in enumerate((2 << 22, 3 << 22, 4 << 22, 5 << 22)):  # shards 0, 1, 0, 1
        await first.guilds.set_turn_timeout(guild, 100, is_admin=True)
        table = await first.tables.open_table(guild, 50 + index, ANN, "Ann", "tiny")
        await first.tables.join(table.id, BOB, "Bob")
        tables[(await first.tables.start(table.id, ANN)).table.id] = guild
    for index in range(4):  # DM tables: by their own id
        solo = await first.tables.open_solo(ANN + index, 90 + index, "tiny", players=2)
        tables[solo.table.id] = None
    mine = {n: {t for t, g in tables.items() if shard_of(g, t, 2) == n} for n in (0, 1)}
    assert all(len(ids) == 4 for ids in mine.values())  # both kinds land on both shards
    assert {t for t in mine[0] if tables[t] is None} and {t for t in mine[1] if tables[t] is None}
    clock.now += 75
    assert {r.table.id for r in await first.timers.due_reminders()} == mine[0]
    assert {r.table.id for r in await second.timers.due_reminders()} == mine[1]
    clock.now += 25
    assert {d.table.id for d in await second.timers.expire()} == mine[1]
    assert {d.table.id for d in await first.timers.expire()} == mine[0]
    assert await every.timers.expire() == []


async def test_two_processes_sweeping_the_same_rows_act_on_each_deadline_once(
    services: Services, make_services: Factory, clock: Clock
) -> None:
    await services.guilds.set_turn_timeout(GUILD, 100, is_admin=True)
    await services.guilds.set_timeout_action(GUILD, "default", is_admin=True)
    ids = [(await duel(services, channel=20 + n)).table.id for n in range(8)]
    other = await make_services()
    clock.now += 75
    both = await asyncio.gather(services.timers.due_reminders(), other.timers.due_reminders())
    reminded = [(r.table.id, r.seat) for found in both for r in found]
    assert sorted(reminded) == [(table_id, 0) for table_id in ids]  # each once, by one of them
    clock.now += 25
    both_expired = await asyncio.gather(services.timers.expire(), other.timers.expire())
    assert sorted(d.table.id for found in both_expired for d in found) == ids
    for table_id in ids:
        assert await moves(services, table_id) == 1  # one default move, not two
        assert await services.tables.replay_check(table_id)


async def test_a_sweep_writes_one_table_per_transaction(
    services: Services, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    await services.guilds.set_turn_timeout(GUILD, 100, is_admin=True)
    for n in range(6):
        await duel(services, channel=20 + n)
    touched: list[tuple[object, int]] = []  # (transaction's connection, table); kept alive so ids differ

    def spy(name: str, table_of: Callable[..., int], module: Any = repo) -> None:
        real = getattr(module, name)

        async def wrapper(connection: object, *args: Any, **kwargs: Any) -> Any:
            touched.append((connection, table_of(*args)))
            return await real(connection, *args, **kwargs)

        monkeypatch.setattr(module, name, wrapper)

    for name in ("update_table_at", "write_change", "update_seat_rows"):
        spy(name, lambda table_id, *_: table_id)
    for name in ("claim_reminders", "clear_timers"):
        spy(name, lambda table_id, *_: table_id, timers_repo)
    spy("insert_moves", lambda rows: rows[0]["table_id"])
    clock.now += 75
    assert len(await services.timers.due_reminders()) == 6
    clock.now += 25
    assert len(await services.timers.expire()) == 6
    per_transaction: dict[int, set[int]] = {}
    for connection, table_id in touched:
        per_transaction.setdefault(id(connection), set()).add(table_id)
    assert len(per_transaction) == 12  # a claim per reminded table, a commit per timed-out one
    assert all(len(ids) == 1 for ids in per_transaction.values())


@pytest.mark.parametrize("tables", [pytest.param(n, marks=pytest.mark.slow) for n in (120, 500)])
async def test_sixty_four_clicks_in_flight_over_500_tables_on_sqlite_refuse_none(
    tmp_path: Path, clock: Clock, tables: int
) -> None:
    # the figure (500 tables) is in the slow set; 120 keeps 64 clicks in flight by default
    url = f"sqlite+aiosqlite:///{tmp_path}/clicks.db"
    await upgrade(url)
    # reminders due meanwhile: the sweep that used to hold the write lock for seconds (a sweep
    # pass takes at most 200, so even the default's 240 take two passes among the clicks)
    due = 600 if tables == 500 else 240
    maker = make_tables_script()
    await maker.make_tables(
        url,
        maker.Plan(tables=due, due_reminders=due, finished_share=0.0, moves=False),
        now=clock.now,
        migrate=False,
    )
    services = await Services.start(Settings(database_url=url, migrate_on_start=False), clock=clock)
    refused: list[str] = []
    gate = asyncio.Semaphore(64)
    try:

        async def open_one(channel: int) -> Any:
            # a server's table: each commit first reads the server's turn timeout, then writes
            async with gate:
                table = await services.tables.open_table(
                    GUILD, channel, ANN, "Ann", "tiny", options={"target": 40}
                )
                await services.tables.join(table.id, BOB, "Bob")
                return await services.tables.start(table.id, ANN)

        async def click(delivery: Any) -> Any:
            _, user, key = asked(delivery)
            async with gate:
                try:
                    return await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
                except ServiceError as error:
                    refused.append(error.code)
                    return None

        async def sweep() -> set[int]:
            reminded: set[int] = set()
            while found := await services.timers.due_reminders():
                reminded |= {r.table.id for r in found}
            return reminded

        live = list(await asyncio.gather(*(open_one(channel) for channel in range(1, tables + 1))))
        sweeping = asyncio.create_task(sweep())
        for _ in range(2):
            live = [d for d in await asyncio.gather(*(click(d) for d in live)) if d is not None]
        reminded = await sweeping
    finally:
        await services.close()
    assert refused == [] and len(live) == tables
    assert len(reminded) == due  # every stored table's reminder, while the clicks ran


async def test_a_write_transaction_inside_another_is_refused_not_deadlocked(services: Services) -> None:
    if not services.db.serialised:
        pytest.skip("only SQLite queues write transactions in the process")
    async with services.db.begin():
        with pytest.raises(RuntimeError, match="inside another"):
            async with services.db.begin():
                pass


async def test_a_table_closed_by_its_last_player_leaves_no_timer_behind(
    services: Services, clock: Clock
) -> None:
    await services.guilds.set_turn_timeout(GUILD, 100, is_admin=True)
    delivery = await duel(services)
    await services.tables.leave(delivery.table.id, ANN)  # a bot plays Ann's seat; Bob is asked
    closed = await services.tables.leave(delivery.table.id, BOB)
    assert closed.status == "aborted"
    s = schema.seats
    async with services.db.connect() as connection:
        query = select(s.c.deadline, s.c.remind_at).where(s.c.table_id == delivery.table.id)
        timers = (await connection.execute(query)).all()
    assert all(row == (None, None) for row in timers)  # nothing left for a sweep to read
    clock.now += 1000
    assert await services.timers.expire() == []
