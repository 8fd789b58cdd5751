"""The SQL of reviews: one row per reviewed game, written once (the first of two writers wins)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import exists, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.store import schema

_v = schema.reviews
_t = schema.tables


async def get(connection: AsyncConnection, table_id: int) -> dict[str, Any] | None:
    """The stored review data of table ``table_id``, or None when it was not worked out yet."""
    found = await connection.scalar(select(_v.c.data).where(_v.c.table_id == table_id))
    return None if found is None else dict(found)


async def put(connection: AsyncConnection, table_id: int, data: dict[str, Any], at: float) -> bool:
    """Store a review unless one is already there (two processes may work one out at once); True if stored."""
    made = postgresql.insert(_v) if connection.dialect.name == "postgresql" else sqlite.insert(_v)
    result = await connection.execute(
        made.values(table_id=table_id, data=data, made_at=at).on_conflict_do_nothing()
    )
    return bool(result.rowcount)


async def reviewable(connection: AsyncConnection, table_ids: Sequence[int], status: str) -> set[int]:
    """Of ``table_ids``, the tables in ``status`` with a stored review or their move log still here
    (not archived), so a review can be shown or worked out. One lookup by primary key per table."""
    if not table_ids:
        return set()
    stored = exists().where(_v.c.table_id == _t.c.id)
    query = select(_t.c.id).where(
        _t.c.id.in_(list(table_ids)), _t.c.status == status, or_(_t.c.snapshot.is_not(None), stored)
    )
    return {int(i) for i in (await connection.scalars(query))}
