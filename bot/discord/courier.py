"""Showing a :class:`Delivery` on Discord: the table message, each player's DM, pings.

The service has already committed and rendered everything; this module only sends and edits
messages. Message ids are stored through the service (never discord.py objects), so any process
can edit them later. A failure to reach one player never stops the others from being updated.
"""

import asyncio
import logging
from collections.abc import Sequence

import discord

from bot.discord.animation_post import FinalAnimations
from bot.discord.dms import Dms
from bot.discord.embeds import BOARD_FILE, FIELD, hand_embed, lobby_embed, seat_label, table_embed
from bot.discord.layout import clip
from bot.discord.lesson import lesson_embed
from bot.discord.ratings import rating_changes_line
from bot.discord.replay_view import open_view
from bot.discord.replies import PartialDelivery, scrubbed_traceback, with_view
from bot.discord.sending import QUIET, file_of, say, table_place, why
from bot.discord.shown import Records, dm_plan, kept
from bot.discord.views import lobby_view, seat_view, table_view
from bot.service import Services
from bot.service.truth import Behind
from bot.service.values import Delivery, PublicRef, PublicTable, ServiceError, TableInfo
from engines.core import Code

log = logging.getLogger("tablekeeper.discord")

#: a table whose messages fell behind is redrawn after this many seconds, then twice as long
#: each time the database still does not answer, up to :data:`CATCH_UP_MAX`, for :data:`CATCH_UP_FOR`
CATCH_UP_FIRST = 1.0
CATCH_UP_MAX = 30.0
CATCH_UP_FOR = 3600.0


class Courier:
    """Sends and edits the messages that show a table; one per bot."""

    def __init__(self, client: discord.Client, services: Services) -> None:
        self.client = client
        self.services = services
        #: tables whose messages fell behind a saved change, each with the task redrawing it
        self._catching_up: dict[int, asyncio.Task[None]] = {}
        #: the finished games' animations, added to their final messages off the click path
        self.finals = FinalAnimations(client, services)
        #: the players' DMs
        self.dms = Dms(client, services)

    # ------------------------------------------------------------------ catching up
    def catch_up(self, table_id: int, *, at_once: bool = False) -> None:
        """Redraw ``table_id`` everywhere once the database answers again (one redraw at a time).

        A change saved just before the database stopped answering could not be shown (or its
        messages not recorded), so its players' DMs may still offer the choices of before it.
        ``at_once``: the database answers now, so the first try is not delayed.
        """
        if table_id in self._catching_up:
            return
        task = asyncio.get_running_loop().create_task(
            self._catch_up(table_id, 0.0 if at_once else CATCH_UP_FIRST)
        )
        self._catching_up[table_id] = task
        task.add_done_callback(lambda _: self._catching_up.pop(table_id, None))

    async def _catch_up(self, table_id: int, delay: float) -> None:
        loop = asyncio.get_running_loop()
        give_up = loop.time() + CATCH_UP_FOR
        while loop.time() < give_up:
            await asyncio.sleep(delay)
            delay = min(max(delay * 2, CATCH_UP_FIRST), CATCH_UP_MAX)
            try:
                await self.publish(await self.services.tables.current(table_id))
            except Behind:
                continue  # still not answering: this task goes on trying
            except ServiceError as error:
                if error.code is Code.UNAVAILABLE:
                    continue
                return  # the table is gone or over in a way that needs no redraw
            except PartialDelivery:
                return  # Discord refused some messages: the next change catches them up
            except Exception as exc:
                log.error("table %s: catching up failed: %s", table_id, scrubbed_traceback(exc))
                return
            log.info("table %s: messages caught up after the database came back", table_id)
            return
        log.warning("table %s: gave up catching up its messages (the database did not answer)", table_id)

    @property
    def catching_up(self) -> frozenset[int]:
        """The tables waiting for a redraw."""
        return frozenset(self._catching_up)

    async def close(self) -> None:
        """Stop waiting to redraw tables (a restart redraws on the next change)."""
        tasks = list(self._catching_up.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.finals.close()

    # ------------------------------------------------------------------ lobby
    async def show_lobby(self, table: TableInfo, note: str = "") -> None:
        """Redraw the lobby message (or post it if there is none yet), with the joined people's ratings."""
        channel = self.client.get_partial_messageable(table_place(table))
        people = sorted({s.user_id for s in table.seats if s.user_id is not None})
        try:  # one read for every seat's rating; the lobby is still drawn without them if it fails
            ratings, need = await self.services.stats.lobby_ratings(table.game, people, table.guild_id)
            embed = lobby_embed(table, note, ratings, need)
        except ServiceError as error:
            log.warning("table %s: lobby drawn without ratings (%s)", table.id, error.code.value)
            embed = lobby_embed(table, note)
        if table.public_message_id is not None:
            try:
                await channel.get_partial_message(table.public_message_id).edit(
                    embed=embed, view=lobby_view(table), allowed_mentions=QUIET
                )
                return
            except discord.NotFound:
                pass  # the lobby message was deleted: post a new one
        message = await channel.send(embed=embed, view=lobby_view(table), allowed_mentions=QUIET)
        await self.services.tables.record_public_message(table.id, message.id)

    async def close_lobby(self, table: TableInfo, text: str) -> None:
        """Replace a closed lobby's buttons with a one-line note."""
        if table.public_message_id is None:
            return
        channel = self.client.get_partial_messageable(table_place(table))
        embed = lobby_embed(table, text)
        try:
            await channel.get_partial_message(table.public_message_id).edit(embed=embed, view=None)
        except discord.HTTPException as exc:
            log.warning("could not close lobby of table %s: %s", table.id, type(exc).__name__)

    async def close_game(self, table: TableInfo, text: str) -> None:
        """A game stopped without a result: say so on the table message and disable every control."""
        embed = discord.Embed(
            title=f"Table #{table.id} stopped", description=text, colour=discord.Colour.dark_grey()
        )
        if table.public_message_id is not None:
            channel = self.client.get_partial_messageable(table_place(table))
            try:
                await channel.get_partial_message(table.public_message_id).edit(embed=embed, view=None)
            except discord.HTTPException as exc:
                log.warning("could not close table %s: %s", table.id, type(exc).__name__)
        if table.solo:
            return
        for seat, message_id in (await self.services.tables.dm_messages(table.id)).items():
            info = next((s for s in table.seats if s.seat == seat), None)
            if info is None or info.user_id is None:
                continue
            try:
                dm = await self.client.create_dm(discord.Object(id=info.user_id))
            except discord.HTTPException:
                continue  # unreachable DMs have no controls to strip
            await self.dms.retire(dm, message_id)

    # ------------------------------------------------------------------ game changes
    async def publish(self, delivery: Delivery, actor_id: int | None = None) -> None:
        """Show a change everywhere: the table message, every player's DM, and turn pings.

        Each message is tried on its own, so one that Discord refuses (a deleted channel, a lost
        permission) does not keep the others from being updated; :class:`PartialDelivery` then
        says how many failed. The change itself was already committed by the service, which read
        what the messages showed in the same transaction (``Delivery.shown``); what they show now
        is recorded in one transaction at the end (see :class:`Records`). When the database
        stops answering on the way, every message Discord takes is still sent, the table is
        redrawn once the database answers (:meth:`catch_up`), and :class:`Behind` says so.
        """
        table_id = delivery.table.id
        try:
            behind = await self._publish(delivery, actor_id)
        except ServiceError as error:
            if error.code is not Code.UNAVAILABLE:
                raise
            behind = True
        if behind:
            self.catch_up(table_id)
            raise Behind()

    async def _publish(self, delivery: Delivery, actor_id: int | None) -> bool:
        """:meth:`publish`; True when the database failed on the way (the records lag)."""
        if delivery.table.solo:
            return await self._publish_solo(delivery)
        failed = 0
        public = delivery.public
        shown = delivery.shown
        if shown is None:  # a redraw: nothing was read with it
            shown = await self.services.tables.shown(public.table.id)
        records = Records(self.services, public.table.id)
        told = shown.public.digest == public.digest
        if not told:  # a change the table cannot see (a hidden move) edits and pings nothing
            try:
                await self._public(public, records)
            except discord.HTTPException as exc:
                failed += 1
                log.warning("table %s: public message not updated (%s)", public.table.id, why(exc))
        refs = shown.dms
        plans = [(u, dm_plan(delivery, u, refs.get(u.seat), actor_id)) for u in delivery.seats]
        unreachable: list[int] = []
        # edits first: then the records of a change that sends one new message are one transaction
        for update, plan in sorted(plans, key=lambda item: item[1].fresh):
            try:
                reached = await self.dms.update(delivery, update, plan, records)
            except ServiceError as error:  # the database, while noting whether DMs are open
                if error.code is not Code.UNAVAILABLE:
                    raise
                records.behind = True
                continue
            except discord.HTTPException as exc:
                failed += 1
                log.warning("table %s: seat %s not updated (%s)", delivery.table.id, update.seat, why(exc))
                continue
            if not reached and update.prompt is not None:
                unreachable.append(update.user_id)
        await records.flush()
        if not await kept(self.dms.release_bot_seats(delivery.table, refs)):
            records.behind = True
        for seat in delivery.taken_over:
            await self.dms.tell_taken_over(delivery.table, seat)
        if not told:  # pings are public too: a hidden move sends none
            await self._ping(public, actor_id, unreachable, shown.mention)
        if failed:
            if records.behind:
                self.catch_up(delivery.table.id)
            raise PartialDelivery(failed)
        return records.behind

    async def _public(self, public: PublicTable, records: Records) -> None:
        """Show the table's public picture: built from :class:`PublicTable` alone (the secret filter)."""
        table = public.table
        channel = self.client.get_partial_messageable(table_place(table))
        embed = await self._with_ratings(table, table_embed(public), public.outcome is not None)
        files = [file_of(public.board_png, BOARD_FILE)]
        view = table_view(public)
        if table.public_message_id is not None:
            try:
                await channel.get_partial_message(table.public_message_id).edit(
                    content=None, embed=embed, attachments=files, view=view, allowed_mentions=QUIET
                )
                records.public = PublicRef(table.public_message_id, public.digest)
                self.finals.shown(public, table_place(table), table.public_message_id, [embed])
                return
            except discord.NotFound:
                files = [file_of(public.board_png, BOARD_FILE)]  # a File is spent once sent
        message = await channel.send(embed=embed, files=files, allowed_mentions=QUIET, **with_view(view))
        records.public = PublicRef(message.id, public.digest)
        self.finals.shown(public, table_place(table), message.id, [embed])
        await records.flush()  # a new message: its id is kept before anything else is sent

    async def _with_ratings(self, table: TableInfo, embed: discord.Embed, over: bool) -> discord.Embed:
        """A finished rated game's embed with each person's rating change (ratings are public)."""
        if not over:
            return embed
        try:
            changes = await self.services.stats.table_rating_changes(table.id)
        except ServiceError:  # the result still shows; the numbers are on /stats
            return embed
        if changes:
            embed.add_field(
                name="Rating changes", value=clip(rating_changes_line(changes), FIELD), inline=False
            )
        return embed

    async def _ping(
        self,
        public: PublicTable,
        actor_id: int | None,
        unreachable: Sequence[int],
        mention: bool | None = None,
    ) -> None:
        """Mention whoever must act now (server setting, ``mention`` if already read), and anyone
        we could not DM."""
        table = public.table
        if public.outcome is not None:
            who = public.outcome.who_won(lambda seat: seat_label(table, seat))
            await say(self.client, table, f"Game over: {who or 'nobody'} won.")
            return
        if mention is None:
            mention = True
            if table.guild_id is not None:
                mention = (await self.services.guilds.get(table.guild_id)).mention_on_turn
        sealed_round_started = not public.sealed_done
        asked: list[int] = []
        for prompt in public.asked:
            info = next((s for s in table.seats if s.seat == prompt.seat), None)
            if info is None or info.user_id is None or info.bot is not None or info.user_id == actor_id:
                continue
            if prompt.sealed and not sealed_round_started:
                continue
            if info.user_id not in asked:
                asked.append(info.user_id)
        closed = [u for u in unreachable if u in asked or u == actor_id]
        pinged = asked if mention else closed
        if not pinged:
            return
        text = " ".join(f"<@{u}>" for u in pinged) + f" — your move at table #{table.id}."
        if closed:
            text += " (No DMs from me: use **Show my hand**.)"
        await say(self.client, table, text)

    async def announce(self, table: TableInfo, text: str) -> None:
        """Post one line of public news in the table's channel (a player left, came back).

        A line of its own, not a line on the table message: the table message is edited only
        when what the game shows changes, and a line added there would be taken off again by
        the next move, a hidden one included, whose edit everyone could see.
        """
        await say(self.client, table, text)

    # ------------------------------------------------------------------ solo games in DMs
    async def _publish_solo(self, delivery: Delivery) -> bool:
        """A solo game is one message in the DM: board and hand together, with the choices."""
        table = delivery.table
        update = delivery.seats[0] if delivery.seats else None
        embeds = [await self._with_ratings(table, table_embed(delivery.public), delivery.outcome is not None)]
        files = [file_of(delivery.public.board_png, BOARD_FILE)]
        view: discord.ui.View | None = open_view(table.id) if delivery.outcome is not None else None
        taught = await lesson_embed(self.services, table)  # a tutorial's words, above the choice
        if taught is not None:
            embeds.append(taught)
        if update is not None and delivery.outcome is None:
            embeds.append(hand_embed(table, update))
            files += self.dms.hand_files(update)
            view = seat_view(table, update)
        channel = self.client.get_partial_messageable(table.channel_id)
        if table.public_message_id is not None:
            try:
                await channel.get_partial_message(table.public_message_id).edit(
                    embeds=embeds, attachments=files, view=view
                )
                self.finals.shown(delivery.public, table.channel_id, table.public_message_id, embeds)
                return False
            except discord.NotFound:
                files = [
                    file_of(delivery.public.board_png, BOARD_FILE),
                    *(self.dms.hand_files(update) if update else []),
                ]
        message = await channel.send(embeds=embeds, files=files, **with_view(view))
        self.finals.shown(delivery.public, table.channel_id, message.id, embeds)
        return not await kept(self.services.tables.record_public_message(table.id, message.id))
