"""The SQL behind ``/table replay``'s suggestions: a person's and a channel's latest games.

Three short reads, each answered in index order (newest table first) and cut at ``limit``: the
tables where a person sits (``ix_seats_user``: user, then table), the tables opened in a channel
(``ix_tables_channel``: channel, then table) and those played in a thread (``ix_tables_thread``).
Only tables whose game was dealt (a seed is stored) can be replayed, so lobbies are left out.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, RowMapping, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.store import schema
from bot.store.schema import ABORTED, FINISHED, PLAYING

_t = schema.tables
_s = schema.seats

#: the statuses a dealt game can be in
REPLAYABLE = (PLAYING, FINISHED, ABORTED)
_COLUMNS = (
    _t.c.id,
    _t.c.game,
    _t.c.mode,
    _t.c.status,
    _t.c.channel_id,
    _t.c.thread_id,
    _t.c.created_at,
    _t.c.updated_at,
    _t.c.finished_at,
)


def _dealt() -> tuple[ColumnElement[bool], ...]:
    return (_t.c.status.in_(REPLAYABLE), _t.c.seed.is_not(None))


async def games_of(connection: AsyncConnection, user_id: int, limit: int) -> list[RowMapping]:
    """The newest dealt games ``user_id`` sat at (newest first, at most ``limit``)."""
    query = (
        select(*_COLUMNS)
        .select_from(_s.join(_t, _t.c.id == _s.c.table_id))
        .where(_s.c.user_id == user_id, *_dealt())
        .order_by(_s.c.table_id.desc())
        .limit(limit)
    )
    found: dict[int, RowMapping] = {}
    for row in (await connection.execute(query)).mappings():
        found.setdefault(int(row["id"]), row)  # one person holding two seats of a table: once
    return list(found.values())


async def games_in(connection: AsyncConnection, channel_id: int, limit: int) -> list[RowMapping]:
    """The newest ``limit`` dealt games of a channel, or of a thread if ``channel_id`` is one."""
    found: dict[int, RowMapping] = {}
    for column in (_t.c.channel_id, _t.c.thread_id):
        query = select(*_COLUMNS).where(column == channel_id, *_dealt()).order_by(_t.c.id.desc()).limit(limit)
        for row in (await connection.execute(query)).mappings():
            found[int(row["id"])] = row
    return [found[key] for key in sorted(found, reverse=True)[:limit]]
