"""The SQL of per-server settings: one ``guild_settings`` row per server that changed any.

Kept apart from the table statements because a server's settings outlive its tables and are
read on their own (``/config show``); the service decides defaults and transactions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.store import schema

_g = schema.guild_settings


async def settings_row(connection: AsyncConnection, guild_id: int) -> dict[str, Any] | None:
    """The stored settings of ``guild_id`` as a dict, or None if it never changed any."""
    row = (await connection.execute(select(_g).where(_g.c.guild_id == guild_id))).mappings().first()
    return None if row is None else dict(row)


async def locked_settings_row(connection: AsyncConnection, defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The settings row of ``defaults["guild_id"]`` (made from ``defaults`` if missing), locked until
    the transaction ends, so a change computed from it cannot interleave with another's.

    Two at once on a server with no row: the second insert waits for the first and does nothing,
    and its ``FOR UPDATE`` then waits for the first to commit (SQLite's writers already queue).
    """
    made = postgresql.insert(_g) if connection.dialect.name == "postgresql" else sqlite.insert(_g)
    await connection.execute(made.values(**defaults).on_conflict_do_nothing())
    query = select(_g).where(_g.c.guild_id == defaults["guild_id"]).with_for_update()
    return dict((await connection.execute(query)).mappings().one())


async def insert_settings(connection: AsyncConnection, values: Mapping[str, Any]) -> None:
    """Store a server's first settings row."""
    await connection.execute(insert(_g).values(**values))


async def update_settings(connection: AsyncConnection, guild_id: int, values: Mapping[str, Any]) -> None:
    """Overwrite ``guild_id``'s settings row."""
    await connection.execute(update(_g).where(_g.c.guild_id == guild_id).values(**values))
