"""A pooled PostgreSQL connection is checked before use only when it has been quiet (bot/store/db.py).

A ping is three round trips with asyncpg; a busy process reuses a connection within milliseconds,
so it is not pinged then, while one that sat unused is checked and, when its server side is gone,
replaced before any statement of a request is sent.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy import text

from bot.store import db as store_db
from bot.store.db import Database
from tests.bot.pgdb import NEEDS_PG, admin, fresh_database

pytestmark = NEEDS_PG


@pytest.fixture
async def database() -> AsyncIterator[Database]:
    async with fresh_database("live") as url:
        database = Database(url)
        try:
            yield database
        finally:
            await database.dispose()


def _count_pings(database: Database, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    pings: list[int] = []
    dialect = database.engine.sync_engine.dialect
    real = dialect.do_ping

    def counted(dbapi_connection: Any) -> bool:
        pings.append(1)
        return bool(real(dbapi_connection))

    monkeypatch.setattr(dialect, "do_ping", counted)
    return pings


async def _backend(database: Database) -> int:
    async with database.connect() as connection:
        return int((await connection.execute(text("SELECT pg_backend_pid()"))).scalar_one())


async def test_a_connection_handed_back_a_moment_ago_is_taken_without_a_ping(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    pings = _count_pings(database, monkeypatch)
    first = await _backend(database)
    assert await _backend(database) == first  # the same connection, straight back (LIFO)
    assert pings == []


async def test_a_quiet_connection_whose_server_side_died_is_replaced_before_use(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    pings = _count_pings(database, monkeypatch)
    dead = await _backend(database)
    await admin(f"SELECT pg_terminate_backend({dead})")
    monkeypatch.setattr(store_db, "QUIET_S", 0.0)  # as if it had sat unused for a while
    async with database.begin() as connection:  # a write: the request works on a new connection
        fresh = int((await connection.execute(text("SELECT pg_backend_pid()"))).scalar_one())
    assert fresh != dead and pings  # checked (the dead one, then perhaps its fresh replacement)
