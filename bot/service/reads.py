"""Reading tables: looking them up, redrawing them, the log and the replay check.

Nothing here changes a table, so nothing here takes a table's lock: a read sees the last
committed version (from the cache, or afresh from the database where a stale copy would
mislead). Its own room because the adapters read far more often than they change anything, and
the reads need none of the lobby's or the game's rules beyond whose seat is whose.
"""

from __future__ import annotations

import asyncio

import msgspec

from bot.service.delivery import deliver, deliver_public, seat_update
from bot.service.room import Room
from bot.service.runtime import load_from
from bot.service.seating import need_started, own_seat
from bot.service.values import Delivery, PublicTable, SeatUpdate, ServiceError, TableInfo
from bot.store import tables_repo as repo
from engines.core import Code, GameConfig
from engines.core.replay import ReplayError, replay


class Reads(Room):
    """Tables as adapters look them up: by id, by channel, by player; redraws; the log."""

    async def get(self, table_id: int) -> TableInfo:
        """The table ``table_id`` (``not_found`` if there is none)."""
        return await self.info(table_id)

    async def status(self, channel_id: int) -> TableInfo | None:
        """The open or running table in ``channel_id`` (or in the thread ``channel_id``), if any."""
        async with self.rt.reading() as connection:
            table_id = await repo.active_table_in(connection, channel_id)
            if table_id is None:
                return None
            loaded = await load_from(connection, table_id)
        return loaded.info()

    async def tables_of(self, user_id: int) -> list[TableInfo]:
        """Open and running tables where ``user_id`` holds a seat (newest first)."""
        async with self.rt.reading() as connection:
            ids = await repo.active_tables_of(connection, user_id)
            found = [await load_from(connection, table_id) for table_id in ids]
        return [x.info() for x in found]

    async def current(self, table_id: int) -> Delivery:
        """Render the table's latest state (to redraw a message, e.g. after a restart)."""
        loaded = await self.rt.load(table_id)
        need_started(loaded)
        return await deliver(loaded)

    async def public(self, table_id: int) -> PublicTable:
        """What anyone at the table may see now (``/table status``, a redraw of the table message)."""
        loaded = await self.rt.load(table_id)
        need_started(loaded)
        return await deliver_public(loaded)

    async def hand(self, table_id: int, user_id: int, seat: int | None = None) -> SeatUpdate:
        """What ``user_id`` sees privately at ``table_id`` (the "Show my hand" fallback)."""
        loaded = await self.rt.load(table_id)
        need_started(loaded)
        row = own_seat(loaded, user_id, seat, allow_bot=True)
        return await asyncio.to_thread(seat_update, loaded, row)

    async def log(self, table_id: int) -> list[tuple[int, int, str]]:
        """The match log as (seq, seat, action key), oldest first."""
        async with self.rt.reading() as connection:
            return await repo.move_log(connection, table_id)

    async def replay_check(self, table_id: int) -> bool:
        """Replay the stored log from the seed and compare with the stored snapshot (True = equal)."""
        async with self.rt.reading() as connection:
            loaded = await load_from(connection, table_id)
        if loaded.state is None or loaded.table.seed is None:
            raise ServiceError(Code.NOT_STARTED, "This table has not started yet.")
        ruleset = loaded.game.ruleset
        config = msgspec.convert(loaded.table.config, GameConfig)
        try:
            state = replay(ruleset, config, loaded.table.seed, await self.log(table_id))
        except ReplayError:  # a gap or a repeat in the logged move numbers
            return False
        return bool(ruleset.encode(state) == ruleset.encode(loaded.state))
