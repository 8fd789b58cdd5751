"""Each player's DM: their hand and choices, the notice that a bot took their seat, reminders.

A DM is touched only when what it shows privately changed (see :mod:`bot.discord.shown`), and
closed DMs fall back to the table's channel with a "Show my hand" button.
"""

from __future__ import annotations

import contextlib
import logging

import discord

from bot.discord.embeds import HAND_FILE, hand_embed
from bot.discord.replies import with_view
from bot.discord.sending import DMS_CLOSED, PINGS, file_of, say, table_place, why
from bot.discord.shown import DmPlan, Records
from bot.discord.views import reclaim_view, seat_view
from bot.service import Services
from bot.service.values import Delivery, DmRef, Reminder, SeatUpdate, TableInfo

log = logging.getLogger("tablekeeper.discord")


class Dms:
    """Sends and edits the players' private messages of a table; one per courier."""

    def __init__(self, client: discord.Client, services: Services) -> None:
        self.client = client
        self.services = services

    async def update(self, delivery: Delivery, update: SeatUpdate, plan: DmPlan, records: Records) -> bool:
        """Update one player's DM as ``plan`` says; False when their DMs are closed.

        Discord rate-limits message edits, so a DM is only touched when what it shows privately
        changed (see :func:`bot.discord.shown.dm_digest`); the fingerprint of what each DM shows
        is kept in the database, so every process (and every restart) agrees on it.
        """
        table = delivery.table
        info = next((s for s in table.seats if s.seat == update.seat), None)
        was_open = info.dm_open if info is not None else True
        if not was_open and update.prompt is None:
            return False  # nothing to ask; don't knock on a closed door every move
        if plan.same:
            return True  # the DM already shows exactly this
        embed = hand_embed(table, update)
        view = seat_view(table, update)
        message_id = plan.message_id
        fresh = plan.fresh
        sent = False  # only a new message proves DMs are open: Discord lets us edit old ones regardless
        try:
            channel = await self.client.create_dm(discord.Object(id=update.user_id))
            if not fresh and message_id is not None:
                try:
                    await channel.get_partial_message(message_id).edit(
                        embed=embed, attachments=self.hand_files(update), view=view
                    )
                    records.dms[update.seat] = DmRef(message_id, plan.digest)
                except discord.NotFound:
                    fresh = True
            if fresh:
                message = await channel.send(embed=embed, files=self.hand_files(update), **with_view(view))
                sent = True
                records.dms[update.seat] = DmRef(message.id, plan.digest)
                await records.flush()  # a new message: its id is kept before anything else is sent
                if message_id is not None:
                    await self.retire(channel, message_id)
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                raise
            if was_open:
                await self.services.tables.set_dm_open(update.user_id, False, table.id)
                await say(
                    self.client,
                    table,
                    f"<@{update.user_id}> I can't send you direct messages, so your hand stays here: "
                    "press **Show my hand** on the table message to see it and choose.",
                )
            return False
        if not was_open and sent:  # they opened their DMs again: the next closing is news again
            await self.services.tables.set_dm_open(update.user_id, True, table.id)
        return True

    async def release_bot_seats(self, table: TableInfo, refs: dict[int, DmRef]) -> None:
        """Strip the controls from the DM of a seat a bot now plays, and forget that DM.

        Forgetting it means that when the player takes the seat back they get a fresh message
        (which notifies them) instead of an edit far up the conversation.
        """
        for info in table.seats:
            ref = refs.get(info.seat)
            if info.user_id is None or info.bot is None or ref is None or ref.message_id is None:
                continue
            with contextlib.suppress(discord.HTTPException):  # unreachable DMs keep nothing clickable
                channel = await self.client.create_dm(discord.Object(id=info.user_id))
                await self.retire(channel, ref.message_id)
            await self.services.tables.record_dm_message(table.id, info.seat, None)

    async def tell_taken_over(self, table: TableInfo, seat: int) -> None:
        """Tell a player a bot took their seat on timeout, with a button to take it back."""
        info = next((s for s in table.seats if s.seat == seat), None)
        if info is None or info.user_id is None or not info.taken_over:
            return
        text = (
            f"Your time ran out at table #{table.id}, so a bot is playing your seat for now. "
            "Press **Take my seat back** (or use `/table rejoin` in the table's channel) to play on yourself."
        )
        view = reclaim_view(table.id)
        if info.dm_open and not table.solo:
            try:
                channel = await self.client.create_dm(discord.Object(id=info.user_id))
                await channel.send(text, view=view)
                return
            except discord.Forbidden as exc:
                if exc.code != DMS_CLOSED:
                    raise
        place = self.client.get_partial_messageable(table.channel_id if table.solo else table_place(table))
        try:
            await place.send(f"<@{info.user_id}> {text}", view=view, allowed_mentions=PINGS)
        except discord.HTTPException as exc:
            log.warning("table %s: takeover notice not sent (%s)", table.id, why(exc))

    @staticmethod
    def hand_files(update: SeatUpdate) -> list[discord.File]:
        """The seat's hand picture as an attachment (none when it has no picture)."""
        return [file_of(update.image, HAND_FILE)] if update.image is not None else []

    async def retire(self, channel: discord.abc.Messageable, message_id: int) -> None:
        """Strip the controls from an older DM so only the newest one is clickable."""
        # A deleted or unreachable message has no controls left to strip.
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).edit(view=None)  # type: ignore[attr-defined]

    async def remind(self, reminder: Reminder) -> None:
        """Tell a player their time is running out (by DM, else in the table's channel)."""
        deadline = int(reminder.deadline_ts)
        text = f"Reminder: your move at table #{reminder.table.id} — time runs out <t:{deadline}:R>."
        info = next((s for s in reminder.table.seats if s.seat == reminder.seat), None)
        if info is None or info.dm_open:
            try:
                channel = await self.client.create_dm(discord.Object(id=reminder.user_id))
                await channel.send(text)
                return
            except discord.Forbidden as exc:
                if exc.code != DMS_CLOSED:
                    raise
        if not reminder.table.solo:
            await say(self.client, reminder.table, f"<@{reminder.user_id}> {text}")
