"""The SQL behind first contact: is this a server's first table, and who plays a game for the first time.

Both reads are existence checks answered from indexes: a server's tables through
``ix_tables_guild_status`` (guild first), a person's seats through ``ix_seats_user`` (user, then
table). A game counts once it was dealt (a seed is stored), so a lobby closed before the deal
does not make its players veterans.
"""

from __future__ import annotations

from sqlalchemy import and_, exists, false, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.store import schema

_t = schema.tables
_s = schema.seats


async def earlier_table(connection: AsyncConnection, guild_id: int, table_id: int) -> bool:
    """Whether a table (not a solo game) was opened in ``guild_id`` before ``table_id``."""
    query = select(exists().where(_t.c.guild_id == guild_id, _t.c.id < table_id, _t.c.solo == false()))
    return bool(await connection.scalar(query))


async def first_timers(connection: AsyncConnection, table_id: int) -> list[int]:
    """The people seated at ``table_id`` with no seat at another dealt game of the same game."""
    here = select(_t.c.game).where(_t.c.id == table_id).scalar_subquery()
    other_seat = _s.alias("other_seat")
    other_table = _t.alias("other_table")
    played = (
        exists()
        .select_from(other_seat.join(other_table, other_table.c.id == other_seat.c.table_id))
        .where(
            other_seat.c.user_id == _s.c.user_id,
            other_table.c.id != table_id,
            other_table.c.game == here,
            other_table.c.seed.is_not(None),
        )
    )
    query = (
        select(_s.c.user_id)
        .where(and_(_s.c.table_id == table_id, _s.c.user_id.is_not(None), _s.c.bot.is_(None), ~played))
        .order_by(_s.c.seat)
    )
    return [int(row) for row in (await connection.scalars(query)).all()]
