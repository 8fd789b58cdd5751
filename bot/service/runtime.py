"""What every service shares in one process: the database, the state cache and per-table locks."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import msgspec
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.service.facts import StateFacts
from bot.service.game import Game, resolve
from bot.service.records import SeatRow, TableRow, seat_row, table_info, table_row
from bot.service.truth import IN_DOUBT, NOT_DONE, Unavailable, note_saved
from bot.service.values import ServiceError, TableInfo
from bot.settings import Settings
from bot.store import tables_repo as repo
from bot.store.db import Database
from engines import registry
from engines.core import AnyRuleset, Code, GameConfig
from engines.core.replay import replay

log = logging.getLogger("tablekeeper.service")

#: what a request hears when the database failed before it wrote anything
UNAVAILABLE = NOT_DONE


@dataclass(frozen=True)
class Loaded:
    """A table as last committed: its row, its seats and (once started) its decoded state.

    ``game`` is the table's :class:`~bot.service.game.Game`, resolved from its slug on first use
    (and checked once per request when the table comes from the cache, see :meth:`Runtime.load`),
    then carried along by every copy made with ``dataclasses.replace`` (see ``bot.service.game``);
    ``facts`` keeps what the state asks and offers, once worked out (see ``bot.service.facts``).
    Both are caches beside the frozen fields, never compared.
    """

    table: TableRow
    seats: tuple[SeatRow, ...]
    state: Any | None
    worked_out: StateFacts | None = field(default=None, compare=False, repr=False)
    resolved: Game | None = field(default=None, compare=False, repr=False)

    @property
    def game(self) -> Game:
        """This table's game: rules and pictures, resolved on first use and kept."""
        game = self.resolved
        if game is None or game.slug != self.table.game:
            game = resolve(self.table.game)
            object.__setattr__(self, "resolved", game)
        return game

    def info(self) -> TableInfo:
        """The table as adapters see it (a table whose game is gone still reads, as 1 seat)."""
        try:
            ruleset: AnyRuleset | None = self.game.ruleset
        except ServiceError:
            ruleset = None
        return table_info(self.table, self.seats, ruleset)

    @property
    def facts(self) -> StateFacts:
        """What this table's state asks and offers, worked out on first use and kept."""
        facts = self.worked_out
        if facts is None or facts.state is not self.state:
            facts = StateFacts(self.game.ruleset, self.state)
            object.__setattr__(self, "worked_out", facts)
        return facts

    def seat(self, seat: int) -> SeatRow:
        """The row of ``seat``."""
        return self.seats[seat]

    def names(self) -> list[str]:
        """Display names by seat, for filling ``{P1}`` placeholders."""
        return [s.name for s in self.seats]


class Runtime:
    """The database, the in-process cache of decoded states and one asyncio lock per table.

    Nothing is loaded at start: a table is read from the database when first touched and kept
    in a least-recently-used cache of ``settings.cache_size`` tables, so a process's memory
    depends on that setting, not on how many tables are stored.
    """

    def __init__(self, db: Database, settings: Settings, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.settings = settings
        self.clock = clock
        self._cache: OrderedDict[int, Loaded] = OrderedDict()
        # Weak: a lock lives while a task holds or awaits it, so touching many tables over a
        # long run leaves no lock behind.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    # ------------------------------------------------------------------ locks and cache
    def lock(self, table_id: int) -> asyncio.Lock:
        """The lock serialising changes to ``table_id`` within this process."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    def release(self, table_id: int) -> None:
        """Forget a finished table's cache entry (its lock goes once nobody holds it)."""
        self._cache.pop(table_id, None)

    def remember(self, loaded: Loaded) -> None:
        """Keep ``loaded`` as the latest committed version of its table."""
        self._cache[loaded.table.id] = loaded
        self._cache.move_to_end(loaded.table.id)
        while len(self._cache) > self.settings.cache_size:
            self._cache.popitem(last=False)

    def forget(self, table_id: int) -> None:
        """Drop a cache entry (after a conflict or an error) so the next load reads the database."""
        self._cache.pop(table_id, None)

    def cached(self, table_id: int) -> Loaded | None:
        """The cached entry of ``table_id``, if any."""
        return self._cache.get(table_id)

    @property
    def cache_size(self) -> int:
        """How many tables are cached now."""
        return len(self._cache)

    # ------------------------------------------------------------------ database access
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncConnection]:
        """One transaction; a database failure becomes :class:`Unavailable`, rolled back.

        A failure before the commit was asked for left nothing behind; a failure while the
        database confirmed it may hide a commit that landed, so it is ``in_doubt``. A commit is
        noted in the request's journal (:mod:`bot.service.truth`).
        """
        committing = False
        try:
            async with self.db.begin() as connection:
                yield connection
                committing = True
        except ServiceError:
            raise
        except IntegrityError:
            raise
        except (SQLAlchemyError, OSError) as error:
            # Log the kind of failure only: statements may carry hidden game state.
            log.warning(
                "database transaction failed%s: %s",
                " at its commit" if committing else "",
                type(error).__name__,
            )
            if committing:
                raise Unavailable(IN_DOUBT, in_doubt=True) from error
            raise Unavailable(NOT_DONE) from error
        note_saved()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncConnection]:
        """A connection for reads, with the same error mapping as :meth:`transaction`.

        On PostgreSQL the reads run outside a transaction: each statement sees what was committed
        when it ran, exactly as inside a READ COMMITTED one, without the BEGIN and ROLLBACK round
        trips around them (a cache check before every queued click is one statement).
        """
        try:
            async with self._outside_transactions() as connection:
                yield connection
        except ServiceError:
            raise
        except (SQLAlchemyError, OSError) as error:
            log.warning("database read failed: %s", type(error).__name__)
            raise Unavailable(NOT_DONE) from error

    @asynccontextmanager
    async def one_write(self) -> AsyncIterator[AsyncConnection]:
        """A connection for ONE write statement that is its own transaction; noted as :meth:`transaction`.

        On PostgreSQL it runs with AUTOCOMMIT, so no BEGIN and COMMIT round trips surround it
        (a single statement is atomic by itself); a failure while it runs may hide a write that
        landed, so it is in doubt, as a failed commit is. SQLite takes its write lock first, so
        there it is a :meth:`transaction`.
        """
        if self.db.serialised:
            async with self.transaction() as connection:
                yield connection
            return
        try:
            async with self._outside_transactions() as connection:
                yield connection
        except (ServiceError, IntegrityError):
            raise
        except (SQLAlchemyError, OSError) as error:
            log.warning("database write failed: %s", type(error).__name__)
            raise Unavailable(IN_DOUBT, in_doubt=True) from error
        note_saved()

    @asynccontextmanager
    async def _outside_transactions(self) -> AsyncIterator[AsyncConnection]:
        """A pooled connection whose statements each stand alone on PostgreSQL (AUTOCOMMIT)."""
        async with self.db.connect() as connection:
            if not self.db.serialised:
                await connection.execution_options(isolation_level="AUTOCOMMIT")
            yield connection

    async def load(self, table_id: int, *, fresh: bool = False) -> Loaded:
        """The table from the cache, or from the database (decoding its snapshot)."""
        if not fresh:
            hit = self._cache.get(table_id)
            if hit is not None and await self._still_current(hit):
                self._cache.move_to_end(table_id)
                return self._current_game(hit)
        async with self.reading() as connection:
            loaded = await load_from(connection, table_id)
        self.remember(loaded)
        return loaded

    def _current_game(self, hit: Loaded) -> Loaded:
        """``hit`` holding the game registered under its slug now: a request resolves it once, at
        load, from the cache as from the database (a plug-in or a test may register another
        ruleset or renderer under the same slug while the table is cached)."""
        if hit.resolved is None:
            return hit  # never needed yet (a lobby): resolved on first use
        game, held = resolve(hit.table.game), hit.resolved
        if game.ruleset is held.ruleset and game.renderer is held.renderer:
            return hit
        fresh = dataclasses.replace(hit, resolved=game)
        self._cache[hit.table.id] = fresh
        return fresh

    async def _still_current(self, hit: Loaded) -> bool:
        """Whether a cache entry is the committed version (checked only where workers share tables).

        With a shared click queue (``work_queue`` other than ``inline``) any worker may commit a
        table's next move, so before a cached state is used its row version is compared with the
        database: one indexed read of one integer, far cheaper than decoding the snapshot again.
        The embedded default never checks: there, this process makes every change.
        """
        if self.settings.work_queue == "inline":
            return True
        async with self.reading() as connection:
            return await repo.version_of(connection, hit.table.id) == hit.table.version


async def rows_from(connection: AsyncConnection, table_id: int) -> tuple[TableRow, tuple[SeatRow, ...]]:
    """Read a table's row and seats through ``connection`` without decoding its state."""
    row = await repo.table_mapping(connection, table_id)
    if row is None:
        raise ServiceError(Code.NOT_FOUND, f"There is no table #{table_id}.")
    return table_row(row), tuple(seat_row(s) for s in await repo.seat_mappings(connection, table_id))


async def load_from(connection: AsyncConnection, table_id: int) -> Loaded:
    """Read a table, its seats and its decoded state through ``connection``."""
    row = await repo.table_mapping(connection, table_id)
    if row is None:
        raise ServiceError(Code.NOT_FOUND, f"There is no table #{table_id}.")
    seat_rows = await repo.seat_mappings(connection, table_id)
    table = table_row(row)
    seats = tuple(seat_row(s) for s in seat_rows)
    if row["snapshot"] is None:
        return Loaded(table, seats, None)
    # decoding needs only the rules; the whole game (with its pictures) is resolved on first use
    ruleset = registry.get(table.game)
    state = ruleset.decode_stored(row["snapshot"])
    if state is None:
        # A snapshot in an older layout of the game's state (saved before an upgrade): the
        # match record is the truth, so the state is rebuilt from its seed and move log.
        config = msgspec.convert(table.config, GameConfig)
        state = replay(ruleset, config, table.seed or 0, await repo.move_log(connection, table_id))
    return Loaded(table, seats, state)
