"""The SQL of tables, their seats and their move logs: small typed functions over one connection.

The service layer decides *when* to read and where a transaction begins and ends; this module
only says *what* is read or written, so every statement on ``tables``, ``seats`` and ``moves``
that the table rooms run lives in one place. Each function takes the caller's
:class:`AsyncConnection` (a read connection or an open transaction) and plain values, and
returns plain values or row mappings: no service types, no errors for the user (a guarded write
returns whether it hit its row; the caller decides what that means).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from sqlalchemy import (
    RowMapping,
    bindparam,
    delete,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.store import click_sql as sql
from bot.store import schema
from bot.store.schema import ACTIVE
from bot.store.sqlite_trips import LATER

#: execution options of a write whose result nobody reads, and of any other
_LATER: dict[str, Any] = {LATER: True}
_NOW: dict[str, Any] = {}
_t = schema.tables
_s = schema.seats
_m = schema.moves

#: the per-seat columns a commit may change, keyed by (table, seat); one parameter set per seat
_SEAT_UPDATE = (
    update(_s)
    .where(_s.c.table_id == bindparam("row_table"), _s.c.seat == bindparam("row_seat"))
    .values(
        bot=bindparam("bot"),
        has_left=bindparam("has_left"),
        prompted_at=bindparam("prompted_at"),
        deadline=bindparam("deadline"),
        remind_at=bindparam("remind_at"),
        reminded=bindparam("reminded"),
        moves=bindparam("moves"),
    )
)
#: what a seat's DM shows (its message and the adapter's fingerprint of it); one parameter set per seat
_DM_UPDATE = (
    update(_s)
    .where(_s.c.table_id == bindparam("row_table"), _s.c.seat == bindparam("row_seat"))
    .values(dm_message_id=bindparam("dm_message_id"), dm_digest=bindparam("dm_digest"))
)


# ---------------------------------------------------------------------- reads
async def table_mapping(connection: AsyncConnection, table_id: int) -> RowMapping | None:
    """The whole ``tables`` row of ``table_id`` (snapshot included), or None."""
    result = await connection.execute(sql.TABLE_ROW, {"w_id": table_id})
    return result.mappings().first()


async def seat_mappings(connection: AsyncConnection, table_id: int) -> Sequence[RowMapping]:
    """The ``seats`` rows of ``table_id`` in seat order."""
    result = await connection.execute(sql.SEAT_ROWS, {"w_id": table_id})
    return result.mappings().all()


async def active_table_in(connection: AsyncConnection, channel_id: int) -> int | None:
    """The id of the open or running table in channel (or thread) ``channel_id``, if any."""
    result = await connection.execute(
        select(_t.c.id)
        .where(
            or_(_t.c.active_channel_id == channel_id, _t.c.thread_id == channel_id),
            _t.c.status.in_(ACTIVE),
        )
        .limit(1)
    )
    table_id = result.scalar()
    return None if table_id is None else int(table_id)


async def active_tables_of(connection: AsyncConnection, user_id: int) -> list[int]:
    """Ids of the open and running tables where ``user_id`` holds a seat, newest first."""
    result = await connection.execute(
        select(_t.c.id)
        .join(_s, _s.c.table_id == _t.c.id)
        .where(_s.c.user_id == user_id, _t.c.status.in_(ACTIVE))
        .distinct()
        .order_by(_t.c.id.desc())
    )
    return [int(x) for x in result.scalars().all()]


async def public_message(connection: AsyncConnection, table_id: int) -> tuple[int | None, str | None] | None:
    """(public message id, its digest) of ``table_id``; None if there is no such table."""
    result = await connection.execute(
        select(_t.c.public_message_id, _t.c.public_digest).where(_t.c.id == table_id)
    )
    row = result.first()
    return None if row is None else (row.public_message_id, row.public_digest)


#: (public message id, its digest), {seat: (DM message id, its digest)}
Refs = tuple[tuple[int | None, str | None], dict[int, tuple[int | None, str | None]]]


class ChangeReads(NamedTuple):
    """What a change's commit reads in one statement (see :func:`change_reads`)."""

    refs: Refs  # what the table's messages show
    timeout: int | None  # the server's stored turn timeout (None: none stored, or no server)
    mention: bool | None  # whether the server mentions whoever must act (None: likewise)


async def message_refs(connection: AsyncConnection, table_id: int) -> Refs | None:
    """What ``table_id``'s messages show: ((public message id, its digest), {seat: (DM message id,
    its digest)} for seats with either recorded); None if there is no such table."""
    found = await change_reads(connection, table_id)
    return None if found is None else found.refs


async def change_reads(connection: AsyncConnection, table_id: int) -> ChangeReads | None:
    """:func:`message_refs` and the server settings a change and its messages use, in one
    statement (each statement is a round trip); None if there is no such table."""
    result = await connection.execute(sql.CHANGE_READS, {"w_id": table_id})
    rows = result.all()
    if not rows:
        return None
    dms = {
        int(r.seat): (r.dm_message_id, r.dm_digest)
        for r in rows
        if r.seat is not None and (r.dm_message_id is not None or r.dm_digest is not None)
    }
    first = rows[0]
    return ChangeReads(
        ((first.public_message_id, first.public_digest), dms),
        None if first.turn_timeout_seconds is None else int(first.turn_timeout_seconds),
        None if first.mention_on_turn is None else bool(first.mention_on_turn),
    )


async def move_log(connection: AsyncConnection, table_id: int) -> list[tuple[int, int, str]]:
    """The match log of ``table_id`` as (seq, seat, action key), oldest first."""
    result = await connection.execute(
        select(_m.c.seq, _m.c.seat, _m.c.action_key).where(_m.c.table_id == table_id).order_by(_m.c.seq)
    )
    return [(int(a), int(b), str(c)) for a, b, c in result.all()]


async def version_and_snapshot(connection: AsyncConnection, table_id: int) -> tuple[int, bytes | None] | None:
    """The row version and stored snapshot of ``table_id`` (None when there is no such table)."""
    row = (await connection.execute(select(_t.c.version, _t.c.snapshot).where(_t.c.id == table_id))).first()
    return None if row is None else (int(row[0]), row[1])


async def version_of(connection: AsyncConnection, table_id: int) -> int | None:
    """The row version of ``table_id`` alone (None when there is no such table): a cache check."""
    row = (await connection.execute(sql.VERSION_OF, {"w_id": table_id})).first()
    return None if row is None else int(row[0])


# ---------------------------------------------------------------------- writes
async def insert_table(connection: AsyncConnection, values: Mapping[str, Any]) -> int:
    """Insert a ``tables`` row; return its new id (IntegrityError: the channel already has one)."""
    result = await connection.execute(insert(_t).values(**values).returning(_t.c.id))
    return int(result.scalar_one())


async def insert_seats(connection: AsyncConnection, rows: Sequence[Mapping[str, Any]]) -> None:
    """Insert ``seats`` rows (each holds its ``table_id``)."""
    await connection.execute(insert(_s), [dict(r) for r in rows])


async def update_table_at(
    connection: AsyncConnection, table_id: int, version: int, values: Mapping[str, Any]
) -> bool:
    """Write ``values`` and bump the row version if the row is still at ``version`` (True: written)."""
    result = await connection.execute(
        sql.table_update(tuple(values), True), sql.table_params(table_id, dict(values), version)
    )
    return bool(result.rowcount == 1)


async def write_change(
    connection: AsyncConnection,
    table_id: int,
    version: int,
    values: Mapping[str, Any],
    moves: Sequence[Mapping[str, Any]],
    seats: Sequence[Mapping[str, Any]],
) -> bool:
    """A change's writes: the table row at ``version`` (as :func:`update_table_at`), then its new
    match-log rows (as :func:`insert_moves`) and seat rows (as :func:`update_seat_rows`) only if
    the row was still at ``version``; True when it was (all written), False when nothing was.

    On PostgreSQL this is one statement (data-modifying CTEs: the log and seat writes hang on the
    table update's returned row), so one round trip instead of three; SQLite has no such CTEs and
    runs the three in turn.
    """
    if connection.dialect.name != "postgresql":
        if not await update_table_at(connection, table_id, version, values):
            return False
        # nothing reads these two writes' results: they go to the driver's thread with the
        # transaction's next trip (its COMMIT, as a rule) instead of a trip each
        if moves:
            await insert_moves(connection, moves, later=True)
        if seats:
            await update_seat_rows(connection, table_id, seats, later=True)
        return True
    params = sql.table_params(table_id, dict(values), version)
    for i, row in enumerate(moves):
        params.update({f"m{i}_{c}": row[c] for c in sql.MOVE_COLUMNS})
    for i, row in enumerate(seats):
        params.update({f"s{i}_{c}": row[c] for c in ("seat", *sql.SEAT_COLUMNS)})
    result = await connection.execute(sql.change_write(tuple(values), len(moves), len(seats)), params)
    return bool(result.scalar_one() == 1)


async def update_table(connection: AsyncConnection, table_id: int, values: Mapping[str, Any]) -> bool:
    """Write ``values`` to the table row whatever its version (True: the table exists)."""
    result = await connection.execute(
        sql.table_update(tuple(values), False), sql.table_params(table_id, dict(values))
    )
    return bool(result.rowcount == 1)


async def update_seats(
    connection: AsyncConnection, table_id: int, values: Mapping[str, Any], *, seat: int | None = None
) -> int:
    """Write ``values`` to every seat of ``table_id`` (or only ``seat``); return how many rows matched."""
    where = _s.c.table_id == table_id
    if seat is not None:
        where = where & (_s.c.seat == seat)
    result = await connection.execute(update(_s).where(where).values(**values))
    return int(result.rowcount)


async def update_seat_rows(
    connection: AsyncConnection, table_id: int, rows: Sequence[Mapping[str, Any]], *, later: bool = False
) -> None:
    """Write the commit-time columns of several seats in one batched statement.

    Each row holds ``seat`` and the columns ``bot``, ``has_left``, ``prompted_at``, ``deadline``,
    ``remind_at``, ``reminded`` and ``moves``. ``later``: on SQLite it may wait for the
    transaction's next trip to the driver's thread (:data:`.sqlite_trips.LATER`).
    """
    await connection.execute(
        _SEAT_UPDATE,
        [
            {"row_table": table_id, "row_seat": r["seat"], **{k: v for k, v in r.items() if k != "seat"}}
            for r in rows
        ],
        execution_options=_LATER if later else _NOW,
    )


async def update_dm_refs(
    connection: AsyncConnection, table_id: int, rows: Sequence[tuple[int, int | None, str | None]]
) -> int:
    """Record (seat, DM message id, digest) for several seats in one batched statement.

    Returns the rows matched when the driver tells (-1 when it does not).
    """
    result = await connection.execute(
        _DM_UPDATE,
        [
            {"row_table": table_id, "row_seat": seat, "dm_message_id": message_id, "dm_digest": digest}
            for seat, message_id, digest in rows
        ],
    )
    return int(result.rowcount)


async def record_shown(
    connection: AsyncConnection,
    table_id: int,
    public: tuple[int | None, str | None] | None,
    dms: Sequence[tuple[int, int | None, str | None]],
) -> str | None:
    """Record what the table message shows (``public``: message id, digest) and several seats'
    DMs (seat, message id, digest); return what is missing ("table" or "seat"), else None.

    Nothing is written when something is missing on PostgreSQL, where this is one statement (the
    records of the table and each DM are data-modifying CTEs: one round trip, atomic even outside
    a transaction); SQLite runs :func:`update_table` and :func:`update_dm_refs`, and the caller's
    transaction is rolled back.
    """
    if connection.dialect.name != "postgresql":
        values = {"public_message_id": public[0], "public_digest": public[1]} if public else {}
        if values and not await update_table(connection, table_id, values):
            return "table"
        return "seat" if dms and await update_dm_refs(connection, table_id, dms) == 0 else None
    params: dict[str, object] = {"w_id": table_id}
    if public is not None:
        params.update(p_id=public[0], p_digest=public[1])
    for i, (seat, message_id, digest) in enumerate(dms):
        params.update({f"d{i}_seat": seat, f"d{i}_id": message_id, f"d{i}_digest": digest})
    result = await connection.execute(sql.shown_write(public is not None, len(dms)), params)
    table, seats = result.one()
    if not table:
        return "table"
    return "seat" if dms and not seats else None


async def delete_seats(connection: AsyncConnection, table_id: int) -> None:
    """Delete every seat of ``table_id`` (a lobby rewrites its seats)."""
    await connection.execute(delete(_s).where(_s.c.table_id == table_id))


async def set_dm_open(
    connection: AsyncConnection, user_id: int, is_open: bool, table_id: int | None
) -> list[int]:
    """Mark ``user_id``'s seats DM-open or not (at ``table_id``, or every active table); return the tables."""
    where = _s.c.user_id == user_id
    if table_id is not None:
        where = where & (_s.c.table_id == table_id)
    else:
        # correlated, so the planner walks this user's seats (ix_seats_user) and checks each
        # table by its key instead of listing every active table
        active = select(_t.c.id).where(_t.c.id == _s.c.table_id, _t.c.status.in_(ACTIVE))
        where = where & active.exists()
    ids = (await connection.execute(select(_s.c.table_id).where(where).distinct())).scalars().all()
    await connection.execute(update(_s).where(where).values(dm_open=is_open))
    return [int(x) for x in ids]


# ---------------------------------------------------------------------- the log and results
async def insert_moves(
    connection: AsyncConnection, rows: Sequence[Mapping[str, Any]], *, later: bool = False
) -> None:
    """Append match-log rows (``table_id``, ``seq``, ``seat``, ``action_key``, ``at``); ``later``:
    as :func:`update_seat_rows`."""
    await connection.execute(
        sql.MOVE_INSERT, [dict(r) for r in rows], execution_options=_LATER if later else _NOW
    )


async def insert_results(connection: AsyncConnection, rows: Sequence[Mapping[str, Any]]) -> None:
    """Insert one ``results`` row per seat of a finished game."""
    await connection.execute(insert(schema.results), [dict(r) for r in rows])
