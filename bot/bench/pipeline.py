"""The whole action pipeline through the session service, and memory per live session.

Pipeline: ``TableService.act`` on a real database (load from cache, seat check, apply, commit
log + snapshot in one transaction, render public + private images off the event loop), timed
per click. Beside every click its floor is timed: one commit (the new state encoded and written
by one committed UPDATE of a row holding those bytes, on the same database through its own
connection pool) plus re-encoding the pixels of every picture the click must ship, as the render
floor does: the public board if it changed, and each seat's private picture that changed (a
click on a hidden decision changes a hand, not the board, and the hand must still be sent).
The commit alone is reported too, for context.

Memory: real states of the mode are stored as tables, then a fresh service loads them all into
its cache; the growth (tracemalloc, and resident memory in a fresh process of its own) divided
by the count is the cost of one live table.
"""

from __future__ import annotations

import asyncio
import gc
import os
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Column, Integer, LargeBinary, MetaData, Table, insert, select, update
from sqlalchemy.engine import make_url

from bot.bench.render import encode_floor_ms
from bot.bench.samples import Names, sample_states
from bot.bench.stats import median, percentile, ratio
from bot.service import Delivery, Services
from bot.settings import Settings
from bot.store import schema
from bot.store.db import Database
from engines import registry
from engines.core import GameConfig, Rng

GUILD = 1_000_001
GIB = 1024**3

_floor_meta = MetaData()
#: the floor's row: an id, the snapshot bytes and a version, like the one row an action must write
bench_floor = Table(
    "bench_floor",
    _floor_meta,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("snapshot", LargeBinary, nullable=False),
    Column("version", Integer, nullable=False),
)


@dataclass(frozen=True)
class PipelineFigures:
    """Per-click latency of the whole pipeline beside its floor."""

    backend: str
    actions: int
    tables: int
    ms_p50: float
    ms_p95: float
    ms_p99: float
    floor_ms_p50: float  # one commit (state encode + committed UPDATE) + a PNG encode of each changed picture
    floor_ms_p99: float
    to_floor: float
    commit_floor_ms_p50: float  # the commit part of the floor alone
    to_commit_floor: float
    follow_up_ms_p50: float = float("nan")  # the adapter's database work after the click (timed in ms_*)


@dataclass(frozen=True)
class MemoryFigures:
    """What one live (cached) table costs a process."""

    tables: int
    kb_per_table: float  # tracemalloc growth per cached table
    rss_kb_per_table: float  # resident-set growth per cached table (separate pass)
    baseline_rss_mb: float
    tables_per_gb: float  # (1 GiB - baseline) / the larger per-table figure


def _rss_bytes() -> int:
    """Current resident set size (Linux /proc; 0 where unavailable)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE")


def _channel_base() -> int:
    """Channel ids unlikely to collide with an earlier run on the same database."""
    return 9_000_000_000 + int(time.time() * 1000) % 1_000_000_000 * 10


async def _new_table(
    services: Services, slug: str, config: GameConfig, channel: int, names: Names | None = None
) -> Delivery:
    """Open a table where every seat is a person (new ones, with ``names``), seat them and start."""
    tables = services.tables
    name = names or (lambda: "")
    users = [channel * 8 + seat for seat in range(config.players)]  # new people at every table
    info = await tables.open_table(
        GUILD, channel, users[0], name() or "Bench 1", slug, config.mode, dict(config.options)
    )
    for seat in range(1, config.players):
        await tables.join(info.id, users[seat], name() or f"Bench {seat + 1}")
    return await tables.start(info.id, users[0])


async def _floor_click(db: Database, data: bytes) -> None:
    async with db.begin() as connection:
        await connection.execute(
            update(bench_floor)
            .where(bench_floor.c.id == 1)
            .values(snapshot=data, version=bench_floor.c.version + 1)
        )


async def run_pipeline(
    url: str, backend: str, slug: str, config: GameConfig, actions: int, tables: int = 8
) -> PipelineFigures:
    """Click ``actions`` random legal choices through ``TableService.act``, timing each beside its floor.

    Clicks go to ``tables`` tables in random order, each table's players new to the process, and
    each click is timed through the Discord adapter's database follow-up
    (:func:`bot.bench.busy.follow_up`). A few untimed clicks on other tables, with other names,
    warm the process first.
    """
    from bot.bench.busy import follow_up

    ruleset = registry.get(slug)
    services = await Services.start(Settings(database_url=url), url=url, migrate=True)
    floor_db = Database(url)
    try:
        async with floor_db.begin() as connection:
            await connection.run_sync(_floor_meta.drop_all)
            await connection.run_sync(_floor_meta.create_all)
            await connection.execute(insert(bench_floor).values(id=1, snapshot=b"", version=0))
        rng = Rng(0xBE7C)
        channel = _channel_base()
        names = Names("")
        warm = await _new_table(services, slug, config, channel, Names("Warm "))
        for _ in range(3):  # warm code paths and connections, on a table never measured
            if warm.outcome is not None or not warm.public.asked:
                break
            seat = rng.choice(sorted(p.seat for p in warm.public.asked))
            own = next(u for u in warm.seats if u.seat == seat)
            warm = await services.tables.act(
                warm.table.id, own.user_id, own.token, rng.choice(own.actions).key, seat=seat
            )
        live: list[Delivery] = []
        for _ in range(max(1, tables)):
            channel += 1
            live.append(await _new_table(services, slug, config, channel, names))
        made = len(live)
        times: list[float] = []
        follow: list[float] = []
        floors: list[float] = []
        commits: list[float] = []
        while len(times) < actions:
            slot = rng.below(len(live))
            delivery = live[slot]
            if delivery.outcome is not None or not delivery.public.asked:
                channel += 1
                live[slot] = await _new_table(services, slug, config, channel, names)
                made += 1
                continue
            seat = rng.choice(sorted(p.seat for p in delivery.public.asked))
            user = delivery.table.seats[seat].user_id
            own = next(u for u in delivery.seats if u.seat == seat)
            assert user is not None and own.actions, "every seat of a bench table is a person with choices"
            key = rng.choice(own.actions).key
            table_id = delivery.table.id
            board_before = delivery.public.board_png
            hands_before = {u.seat: u.image for u in delivery.seats}
            start = time.perf_counter()
            delivery = await services.tables.act(table_id, user, own.token, key, seat=seat)
            acted = time.perf_counter()
            await follow_up(services, delivery, 8_000_000_000 + table_id * 16, user)
            done = time.perf_counter()
            times.append((done - start) * 1000)
            follow.append((done - acted) * 1000)
            live[slot] = delivery
            shipped = [delivery.public.board_png] if delivery.public.board_png != board_before else []
            shipped += [u.image for u in delivery.seats if u.image and u.image != hands_before.get(u.seat)]
            cached = services.runtime.cached(table_id)
            state = cached.state if cached is not None else None
            if state is None:  # a finished table leaves the cache: re-read its final snapshot
                state = (await services.runtime.load(table_id, fresh=True)).state
            start = time.perf_counter()
            await _floor_click(floor_db, ruleset.encode(state))
            commit_ms = (time.perf_counter() - start) * 1000
            commits.append(commit_ms)
            floors.append(commit_ms + sum(encode_floor_ms(png) for png in shipped))
        async with floor_db.begin() as connection:
            await connection.run_sync(_floor_meta.drop_all)
    finally:
        await floor_db.dispose()
        await services.close()
    return PipelineFigures(
        backend=backend,
        actions=len(times),
        tables=made,
        ms_p50=median(times),
        ms_p95=percentile(times, 95),
        ms_p99=percentile(times, 99),
        floor_ms_p50=median(floors),
        floor_ms_p99=percentile(floors, 99),
        to_floor=ratio(median(times), median(floors)),
        commit_floor_ms_p50=median(commits),
        to_commit_floor=ratio(median(times), median(commits)),
        follow_up_ms_p50=median(follow),
    )


async def _bench_database(url: str, create: bool) -> str:
    """Create (or drop) a throw-away ``<name>_bench`` database beside the one ``url`` names, so the
    benchmark never touches the test data; return its URL."""
    import asyncpg

    parsed = make_url(url)
    name = f"{parsed.database or 'tablekeeper'}_bench"
    admin = parsed.set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)
    connection = await asyncpg.connect(admin)
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if create:
            await connection.execute(f'CREATE DATABASE "{name}"')
    finally:
        await connection.close()
    return parsed.set(database=name).render_as_string(hide_password=False)


def measure_pipelines(
    slug: str, config: GameConfig, actions: int, tables: int = 8
) -> dict[str, PipelineFigures | None]:
    """The pipeline on a fresh SQLite file, and on PostgreSQL when TEST_DATABASE_URL is set."""
    results: dict[str, PipelineFigures | None] = {}
    with tempfile.TemporaryDirectory(prefix="tablekeeper-bench-") as folder:
        url = f"sqlite+aiosqlite:///{folder}/bench.db"
        results["sqlite"] = asyncio.run(run_pipeline(url, "sqlite", slug, config, actions, tables))
    pg = os.environ.get("TEST_DATABASE_URL", "").strip()
    results["postgresql"] = None
    if pg:
        bench_url = asyncio.run(_bench_database(pg, create=True))
        try:
            results["postgresql"] = asyncio.run(
                run_pipeline(bench_url, "postgresql", slug, config, actions, tables)
            )
        finally:
            asyncio.run(_bench_database(pg, create=False))
    return results


async def _store_copies(services: Services, slug: str, config: GameConfig, states: list[Any]) -> list[int]:
    """Start one real table, then store one table per state with that table's seats."""
    ruleset = registry.get(slug)
    delivery = await _new_table(services, slug, config, _channel_base())
    async with services.db.begin() as connection:
        row = dict(
            (await connection.execute(select(schema.tables).where(schema.tables.c.id == delivery.table.id)))
            .mappings()
            .one()
        )
        seat_rows = [
            dict(r)
            for r in (
                await connection.execute(
                    select(schema.seats).where(schema.seats.c.table_id == delivery.table.id)
                )
            ).mappings()
        ]
        ids: list[int] = []
        for state in states:
            values = {k: v for k, v in row.items() if k != "id"}
            values.update(active_channel_id=None, snapshot=ruleset.encode(state), seq=state.seq)
            table_id = (
                await connection.execute(insert(schema.tables).values(**values).returning(schema.tables.c.id))
            ).scalar_one()
            await connection.execute(insert(schema.seats), [{**s, "table_id": table_id} for s in seat_rows])
            ids.append(table_id)
    return ids


async def _load_all(url: str, ids: list[int], traced: bool) -> int:
    """Load every table into a fresh service's cache; return the growth in bytes."""
    services = await Services.start(
        Settings(database_url=url, cache_size=len(ids) + 10), url=url, migrate=False
    )
    try:
        await services.runtime.load(ids[0])  # warm the connection pool and code paths
        services.runtime.forget(ids[0])
        gc.collect()
        if traced:
            tracemalloc.start()
            before = tracemalloc.get_traced_memory()[0]
        else:
            before = _rss_bytes()
        for table_id in ids:
            await services.runtime.load(table_id)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0] if traced else _rss_bytes()
        if traced:
            tracemalloc.stop()
        assert services.runtime.cache_size == len(ids)
        return after - before
    finally:
        await services.close()


def _rss_growth(url: str, ids: list[int], slug: str, module: str) -> int:
    """In a fresh process: the resident-memory growth of loading ``ids`` (run by a spawned child).

    A fresh process, because a process that has freed memory keeps those pages resident and
    reuses them: measured in the bench's own process, every mode after the first grew by ~0.
    ``module`` names where the game's ruleset lives, for one registered at run time (tests).
    """
    import importlib

    if slug not in registry.slugs():
        registry.register(slug, importlib.import_module(module).RULESET)
    return asyncio.run(_load_all(url, ids, traced=False))


def _rss_in_fresh_process(url: str, ids: list[int], slug: str) -> int:
    """:func:`_rss_growth` in a new process forked from a clean fork server.

    The fork server imports this module once and has loaded no table, so each child starts
    with nothing freed to reuse, and in milliseconds instead of the seconds a spawn's imports take.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])  # only read when the fork server starts
    module = type(registry.get(slug)).__module__
    with ProcessPoolExecutor(1, mp_context=context) as child:
        return child.submit(_rss_growth, url, ids, slug, module).result()


def measure_memory(slug: str, config: GameConfig, tables: int) -> MemoryFigures:
    """Cost of one live table in a process's cache, from ``tables`` real states of the mode."""
    ruleset = registry.get(slug)
    states = sample_states(ruleset, config, tables, per_game=8)
    baseline = _rss_bytes()
    with tempfile.TemporaryDirectory(prefix="tablekeeper-bench-") as folder:
        url = f"sqlite+aiosqlite:///{folder}/memory.db"

        async def prepare() -> list[int]:
            services = await Services.start(Settings(database_url=url), url=url, migrate=True)
            try:
                return await _store_copies(services, slug, config, states)
            finally:
                await services.close()

        ids = asyncio.run(prepare())
        rss = _rss_in_fresh_process(url, ids, slug)
        traced = asyncio.run(_load_all(url, ids, traced=True))
    per_table = traced / len(ids)
    rss_per_table = max(rss, 0) / len(ids)
    worst = max(per_table, rss_per_table)
    return MemoryFigures(
        tables=len(ids),
        kb_per_table=per_table / 1024,
        rss_kb_per_table=rss_per_table / 1024,
        baseline_rss_mb=baseline / 2**20,
        tables_per_gb=(GIB - baseline) / worst if worst > 0 else float("nan"),
    )
