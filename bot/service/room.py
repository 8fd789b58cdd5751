"""What every table room shares: the runtime, the commit pipeline and the guarded table writes.

The lobby, playing, messages and reads rooms each hold one :class:`Room`'s plumbing: reading a
table back as a :class:`TableInfo`, inserting a new table with its seats, the version-guarded
table update, rewriting a lobby's seats, and keeping cached copies in step with small writes.
The SQL itself is in :mod:`bot.store.tables_repo`; transaction boundaries are drawn here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import IntegrityError

from bot.service.guilds import GuildService
from bot.service.pipeline import Pipeline
from bot.service.records import SeatRow
from bot.service.runtime import Loaded, Runtime
from bot.service.seating import need_lobby
from bot.service.values import ABORTED, LOBBY, ServiceError, TableInfo
from bot.store import tables_repo as repo
from bot.store import timers_repo
from engines.core import Code
from engines.core.types import OptionValue

STALE_TABLE = "The table changed at the same moment; please try again."


def seat_values(table_id: int, seat: SeatRow) -> dict[str, Any]:
    """The ``seats`` row of ``seat`` at ``table_id``."""
    return {"table_id": table_id, **dataclasses.asdict(seat)}


class Room:
    """The shared plumbing of the table rooms (one instance per room, one runtime for all)."""

    def __init__(self, runtime: Runtime, guilds: GuildService, pipeline: Pipeline) -> None:
        self.rt = runtime
        self.guilds = guilds
        self.pipeline = pipeline

    async def info(self, table_id: int) -> TableInfo:
        """The table ``table_id`` as committed (``not_found`` if there is none)."""
        loaded = await self.rt.load(table_id, fresh=True)
        return loaded.info()

    async def lobby(self, table_id: int) -> Loaded:
        """The lobby ``table_id`` read afresh; refused once it has started or closed."""
        loaded = await self.rt.load(table_id, fresh=True)
        need_lobby(loaded)
        return loaded

    async def insert_table(self, *, seats: list[SeatRow], **values: Any) -> TableInfo:
        """Open a new lobby row with ``seats`` (``already_active`` if the channel has a table)."""
        now = self.rt.clock()
        row = {
            **values,
            "active_channel_id": values["channel_id"],
            "status": LOBBY,
            "seq": 0,
            "version": 1,
            "created_at": now,
            "updated_at": now,
        }
        try:
            async with self.rt.transaction() as connection:
                table_id = await repo.insert_table(connection, row)
                await repo.insert_seats(connection, [seat_values(table_id, s) for s in seats])
        except IntegrityError:
            raise ServiceError(
                Code.ALREADY_ACTIVE,
                "A game is already open here; finish or abort it first (/table status shows it).",
            ) from None
        return await self.info(table_id)

    async def update_table(self, loaded: Loaded, **values: Any) -> None:
        """Update the table row if nobody changed it meanwhile (bumps the row version)."""
        async with self.rt.transaction() as connection:
            if not await repo.update_table_at(connection, loaded.table.id, loaded.table.version, values):
                self.rt.forget(loaded.table.id)
                raise ServiceError(Code.STALE, STALE_TABLE)
        self.rt.forget(loaded.table.id)

    async def save_lobby(
        self, loaded: Loaded, seats: list[SeatRow], *, options: dict[str, OptionValue] | None = None
    ) -> TableInfo:
        """Rewrite a lobby's seats (renumbered in order) and options in one transaction."""
        renumbered = [dataclasses.replace(s, seat=i) for i, s in enumerate(seats)]
        values: dict[str, Any] = {"updated_at": self.rt.clock()}
        if options is not None:
            values["options"] = options
        table_id = loaded.table.id
        async with self.rt.transaction() as connection:
            if not await repo.update_table_at(connection, table_id, loaded.table.version, values):
                raise ServiceError(Code.STALE, STALE_TABLE)
            await repo.delete_seats(connection, table_id)
            await repo.insert_seats(connection, [seat_values(table_id, s) for s in renumbered])
        self.rt.forget(table_id)
        return await self.info(table_id)

    async def close(self, loaded: Loaded, **values: Any) -> TableInfo:
        """Abort the table (its last person left): free its channel, clear its timers, drop its cache."""
        now = self.rt.clock()
        await self.update_table(loaded, status=ABORTED, active_channel_id=None, finished_at=now, **values)
        async with self.rt.transaction() as connection:
            # a closed table's deadlines would otherwise sit in the timer indexes until a sweep
            await timers_repo.clear_timers(connection, loaded.table.id)
        self.rt.release(loaded.table.id)
        return await self.info(loaded.table.id)

    def patch_cached_seats(self, table_id: int, match: Callable[[SeatRow], bool], **values: Any) -> None:
        """Apply a small seat write to the cached copy of ``table_id`` (if cached)."""
        hit = self.rt.cached(table_id)
        if hit is None:
            return
        seats = tuple(dataclasses.replace(s, **values) if match(s) else s for s in hit.seats)
        self.rt.remember(dataclasses.replace(hit, seats=seats))
