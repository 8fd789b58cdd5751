"""SQLite through aiosqlite with one trip to the driver's thread per statement, not three or four.

aiosqlite runs SQLite in a thread of its own; every call crosses to it and back (a queue, a
wake-up of the thread, a wake-up of the event loop). SQLAlchemy's adapter opens a driver cursor
(one trip), executes (two), fetches the rows (three) and closes the cursor (four), so a click's
ten statements were about 35 trips, each a few tens of microseconds of CPU on two threads. This
cursor does all four in one function run in the thread. Statements still pass through
SQLAlchemy's execution (its events, type handling and error mapping see them as before); only
the driver calls beneath are grouped.
"""

from __future__ import annotations

import collections
from collections.abc import Sequence
from typing import Any

from sqlalchemy.dialects.sqlite.aiosqlite import AsyncAdapt_aiosqlite_connection, AsyncAdapt_aiosqlite_cursor
from sqlalchemy.util import EMPTY_DICT, await_

#: (description, rows, rowcount, lastrowid) of one statement, as the driver's cursor gave them
Outcome = tuple[Any, list[Any], int, int | None]


def _run(raw: Any, operation: str, parameters: Any) -> Outcome:
    """In the driver's thread: execute, fetch everything and close, as the adapter's four calls did."""
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


def _run_many(raw: Any, operation: str, parameters: Sequence[Any]) -> Outcome:
    """In the driver's thread: one statement over many parameter sets."""
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

    async def _trip(self, function: Any, operation: str, parameters: Any) -> Outcome:
        async with self._adapt_connection._execute_mutex:
            return await self._connection._execute(function, self._connection._conn, operation, parameters)

    def _keep(self, outcome: Outcome) -> None:
        self._description, rows, self._rowcount, self._lastrowid = outcome
        self._rows = collections.deque(rows)

    def execute(self, operation: Any, parameters: Any = None) -> Any:
        """Run one statement in one trip."""
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
    """The adapter's connection, handing out :class:`OneTripCursor` s."""

    __slots__ = ()
    _cursor_cls = OneTripCursor


def adapt(dbapi: Any, connection: Any) -> OneTripConnection:
    """Wrap an open aiosqlite connection as SQLAlchemy's adapter would, with one-trip cursors."""
    return OneTripConnection(dbapi, connection)


__all__ = ["OneTripConnection", "OneTripCursor", "adapt"]
