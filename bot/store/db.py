"""Database connections: one async engine per URL, SQLite in WAL mode, PostgreSQL via asyncpg.

On SQLite (the embedded default) every write transaction of a process waits its turn on one
asyncio lock and then starts with ``BEGIN IMMEDIATE``. SQLite allows one writer at a time; a
transaction that began as a reader and tries to write after another connection committed fails
at once with "database is locked" (the busy timeout does not apply to that upgrade), which under
load refused clicks. Taking the write lock up front, one transaction at a time, never fails that
way; another process's writer is waited for by the busy timeout.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import Any

from sqlalchemy import event, exc
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import PoolResetState, StaticPool
from sqlalchemy.util import await_

from bot.store import sqlite_trips


def is_sqlite(url: str) -> bool:
    """Whether ``url`` names a SQLite database."""
    return make_url(url).get_backend_name() == "sqlite"


#: a private SQLite database that lives in memory for as long as its engine (the terminal game)
MEMORY_URL = "sqlite+aiosqlite://"


def is_memory(url: str) -> bool:
    """Whether ``url`` names an in-memory SQLite database (also as a ``file:`` URI)."""
    parsed = make_url(url)
    database = parsed.database or ""
    return parsed.get_backend_name() == "sqlite" and (
        database in ("", ":memory:")
        or database.startswith("file::memory:")
        or parsed.query.get("mode") == "memory"
    )


#: execution options that tell :func:`_sqlite_begin` how a SQLite transaction starts
WRITE = {"tablekeeper_begin": "BEGIN IMMEDIATE"}
READ = {"tablekeeper_begin": ""}


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run while a writer commits; NORMAL sync is durable at each checkpoint and
    # safe against corruption; the busy timeout waits for another process's write lock.
    # isolation_level None: the driver never opens a transaction by itself, so _sqlite_begin
    # decides how each one starts.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    """Start a SQLite transaction: IMMEDIATE for writes, none for plain reads, else deferred."""
    statement = connection.get_execution_options().get("tablekeeper_begin", "BEGIN")
    if statement:
        # Reads run each statement on its own (as the driver did before), so a reader never
        # holds a transaction that a write on the same pooled connection would nest inside.
        connection.exec_driver_sql(statement)


def _sqlite_later(_conn: Any, cursor: Any, _statement: str, _params: Any, context: Any, _many: bool) -> None:
    """Let a write marked :data:`.sqlite_trips.LATER` wait for the transaction's next trip."""
    sqlite_trips.send_later(cursor, context)


def _sqlite_reset(dbapi_connection: Any, _record: Any, state: PoolResetState) -> None:
    """Return a SQLite connection to the pool, rolling back only a transaction still open.

    The pool's own reset sends a ROLLBACK on every return, and with aiosqlite each is a round
    trip to the driver's thread: after a commit, or a read that began no transaction, it does
    nothing but wait its turn there. A connection given back mid-transaction (an error, a
    cancelled task) is still rolled back, and what :mod:`.sqlite_trips` held back for the next
    trip (a ``BEGIN``, writes) is forgotten, so it never reaches the next user's transaction.
    """
    forget = getattr(dbapi_connection, "forget_ahead", None)
    if forget is not None:
        forget()
    if state.terminate_only or not state.asyncio_safe or state.transaction_was_reset:
        return
    if getattr(dbapi_connection.driver_connection, "in_transaction", True):
        dbapi_connection.rollback()


async def _open_sqlite(*args: Any, **kwargs: Any) -> Any:
    """Open an aiosqlite connection; if that fails, wait for its thread to stop before raising.

    After a failed open (an unwritable path) aiosqlite tells its worker thread to stop but does
    not wait; the thread then reports back to the event loop, and when ``asyncio.run`` has
    closed the loop by then, it prints a 25-line "Event loop is closed" traceback after our
    one-line error. Waiting here, while the loop still runs, lets it report in time.
    """
    import aiosqlite

    connection = aiosqlite.connect(*args, **kwargs)
    # Before aiosqlite 0.22 the connection was the thread; from 0.22 it holds one.
    thread = connection if isinstance(connection, threading.Thread) else connection._thread
    thread.daemon = True  # as SQLAlchemy sets it: an unclosed connection never blocks the exit
    try:
        return await connection
    except BaseException:
        for _ in range(1000):  # a stopping thread ends within a millisecond or two
            if not thread.is_alive():
                break
            await asyncio.sleep(0.001)
        raise


def _sqlite_connect(dialect: Any, _record: Any, cargs: Any, cparams: Any) -> Any:
    """Connect through :func:`_open_sqlite`, with the arguments SQLAlchemy made from the URL, and
    adapt the connection with one trip to the driver's thread per statement (:mod:`.sqlite_trips`)."""
    return sqlite_trips.adapt(dialect.loaded_dbapi, await_(_open_sqlite(*cargs, **cparams)))


def create_engine(url: str, **kwargs: Any) -> AsyncEngine:
    """An async engine for ``url`` with the per-backend settings Tablekeeper relies on."""
    if is_sqlite(url):
        if is_memory(url):
            # Every new connection to ":memory:" opens a new, empty database: keep one for all.
            kwargs.setdefault("poolclass", StaticPool)
        kwargs.setdefault("pool_reset_on_return", None)  # _sqlite_reset decides
        engine = create_async_engine(url, **kwargs)
        event.listen(engine.sync_engine, "do_connect", _sqlite_connect)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        event.listen(engine.sync_engine, "begin", _sqlite_begin)
        event.listen(engine.sync_engine, "before_cursor_execute", _sqlite_later)
        event.listen(engine.sync_engine.pool, "reset", _sqlite_reset)
        return engine
    # LIFO: the connection handed back last is taken next, so a busy process keeps reusing
    # warm connections that need no liveness check (see _watch_liveness)
    kwargs.setdefault("pool_use_lifo", True)
    # Ten kept open (SQLAlchemy keeps five): with many clicks in flight the pool overflowed and
    # closed a connection at almost every hand-back, and each new one is a server process to
    # start (a fork and a fresh catalogue cache) and a client handshake: 22 connections opened
    # in 200 busy clicks. The most at once stays fifteen, as before.
    kwargs.setdefault("pool_size", 10)
    kwargs.setdefault("max_overflow", 5)
    engine = create_async_engine(url, **kwargs)
    if not kwargs.get("pool_pre_ping"):  # a caller asking for SQLAlchemy's own check gets it alone
        _watch_liveness(engine)
    return engine


#: a pooled connection handed back less than this many seconds ago is taken without a liveness check
QUIET_S = 1.0
#: where a pooled connection's record keeps when it was last handed back (time.monotonic())
_USED = "tablekeeper_used"


def _watch_liveness(engine: AsyncEngine) -> None:
    """Check a pooled server connection is alive before use, unless it was in use a moment ago.

    SQLAlchemy's ``pool_pre_ping`` pings at every checkout; with asyncpg a ping is three round
    trips (BEGIN, an empty query, ROLLBACK), and a queued click takes two connections, so the
    pings were 6 of its 13 round trips. A connection that answered under a second ago is taken
    as it is (as HikariCP does); one quiet for longer is pinged first, and a dead one is replaced
    before any statement is sent, as the pre-ping did. A server that died within that second
    fails the click's first statement: nothing was written, the player is told the move was not
    made (true), and SQLAlchemy drops the pool's older connections as it would after any lost
    connection.
    """
    pool = engine.sync_engine.pool
    dialect = engine.sync_engine.dialect

    def used(_dbapi_connection: Any, record: Any) -> None:
        record.info[_USED] = time.monotonic()

    def ping_if_quiet(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        if record.info.get(_USED, 0.0) > time.monotonic() - QUIET_S:
            return
        try:
            alive = dialect.do_ping(dbapi_connection)
        except Exception as error:  # whatever the ping met, this connection is not to be used
            raise exc.InvalidatePoolError(f"liveness check failed: {type(error).__name__}") from error
        if not alive:
            raise exc.InvalidatePoolError("liveness check failed")
        record.info[_USED] = time.monotonic()

    event.listen(pool, "connect", used)  # a new connection has just answered
    event.listen(pool, "checkin", used)
    event.listen(pool, "checkout", ping_if_quiet)


#: the database whose SQLite write transaction the current task holds (a nested one would wait forever)
_writing: ContextVar[Database | None] = ContextVar("tablekeeper_writing", default=None)


class Database:
    """An async engine plus the transaction helper the services use."""

    def __init__(self, url: str, **engine_kwargs: Any) -> None:
        self.url = url
        self.engine = create_engine(url, **engine_kwargs)
        self.serialised = is_sqlite(url)
        #: one writer at a time in this process (SQLite only; PostgreSQL locks rows)
        self._write_lock = asyncio.Lock()
        self._writer = self.engine.execution_options(**WRITE)
        self._reader = self.engine.execution_options(**READ)

    @asynccontextmanager
    async def begin(self) -> AsyncIterator[AsyncConnection]:
        """An ``async with`` block holding one transaction (committed on success).

        On SQLite it first waits for this process's other write transactions to finish.
        """
        if not self.serialised:
            async with self.engine.begin() as connection:
                yield connection
            return
        if _writing.get() is self:
            raise RuntimeError("a write transaction inside another would wait for itself forever")
        async with self._write_lock:
            token = _writing.set(self)
            try:
                async with self._writer.begin() as connection:
                    yield connection
            finally:
                _writing.reset(token)

    def connect(self) -> Any:
        """An ``async with`` block holding a connection for reads."""
        return (self._reader if self.serialised else self.engine).connect()

    async def dispose(self) -> None:
        """Close every pooled connection."""
        await self.engine.dispose()


__all__ = ["MEMORY_URL", "AsyncConnection", "Database", "create_engine", "is_memory", "is_sqlite"]
