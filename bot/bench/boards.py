"""The rating boards at scale: ``/leaderboard`` and ``/stats`` reads with a million rated games stored.

Part of ``tablekeeper bench --scale``. The stored games are made in bulk by the database's own
fast path (``executemany`` on one SQLite transaction, ``COPY`` on PostgreSQL), not played: duels
of Clash of Decks between people of ten servers (each person plays in their home server), every
row a rated game leaves (``tables``, two ``results``, ``rated_games``, eight ``rating_changes``:
two people × everywhere and the server's season × the game and its mode) and each person's
``ratings`` rows with the games and wins they add up to. The ratings' values are a random walk,
not openskill's (replaying a million games would take longer than the measurement and changes
nothing a read costs); one person in a hundred hides from the board everywhere.

Then the service answers, on a warm connection pool, what a busy server asks: the server's
ladder and the board everywhere with the caller's own line (so its rank, a count over the index),
and a player's record with a head-to-head, each for many different callers; p50 and p95 in ms.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import make_url

from bot.bench.stats import fmt, percentile
from bot.service.rating import ALPHA, TARGET, Z
from bot.store import upgrade

GAME, MODE = "clashofdecks", "duel"
SERVERS = 10
#: games per person on average (the people are the games over this)
GAMES_EACH = 100
#: the p95 each read must stay under
LIMIT_MS = 50.0
_FIRST_GUILD = 900_000_000_000_000_000
_FIRST_USER = 800_000_000_000_000_000
_CHUNK = 20_000  # games made at a time


@dataclass(frozen=True)
class BoardFigures:
    """One kind of read, timed."""

    backend: str
    games: int
    people: int
    read: str
    calls: int
    ms_p50: float
    ms_p95: float


_TABLES = [
    "id",
    "guild_id",
    "channel_id",
    "host_id",
    "solo",
    "game",
    "mode",
    "options",
    "status",
    "seq",
    "version",
    "public_moves",
    "created_at",
    "updated_at",
    "finished_at",
]
_RESULTS = [
    "table_id",
    "seat",
    "guild_id",
    "game",
    "mode",
    "user_id",
    "bot",
    "name",
    "won",
    "rank",
    "score",
    "forfeit",
    "finished_at",
]
_RATED = ["table_id", "guild_id", "season", "game", "mode", "rated_at"]
_CHANGES = ["table_id", "board", "mode", "entity", "game", "user_id", "before", "after", "won", "at"]
_RATINGS = [
    "board",
    "game",
    "mode",
    "entity",
    "kind",
    "user_id",
    "name",
    "mu",
    "sigma",
    "shown",
    "games",
    "wins",
    "updated_at",
]


def home(person: int) -> int:
    """The server a person plays in."""
    return _FIRST_GUILD + person % SERVERS


def user(person: int) -> int:
    """A person's Discord id."""
    return _FIRST_USER + person


def _board(guild: int) -> str:
    return f"g{guild}:s1"


class _Made:
    """The rows of the stored games, made chunk by chunk, and each person's running totals."""

    def __init__(self, games: int, seed: int) -> None:
        self.games = games
        self.people = max(SERVERS * 4, games * 2 // GAMES_EACH)
        self.rng = random.Random(seed)
        self.shown = [1000] * self.people
        self.played = [0] * self.people
        self.won = [0] * self.people
        self.start = time.time() - games  # a game a second, ending now

    def chunks(self) -> Iterator[dict[str, list[tuple[Any, ...]]]]:
        """The rows of ``_CHUNK`` games at a time."""
        rng = self.rng
        for first in range(0, self.games, _CHUNK):
            rows: dict[str, list[tuple[Any, ...]]] = {"tables": [], "results": [], "rated": [], "changes": []}
            for table_id in range(first + 1, min(first + _CHUNK, self.games) + 1):
                a = rng.randrange(self.people)
                b = a + SERVERS * rng.randrange(1, max(2, self.people // SERVERS))
                b = b % self.people if b % self.people != a else (a + SERVERS) % self.people
                guild = home(a)
                at = self.start + table_id
                winner = rng.choice((a, b))
                rows["tables"].append(
                    (
                        table_id,
                        guild,
                        table_id,
                        user(a),
                        False,
                        GAME,
                        MODE,
                        "{}",
                        "finished",
                        0,
                        1,
                        0,
                        at - 600,
                        at,
                        at,
                    )
                )
                rows["rated"].append((table_id, guild, 1, GAME, MODE, at))
                for seat, person in enumerate((a, b)):
                    won = person == winner
                    rows["results"].append(
                        (
                            table_id,
                            seat,
                            guild,
                            GAME,
                            MODE,
                            user(person),
                            None,
                            f"P{person}",
                            won,
                            1 if won else 2,
                            None,
                            False,
                            at,
                        )
                    )
                    before = self.shown[person]
                    after = before + (rng.randint(4, 20) if won else -rng.randint(4, 20))
                    self.shown[person] = after
                    self.played[person] += 1
                    self.won[person] += won
                    for board in ("*", _board(guild)):
                        for mode in ("", MODE):
                            rows["changes"].append(
                                (
                                    table_id,
                                    board,
                                    mode,
                                    f"u{user(person)}",
                                    GAME,
                                    user(person),
                                    before,
                                    after,
                                    won,
                                    at,
                                )
                            )
            yield rows

    def ratings(self) -> list[tuple[Any, ...]]:
        """Each person's ``ratings`` rows, as their games left them."""
        rows = []
        for person in range(self.people):
            games = self.played[person]
            if not games:
                continue
            sigma = max(1.0, 25 / 3 / (1 + games / 10) ** 0.5)
            mu = (self.shown[person] - TARGET) / ALPHA + Z * sigma  # so its ordinal is the shown value
            for board in ("*", _board(home(person))):
                for mode in ("", MODE):
                    rows.append(
                        (
                            board,
                            GAME,
                            mode,
                            f"u{user(person)}",
                            "person",
                            user(person),
                            f"P{person}",
                            mu,
                            sigma,
                            self.shown[person],
                            games,
                            self.won[person],
                            self.start + self.games,
                        )
                    )
        return rows

    def hidden(self) -> list[tuple[Any, ...]]:
        """One person in a hundred hides from the board everywhere."""
        return [(user(p), self.start) for p in range(0, self.people, 100)]


async def _fill_sqlite(url: str, made: _Made) -> None:
    path = make_url(url).database
    assert path
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA synchronous = OFF")

        def put(table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]]) -> None:
            marks = ", ".join("?" * len(columns))
            names = ", ".join(f'"{c}"' for c in columns)
            connection.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)

        for rows in made.chunks():
            put("tables", _TABLES, rows["tables"])
            put("results", _RESULTS, rows["results"])
            put("rated_games", _RATED, rows["rated"])
            put("rating_changes", _CHANGES, rows["changes"])
            connection.commit()
        put("ratings", _RATINGS, made.ratings())
        put("hidden_players", ("user_id", "at"), made.hidden())
        connection.commit()
        connection.execute("ANALYZE")
        connection.commit()
    finally:
        connection.close()


async def _fill_postgres(url: str, made: _Made) -> None:
    import asyncpg

    plain = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    connection = await asyncpg.connect(plain)
    try:
        for rows in made.chunks():
            await connection.copy_records_to_table("tables", records=rows["tables"], columns=_TABLES)
            await connection.copy_records_to_table("results", records=rows["results"], columns=_RESULTS)
            await connection.copy_records_to_table("rated_games", records=rows["rated"], columns=_RATED)
            await connection.copy_records_to_table(
                "rating_changes", records=rows["changes"], columns=_CHANGES
            )
        await connection.copy_records_to_table("ratings", records=made.ratings(), columns=_RATINGS)
        await connection.copy_records_to_table(
            "hidden_players", records=made.hidden(), columns=["user_id", "at"]
        )
        await connection.execute(
            "SELECT setval(pg_get_serial_sequence('tables', 'id'), (SELECT max(id) FROM tables))"
        )
        await connection.execute("VACUUM ANALYZE")  # what autovacuum does soon after: index-only counts
    finally:
        await connection.close()


async def fill(url: str, games: int, seed: int = 1) -> _Made:
    """Migrate the empty database at ``url`` and store ``games`` rated duels in it."""
    await upgrade(url)
    made = _Made(games, seed)
    if url.startswith("sqlite"):
        await _fill_sqlite(url, made)
    else:
        await _fill_postgres(url, made)
    return made


async def time_reads(url: str, backend: str, made: _Made, calls: int, seed: int = 2) -> list[BoardFigures]:
    """Time the boards' reads for ``calls`` callers each (after a few untimed ones)."""
    from bot.service import Services
    from bot.settings import Settings

    services = await Services.start(Settings(database_url=url, migrate_on_start=False), url=url)
    rng = random.Random(seed)
    players = [p for p in range(made.people) if made.played[p]]
    stats = services.stats

    async def server_board(p: int) -> object:
        return await stats.board(GAME, guild_id=home(p), caller=user(p))

    async def everywhere(p: int) -> object:
        return await stats.board(GAME, guild_id=home(p), scope="everywhere", caller=user(p))

    async def record(p: int) -> object:
        other = players[rng.randrange(len(players))]
        return await stats.record(user(p), GAME, guild_id=home(p), versus=user(other))

    reads = {
        "/leaderboard (this server)": server_board,
        "/leaderboard everywhere": everywhere,
        "/stats": record,
    }
    taken: dict[str, list[float]] = {name: [] for name in reads}
    try:
        for read in reads.values():  # untimed: the pool's connections and the caches warm
            for _ in range(5):
                await read(rng.choice(players))
        for _ in range(calls):  # interleaved, each read for another caller
            for name, read in reads.items():
                started = time.perf_counter()
                await read(rng.choice(players))
                taken[name].append(1000 * (time.perf_counter() - started))
    finally:
        await services.close()
    return [
        BoardFigures(backend, made.games, made.people, name, len(ms), percentile(ms, 50), percentile(ms, 95))
        for name, ms in taken.items()
    ]


def measure_boards(url: str, backend: str, games: int, calls: int) -> tuple[list[BoardFigures], float]:
    """Store ``games`` rated games at ``url`` (empty), time the reads; also the seconds storing took."""
    started = time.perf_counter()
    made = asyncio.run(fill(url, games))
    filled = time.perf_counter() - started
    return asyncio.run(time_reads(url, backend, made, calls)), filled


def board_lines(found: Sequence[BoardFigures], filled: dict[str, float]) -> list[str]:
    """The boards part, one line per backend and read."""
    return [
        f"boards    {f.backend:<10} {f.games:>9,} rated games, {f.people:,} people: {f.read:<27} "
        f"p50 {fmt(f.ms_p50)} ms, p95 {fmt(f.ms_p95)} ms ({f.calls} callers; stored in "
        f"{fmt(filled.get(f.backend, float('nan')))} s) " + ("PASS" if f.ms_p95 <= LIMIT_MS else "MISS")
        for f in found
    ]
