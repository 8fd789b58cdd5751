"""What SQLite holds back for the next trip to aiosqlite's thread (bot/store/sqlite_trips.py).

A transaction's BEGIN rides with its first statement's trip, yet the write lock is still taken
before any statement, and a BEGIN never sent is never carried to the next use of the pooled
connection. A write marked LATER rides with the next statement or the COMMIT: the transaction
still sees it, one that fails stops the COMMIT, and a rollback forgets it."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError, OperationalError

from bot.store import sqlite_trips
from bot.store.db import Database


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    """One pooled connection to a file with a table ``t``, so every use reuses the same connection."""
    database = Database(f"sqlite+aiosqlite:///{tmp_path}/trips.db", pool_size=1, max_overflow=0)
    async with database.begin() as connection:
        await connection.exec_driver_sql("CREATE TABLE t (x INTEGER)")
    yield database
    await database.dispose()


def _other(tmp_path: Path) -> sqlite3.Connection:
    """A second connection, as another process would have, that never waits for a lock."""
    return sqlite3.connect(tmp_path / "trips.db", timeout=0, isolation_level=None)


def _rows(tmp_path: Path) -> list[int]:
    other = _other(tmp_path)
    try:
        return [x for (x,) in other.execute("SELECT x FROM t ORDER BY x")]
    finally:
        other.close()


async def test_the_write_lock_is_held_from_the_first_statement_of_a_write_transaction(
    db: Database, tmp_path: Path
) -> None:
    other = _other(tmp_path)
    try:
        async with db.begin() as connection:
            await connection.exec_driver_sql("SELECT count(*) FROM t")  # a read, first
            # the BEGIN IMMEDIATE went with that read: another writer is locked out already
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
            await connection.exec_driver_sql("INSERT INTO t VALUES (1)")
            assert _rows(tmp_path) == []  # not committed yet: one transaction
        other.execute("BEGIN IMMEDIATE")  # committed and released
        other.execute("ROLLBACK")
    finally:
        other.close()
    assert _rows(tmp_path) == [1]


async def test_a_begin_never_sent_does_not_open_the_next_users_transaction(
    db: Database, tmp_path: Path
) -> None:
    connection = await db.engine.connect()

    def begin_and_give_back(sync: Any) -> None:
        sync.connection.dbapi_connection.cursor().execute("BEGIN IMMEDIATE")  # held for a statement

    await connection.run_sync(begin_and_give_back)
    await connection.close()  # given back with the BEGIN still held
    async with db.connect() as reader:  # the same pooled connection, statements standing alone
        await reader.exec_driver_sql("INSERT INTO t VALUES (2)")
        assert not reader.sync_connection.connection.driver_connection.in_transaction  # type: ignore[union-attr]
    assert _rows(tmp_path) == [2]  # committed by itself, not left inside a transaction


async def test_a_transaction_with_no_statement_or_a_failed_first_one_leaves_nothing_open(
    db: Database, tmp_path: Path
) -> None:
    async with db.begin():
        pass  # its BEGIN is never sent, and its commit has nothing to do
    with pytest.raises(OperationalError, match="no such table"):
        async with db.begin() as connection:
            await connection.exec_driver_sql("INSERT INTO missing VALUES (1)")
    other = _other(tmp_path)
    try:
        other.execute("BEGIN IMMEDIATE")  # no write lock was left behind
        other.execute("ROLLBACK")
    finally:
        other.close()
    async with db.begin() as connection:
        await connection.exec_driver_sql("INSERT INTO t VALUES (3)")
    assert _rows(tmp_path) == [3]


async def test_a_begin_inside_a_transaction_still_fails_at_once(db: Database) -> None:
    async with db.engine.connect() as connection:

        def begin_twice(sync: Any) -> None:
            cursor = sync.connection.dbapi_connection.cursor()
            cursor.execute("BEGIN")
            cursor.execute("BEGIN")

        # the driver's own error, as a raw cursor always gave it
        with pytest.raises(sqlite3.OperationalError, match="within a transaction"):
            await connection.run_sync(begin_twice)


LATER = {sqlite_trips.LATER: True}


async def test_a_write_sent_later_runs_before_the_next_statement_and_with_the_commit(
    db: Database, tmp_path: Path
) -> None:
    async with db.begin() as connection:
        await connection.exec_driver_sql("INSERT INTO t VALUES (1)", execution_options=LATER)
        # held for the next trip, which carries it before this read: the transaction sees it
        assert (await connection.exec_driver_sql("SELECT count(*) FROM t")).scalar_one() == 1
        await connection.exec_driver_sql("INSERT INTO t VALUES (2)", execution_options=LATER)
        assert _rows(tmp_path) == []  # nothing committed yet
    assert _rows(tmp_path) == [1, 2]  # the second went with the COMMIT


async def test_a_write_sent_later_that_fails_fails_the_commit_and_nothing_lands(
    db: Database, tmp_path: Path
) -> None:
    async with db.begin() as connection:
        await connection.exec_driver_sql("CREATE TABLE u (x INTEGER PRIMARY KEY)")
        await connection.exec_driver_sql("INSERT INTO u VALUES (1)")
    with pytest.raises(IntegrityError):
        async with db.begin() as connection:
            await connection.exec_driver_sql("INSERT INTO t VALUES (3)")
            duplicate = "INSERT INTO u VALUES (1)"
            await connection.exec_driver_sql(duplicate, execution_options=LATER)
    assert _rows(tmp_path) == []  # the COMMIT was never sent: the whole transaction rolled back
    other = _other(tmp_path)
    try:
        other.execute("BEGIN IMMEDIATE")  # and no write lock was left behind
        other.execute("ROLLBACK")
    finally:
        other.close()


async def test_a_write_sent_later_is_forgotten_by_a_rollback(db: Database, tmp_path: Path) -> None:
    with pytest.raises(RuntimeError):
        async with db.begin() as connection:
            await connection.exec_driver_sql("INSERT INTO t VALUES (4)", execution_options=LATER)
            raise RuntimeError("the request failed before its commit")
    async with db.begin() as connection:
        await connection.exec_driver_sql("INSERT INTO t VALUES (5)")
    assert _rows(tmp_path) == [5]  # the held write never reached the next transaction


async def test_a_write_sent_later_outside_a_transaction_goes_at_once(db: Database, tmp_path: Path) -> None:
    async with db.connect() as connection:  # statements standing alone: nothing would send it later
        await connection.exec_driver_sql("INSERT INTO t VALUES (6)", execution_options=LATER)
        assert _rows(tmp_path) == [6]
    assert _rows(tmp_path) == [6]
