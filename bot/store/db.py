"""Database connections: one async engine per URL, SQLite in WAL mode, PostgreSQL via asyncpg."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import StaticPool


def is_sqlite(url: str) -> bool:
    """Whether ``url`` names a SQLite database."""
    return make_url(url).get_backend_name() == "sqlite"


#: a private SQLite database that lives in memory for as long as its engine (the terminal game)
MEMORY_URL = "sqlite+aiosqlite://"


def is_memory(url: str) -> bool:
    """Whether ``url`` names an in-memory SQLite database."""
    parsed = make_url(url)
    return parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:")


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run while a writer commits; NORMAL sync is durable at each checkpoint and
    # safe against corruption; the busy timeout waits for another process's write lock.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def create_engine(url: str, **kwargs: Any) -> AsyncEngine:
    """An async engine for ``url`` with the per-backend settings Tablekeeper relies on."""
    if is_sqlite(url):
        if is_memory(url):
            # Every new connection to ":memory:" opens a new, empty database: keep one for all.
            kwargs.setdefault("poolclass", StaticPool)
        engine = create_async_engine(url, **kwargs)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    kwargs.setdefault("pool_pre_ping", True)
    return create_async_engine(url, **kwargs)


class Database:
    """An async engine plus the transaction helper the services use."""

    def __init__(self, url: str, **engine_kwargs: Any) -> None:
        self.url = url
        self.engine = create_engine(url, **engine_kwargs)

    def begin(self) -> Any:
        """An ``async with`` block holding one transaction (committed on success)."""
        return self.engine.begin()

    def connect(self) -> Any:
        """An ``async with`` block holding a connection for reads."""
        return self.engine.connect()

    async def dispose(self) -> None:
        """Close every pooled connection."""
        await self.engine.dispose()


__all__ = ["MEMORY_URL", "AsyncConnection", "Database", "create_engine", "is_memory", "is_sqlite"]
