"""Scaling measurements: start-up with many stored tables, timer sweeps, clicks under load.

Run from the repository root (the tiny test game comes from ``tests/``)::

    python scripts/make_tables.py --url sqlite+aiosqlite:///big.db --tables 100000 --due-reminders 1000
    python scripts/bench_scale.py startup --url sqlite+aiosqlite:///big.db
    python scripts/bench_scale.py sweep --url sqlite+aiosqlite:///big.db
    python scripts/bench_scale.py clicks --url sqlite+aiosqlite:////tmp/clicks.db --tables 500 --inflight 64
    python scripts/bench_scale.py thinking --quick --runs 3

The code of ``sweep`` and of the table maker lives in ``bot.bench`` (``tablekeeper bench
--scale`` runs them too). ``startup`` does what ``tablekeeper run`` does before it connects to
Discord (the content check, the database check, the bot's set-up with migrations and cogs; only
the command sync, a request to Discord, is skipped) and prints the wall time from process start
and the peak RSS. Run it in a fresh process per figure. ``sweep`` times one reminder pass and one
expiry pass and the longest committed transaction during each (on SQLite, how long the write
lock was held). ``clicks`` plays tiny games through ``TableService.act`` with many clicks in
flight and counts refusals. ``thinking`` is ``bench --scale``'s thinking line alone: bot-free clicks
alone and while hard bots think on other tables, alternated ``--runs`` times.
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()  # before the heavy imports: they are part of start-up

import argparse  # noqa: E402
import asyncio  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import sys  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

sys.path.append(str(Path(__file__).resolve().parent.parent))  # for tests/ (the tiny game)


from bot.bench.startup import rss_mb  # noqa: E402


def peak_rss_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux reports KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def startup(url: str, cache_size: int | None, touch: int) -> None:
    """Time the bot's start-up up to the point it would connect to Discord.

    (``tablekeeper bench --scale`` times the same start-up in a fresh process; this one can then
    go on to touch tables, with another cache size.)
    """

    from bot.discord.client import TablekeeperBot
    from bot.settings import Settings
    from bot.store.migrate import current_revision
    from engines import registry

    imported = time.perf_counter()
    registry.check_all()
    await current_revision(url)
    settings = Settings(database_url=url, discord_token="unused")
    if cache_size is not None:
        settings = settings.replace(cache_size=cache_size)
    bot = TablekeeperBot(settings)

    async def no_sync() -> None:
        return None

    bot.sync_commands = no_sync  # type: ignore[method-assign]  # the one request to Discord
    await bot.setup_hook()
    ready = time.perf_counter()
    cached = bot.services.runtime.cache_size
    print(
        f"startup url={url.rsplit('/', 1)[-1]} imports={imported - STARTED:.2f}s "
        f"ready={ready - STARTED:.2f}s (after imports {ready - imported:.2f}s) "
        f"peak_rss={peak_rss_mb():.0f}MB cached={cached}"
    )
    if touch:  # then use the first ``touch`` running tables, as clicks would
        from sqlalchemy import select

        from bot.store import schema

        t = schema.tables
        async with bot.services.db.connect() as connection:
            query = select(t.c.id).where(t.c.status == "playing").order_by(t.c.id).limit(touch)
            ids = list((await connection.execute(query)).scalars())
        started = time.perf_counter()
        for table_id in ids:
            await bot.services.tables.current(table_id)
        took = time.perf_counter() - started
        print(
            f"touched {len(ids)} tables in {took:.1f}s: rss={rss_mb():.0f}MB "
            f"peak_rss={peak_rss_mb():.0f}MB cached={bot.services.runtime.cache_size}"
        )
    for cog in list(bot.cogs):  # stop the timer loop before the database goes
        await bot.remove_cog(cog)
    await bot.services.close()


async def sweep(url: str, shards: str) -> None:
    """Time one reminder pass and one expiry pass on the stored tables (real clock)."""
    from bot.bench.sweeps import sweep as measure_sweep
    from bot.bench.sweeps import sweep_lines

    print("\n".join(sweep_lines(await measure_sweep(url, shards))))


async def clicks(url: str, tables: int, inflight: int, rounds: int, due: int, server: bool) -> None:
    """Play tiny solo games with ``inflight`` clicks at once; count refused clicks by code.

    ``due``: that many stored tables with a reminder due, swept by the timer pass while the
    clicks run (the pass that held SQLite's write lock for seconds).
    """
    from bot.service import ServiceError, Services
    from bot.settings import Settings
    from engines import registry
    from render import registry as renderers
    from tests.bot.service.tinyrender import RENDERER
    from tests.engines.core.tinygame import RULESET

    if due:
        from bot.bench.tables import Plan, make_tables

        await make_tables(url, Plan(tables=due, due_reminders=due, finished_share=0.0, moves=False))
    with registry.registered("tiny", RULESET), renderers.registered("tiny", RENDERER):
        services = await Services.start(Settings(database_url=url), migrate=True)
        refused: Counter[str] = Counter()
        refused_setup: Counter[str] = Counter()
        made = 0
        reminded = 0
        try:
            gate = asyncio.Semaphore(inflight)

            async def open_one(user: int) -> Any:
                async with gate:
                    if server:  # a server's table: Ann hosts, Bob joins
                        table = await services.tables.open_table(
                            1, 10_000 + user, 1, "Ann", "tiny", options={"target": 40}
                        )
                        await services.tables.join(table.id, 2, "Bob")
                        return await services.tables.start(table.id, 1)
                    return await services.tables.open_solo(
                        user, 10_000 + user, "tiny", options={"target": 40}, players=1
                    )

            async def set_up(user: int) -> Any:
                # a refused set-up step is counted and the table opened afresh elsewhere
                for attempt in range(20):
                    try:
                        return await open_one(user + 100_000 * attempt)
                    except ServiceError as error:
                        refused_setup[str(error.code)] += 1
                raise RuntimeError("could not open a table in 20 attempts")

            deliveries = await asyncio.gather(*(set_up(u) for u in range(1, tables + 1)))
            started = time.perf_counter()

            async def click(delivery: Any) -> Any:
                nonlocal made
                asked = delivery.public.waiting_on[0]
                seat = next(s for s in delivery.seats if s.seat == asked)
                async with gate:
                    try:
                        made += 1
                        return await services.tables.act(
                            delivery.table.id, seat.user_id, seat.token, seat.actions[0].key
                        )
                    except ServiceError as error:
                        refused[str(error.code)] += 1
                        return None
                    except Exception as error:  # what a click would show as "something went wrong"
                        refused[type(error).__name__] += 1
                        return None

            async def sweeping() -> float:
                nonlocal reminded
                while found := await services.timers.due_reminders():
                    reminded += len(found)
                return time.perf_counter() - started

            sweeper = asyncio.create_task(sweeping()) if due else None
            live = list(deliveries)
            for _ in range(rounds):
                live = [d for d in await asyncio.gather(*(click(d) for d in live)) if d and not d.outcome]
            took = time.perf_counter() - started
            swept = await sweeper if sweeper is not None else 0.0
        finally:
            await services.close()
    print(
        f"clicks: {made} clicks over {tables} tables, {inflight} in flight, in {took:.1f}s "
        f"({made / took:.0f}/s); {reminded} reminders swept alongside, done after {swept:.1f}s; "
        f"refused {sum(refused.values())}: {dict(refused)}; "
        f"set-up steps refused {sum(refused_setup.values())}"
    )


def thinking(quick: bool, runs: int, think_seconds: float | None) -> None:
    """Bot-free clicks alone and while hard bots think, at ``bench --scale``'s sizes, in a fresh database."""
    import dataclasses
    import tempfile

    from bot.bench.scale import FULL, QUICK, measure_thinking_run
    from bot.bench.thinking import thinking_lines

    budget = dataclasses.replace(QUICK if quick else FULL, repeats=runs)
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="tablekeeper-thinking-") as folder:
        found = measure_thinking_run(budget, Path(folder), think_seconds)
    print("\n".join(thinking_lines(found)))
    print(f"1-minute load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")


async def lookups(url: str, without: bool, runs: int = 15) -> None:
    """Median time of the lookups v0004 indexes, with the new indexes or (``without``) without them."""
    import statistics

    from sqlalchemy import text

    from bot.store import tables_repo as repo
    from bot.store.db import create_engine

    engine = create_engine(url)
    try:
        if without:
            async with engine.begin() as connection:
                for index in ("ix_tables_thread", "ix_tables_guild_status"):
                    await connection.execute(text(f"DROP INDEX IF EXISTS {index}"))
        async with engine.connect() as connection:
            row = (
                await connection.execute(
                    text(
                        "SELECT thread_id, guild_id FROM tables WHERE status = 'playing' "
                        "AND thread_id IS NOT NULL ORDER BY id DESC LIMIT 1"
                    )
                )
            ).one()
        thread, guild = int(row[0]), int(row[1])
        checks = {
            "table in a thread (/table, deck autocomplete)": lambda c: repo.active_table_in(c, thread),
            "table in a channel with none (/table new)": lambda c: repo.active_table_in(c, 5),
            "server timeout change": lambda c: repo.rebase_deadlines(c, guild, 600, 0.75),
        }
        for name, lookup in checks.items():
            took = []
            for _ in range(runs):
                async with engine.connect() as connection:
                    started = time.perf_counter()
                    await lookup(connection)
                    took.append(time.perf_counter() - started)
                    await connection.rollback()
            state = "without" if without else "with"
            print(f"lookup {name} {state} the v0004 indexes: median {1000 * statistics.median(took):.2f} ms")
    finally:
        if without:
            async with engine.begin() as connection:
                await connection.execute(text("CREATE INDEX ix_tables_thread ON tables (thread_id)"))
                await connection.execute(
                    text("CREATE INDEX ix_tables_guild_status ON tables (guild_id, status)")
                )
        await engine.dispose()


def main() -> None:
    """Parse the command line and run one measurement."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    one = sub.add_parser("startup")
    one.add_argument("--url", required=True)
    one.add_argument("--cache-size", type=int)
    one.add_argument("--touch", type=int, default=0, help="then load this many running tables")
    two = sub.add_parser("sweep")
    two.add_argument("--url", required=True)
    two.add_argument("--shards", default="", help="COUNT:IDS, e.g. 4:0,1 (default: every shard)")
    three = sub.add_parser("clicks")
    three.add_argument("--url", required=True)
    three.add_argument("--tables", type=int, default=500)
    three.add_argument("--inflight", type=int, default=64)
    three.add_argument("--rounds", type=int, default=3)
    three.add_argument("--due", type=int, default=0, help="reminders due meanwhile (swept during the clicks)")
    three.add_argument("--server", action="store_true", help="server tables of two (default: solo in DMs)")
    four = sub.add_parser("lookups")
    four.add_argument("--url", required=True)
    four.add_argument("--without", action="store_true", help="drop the v0004 indexes first (put back after)")
    five = sub.add_parser("thinking")
    five.add_argument("--quick", action="store_true", help="bench --scale --quick's sizes")
    five.add_argument("--runs", type=int, default=3, help="runs of each kind, alternated (medians)")
    five.add_argument("--think-seconds", type=float, help="the bots' CPU cap (default: the setting's)")
    args = parser.parse_args()
    if args.what == "thinking":
        thinking(args.quick, args.runs, args.think_seconds)
    elif args.what == "lookups":
        asyncio.run(lookups(args.url, args.without))
    elif args.what == "startup":
        asyncio.run(startup(args.url, args.cache_size, args.touch))
    elif args.what == "sweep":
        asyncio.run(sweep(args.url, args.shards))
    else:
        asyncio.run(clicks(args.url, args.tables, args.inflight, args.rounds, args.due, args.server))


if __name__ == "__main__":
    main()
