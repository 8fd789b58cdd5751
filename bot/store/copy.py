"""Copying a whole Tablekeeper database to another one: how a bot moves from SQLite to PostgreSQL.

Why a command of its own: the two databases differ in types (SQLite has no real booleans or
big integers, PostgreSQL needs its ``tables.id`` sequence moved past the copied ids), so a dump
of one does not load into the other. Here every table of the schema is read through SQLAlchemy
and written back in foreign-key order (servers, tables, seats, moves, results), in batches, in
one transaction on the target: a copy that fails part-way leaves the target as empty as it was.

The target must be empty (it is migrated first, so a brand-new database works); the source must
be at this release's migration. The bot should be stopped while copying: what it writes
meanwhile would not be copied. The click queue (procrastinate's own tables) is not copied.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Table, func, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.store.db import create_engine
from bot.store.migrate import current_revision, head_revision, upgrade
from bot.store.schema import metadata

BATCH = 1_000


class CopyRefused(Exception):
    """The copy cannot start (the message says why, in one line, and what to do)."""


@dataclass(frozen=True)
class Copied:
    """How many rows of each table were copied, in the order they were copied."""

    rows: dict[str, int]

    def line(self) -> str:
        """The counts as one readable line ("12 tables, 30 seats, …")."""
        return ", ".join(f"{count:,} {name}" for name, count in self.rows.items())


def shown(url: str) -> str:
    """A database URL safe to print: its password masked."""
    return make_url(url).render_as_string(hide_password=True)


async def _rows(connection: AsyncConnection, table: Table) -> int:
    return int((await connection.execute(select(func.count()).select_from(table))).scalar_one())


async def _check_source(url: str) -> None:
    revision = await current_revision(url)
    head = head_revision()
    if revision is None:
        raise CopyRefused(f"{shown(url)} holds no Tablekeeper database (no migration recorded).")
    if revision == head:
        return
    if revision.isdigit() and head.isdigit() and int(revision) < int(head):
        raise CopyRefused(
            f"{shown(url)} is at migration {revision}, this release at {head}: upgrade it first "
            "(`tablekeeper db upgrade` with TABLEKEEPER_DATABASE_URL set to it), then copy."
        )
    raise CopyRefused(
        f"{shown(url)} is at migration {revision}, newer than this release's {head}: "
        "copy it with the release that wrote it."
    )


async def _check_empty(connection: AsyncConnection, url: str) -> None:
    for table in metadata.sorted_tables:
        count = await _rows(connection, table)
        if count:
            rows = f"{count:,} {'row' if count == 1 else 'rows'}"
            raise CopyRefused(
                f"{shown(url)} already holds {rows} in {table.name}: copy only into an empty database "
                "(a new one, or one whose Tablekeeper tables were dropped)."
            )


async def _move_sequences(connection: AsyncConnection) -> None:
    """On PostgreSQL, start each serial id after the copied ones (explicit ids do not advance it)."""
    if connection.dialect.name != "postgresql":
        return  # SQLite's integer primary keys continue from the largest id by themselves
    for table in metadata.sorted_tables:
        column = table.autoincrement_column
        if column is None:
            continue
        await connection.execute(
            text(
                f"SELECT setval(pg_get_serial_sequence('{table.name}', '{column.name}'), "
                f"COALESCE(MAX({column.name}), 1), MAX({column.name}) IS NOT NULL) FROM {table.name}"
            )
        )


async def copy_database(source_url: str, target_url: str, batch: int = BATCH) -> Copied:
    """Copy every row of the source database into the empty target (migrated here first)."""
    if make_url(source_url) == make_url(target_url):
        raise CopyRefused("--from and --to name the same database; give the new database as --to.")
    await _check_source(source_url)
    await upgrade(target_url)
    source = create_engine(source_url)
    target = create_engine(target_url)
    counts: dict[str, int] = {}
    try:
        reading = source
        if source.dialect.name == "postgresql":  # one snapshot for every table
            reading = source.execution_options(isolation_level="REPEATABLE READ")
        async with reading.connect() as read, read.begin(), target.begin() as write:
            await _check_empty(write, target_url)
            for table in metadata.sorted_tables:
                order = list(table.primary_key.columns)
                result = await read.stream(select(table).order_by(*order))
                copied = 0
                async for rows in result.mappings().partitions(batch):
                    await write.execute(table.insert(), [dict(row) for row in rows])
                    copied += len(rows)
                counts[table.name] = copied
            await _move_sequences(write)
            for table in metadata.sorted_tables:  # what landed is what was read, table by table
                landed = await _rows(write, table)
                if landed != counts[table.name]:
                    raise RuntimeError(f"{table.name}: {counts[table.name]} rows read, {landed} written")
    finally:
        await source.dispose()
        await target.dispose()
    return Copied(counts)
