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

A write whose result nobody reads may be sent later too, when its caller says so (the execution
option :data:`LATER`) and a transaction is open (outside one it goes at once): it runs in the
next trip, before that trip's statement or before the COMMIT, in the order made. A click's log
and seat writes go with its COMMIT this way. Each still
passes SQLAlchemy's events when it is made (a fault cut there falls where it fell before); one
that fails makes the statement or COMMIT it went with fail, before that COMMIT is sent, so the
transaction is rolled back whole. A rollback, or the connection's return to the pool, forgets
what was not sent.
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
#: the execution option of a write that may go with the transaction's next trip (its result unread)
LATER = "tablekeeper_later"
#: statements waiting for the next trip: (statement, parameters, over many parameter sets)
Ahead = list[tuple[str, Any, bool]]


def _send_ahead(raw: Any, ahead: Ahead | None) -> None:
    """In the driver's thread: the statements held back, in the order made."""
    for operation, parameters, many in ahead or ():
        if many:
            raw.executemany(operation, parameters)
        elif parameters is None:
            raw.execute(operation)
        else:
            raw.execute(operation, parameters)


async def _no_trip() -> None:
    """Awaited for a statement held back: SQLAlchemy requires each execution to await something
    (it takes one that never does for a blocking driver); this one completes without yielding."""


def _commit_after(raw: Any, ahead: Ahead | None) -> None:
    """In the driver's thread: the statements held back, then COMMIT (not sent if one fails)."""
    _send_ahead(raw, ahead)
    raw.commit()


def _begins(operation: Any, parameters: Any) -> bool:
    """Whether ``operation`` only opens a transaction (so it can wait for the next statement)."""
    return isinstance(operation, str) and not parameters and " ".join(operation.upper().split()) in _BEGINS


def _run(raw: Any, operation: str, parameters: Any, ahead: Ahead | None = None) -> Outcome:
    """In the driver's thread: the statements held back (a ``BEGIN``, writes), then execute,
    fetch everything and close, as the adapter's four calls did."""
    _send_ahead(raw, ahead)
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


def _run_many(raw: Any, operation: str, parameters: Sequence[Any], ahead: Ahead | None = None) -> Outcome:
    """In the driver's thread: the statements held back, then one statement over many parameter sets."""
    _send_ahead(raw, ahead)
    cursor = raw.cursor()
    try:
        cursor.executemany(operation, parameters)
        return None, [], cursor.rowcount, cursor.lastrowid
    finally:
        cursor.close()


class OneTripCursor(AsyncAdapt_aiosqlite_cursor):
    """The adapter's cursor with every statement a single trip; it holds no driver cursor between them."""

    __slots__ = ("_description", "_lastrowid", "_later", "_rowcount")

    def __init__(self, adapt_connection: Any) -> None:
        self._adapt_connection = adapt_connection
        self._connection = adapt_connection._connection
        self._rows = collections.deque()
        self._soft_closed_memoized = EMPTY_DICT
        self._description: Any = None
        self._rowcount = -1
        self._lastrowid: int | None = None
        self._later = False  # set for one statement by :func:`send_later`

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
            ahead = self._owner().take_ahead()
            return await self._connection._execute(
                function, self._connection._conn, operation, parameters, ahead
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
        if self._later and self._owner().can_hold():
            self._owner().hold(operation, parameters, many=False)
            self._keep((None, [], -1, None))
            await_(_no_trip())
            return
        try:
            self._keep(await_(self._trip(_run, operation, parameters)))
        except Exception as error:
            self._adapt_connection._handle_exception(error)

    def executemany(self, operation: Any, seq_of_parameters: Any) -> Any:
        """Run one statement over many parameter sets in one trip (or with the next, when :data:`LATER`)."""
        if self._later and self._owner().can_hold():
            self._owner().hold(operation, list(seq_of_parameters), many=True)
            self._keep((None, [], -1, None))
            await_(_no_trip())
            return
        try:
            self._keep(await_(self._trip(_run_many, operation, list(seq_of_parameters))))
        except Exception as error:
            self._adapt_connection._handle_exception(error)


class OneTripConnection(AsyncAdapt_aiosqlite_connection):
    """The adapter's connection, handing out :class:`OneTripCursor` s; it holds a transaction's
    ``BEGIN`` until the transaction's first statement, and writes sent :data:`LATER` until the
    next trip."""

    __slots__ = ("_ahead",)
    _cursor_cls = OneTripCursor

    def __init__(self, dbapi: Any, connection: Any) -> None:
        super().__init__(dbapi, connection)
        self._ahead: Ahead = []

    def hold_begin(self, operation: str) -> None:
        """Keep ``operation`` (a ``BEGIN``) to run just before the next statement."""
        if self._ahead or self._connection.in_transaction:
            # something is held or a transaction is open: send it now, in order (a BEGIN inside a
            # transaction is an error in SQLite, and fails here as it did)
            self._send(operation)
            return
        self._ahead.append((operation, None, False))

    def can_hold(self) -> bool:
        """Whether a write may wait: only inside a transaction, whose COMMIT or rollback ends the wait
        (outside one, a write held back could be lost with nothing after it)."""
        return self._connection.in_transaction or any(_begins(op, params) for op, params, _ in self._ahead)

    def hold(self, operation: str, parameters: Any, *, many: bool) -> None:
        """Keep a write to run in the next trip, before its statement or the COMMIT."""
        self._ahead.append((operation, parameters, many))

    def _send(self, operation: str) -> None:
        try:
            await_(
                self._connection._execute(_run, self._connection._conn, operation, None, self.take_ahead())
            )
        except Exception as error:
            self._handle_exception(error)

    def take_ahead(self) -> Ahead | None:
        """The statements held back (None: none), forgotten here as they go with a trip."""
        ahead, self._ahead = self._ahead, []
        return ahead or None

    def forget_ahead(self) -> None:
        """Drop what was never sent (the transaction ended, or the connection goes back to the pool)."""
        self._ahead = []

    def commit(self) -> None:
        """Commit, with the statements held back in the same trip; a transaction that sent
        nothing but its ``BEGIN`` has nothing to commit (no trip)."""
        ahead = self.take_ahead()
        if ahead is not None and all(_begins(operation, parameters) for operation, parameters, _ in ahead):
            if not self._connection.in_transaction:
                return  # BEGIN then COMMIT with nothing between changes nothing
            ahead = None
        if ahead is None:
            super().commit()
            return
        try:
            await_(self._connection._execute(_commit_after, self._connection._conn, ahead))
        except Exception as error:
            self._handle_exception(error)

    def rollback(self) -> None:
        """Roll back, forgetting what was not sent; no trip when no transaction is open (the
        driver's rollback would do nothing: a failed ``BEGIN``, or one never sent)."""
        self.forget_ahead()
        if self._connection._connection is not None and not self._connection.in_transaction:
            return
        super().rollback()


def send_later(cursor: Any, context: Any) -> None:
    """Mark ``cursor`` to hold its statement for the next trip when the statement asks (:data:`LATER`);
    a ``before_cursor_execute`` hook of SQLite engines."""
    if isinstance(cursor, OneTripCursor):
        cursor._later = bool(context is not None and context.execution_options.get(LATER))


def adapt(dbapi: Any, connection: Any) -> OneTripConnection:
    """Wrap an open aiosqlite connection as SQLAlchemy's adapter would, with one-trip cursors."""
    return OneTripConnection(dbapi, connection)


__all__ = ["LATER", "OneTripConnection", "OneTripCursor", "adapt", "send_later"]
