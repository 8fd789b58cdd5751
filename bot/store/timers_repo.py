"""The SQL of turn timers: which tables have a reminder or a deadline due, claiming and clearing them.

Like :mod:`.tables_repo` (the rest of what the table rooms run on ``tables`` and ``seats``), each
function takes the caller's connection and plain values; the timer loop (``bot.service.timers``)
decides when they run. A process runs the timers of its shard's tables only (:func:`shard_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Integer, case, func, literal, select, true, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.store import schema
from bot.store.schema import PLAYING

_t = schema.tables
_s = schema.seats


#: how a table maps to a shard: a server's table goes with its server, as Discord shards
#: servers ((guild_id >> 22) % shard_count); a DM table has no server, so its own id spreads
#: DM tables evenly over the shards (table_id % shard_count)
def shard_key() -> Any:
    """The SQL value whose remainder by the shard count is a table's shard."""
    # PostgreSQL shifts a bigint by an int only: the 22 must not be bound as a bigint
    return func.coalesce(_t.c.guild_id.op(">>")(literal(22, Integer)), _t.c.id)


def shard_of(guild_id: int | None, table_id: int, shard_count: int) -> int:
    """The shard whose process runs ``table_id``'s timers (the same rule as :func:`shard_key`)."""
    return (guild_id >> 22 if guild_id is not None else table_id) % shard_count


def _in_shards(shards: tuple[int, tuple[int, ...]] | None) -> Any:
    """A condition on ``tables`` keeping the tables of ``(shard count, shard ids)`` (None: all)."""
    if shards is None:
        return true()
    count, ids = shards
    return (shard_key() % count).in_(ids)


def _reminder_due(moment: float) -> Any:
    # remind_at is cleared when a reminder is claimed, so the remind_at index holds only
    # reminders still to send (and, briefly, seats whose deadline passed before anyone sent one)
    return (
        (_s.c.remind_at <= moment)
        & (_s.c.deadline > moment)
        & _s.c.reminded.is_(False)
        & _s.c.user_id.is_not(None)
        & _s.c.bot.is_(None)
    )


async def due_reminder_tables(
    connection: AsyncConnection, moment: float, shards: tuple[int, tuple[int, ...]] | None, limit: int
) -> list[int]:
    """Running tables (of ``shards``) with a reminder due, longest due first (read only)."""
    # The plan must walk ix_seats_remind_at, reading only due seats. SQLite has no statistics
    # and would start from ix_tables_status instead (every running table): the status is
    # compared as an expression (status || ''), which no index serves, and the rows are ordered
    # by remind_at, which the index gives for free.
    result = await connection.execute(
        select(_s.c.table_id)
        .join(_t, _t.c.id == _s.c.table_id)
        .where(_reminder_due(moment), _t.c.status.concat("") == PLAYING, _in_shards(shards))
        .order_by(_s.c.remind_at)
        .limit(limit)
    )
    return list(dict.fromkeys(int(x) for x in result.scalars().all()))


async def claim_reminders(connection: AsyncConnection, table_id: int, moment: float) -> list[int]:
    """Mark the due reminders of ``table_id`` sent; return their seats (this caller sends them).

    One statement: of two processes claiming at once, only one sees each seat come back.
    """
    playing = select(_t.c.id).where(_t.c.id == table_id, _t.c.status == PLAYING)
    result = await connection.execute(
        update(_s)
        .where(_s.c.table_id == table_id, _s.c.table_id.in_(playing), _reminder_due(moment))
        .values(reminded=True, remind_at=None)
        .returning(_s.c.seat)
    )
    return sorted(int(x) for x in result.scalars().all())


async def due_deadline_tables(
    connection: AsyncConnection, moment: float, shards: tuple[int, tuple[int, ...]] | None, limit: int
) -> list[tuple[int, str]]:
    """(table, status) of tables (of ``shards``) where some seat's deadline has passed, oldest first."""
    # Ordered by deadline so that the plan walks ix_seats_deadline (see due_reminder_tables).
    result = await connection.execute(
        select(_s.c.table_id, _t.c.status)
        .join(_t, _t.c.id == _s.c.table_id)
        .where(_s.c.deadline <= moment, _in_shards(shards))
        .order_by(_s.c.deadline)
        .limit(limit)
    )
    return list(dict.fromkeys((int(t), str(status)) for t, status in result.all()))


async def clear_timers(
    connection: AsyncConnection, table_id: int, seats: Sequence[int] | None = None
) -> None:
    """Clear the turn timers of ``table_id``'s seats (or of ``seats``): nothing is asked of them."""
    where = (_s.c.table_id == table_id) & (_s.c.deadline.is_not(None) | _s.c.remind_at.is_not(None))
    if seats is not None:
        where = where & _s.c.seat.in_(seats)
    await connection.execute(update(_s).where(where).values(prompted_at=None, deadline=None, remind_at=None))


async def rebase_deadlines(
    connection: AsyncConnection, guild_id: int, seconds: int, fraction: float
) -> list[int]:
    """Set running timers of ``guild_id`` to ``seconds`` after each prompt (0: none); return the tables."""
    playing = select(_t.c.id).where(_t.c.guild_id == guild_id, _t.c.status == PLAYING)
    pending = _s.c.table_id.in_(playing) & _s.c.prompted_at.is_not(None)
    if seconds <= 0:
        values: dict[str, Any] = {"deadline": None, "remind_at": None}
    else:
        # a reminder already sent is not sent again (remind_at stays clear, see _reminder_due)
        remind = case((_s.c.reminded.is_(True), None), else_=_s.c.prompted_at + seconds * fraction)
        values = {"deadline": _s.c.prompted_at + seconds, "remind_at": remind}
    await connection.execute(update(_s).where(pending).values(**values))
    return [int(x) for x in (await connection.execute(playing)).scalars().all()]
