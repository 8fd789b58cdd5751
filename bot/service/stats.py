"""Statistics from finished games: per player, per server, and the rating boards and records."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection

from bot.service.rating import AUTO, BOT, EVERYWHERE, PERSON, WHOLE_GAME, person_key, season_board
from bot.service.runtime import Runtime
from bot.service.values import (
    FINISHED,
    Board,
    BoardRow,
    GameRecord,
    GameStats,
    LeaderRow,
    RatingChange,
    ServiceError,
)
from bot.store import guilds_repo, ratings_repo, results_repo, reviews_repo
from bot.store.firsts_repo import earlier_table, first_timers
from engines import registry
from engines.core import Code, SetupError

#: lines per page of a ladder
PAGE = 10
#: games listed in a record, and points in its rating history
LAST_GAMES, HISTORY = 5, 100
#: the scopes of /leaderboard
SERVER, EVERYWHERE_SCOPE = "server", "everywhere"


def known_game(game: str) -> str:
    """The slug of a registered game, or ``bad_option`` naming the games there are."""
    slug = game.strip().lower()
    try:
        registry.get(slug)
    except SetupError:
        names = ", ".join(registry.slugs())
        raise ServiceError(Code.BAD_OPTION, f"There is no game {game!r}; the games are: {names}.") from None
    return slug


def known_mode(slug: str, mode: str | None) -> str:
    """The mode ``mode`` names ("" for the game as a whole), or ``bad_option`` naming the modes."""
    if mode is None or not mode.strip():
        return WHOLE_GAME
    try:
        return registry.get(slug).mode(mode.strip().lower()).name
    except SetupError as error:
        raise ServiceError(Code.BAD_OPTION, error.message) from None


def _board_row(row: Any, rank: int | None) -> BoardRow:
    return BoardRow(
        rank=rank,
        entity=row["entity"],
        user_id=row["user_id"],
        name=row["name"],
        rating=int(row["shown"]),
        games=int(row["games"]),
        wins=int(row["wins"]),
    )


async def _rank(connection: AsyncConnection, board: str, row: Any, need: int) -> int | None:
    """Where a rating row ranks on its board (None while provisional)."""
    if int(row["games"]) < max(need, 1):
        return None
    above = await ratings_repo.ranked_count(
        connection, board, row["game"], row["mode"], row["kind"], need, int(row["shown"])
    )
    return above + 1


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

    async def _season(
        self, connection: AsyncConnection, guild_id: int, season: str | None
    ) -> tuple[int, str]:
        """The season number ``season`` names (by number or name; the current one if None) and its label."""
        named = {int(r["number"]): str(r["name"]) for r in await ratings_repo.seasons(connection, guild_id)}
        row = await guilds_repo.settings_row(connection, guild_id)
        current = int(row["season"]) if row is not None else 1
        numbers = {1: "1", **named}
        if season is None or not season.strip():
            return current, numbers.get(current, str(current))
        wanted = season.strip().lower()
        for number, name in numbers.items():
            if wanted in (str(number), name.lower()) and number <= current:
                return number, name
        known = ", ".join(
            numbers[n] if numbers[n] == str(n) else f"{n} ({numbers[n]})" for n in sorted(numbers)
        )
        raise ServiceError(Code.NOT_FOUND, f"This server has no season {season!r}; its seasons are: {known}.")

    async def board(
        self,
        game: str,
        mode: str | None = None,
        *,
        guild_id: int | None = None,
        scope: str = SERVER,
        season: str | None = None,
        page: int = 0,
        caller: int | None = None,
        kind: str = PERSON,
    ) -> Board:
        """A page of a rating ladder: this server's season (in a server) or everywhere; people by default.

        ``kind`` "bot" lists the bot levels and automata instead. People with fewer rated games
        than the server's provisional number are left off the ranking; the caller's own line is
        returned even when it is on another page.
        """
        slug = known_game(game)
        mode_name = known_mode(slug, mode)
        if scope not in (SERVER, EVERYWHERE_SCOPE):
            raise ServiceError(Code.BAD_OPTION, f"The scope must be server or everywhere, not {scope!r}.")
        if page < 0:
            raise ServiceError(Code.BAD_OPTION, f"Pages count from 1; there is no page {page + 1}.")
        async with self.rt.reading() as connection:
            need = self.rt.settings.provisional_games
            if guild_id is not None:
                row = await guilds_repo.settings_row(connection, guild_id)
                if row is not None and not row["leaderboard"]:
                    raise ServiceError(
                        Code.GAME_DISABLED,
                        "Leaderboards are off in this server; an admin turns them on with "
                        "/config leaderboard.",
                    )
                if row is not None and row["provisional_games"] is not None:
                    need = int(row["provisional_games"])
            number = 0
            if scope == SERVER and guild_id is not None:
                number, name = await self._season(connection, guild_id, season)
                board_key, label = season_board(guild_id, number), f"this server, season {name}"
            else:
                if season:
                    raise ServiceError(
                        Code.BAD_OPTION, "Seasons belong to a server's board, not to everywhere."
                    )
                board_key, label = EVERYWHERE, "everywhere"
            kinds = (PERSON,) if kind == PERSON else (BOT, AUTO)
            rows: list[Any] = []
            ranked = 0
            for k in kinds:
                ranked += await ratings_repo.ranked_count(
                    connection, board_key, slug, mode_name, k, 1 if k != PERSON else need, None
                )
            pages = max(1, -(-ranked // PAGE))
            if page >= pages:
                raise ServiceError(
                    Code.BAD_OPTION,
                    f"Page {page + 1} is past the end: this board has "
                    f"{pages} page{'s' if pages > 1 else ''}.",
                )
            if kind == PERSON:
                rows = await ratings_repo.ladder(
                    connection, board_key, slug, mode_name, PERSON, need, page * PAGE, PAGE
                )
            else:  # a few entities per game: bots and automata on one page, best first
                for k in kinds:
                    rows += await ratings_repo.ladder(connection, board_key, slug, mode_name, k, 1, 0, 100)
                rows.sort(key=lambda r: (-int(r["shown"]), r["entity"]))
                rows = rows[page * PAGE : (page + 1) * PAGE]
            out: list[BoardRow] = []
            for i, r in enumerate(rows):
                # best first: the rows above it that rate higher come first, so the first row of its
                # tie is right after them; ties share the rank of the first of them
                first = sum(1 for o in rows[:i] if int(o["shown"]) > int(r["shown"]))
                rank = out[first].rank if first < i and out[first].rank is not None else page * PAGE + i + 1
                out.append(_board_row(r, rank))
            mine = None
            if caller is not None and kind == PERSON:
                found = await ratings_repo.standing(
                    connection, board_key, slug, mode_name, person_key(caller)
                )
                if found is not None and int(found["games"]) > 0:
                    mine = _board_row(found, await _rank(connection, board_key, found, need))
        return Board(slug, mode_name, label, page, pages, ranked, need, tuple(out), mine, number)

    async def record(
        self, user_id: int, game: str, *, guild_id: int | None = None, versus: int | None = None
    ) -> GameRecord:
        """``user_id``'s record at ``game``: ratings, rank, games per mode and seat, streak, last games."""
        slug = known_game(game)
        async with self.rt.reading() as connection:
            need = self.rt.settings.provisional_games
            results = await ratings_repo.user_results(connection, user_id, slug)
            if not results:
                raise ServiceError(
                    Code.NOT_FOUND, f"<@{user_id}> has no finished games of {registry.get(slug).title} yet."
                )
            found = await ratings_repo.standing(connection, EVERYWHERE, slug, WHOLE_GAME, person_key(user_id))
            hidden = await ratings_repo.is_hidden(connection, user_id)
            rank = None
            if found is not None and not hidden:
                rank = await _rank(connection, EVERYWHERE, found, need)
            server_rating = server_rank = None
            if guild_id is not None:
                row = await guilds_repo.settings_row(connection, guild_id)
                season = int(row["season"]) if row is not None else 1
                here_need = (
                    need if row is None or row["provisional_games"] is None else int(row["provisional_games"])
                )
                key = season_board(guild_id, season)
                here = await ratings_repo.standing(connection, key, slug, WHOLE_GAME, person_key(user_id))
                if here is not None and int(here["games"]) > 0:
                    server_rating = int(here["shown"])
                    server_rank = await _rank(connection, key, here, here_need)
            changes = await ratings_repo.changes(connection, user_id, slug, EVERYWHERE, LAST_GAMES)
            reviewable = await reviews_repo.reviewable(
                connection, [int(c["table_id"]) for c in changes], FINISHED
            )
            history = await ratings_repo.history(connection, user_id, slug, EVERYWHERE, HISTORY)
            together = (
                await ratings_repo.head_to_head(connection, user_id, versus, slug)
                if versus is not None
                else None
            )
        by_mode: dict[str, list[int]] = {}
        by_seat: dict[int, list[int]] = {}
        for r in results:
            for tally in (by_mode.setdefault(r["mode"], [0, 0]), by_seat.setdefault(int(r["seat"]), [0, 0])):
                tally[0] += 1
                tally[1] += 1 if r["won"] else 0
        streak = 0
        for r in results:  # newest first: count while the results agree with the newest one
            if streak and (streak > 0) != bool(r["won"]):
                break
            streak += 1 if r["won"] else -1
        return GameRecord(
            game=slug,
            rating=int(found["shown"]) if found is not None and int(found["games"]) else None,
            rank=rank,
            provisional=found is None or int(found["games"]) < max(need, 1),
            games=len(results),
            wins=sum(1 for r in results if r["won"]),
            by_mode=tuple((m, p, w) for m, (p, w) in sorted(by_mode.items(), key=lambda i: (-i[1][0], i[0]))),
            by_seat=tuple((s, p, w) for s, (p, w) in sorted(by_seat.items())),
            streak=streak,
            last=tuple(
                RatingChange(
                    int(c["table_id"]),
                    c["table_mode"],
                    bool(c["won"]),
                    int(c["before"]),
                    int(c["after"]),
                    float(c["at"]),
                    int(c["table_id"]) in reviewable,
                )
                for c in changes
            ),
            history=tuple(history),
            server_rating=server_rating,
            server_rank=server_rank,
            versus=together,
        )

    async def visible(self, user_id: int, viewer: int, guild_id: int | None) -> None:
        """Refuse ``viewer`` a look at ``user_id``'s statistics where they hid them: outside the
        servers they play in (a DM, or a server where they never finished a game). Their own
        statistics are always theirs to see."""
        if user_id == viewer:
            return
        async with self.rt.reading() as connection:
            if not await ratings_repo.is_hidden(connection, user_id):
                return
            if guild_id is not None and await results_repo.played_in(connection, user_id, guild_id):
                return
        raise ServiceError(
            Code.NOT_FOUND,
            f"<@{user_id}> shows their statistics only in the servers they play in, and this is not one.",
        )

    async def set_private(self, user_id: int, hidden: bool) -> bool:
        """Hide (or show again) a person on the board everyone everywhere sees; return the new choice."""
        async with self.rt.transaction() as connection:
            await ratings_repo.set_hidden(connection, user_id, hidden, self.rt.clock())
        return hidden

    async def table_rating_changes(self, table_id: int) -> dict[int, tuple[int, int]]:
        """What a finished game did to each person's rating everywhere: user id -> (before, after)."""
        async with self.rt.reading() as connection:
            rows = await ratings_repo.table_changes(connection, table_id, EVERYWHERE)
        return {
            int(r["user_id"]): (int(r["before"]), int(r["after"])) for r in rows if r["user_id"] is not None
        }

    async def lobby_ratings(
        self, game: str, user_ids: list[int], guild_id: int | None = None
    ) -> tuple[dict[int, tuple[int, int]], int]:
        """Each person's rating everywhere at ``game`` and their rated games (user id -> (rating,
        games)), and the rated games before a player is ranked (the server's number in a server)."""
        need = self.rt.settings.provisional_games
        async with self.rt.reading() as connection:
            if guild_id is not None:
                row = await guilds_repo.settings_row(connection, guild_id)
                if row is not None and row["provisional_games"] is not None:
                    need = int(row["provisional_games"])
            return await ratings_repo.current_shown(connection, EVERYWHERE, game, user_ids), need

    async def first_table(self, guild_id: int, table_id: int) -> bool:
        """Whether ``table_id`` is the first table opened in ``guild_id`` (solo games aside)."""
        async with self.rt.reading() as connection:
            return not await earlier_table(connection, guild_id, table_id)

    async def newcomers(self, table_id: int) -> list[int]:
        """The people at ``table_id`` (seat order) for whom it is their first dealt game of its game."""
        async with self.rt.reading() as connection:
            return await first_timers(connection, table_id)
