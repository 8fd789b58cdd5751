"""Statistics from finished games: per player, per server and per-game leaderboards."""

from __future__ import annotations

from bot.service.api import GameStats, LeaderRow
from bot.service.runtime import Runtime
from bot.store import results_repo


class StatsService:
    """Counts finished games (aborted ones never count) from the ``results`` rows."""

    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime

    async def player(
        self, user_id: int, guild_id: int | None = None, game: str | None = None
    ) -> list[GameStats]:
        """``user_id``'s games per game (in one server if ``guild_id`` is given), most played first."""
        async with self.rt.reading() as connection:
            rows = await results_repo.player_games(connection, user_id, guild_id, game)
        return [GameStats(game=g, played=p, won=w, user_id=user_id) for g, p, w in rows]

    async def server(self, guild_id: int, game: str | None = None) -> list[GameStats]:
        """A server's finished games per game; ``won`` counts games a person (not a bot) won."""
        async with self.rt.reading() as connection:
            rows = await results_repo.server_games(connection, guild_id, game)
        return [GameStats(game=g, played=p, won=w) for g, p, w in rows]

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[LeaderRow]:
        """The server's best players at ``game``: most wins, then best win rate, then most played."""
        async with self.rt.reading() as connection:
            rows = await results_repo.leaders(connection, guild_id, game, limit)
        return [
            LeaderRow(rank=i, user_id=u, name=n, played=p, won=w)
            for i, (u, n, p, w) in enumerate(rows, start=1)
        ]
