"""Every lookup a command or a timer sweep makes is an index lookup, read from the query plans.

Thousands of stored tables (bulk-made by ``scripts/make_tables.py``, statistics
gathered) and, on PostgreSQL, ``enable_seqscan = off`` for the small tables: each lookup's
statements are captured as the store runs them, then explained. No plan may scan a whole table,
and each must use the index named for it. Without ``ix_tables_thread`` finding a thread's table
scanned every table (224 ms at 100,000 active tables); without ``ix_tables_guild_status`` so did
changing a server's turn timeout (470-490 ms).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.bench import boards
from bot.store import firsts_repo, guilds_repo, ratings_repo, replays_repo, results_repo, timers_repo
from bot.store import tables_repo as repo
from bot.store.db import create_engine, is_sqlite
from tests.bot.service.helpers import make_tables_script

TABLES = 5_000
NOW = 2_000_000_000.0


Lookup = Callable[[AsyncConnection], Awaitable[object]]


def lookups(
    table_id: int, guild_id: int, channel_id: int, user_id: int
) -> dict[str, tuple[Lookup, set[str]]]:
    """Each lookup, and the indexes its plan must use (PostgreSQL names; SQLite's are the same
    for named indexes, and the primary keys show as the table's own rowid or autoindex)."""
    shards = (4, (0, 1))
    return {
        "table by id": (lambda c: repo.table_mapping(c, table_id), {"tables_pkey"}),
        "seats of a table": (lambda c: repo.seat_mappings(c, table_id), {"seats_pkey"}),
        "table in a channel or thread": (
            lambda c: repo.active_table_in(c, channel_id),
            {"tables_active_channel_id_key", "ix_tables_thread"},
        ),
        "tables of a player": (lambda c: repo.active_tables_of(c, user_id), {"ix_seats_user"}),
        "public message": (lambda c: repo.public_message(c, table_id), {"tables_pkey"}),
        "a change's messages and server settings": (
            lambda c: repo.change_reads(c, table_id),
            {"tables_pkey", "seats_pkey", "guild_settings_pkey"},
        ),
        "move log": (lambda c: repo.move_log(c, table_id), {"moves_pkey"}),
        "version and snapshot": (lambda c: repo.version_and_snapshot(c, table_id), {"tables_pkey"}),
        "guarded table write": (lambda c: repo.update_table_at(c, table_id, 1, {"seq": 1}), {"tables_pkey"}),
        "seat write": (lambda c: repo.update_seats(c, table_id, {"dm_open": True}, seat=0), {"seats_pkey"}),
        "DMs open everywhere": (lambda c: repo.set_dm_open(c, user_id, True, None), {"ix_seats_user"}),
        "DMs open at a table": (lambda c: repo.set_dm_open(c, user_id, True, table_id), {"ix_seats_user"}),
        "due reminders": (
            lambda c: timers_repo.due_reminder_tables(c, NOW, None, 200),
            {"ix_seats_remind_at"},
        ),
        "due reminders of shards": (
            lambda c: timers_repo.due_reminder_tables(c, NOW, shards, 200),
            {"ix_seats_remind_at"},
        ),
        "claim reminders": (lambda c: timers_repo.claim_reminders(c, table_id, NOW), {"seats_pkey"}),
        "due deadlines": (
            lambda c: timers_repo.due_deadline_tables(c, NOW, None, 200),
            {"ix_seats_deadline"},
        ),
        "due deadlines of shards": (
            lambda c: timers_repo.due_deadline_tables(c, NOW, shards, 200),
            {"ix_seats_deadline"},
        ),
        "clear timers": (lambda c: timers_repo.clear_timers(c, table_id), {"seats_pkey"}),
        "server timeout change": (
            lambda c: timers_repo.rebase_deadlines(c, guild_id, 60, 0.75),
            {"ix_tables_guild_status"},
        ),
        "server settings": (lambda c: guilds_repo.settings_row(c, guild_id), {"guild_settings_pkey"}),
        "player stats": (
            lambda c: results_repo.player_games(c, user_id, None, None),
            {"ix_results_user_game"},
        ),
        "server stats": (lambda c: results_repo.server_games(c, guild_id, None), {"ix_results_guild_game"}),
        "leaderboard": (lambda c: results_repo.leaders(c, guild_id, "tiny", 10), {"ix_results_guild_game"}),
        "a player's recent games": (lambda c: replays_repo.games_of(c, user_id, 25), {"ix_seats_user"}),
        "a server's first table": (
            # asked for a table just opened: its id is above every stored one
            lambda c: firsts_repo.earlier_table(c, guild_id, 2**31 - 1),
            {"ix_tables_guild_status"},
        ),
        "a game's newcomers": (
            lambda c: firsts_repo.first_timers(c, table_id),
            {"seats_pkey", "ix_seats_user", "tables_pkey"},
        ),
        "a channel's recent games": (
            lambda c: replays_repo.games_in(c, channel_id, 25),
            {"ix_tables_channel", "ix_tables_thread"},
        ),
    }


def captured(engine: Any) -> tuple[list[tuple[str, Any]], Callable[[], None]]:
    """Record every statement ``engine`` runs (with its parameters) until the returned stop()."""
    seen: list[tuple[str, Any]] = []

    def grab(_conn: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, _many: bool) -> None:
        seen.append((statement, parameters))

    event.listen(engine.sync_engine, "before_cursor_execute", grab)
    return seen, lambda: event.remove(engine.sync_engine, "before_cursor_execute", grab)


async def explain(connection: AsyncConnection, statement: str, parameters: Any, sqlite: bool) -> list[str]:
    """The plan of one captured statement, one line per node."""
    prefix = "EXPLAIN QUERY PLAN " if sqlite else "EXPLAIN "
    rows = (await connection.exec_driver_sql(prefix + statement, parameters)).all()
    return [str(row[-1]) for row in rows]


def full_scans(plan: list[str], sqlite: bool) -> list[str]:
    """The plan lines that read a whole stored table."""
    if not sqlite:
        return [line for line in plan if "Seq Scan" in line]
    # SQLite: "SCAN t" reads every row of t; "SEARCH t USING ..." is an index lookup (a SCAN of
    # a subquery's rows reads only what its own SEARCH found)
    # (hidden_players is the short list of people who hid: read whole on purpose, see ranked_count)
    stored = (
        "tables",
        "seats",
        "moves",
        "results",
        "guild_settings",
        "ratings",
        "rating_changes",
        "rated_games",
    )
    return [line for line in plan if line.startswith("SCAN ") and line.split()[1] in stored]


def uses(plan: list[str], index: str, sqlite: bool) -> bool:
    """Whether ``plan`` looks rows up through ``index`` (SQLite: primary keys by any SEARCH)."""
    if sqlite and not index.startswith("ix_"):
        if index.endswith("_pkey"):
            table = index.removesuffix("_pkey")
        else:
            table = index.split("_")[0] if not index.startswith("guild_settings") else "guild_settings"
        # a key lookup: the rowid, or the automatic index SQLite keeps for a composite key
        return any(
            (line.startswith(f"SEARCH {table} ") and ("PRIMARY KEY" in line or "sqlite_autoindex" in line))
            or f"sqlite_autoindex_{table}_" in line  # the table under another name (a self-join)
            for line in plan
        )
    return any(index in line for line in plan)


async def test_every_lookup_is_an_index_lookup(db_url: str) -> None:
    sqlite = is_sqlite(db_url)
    maker = make_tables_script()
    await maker.make_tables(
        db_url,
        maker.Plan(tables=TABLES, due_reminders=50, due_expiries=50, moves=False),
        now=NOW,
        migrate=False,
    )
    engine = create_engine(db_url)
    try:
        async with engine.connect() as connection:
            row = (
                await connection.exec_driver_sql(
                    "SELECT t.id, t.guild_id, t.thread_id, s.user_id FROM tables t "
                    "JOIN seats s ON s.table_id = t.id WHERE t.status = 'playing' "
                    "AND t.thread_id IS NOT NULL AND s.seat = 0 ORDER BY t.id LIMIT 1"
                )
            ).one()
        problems = []
        for name, (lookup, indexes) in lookups(*row).items():
            # small tables (results, settings) would rightly be scanned: ask for the index
            lines = await planned(engine, lookup, sqlite, name)
            scans = full_scans(lines, sqlite)
            missing = {index for index in indexes if not uses(lines, index, sqlite)}
            if scans or missing:
                problems.append(
                    f"{name}: full scans {scans}, not using {sorted(missing)}:\n  " + "\n  ".join(lines)
                )
        assert not problems, "\n".join(problems)
    finally:
        await engine.dispose()


async def planned(engine: Any, lookup: Lookup, sqlite: bool, name: str, no_sort: bool = False) -> list[str]:
    """The plan lines of every statement ``lookup`` runs (on PostgreSQL with sequential scans, and
    with ``no_sort`` sorts, made the planner's last resort)."""
    seen, stop = captured(engine)
    async with engine.connect() as connection:
        try:
            await lookup(connection)
        finally:
            stop()
            await connection.rollback()
    assert seen, name
    async with engine.connect() as connection:
        if not sqlite:
            await connection.exec_driver_sql("SET enable_seqscan = off")
            if no_sort:
                await connection.exec_driver_sql("SET enable_sort = off")
        plans = [await explain(connection, st, params, sqlite) for st, params in seen]
    return [line for plan in plans for line in plan]


def sorts(plan: list[str], sqlite: bool) -> list[str]:
    """The plan lines that sort rows instead of reading them in index order."""
    if sqlite:
        return [line for line in plan if "TEMP B-TREE" in line]
    return [line for line in plan if line.strip().startswith("Sort") or "Sort  (" in line]


def board_reads(
    user_id: int, other: int, guild_id: int, table_id: int
) -> dict[str, tuple[Lookup, set[str], bool]]:
    """Each read of /leaderboard, /stats and the lobby: the indexes its plan must use, and whether
    it must come in index order (no sort)."""
    game, server = boards.GAME, f"g{guild_id}:s1"
    return {
        "ladder page (server)": (
            lambda c: ratings_repo.ladder(c, server, game, "", "person", 5, 10, 10),
            {"ix_ratings_ladder"},
            True,
        ),
        "ladder page (everywhere, hidden people left off)": (
            lambda c: ratings_repo.ladder(c, "*", game, "", "person", 5, 10, 10),
            {"ix_ratings_ladder"},
            True,
        ),
        "ranked count (server)": (
            lambda c: ratings_repo.ranked_count(c, server, game, "", "person", 5, None),
            {"ix_ratings_ladder"},
            False,
        ),
        "caller's rank: a count of better ratings (everywhere)": (
            lambda c: ratings_repo.ranked_count(c, "*", game, "", "person", 5, 1000),
            {"ix_ratings_ladder"},
            False,
        ),
        "caller's line": (
            lambda c: ratings_repo.standing(c, "*", game, "", f"u{user_id}"),
            {"ratings_pkey"},
            False,
        ),
        "a person's ratings": (
            lambda c: ratings_repo.user_ratings(c, user_id, "*", game),
            {"ix_ratings_user"},
            False,
        ),
        "last games": (
            lambda c: ratings_repo.changes(c, user_id, game, "*", 5),
            {"ix_rating_changes_user", "rated_games_pkey"},
            True,
        ),
        "rating history": (
            lambda c: ratings_repo.history(c, user_id, game, "*", 100),
            {"ix_rating_changes_user"},
            True,
        ),
        "record's results": (
            lambda c: ratings_repo.user_results(c, user_id, game),
            {"ix_results_user_game"},
            False,
        ),
        "head to head": (
            lambda c: ratings_repo.head_to_head(c, user_id, other, game),
            {"ix_results_user_game"},
            False,
        ),
        "hidden?": (lambda c: ratings_repo.is_hidden(c, user_id), {"hidden_players_pkey"}, False),
        "lobby ratings": (
            lambda c: ratings_repo.current_shown(c, "*", game, [user_id, other]),
            {"ratings_pkey"},
            False,
        ),
        "a game's rating changes": (
            lambda c: ratings_repo.table_changes(c, table_id, "*"),
            {"rating_changes_pkey"},
            False,
        ),
    }


async def test_every_board_read_is_an_index_lookup_in_index_order(db_url: str) -> None:
    """The reads of /leaderboard and /stats (the ladder, the caller's rank as a count over the
    ladder's index, a record and its history) never scan a rating table, and a ladder page and
    the history come in index order, never sorting a board (the ladder's tie-break included)."""
    sqlite = is_sqlite(db_url)
    made = await boards.fill(db_url, 4_000)
    person = next(p for p in range(1, made.people) if made.played[p] and p % 100)  # not hidden
    other = next(p for p in range(person + 1, made.people) if made.played[p])
    engine = create_engine(db_url)
    try:
        problems = []
        reads = board_reads(boards.user(person), boards.user(other), boards.home(person), 1)
        for name, (lookup, indexes, ordered) in reads.items():
            # a few thousand rows: ask for the index, and for its order where it has one (a sort
            # is then planned only where no index gives the order)
            lines = await planned(engine, lookup, sqlite, name, no_sort=True)
            scans = full_scans(lines, sqlite)
            missing = {index for index in indexes if not uses(lines, index, sqlite)}
            sorted_ = sorts(lines, sqlite) if ordered else []
            if scans or missing or sorted_:
                problems.append(
                    f"{name}: full scans {scans}, not using {sorted(missing)}, sorts {sorted_}:\n  "
                    + "\n  ".join(lines)
                )
        assert not problems, "\n".join(problems)
    finally:
        await engine.dispose()
