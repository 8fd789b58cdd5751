"""The SQL of per-server settings: one ``guild_settings`` row per server that changed any.

Kept apart from the table statements because a server's settings outlive its tables and are
read on their own (``/config show``); the service decides defaults and transactions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.store import schema

_g = schema.guild_settings


async def settings_row(connection: AsyncConnection, guild_id: int) -> dict[str, Any] | None:
    """The stored settings of ``guild_id`` as a dict, or None if it never changed any."""
    row = (await connection.execute(select(_g).where(_g.c.guild_id == guild_id))).mappings().first()
    return None if row is None else dict(row)


async def insert_settings(connection: AsyncConnection, values: Mapping[str, Any]) -> None:
    """Store a server's first settings row."""
    await connection.execute(insert(_g).values(**values))


async def update_settings(connection: AsyncConnection, guild_id: int, values: Mapping[str, Any]) -> None:
    """Overwrite ``guild_id``'s settings row."""
    await connection.execute(update(_g).where(_g.c.guild_id == guild_id).values(**values))
