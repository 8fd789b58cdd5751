"""Statistics from finished games: per player, per server and per-game leaderboards."""

from __future__ import annotations

from sqlalchemy import Integer, case, func, select

from bot.service.api import GameStats, LeaderRow
from bot.service.runtime import Runtime
from bot.store import schema


class StatsService:
    """Counts finished games (aborted ones never count) from the ``results`` rows."""

    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime

    async def player(
        self, user_id: int, guild_id: int | None = None, game: str | None = None
    ) -> list[GameStats]:
        """``user_id``'s games per game (in one server if ``guild_id`` is given), most played first."""
        r = schema.results
        won = func.sum(case((r.c.won.is_(True), 1), else_=0)).cast(Integer)
        query = select(r.c.game, func.count(), won).where(r.c.user_id == user_id)
        if guild_id is not None:
            query = query.where(r.c.guild_id == guild_id)
        if game is not None:
            query = query.where(r.c.game == game)
        query = query.group_by(r.c.game).order_by(func.count().desc(), r.c.game)
        async with self.rt.reading() as connection:
            rows = (await connection.execute(query)).all()
        return [GameStats(game=g, played=int(p), won=int(w or 0), user_id=user_id) for g, p, w in rows]

    async def server(self, guild_id: int, game: str | None = None) -> list[GameStats]:
        """A server's finished games per game; ``won`` counts games a person (not a bot) won."""
        r = schema.results
        person_won = func.max(
            case(((r.c.won.is_(True)) & r.c.user_id.is_not(None) & r.c.bot.is_(None), 1), else_=0)
        )
        per_table = (
            select(r.c.table_id, r.c.game, person_won.label("won"))
            .where(r.c.guild_id == guild_id)
            .group_by(r.c.table_id, r.c.game)
        )
        if game is not None:
            per_table = per_table.where(r.c.game == game)
        sub = per_table.subquery()
        query = (
            select(sub.c.game, func.count(), func.sum(sub.c.won).cast(Integer))
            .group_by(sub.c.game)
            .order_by(func.count().desc(), sub.c.game)
        )
        async with self.rt.reading() as connection:
            rows = (await connection.execute(query)).all()
        return [GameStats(game=g, played=int(p), won=int(w or 0)) for g, p, w in rows]

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[LeaderRow]:
        """The server's best players at ``game``: most wins, then best win rate, then most played."""
        r = schema.results
        won = func.sum(case((r.c.won.is_(True), 1), else_=0)).cast(Integer)
        played = func.count()
        query = (
            select(r.c.user_id, func.max(r.c.name), played, won)
            .where(r.c.guild_id == guild_id, r.c.game == game, r.c.user_id.is_not(None))
            .group_by(r.c.user_id)
            .order_by(won.desc(), (won * 1.0 / played).desc(), played.desc(), r.c.user_id)
            .limit(limit)
        )
        async with self.rt.reading() as connection:
            rows = (await connection.execute(query)).all()
        return [
            LeaderRow(rank=i, user_id=int(u), name=str(n), played=int(p), won=int(w or 0))
            for i, (u, n, p, w) in enumerate(rows, start=1)
        ]
