"""Migrations from an empty database, and database failures that must lose nothing."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import event, inspect
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.service import ServiceError, Services
from bot.service.truth import NOT_DONE, Unavailable
from bot.store import schema, upgrade
from bot.store.db import Database, create_engine
from bot.store.migrate import SHIPPED_HEAD, current_revision, head_revision
from tests.bot.service.helpers import asked, duel, moves, tok


async def test_migrations_upgrade_an_empty_database_to_the_schema(tmp_path: object) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/empty.db"
    assert await current_revision(url) is None
    assert await upgrade(url) == head_revision()
    assert await upgrade(url) == head_revision()  # running again is harmless
    engine = create_engine(url)
    async with engine.connect() as connection:
        names = await connection.run_sync(lambda c: set(inspect(c).get_table_names()))
        diff = await connection.run_sync(
            lambda c: compare_metadata(MigrationContext.configure(c), schema.metadata)
        )
        mode = (await connection.exec_driver_sql("PRAGMA journal_mode")).scalar()
    await engine.dispose()
    assert {"guild_settings", "tables", "seats", "moves", "results", "alembic_version"} <= names
    assert diff == []  # the migration builds exactly the schema the code uses
    assert mode == "wal"


def test_the_shipped_head_is_the_newest_migration() -> None:
    # A new migration must move SHIPPED_HEAD too, or a database at the old head would skip it.
    assert head_revision() == SHIPPED_HEAD


async def test_a_database_one_migration_behind_is_brought_to_the_head(tmp_path: object) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/behind.db"
    assert await upgrade(url, "0004") == "0004"
    assert await current_revision(url) == "0004"
    assert await upgrade(url) == SHIPPED_HEAD  # the shortcut must not stop short of the head


def test_a_start_on_a_database_at_the_head_imports_no_alembic(tmp_path: object) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/at-head.db"
    assert asyncio.run(upgrade(url)) == SHIPPED_HEAD
    # A fresh interpreter: this one has imported Alembic for the line above.
    probe = (
        "import asyncio, sys\n"
        "from bot.service import Services\n"
        "from bot.settings import Settings\n"
        "async def main():\n"
        f"    services = await Services.start(Settings(database_url={url!r}), migrate=True)\n"
        "    await services.close()\n"
        "asyncio.run(main())\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'alembic', 'mako'}))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


async def test_migrated_schema_matches_on_each_backend(db_url: str) -> None:
    engine = create_engine(db_url)
    async with engine.connect() as connection:
        diff = await connection.run_sync(
            lambda c: compare_metadata(MigrationContext.configure(c), schema.metadata)
        )
    await engine.dispose()
    assert diff == []


async def test_a_failed_commit_is_unavailable_and_loses_nothing(services: Services) -> None:
    delivery = await duel(services)
    _, user, key = asked(delivery)
    failures = {"left": 1}

    def fail_once(connection: object) -> None:
        if failures["left"]:
            failures["left"] -= 1
            raise OSError("disk went away")

    event.listen(services.db.engine.sync_engine, "commit", fail_once)
    with pytest.raises(ServiceError) as error:
        await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    # the commit failed and the check found it had not landed: the move was surely not made
    assert error.value.code == "unavailable" and "your move was not made" in error.value.message
    assert await services.tables.log(delivery.table.id) == []
    assert await moves(services, delivery.table.id) == 0
    # the same click, retried, is applied exactly once
    await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    assert await moves(services, delivery.table.id) == 1
    assert await services.tables.replay_check(delivery.table.id)


@pytest.mark.parametrize("held", ["INSERT INTO moves", "UPDATE seats"])
async def test_a_held_click_write_that_fails_in_the_commits_trip_loses_nothing_and_says_so(
    services: Services, monkeypatch: pytest.MonkeyPatch, held: str
) -> None:
    """On SQLite a click's log and seat writes run in the COMMIT's trip (``sqlite_trips.LATER``).

    One failing there, when the database runs it (not when it is made, where the fault sweeps cut),
    stops the COMMIT: the click is told it was not made, nothing of it is kept, and the same
    click then goes through once.
    """
    if services.db.engine.dialect.name != "sqlite":
        pytest.skip("only SQLite holds a click's writes for the COMMIT's trip")
    from bot.store import sqlite_trips

    delivery = await duel(services)
    _, user, key = asked(delivery)
    real = sqlite_trips._send_ahead
    failed: list[str] = []

    def failing(raw: Any, ahead: Any) -> None:
        for operation, _, _ in ahead or ():
            if operation.startswith(held) and not failed:
                failed.append(operation)
                raise sqlite3.OperationalError("disk I/O error")
        real(raw, ahead)

    monkeypatch.setattr(sqlite_trips, "_send_ahead", failing)
    with pytest.raises(ServiceError) as error:
        await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    assert failed, f"no {held} was held for the COMMIT's trip"
    assert error.value.code == "unavailable" and "your move was not made" in error.value.message
    assert await services.tables.log(delivery.table.id) == []
    assert await moves(services, delivery.table.id) == 0
    await services.tables.act(delivery.table.id, user, tok(delivery, user), key)  # the same buttons
    assert await moves(services, delivery.table.id) == 1
    assert await services.tables.replay_check(delivery.table.id)


async def test_an_unreachable_database_is_unavailable(tmp_path: object) -> None:
    broken = await Services.start(url=f"sqlite+aiosqlite:///{tmp_path}/missing/dir/x.db", migrate=False)
    try:
        with pytest.raises(ServiceError) as error:
            await broken.tables.status(1)
        assert error.value.code == "unavailable"
    finally:
        await broken.close()


@asynccontextmanager
async def down() -> AsyncIterator[AsyncConnection]:
    """A database that does not answer: not one statement reaches it."""
    raise Unavailable(NOT_DONE)
    yield


async def test_a_commit_that_landed_before_the_connection_dropped_counts_and_says_so(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue: a move saved just before the connection dropped was reported as "nothing was changed"."""
    from bot.service.truth import IN_DOUBT

    delivery = await duel(services)
    _, user, key = asked(delivery)
    real = services.runtime.transaction

    @asynccontextmanager
    async def drops_after_commit():  # type: ignore[no-untyped-def]
        monkeypatch.setattr(services.runtime, "transaction", real)  # only this one commit
        async with real() as connection:
            yield connection
        raise Unavailable(IN_DOUBT, in_doubt=True)  # the server committed; the answer was lost

    monkeypatch.setattr(services.runtime, "transaction", drops_after_commit)
    after = await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    assert await moves(services, delivery.table.id) == 1  # saved once...
    assert after.public.narration  # ...and delivered: the DMs are redrawn with the new buttons
    with pytest.raises(ServiceError) as error:  # the old buttons are refused, not applied twice
        await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    assert error.value.code == "stale"
    assert await services.tables.replay_check(delivery.table.id)


async def test_when_even_the_check_fails_the_player_is_told_it_is_unknown(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A commit the database was confirming when it dropped, and no answer to the check either."""

    delivery = await duel(services)
    _, user, key = asked(delivery)

    def drops_at_commit(connection: object) -> None:
        event.remove(services.db.engine.sync_engine, "commit", drops_at_commit)
        raise OSError("connection reset while committing")

    event.listen(services.db.engine.sync_engine, "commit", drops_at_commit)
    monkeypatch.setattr(services.runtime, "reading", down)
    with pytest.raises(ServiceError) as error:
        await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    assert error.value.code == "unavailable"
    assert "can't tell yet whether it counted" in error.value.message
    assert "nothing was changed" not in error.value.message


async def test_a_database_down_before_the_click_says_the_move_was_not_made(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 22 item 3: nothing was sent, so the player hears plainly that the move can be made again."""
    from bot.service.truth import MOVE_NOT_MADE

    delivery = await duel(services)
    _, user, key = asked(delivery)
    real = services.runtime.transaction

    monkeypatch.setattr(services.runtime, "transaction", down)
    with pytest.raises(ServiceError) as error:
        await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    assert error.value.message == MOVE_NOT_MADE
    assert await moves(services, delivery.table.id) == 0
    monkeypatch.setattr(services.runtime, "transaction", real)
    await services.tables.act(delivery.table.id, user, tok(delivery, user), key)  # the same buttons
    assert await moves(services, delivery.table.id) == 1


async def test_a_sqlite_connection_goes_back_to_the_pool_without_a_rollback_unless_mid_transaction(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    rollbacks: list[bool] = []
    rollback = aiosqlite.Connection.rollback

    async def counted(self: aiosqlite.Connection) -> None:
        rollbacks.append(self.in_transaction)
        await rollback(self)

    monkeypatch.setattr(aiosqlite.Connection, "rollback", counted)
    db = Database(f"sqlite+aiosqlite:///{tmp_path}/pool.db", pool_size=1, max_overflow=0)
    try:
        async with db.begin() as connection:
            await connection.exec_driver_sql("CREATE TABLE t (x INTEGER)")
        rollbacks.clear()  # the first connection's own set-up
        async with db.begin() as connection:
            await connection.exec_driver_sql("INSERT INTO t VALUES (0)")
        # a committed write goes back as it is: the driver's thread is not asked for a ROLLBACK
        # that would change nothing
        assert rollbacks == []
        # a connection given back in the middle of a transaction (its task was cancelled, say)...
        connection = await db.engine.connect()

        def begin_behind_its_back(sync: Any) -> None:
            cursor = sync.connection.dbapi_connection.cursor()
            cursor.execute("BEGIN IMMEDIATE")
            cursor.execute("INSERT INTO t VALUES (1)")

        await connection.run_sync(begin_behind_its_back)
        await connection.close()
        assert rollbacks == [True]
        # ...was rolled back: the one pooled connection writes again, and that row never landed
        async with db.begin() as connection:
            await connection.exec_driver_sql("INSERT INTO t VALUES (2)")
        async with db.connect() as connection:
            assert (await connection.exec_driver_sql("SELECT x FROM t")).scalars().all() == [0, 2]
    finally:
        await db.dispose()
