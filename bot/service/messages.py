"""Message bookkeeping: which Discord messages show a table, and what they showed last.

The adapters post the table message, the per-seat DMs and (on thread-per-game servers) a
thread, and tell the service their ids and the fingerprints of what they show, so that after a
restart the same messages are edited and an unchanged one costs no request. These are small
writes outside the game's row version (no move depends on them), so they take no table lock and
patch the cached copy in place. Its own room because none of it is a rule of any game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from bot.service.records import shown_of, with_shown
from bot.service.room import Room
from bot.service.values import DmRef, PublicRef, ServiceError, Shown
from bot.store import tables_repo as repo
from engines.core import Code


class Messages(Room):
    """Where each table is shown (table message, thread, DMs) and whether DMs reach a player."""

    async def record_public_message(self, table_id: int, message_id: int, digest: str | None = None) -> None:
        """Remember the public table message to edit after each change, and what it shows."""
        await self._set_table(table_id, public_message_id=message_id, public_digest=digest)

    async def public_ref(self, table_id: int) -> PublicRef:
        """The table message and the fingerprint of what it shows (from the database)."""
        async with self.rt.reading() as connection:
            row = await repo.public_message(connection, table_id)
        if row is None:
            raise ServiceError(Code.NOT_FOUND, f"There is no table #{table_id}.")
        return PublicRef(*row)

    async def record_thread(self, table_id: int, thread_id: int) -> None:
        """Remember the thread a table plays in (thread-per-game servers)."""
        await self._set_table(table_id, thread_id=thread_id)

    async def record_dm_message(
        self, table_id: int, seat: int, message_id: int | None, digest: str | None = None
    ) -> None:
        """Remember the DM message showing ``seat``'s hand (None: none to edit) and what it shows.

        ``digest`` is the adapter's opaque fingerprint of the message's content; the adapter
        compares it before editing so an unchanged DM costs no request to Discord.
        """
        values = {"dm_message_id": message_id, "dm_digest": digest}
        async with self.rt.transaction() as connection:
            if await repo.update_seats(connection, table_id, values, seat=seat) < 1:
                raise ServiceError(Code.NOT_FOUND, f"Table #{table_id} has no such seat.")
        self.patch_cached_seats(table_id, lambda r: r.seat == seat, **values)

    async def dm_messages(self, table_id: int) -> dict[int, int]:
        """The DM message id recorded for each seat (seat -> message id)."""
        loaded = await self.rt.load(table_id, fresh=True)
        return {s.seat: s.dm_message_id for s in loaded.seats if s.dm_message_id is not None}

    async def dm_refs(self, table_id: int) -> dict[int, DmRef]:
        """Each seat's recorded DM message and the fingerprint of what it shows (from the database)."""
        return (await self.shown(table_id)).dms

    async def shown(self, table_id: int) -> Shown:
        """The table message and every seat's DM with their fingerprints, in one read of the database.

        No snapshot is read or decoded; the cached copy takes the references read.
        """
        async with self.rt.reading() as connection:
            refs = await repo.message_refs(connection, table_id)
        if refs is None:
            raise ServiceError(Code.NOT_FOUND, f"There is no table #{table_id}.")
        shown = shown_of(refs)
        hit = self.rt.cached(table_id)
        if hit is not None:
            table, seats = with_shown(hit.table, hit.seats, shown)
            self.rt.remember(dataclasses.replace(hit, table=table, seats=seats))
        return shown

    async def record_shown(
        self, table_id: int, public: PublicRef | None = None, dms: Mapping[int, DmRef] | None = None
    ) -> None:
        """Remember what the table message (``public``) and several seats' DMs show, all or nothing.

        The same records as :meth:`record_public_message` and :meth:`record_dm_message`, written
        together: an adapter that updated several messages for one change commits once.
        """
        dms = dict(dms or {})
        if public is None and not dms:
            return
        table_values: dict[str, Any] = (
            {"public_message_id": public.message_id, "public_digest": public.digest} if public else {}
        )
        rows = [(seat, ref.message_id, ref.digest) for seat, ref in sorted(dms.items())]
        public_row = (public.message_id, public.digest) if public else None
        # one statement on PostgreSQL, outside a transaction: a failure only leaves the records
        # behind, and the adapter redraws the table once the database answers
        async with self.rt.one_write() as connection:
            missing = await repo.record_shown(connection, table_id, public_row, rows)
            if missing == "table":
                raise ServiceError(Code.NOT_FOUND, f"There is no table #{table_id}.")
            if missing == "seat":
                raise ServiceError(Code.NOT_FOUND, f"Table #{table_id} has no such seat.")
        hit = self.rt.cached(table_id)
        if hit is not None:
            table = dataclasses.replace(hit.table, **table_values)
            seats = tuple(
                dataclasses.replace(s, dm_message_id=dms[s.seat].message_id, dm_digest=dms[s.seat].digest)
                if s.seat in dms
                else s
                for s in hit.seats
            )
            self.rt.remember(dataclasses.replace(hit, table=table, seats=seats))

    async def set_dm_open(self, user_id: int, is_open: bool, table_id: int | None = None) -> None:
        """Record whether Tablekeeper can DM ``user_id`` (at one table, or at all active ones)."""
        async with self.rt.transaction() as connection:
            ids = await repo.set_dm_open(connection, user_id, is_open, table_id)
        for changed in ids:
            self.patch_cached_seats(changed, lambda r: r.user_id == user_id, dm_open=is_open)

    async def _set_table(self, table_id: int, **values: Any) -> None:
        async with self.rt.transaction() as connection:
            if not await repo.update_table(connection, table_id, values):
                raise ServiceError(Code.NOT_FOUND, f"There is no table #{table_id}.")
        hit = self.rt.cached(table_id)
        if hit is not None:
            self.rt.remember(dataclasses.replace(hit, table=dataclasses.replace(hit.table, **values)))
