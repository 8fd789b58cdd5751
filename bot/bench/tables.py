"""Fill a database with many stored tables quickly, for the scaling measurements.

    python scripts/make_tables.py --url sqlite+aiosqlite:///big.db --tables 100000 \
        --due-reminders 1000 --due-expiries 1000

(``tablekeeper bench --scale`` makes its own with :func:`make_tables`.)

Each table is a real game: a few templates are dealt and played a few random moves by the
engines (so every snapshot decodes, and its log replays to it), then copied row by row with
fresh ids, servers, channels and players by bulk inserts. Most tables are running games in
servers, every fifth is a solo game in DMs (``guild_id`` NULL, the other seats bots), and a
share are finished (with their results rows). Running tables have a turn timer an hour away,
except the ``--due-*`` ones: a reminder due now, or a deadline already passed. The database is migrated first.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import msgspec
from sqlalchemy import func, insert, select

from bot.store import schema, upgrade
from bot.store.db import create_engine
from engines import registry
from engines.core import GameConfig, RandomBot
from engines.core.driver import Match
from engines.core.rng import ALGORITHM

#: (game, mode) of the templates: a duel of each game, and solo games for DMs
GUILD_GAMES = (("clashofdecks", "duel"), ("arclash", "standard"), ("hackclad", "basic"))
DM_GAMES = (("clashofdecks", "solo"), ("hackclad", "solo"))
#: Discord's epoch in ms: snowflakes carry their creation time above bit 22
DISCORD_EPOCH_MS = 1_420_070_400_000
CHUNK = 2000


@dataclass(frozen=True)
class Template:
    """One dealt and partly played game, copied into many tables."""

    game: str
    mode: str
    players: int
    config: dict[str, Any]
    seed: int
    seq: int
    snapshot: bytes
    log: tuple[tuple[int, int, str], ...]
    asked: tuple[int, ...]
    rules_version: str
    content_version: str


def templates(per_mode: int = 6) -> tuple[list[Template], list[Template]]:
    """(guild templates, DM templates): ``per_mode`` games of each, 4 to 30 random moves in."""

    def make(game: str, mode: str, index: int) -> Template | None:
        ruleset = registry.get(game)
        spec = ruleset.mode(mode)
        config = ruleset.resolve_config(GameConfig(mode, min(spec.players)))
        match = Match(ruleset, config, seed=1000 + index)
        match.advance(RandomBot(), steps=4 + (index * 7) % 27)
        if match.outcome() is not None or not match.asked():
            return None
        return Template(
            game=game,
            mode=mode,
            players=config.players,
            config=msgspec.to_builtins(config),
            seed=match.seed,
            seq=match.seq,
            snapshot=ruleset.encode(match.state),
            log=tuple(match.log),
            asked=tuple(match.asked()),
            rules_version=ruleset.rules_version,
            content_version=ruleset.content_version,
        )

    def each(games: tuple[tuple[str, str], ...]) -> list[Template]:
        made = [make(g, m, i) for g, m in games for i in range(per_mode)]
        return [t for t in made if t is not None]

    return each(GUILD_GAMES), each(DM_GAMES)


def snowflake(rng: random.Random) -> int:
    """A plausible Discord id: a creation time in the last few years plus 22 random low bits."""
    created = rng.randrange(1_600_000_000_000, 1_760_000_000_000) - DISCORD_EPOCH_MS
    return (created << 22) | rng.getrandbits(22)


@dataclass
class Plan:
    """What to make: how many tables and which of them carry due timers."""

    tables: int
    due_reminders: int = 0
    due_expiries: int = 0
    finished_share: float = 0.2
    guilds: int = 500
    moves: bool = True
    seed: int = 1


@dataclass(frozen=True)
class Made:
    """The rows of one table: its ``tables`` row, seats, match log and (once finished) results."""

    table: dict[str, Any]
    seats: list[dict[str, Any]]
    moves: list[dict[str, Any]]
    results: list[dict[str, Any]]


def rows(plan: Plan, first_id: int, now: float) -> Iterator[Made]:
    """The rows of each table to make, in id order."""
    rng = random.Random(plan.seed)
    guild_templates, dm_templates = templates()
    guilds = [snowflake(rng) for _ in range(plan.guilds)]
    running = 0
    for index in range(plan.tables):
        table_id = first_id + index
        dm = index % 5 == 4
        finished = rng.random() < plan.finished_share
        template = rng.choice(dm_templates if dm else guild_templates)
        channel = snowflake(rng)
        status = schema.FINISHED if finished else schema.PLAYING
        due = ""
        if not finished:
            if running < plan.due_expiries:
                due = "expiry"
            elif running < plan.due_expiries + plan.due_reminders:
                due = "reminder"
            running += 1
        table = {
            "id": table_id,
            "guild_id": None if dm else rng.choice(guilds),
            "channel_id": channel,
            "thread_id": snowflake(rng) if not dm and index % 3 == 0 else None,
            "active_channel_id": None if finished else channel,
            "host_id": snowflake(rng),
            "solo": dm,
            "game": template.game,
            "mode": template.mode,
            "options": {},
            "status": status,
            "rules_version": template.rules_version,
            "content_version": template.content_version,
            "config": template.config,
            "seed": template.seed,
            "rng_algorithm": ALGORITHM,
            "seq": template.seq,
            "snapshot": template.snapshot,
            "outcome": {"winners": [0], "ranking": [[0]], "reason": "", "scores": {}} if finished else None,
            "version": template.seq + 2,
            "public_message_id": snowflake(rng),
            "public_digest": None,
            "public_moves": template.seq,
            "created_at": now - 7200,
            "updated_at": now - 600,
            "finished_at": now - 60 if finished else None,
        }
        seats = []
        for seat in range(template.players):
            bot = dm and seat > 0
            asked = not finished and not bot and seat in template.asked
            if due == "expiry":
                prompted = now - 3601
            elif due == "reminder":
                prompted = now - 2800
            else:
                prompted = now - 600
            seats.append(
                {
                    "table_id": table_id,
                    "seat": seat,
                    "user_id": None if bot else (table["host_id"] if seat == 0 else snowflake(rng)),
                    "bot": "normal" if bot else None,
                    "name": f"Bot {seat}" if bot else f"Player {seat + 1}",
                    "dm_open": True,
                    "dm_message_id": None if bot else snowflake(rng),
                    "dm_digest": None,
                    "has_left": False,
                    "seat_options": {},
                    "prompted_at": prompted if asked else None,
                    "deadline": prompted + 3600 if asked else None,
                    "remind_at": prompted + 2700 if asked else None,
                    "reminded": asked and due == "expiry",
                    "moves": sum(1 for _, s, _ in template.log if s == seat),
                }
            )
        log = (
            [
                {"table_id": table_id, "seq": seq, "seat": seat, "action_key": key, "at": now - 600}
                for seq, seat, key in template.log
            ]
            if plan.moves
            else []
        )
        results = [
            {
                "table_id": table_id,
                "seat": s["seat"],
                "guild_id": table["guild_id"],
                "game": template.game,
                "mode": template.mode,
                "user_id": s["user_id"],
                "bot": s["bot"],
                "name": s["name"],
                "won": s["seat"] == 0,
                "rank": 1 if s["seat"] == 0 else 2,
                "score": None,
                "forfeit": False,
                "finished_at": now - 60,
            }
            for s in (seats if finished else [])
        ]
        yield Made(table, seats, log, results)


async def make_tables(url: str, plan: Plan, *, now: float | None = None, migrate: bool = True) -> int:
    """Add ``plan.tables`` tables to the database at ``url``; return the first new id."""
    if migrate:
        await upgrade(url)
    moment = time.time() if now is None else now
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            first = int((await connection.execute(select(func.max(schema.tables.c.id)))).scalar() or 0) + 1
        batch: list[Made] = []

        async def flush() -> None:
            async with engine.begin() as connection:
                await connection.execute(insert(schema.tables), [m.table for m in batch])
                await connection.execute(insert(schema.seats), [s for m in batch for s in m.seats])
                for table, made in (
                    (schema.moves, [x for m in batch for x in m.moves]),
                    (schema.results, [x for m in batch for x in m.results]),
                ):
                    if made:
                        await connection.execute(insert(table), made)
            batch.clear()

        for made in rows(plan, first, moment):
            batch.append(made)
            if len(batch) >= CHUNK:
                await flush()
        if batch:
            await flush()
        if engine.dialect.name == "postgresql":
            # The ids were given explicitly: move the sequence past them for the tables to come.
            async with engine.begin() as connection:
                await connection.exec_driver_sql(
                    "SELECT setval(pg_get_serial_sequence('tables', 'id'), (SELECT max(id) FROM tables))"
                )
                await connection.exec_driver_sql("ANALYZE")
        return first
    finally:
        await engine.dispose()


def main() -> None:
    """Parse the command line and make the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--url", required=True, help="database URL (sqlite+aiosqlite:///file.db, postgresql+asyncpg://...)"
    )
    parser.add_argument("--tables", type=int, required=True, help="how many tables to add")
    parser.add_argument(
        "--due-reminders", type=int, default=0, help="running tables whose reminder is due now"
    )
    parser.add_argument(
        "--due-expiries", type=int, default=0, help="running tables whose deadline has passed"
    )
    parser.add_argument("--finished", type=float, default=0.2, help="share of finished tables (0..1)")
    parser.add_argument("--no-moves", action="store_true", help="leave the move logs out (faster)")
    args = parser.parse_args()
    plan = Plan(
        tables=args.tables,
        due_reminders=args.due_reminders,
        due_expiries=args.due_expiries,
        finished_share=args.finished,
        moves=not args.no_moves,
    )
    started = time.perf_counter()
    first = asyncio.run(make_tables(args.url, plan))
    took = time.perf_counter() - started
    print(f"made tables {first}..{first + plan.tables - 1} in {took:.1f} s")


if __name__ == "__main__":
    main()
