"""The SQL of statistics: aggregates over the ``results`` rows of finished games.

One row per seat of every finished game is written at the end of a game (see
``bot.store.tables_repo.insert_results``); these read-only queries count them per player, per
server and per game. Aborted games have no results, so they never count.
"""

from __future__ import annotations

from sqlalchemy import Integer, case, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.store import schema

_r = schema.results


async def player_games(
    connection: AsyncConnection, user_id: int, guild_id: int | None, game: str | None
) -> list[tuple[str, int, int]]:
    """(game, played, won) of ``user_id``, most played first (optionally in one server or game)."""
    won = func.sum(case((_r.c.won.is_(True), 1), else_=0)).cast(Integer)
    query = select(_r.c.game, func.count(), won).where(_r.c.user_id == user_id)
    if guild_id is not None:
        query = query.where(_r.c.guild_id == guild_id)
    if game is not None:
        query = query.where(_r.c.game == game)
    query = query.group_by(_r.c.game).order_by(func.count().desc(), _r.c.game)
    rows = (await connection.execute(query)).all()
    return [(str(g), int(p), int(w or 0)) for g, p, w in rows]


async def server_games(
    connection: AsyncConnection, guild_id: int, game: str | None
) -> list[tuple[str, int, int]]:
    """(game, tables finished, tables a person won) in ``guild_id``, most played first."""
    person_won = func.max(
        case(((_r.c.won.is_(True)) & _r.c.user_id.is_not(None) & _r.c.bot.is_(None), 1), else_=0)
    )
    per_table = (
        select(_r.c.table_id, _r.c.game, person_won.label("won"))
        .where(_r.c.guild_id == guild_id)
        .group_by(_r.c.table_id, _r.c.game)
    )
    if game is not None:
        per_table = per_table.where(_r.c.game == game)
    sub = per_table.subquery()
    query = (
        select(sub.c.game, func.count(), func.sum(sub.c.won).cast(Integer))
        .group_by(sub.c.game)
        .order_by(func.count().desc(), sub.c.game)
    )
    rows = (await connection.execute(query)).all()
    return [(str(g), int(p), int(w or 0)) for g, p, w in rows]


async def leaders(
    connection: AsyncConnection, guild_id: int, game: str, limit: int
) -> list[tuple[int, str, int, int]]:
    """(user, name, played, won) of the best people at ``game`` in ``guild_id``: wins, rate, played."""
    won = func.sum(case((_r.c.won.is_(True), 1), else_=0)).cast(Integer)
    played = func.count()
    query = (
        select(_r.c.user_id, func.max(_r.c.name), played, won)
        .where(_r.c.guild_id == guild_id, _r.c.game == game, _r.c.user_id.is_not(None))
        .group_by(_r.c.user_id)
        .order_by(won.desc(), (won * 1.0 / played).desc(), played.desc(), _r.c.user_id)
        .limit(limit)
    )
    rows = (await connection.execute(query)).all()
    return [(int(u), str(n), int(p), int(w or 0)) for u, n, p, w in rows]


async def played_in(connection: AsyncConnection, user_id: int, guild_id: int) -> bool:
    """Whether ``user_id`` has finished a game in ``guild_id`` (their results, through their index)."""
    query = select(_r.c.table_id).where(_r.c.user_id == user_id, _r.c.guild_id == guild_id).limit(1)
    return (await connection.scalar(query)) is not None
