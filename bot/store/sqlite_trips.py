"""SQLite through aiosqlite with one trip to the driver's thread per statement, not three or four.

aiosqlite runs SQLite in a thread of its own; every call crosses to it and back (a queue, a
wake-up of the thread, a wake-up of the event loop). SQLAlchemy's adapter opens a driver cursor
(one trip), executes (two), fetches the rows (three) and closes the cursor (four), so a click's
ten statements were about 35 trips, each a few tens of microseconds of CPU on two threads. This
cursor does all four in one function run in the thread. Statements still pass through
SQLAlchemy's execution (its events, type handling and error mapping see them as before); only
the driver calls beneath are grouped.

A transaction's ``BEGIN`` (``BEGIN IMMEDIATE`` for writes) is not a trip of its own either: it
runs in the driver's thread just before the transaction's first statement, in that statement's
trip. Nothing else runs on the connection in between, so the write lock is taken before any
statement of the transaction, as before; a ``BEGIN`` that fails (another process's writer outlasts
the busy timeout) fails that first statement. A transaction that ends before any statement never
sends its ``BEGIN``, and a connection given back to the pool forgets one not yet sent.
"""

from __future__ import annotations

import collections
from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy.dialects.sqlite.aiosqlite import AsyncAdapt_aiosqlite_connection, AsyncAdapt_aiosqlite_cursor
from sqlalchemy.util import EMPTY_DICT, await_

#: (description, rows, rowcount, lastrowid) of one statement, as the driver's cursor gave them
Outcome = tuple[Any, list[Any], int, int | None]
#: the statements that open a transaction, held back until the next statement's trip
_BEGINS = frozenset({"BEGIN", "BEGIN DEFERRED", "BEGIN IMMEDIATE", "BEGIN EXCLUSIVE"})


def _begins(operation: Any, parameters: Any) -> bool:
    """Whether ``operation`` only opens a transaction (so it can wait for the next statement)."""
    return isinstance(operation, str) and not parameters and " ".join(operation.upper().split()) in _BEGINS


def _run(raw: Any, operation: str, parameters: Any, begin: str | None = None) -> Outcome:
    """In the driver's thread: open the transaction held back (if any), then execute, fetch
    everything and close, as the adapter's four calls did."""
    if begin is not None:
        raw.execute(begin)
    cursor = raw.cursor()
    try:
        if parameters is None:
            cursor.execute(operation)
        else:
            cursor.execute(operation, parameters)
        description = cursor.description
        return description, (cursor.fetchall() if description else []), cursor.rowcount, cursor.lastrowid
    finally:
        cursor.close()


def _run_many(raw: Any, operation: str, parameters: Sequence[Any], begin: str | None = None) -> Outcome:
    """In the driver's thread: the transaction held back (if any), then one statement over many
    parameter sets."""
    if begin is not None:
        raw.execute(begin)
    cursor = raw.cursor()
    try:
        cursor.executemany(operation, parameters)
        return None, [], cursor.rowcount, cursor.lastrowid
    finally:
        cursor.close()


class OneTripCursor(AsyncAdapt_aiosqlite_cursor):
    """The adapter's cursor with every statement a single trip; it holds no driver cursor between them."""

    __slots__ = ("_description", "_lastrowid", "_rowcount")

    def __init__(self, adapt_connection: Any) -> None:
        self._adapt_connection = adapt_connection
        self._connection = adapt_connection._connection
        self._rows = collections.deque()
        self._soft_closed_memoized = EMPTY_DICT
        self._description: Any = None
        self._rowcount = -1
        self._lastrowid: int | None = None

    @property
    def description(self) -> Any:
        """The last statement's columns (None after a statement without rows)."""
        return self._description

    @property
    def rowcount(self) -> int:
        """Rows the last statement changed."""
        return self._rowcount

    @property
    def lastrowid(self) -> Any:
        """The last inserted row's id."""
        return self._lastrowid

    @property
    def arraysize(self) -> int:
        """Rows per fetchmany (all rows are fetched at once anyway)."""
        return 1

    @arraysize.setter
    def arraysize(self, value: int) -> None:
        pass  # every row is already here

    async def _async_soft_close(self) -> None:
        return  # nothing is held open in the driver's thread

    def close(self) -> None:
        """Forget any rows not read."""
        self._rows.clear()

    def _owner(self) -> OneTripConnection:
        return cast("OneTripConnection", self._adapt_connection)

    async def _trip(self, function: Any, operation: str, parameters: Any) -> Outcome:
        async with self._adapt_connection._execute_mutex:
            begin = self._owner().take_begin()
            return await self._connection._execute(
                function, self._connection._conn, operation, parameters, begin
            )

    def _keep(self, outcome: Outcome) -> None:
        self._description, rows, self._rowcount, self._lastrowid = outcome
        self._rows = collections.deque(rows)

    def execute(self, operation: Any, parameters: Any = None) -> Any:
        """Run one statement in one trip; a ``BEGIN`` waits for the next statement's trip."""
        if _begins(operation, parameters):
            self._owner().hold_begin(operation)
            self._keep((None, [], -1, self._lastrowid))
            return
        try:
            self._keep(await_(self._trip(_run, operation, parameters)))
        except Exception as error:
            self._adapt_connection._handle_exception(error)

    def executemany(self, operation: Any, seq_of_parameters: Any) -> Any:
        """Run one statement over many parameter sets in one trip."""
        try:
            self._keep(await_(self._trip(_run_many, operation, list(seq_of_parameters))))
        except Exception as error:
            self._adapt_connection._handle_exception(error)


class OneTripConnection(AsyncAdapt_aiosqlite_connection):
    """The adapter's connection, handing out :class:`OneTripCursor` s; it holds a transaction's
    ``BEGIN`` until the transaction's first statement."""

    __slots__ = ("_begin",)
    _cursor_cls = OneTripCursor

    def __init__(self, dbapi: Any, connection: Any) -> None:
        super().__init__(dbapi, connection)
        self._begin: str | None = None

    def hold_begin(self, operation: str) -> None:
        """Keep ``operation`` (a ``BEGIN``) to run just before the next statement."""
        if self._begin is not None or self._connection.in_transaction:
            # a BEGIN inside a transaction is an error in SQLite: send both now, so it fails here
            for begin in (self.take_begin(), operation):
                if begin is not None:
                    self._send(begin)
            return
        self._begin = operation

    def _send(self, operation: str) -> None:
        try:
            await_(self._connection.execute(operation))
        except Exception as error:
            self._handle_exception(error)

    def take_begin(self) -> str | None:
        """The ``BEGIN`` held back (None: none), forgotten here as it goes with a statement."""
        begin, self._begin = self._begin, None
        return begin

    def forget_begin(self) -> None:
        """Drop a ``BEGIN`` never sent (the transaction ended, or the connection goes back to the pool)."""
        self._begin = None

    def commit(self) -> None:
        """Commit; a transaction whose ``BEGIN`` was never sent has nothing to commit (no trip)."""
        if self.take_begin() is not None and not self._connection.in_transaction:
            return
        super().commit()

    def rollback(self) -> None:
        """Roll back, forgetting a ``BEGIN`` not yet sent; no trip when no transaction is open
        (the driver's rollback would do nothing: a failed ``BEGIN``, or one never sent)."""
        self.forget_begin()
        if self._connection._connection is not None and not self._connection.in_transaction:
            return
        super().rollback()


def adapt(dbapi: Any, connection: Any) -> OneTripConnection:
    """Wrap an open aiosqlite connection as SQLAlchemy's adapter would, with one-trip cursors."""
    return OneTripConnection(dbapi, connection)


__all__ = ["OneTripConnection", "OneTripCursor", "adapt"]
