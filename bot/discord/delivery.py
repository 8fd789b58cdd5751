"""Showing a :class:`Delivery` on Discord: the public table message, each player's DM, pings.

The service has already committed and rendered everything; this module only sends and edits
messages. Message ids are stored through the service (never discord.py objects), so any process
can edit them later. A failure to reach one player never stops the others from being updated.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass

import discord

from bot.discord.animation_post import FinalAnimations
from bot.discord.embeds import BOARD_FILE, FIELD, HAND_FILE, hand_embed, lobby_embed, seat_label, table_embed
from bot.discord.layout import clip
from bot.discord.lesson import lesson_embed
from bot.discord.ratings import rating_changes_line
from bot.discord.replay_view import open_view
from bot.discord.replies import PartialDelivery, scrubbed_traceback, with_view
from bot.discord.views import lobby_view, reclaim_view, seat_actions, seat_view, table_view
from bot.service import Services
from bot.service.api import (
    Delivery,
    DmRef,
    PublicRef,
    PublicTable,
    Reminder,
    SeatUpdate,
    ServiceError,
    TableInfo,
)
from bot.service.projection import fingerprint
from bot.service.truth import Behind
from engines.core import Code

log = logging.getLogger("tablekeeper.discord")

#: Discord's error code for "Cannot send messages to this user" (DMs closed or no shared server)
DMS_CLOSED = 50007
PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)
QUIET = discord.AllowedMentions.none()
#: a table whose messages fell behind is redrawn after this many seconds, then twice as long
#: each time the database still does not answer, up to :data:`CATCH_UP_MAX`, for :data:`CATCH_UP_FOR`
CATCH_UP_FIRST = 1.0
CATCH_UP_MAX = 30.0
CATCH_UP_FOR = 3600.0


async def kept(write: Awaitable[object]) -> bool:
    """Run a database write of the adapter's; False when the database did not answer.

    The adapter's writes only remember what messages show. When one fails after a change was
    saved, the messages are redrawn later (see :meth:`Courier.catch_up`): the change stands.
    """
    try:
        await write
    except ServiceError as error:
        if error.code is not Code.UNAVAILABLE:
            raise
        return False
    return True


def _why(exc: discord.HTTPException) -> str:
    return f"{type(exc).__name__} {exc.status}/{exc.code}"


def table_place(table: TableInfo) -> int:
    """The channel (or thread) where the table's public messages live."""
    return table.thread_id or table.channel_id


def _file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def dm_digest(table: TableInfo, update: SeatUpdate, public_lines: Sequence[str]) -> str:
    """A fingerprint of what a seat's DM shows privately: ``"<question>.<content>"``.

    It covers the hand image, the question asked and its choices (with the seat's token, which
    their ids carry), and narration meant for this seat alone (lines that differ from the public
    ones). Public news is on the table message, so it alone never edits a DM. The token changes
    only with what the seat itself can see or do, so the others' hidden moves never edit a DM:
    the number of edits a player gets tells them nothing. Without a hand image the seat's own
    text stands in for it.
    """
    prompt = update.prompt
    asked = (
        "-"
        if prompt is None
        else fingerprint(prompt.kind, prompt.text, prompt.sealed, update.deadline_ts)[:16]
    )
    actions = seat_actions(update, table.solo)
    shown = set(public_lines)
    own_lines = [line for line in update.narration if line not in shown]
    picture: object = update.image if update.image is not None else update.text
    token = update.token if actions else None
    content = fingerprint(picture, [(a.key, a.label, a.group) for a in actions], own_lines, token)
    return f"{asked}.{content[:40]}"


def _asked_part(digest: str | None) -> str | None:
    """The question half of a :func:`dm_digest` (None when nothing was recorded)."""
    return digest.split(".", 1)[0] if digest else None


@dataclass(frozen=True)
class DmPlan:
    """What one seat's DM needs after a change: nothing, an edit, or a new message."""

    digest: str  # what the DM will show (see :func:`dm_digest`)
    message_id: int | None  # the DM message recorded now, if any
    same: bool  # it already shows exactly this: no request at all
    fresh: bool  # a new message (which notifies the player) rather than an edit


def dm_plan(delivery: Delivery, update: SeatUpdate, ref: DmRef | None, actor_id: int | None) -> DmPlan:
    """Decide how ``update`` reaches its player's DM, given what the DM shows (``ref``)."""
    table = delivery.table
    info = next((s for s in table.seats if s.seat == update.seat), None)
    was_open = info.dm_open if info is not None else True
    message_id = ref.message_id if ref is not None else None
    digest = dm_digest(table, update, delivery.public.narration)
    same = message_id is not None and ref is not None and ref.digest == digest and was_open
    # A new message notifies the player; an edit does not. Notify when someone else's move
    # handed them a new decision; otherwise keep one tidy message up to date.
    before = ref.digest if ref is not None else None
    asked_anew = update.prompt is not None and _asked_part(digest) != _asked_part(before)
    fresh = message_id is None or (asked_anew and update.user_id != actor_id)
    return DmPlan(digest, message_id, same, fresh)


class Records:
    """What one publish has shown and not yet recorded, written in one transaction per :meth:`flush`.

    An edit's new fingerprint waits for the end of the publish: if the process dies first, the
    next change only edits that message once more. A new message's id is different: until it is
    recorded nobody would strip its buttons, so :meth:`flush` follows each new message before
    any other request to Discord, exactly as when each record was written at once.
    """

    def __init__(self, services: Services, table_id: int) -> None:
        self.services = services
        self.table_id = table_id
        self.public: PublicRef | None = None
        self.dms: dict[int, DmRef] = {}
        self.flushes = 0
        #: a database write failed: what the messages show is not all recorded (redraw later)
        self.behind = False

    async def flush(self) -> None:
        """Write whatever is waiting (nothing at all when nothing is).

        When the database does not answer, the sending goes on regardless (the change itself is
        saved); ``behind`` says the records lag, so the table is redrawn once it answers.
        """
        if self.public is None and not self.dms:
            return
        public, dms = self.public, self.dms
        self.public, self.dms = None, {}
        if await kept(self.services.tables.record_shown(self.table_id, public, dms)):
            self.flushes += 1
        else:
            self.behind = True


class Courier:
    """Sends and edits the messages that show a table; one per bot."""

    def __init__(self, client: discord.Client, services: Services) -> None:
        self.client = client
        self.services = services
        #: tables whose messages fell behind a saved change, each with the task redrawing it
        self._catching_up: dict[int, asyncio.Task[None]] = {}
        #: the finished games' animations, added to their final messages off the click path
        self.finals = FinalAnimations(client, services)

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
            await self._retire(dm, message_id)

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
                log.warning("table %s: public message not updated (%s)", public.table.id, _why(exc))
        refs = shown.dms
        plans = [(u, dm_plan(delivery, u, refs.get(u.seat), actor_id)) for u in delivery.seats]
        unreachable: list[int] = []
        # edits first: then the records of a change that sends one new message are one transaction
        for update, plan in sorted(plans, key=lambda item: item[1].fresh):
            try:
                reached = await self._seat(delivery, update, plan, records)
            except ServiceError as error:  # the database, while noting whether DMs are open
                if error.code is not Code.UNAVAILABLE:
                    raise
                records.behind = True
                continue
            except discord.HTTPException as exc:
                failed += 1
                log.warning("table %s: seat %s not updated (%s)", delivery.table.id, update.seat, _why(exc))
                continue
            if not reached and update.prompt is not None:
                unreachable.append(update.user_id)
        await records.flush()
        if not await kept(self._release_bot_seats(delivery.table, refs)):
            records.behind = True
        for seat in delivery.taken_over:
            await self._tell_taken_over(delivery.table, seat)
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
        files = [_file(public.board_png, BOARD_FILE)]
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
                files = [_file(public.board_png, BOARD_FILE)]  # a File is spent once sent
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

    async def _seat(self, delivery: Delivery, update: SeatUpdate, plan: DmPlan, records: Records) -> bool:
        """Update one player's DM as ``plan`` says; False when their DMs are closed.

        Discord rate-limits message edits, so a DM is only touched when what it shows privately
        changed (see :func:`dm_digest`); the fingerprint of what each DM shows is kept in the
        database, so every process (and every restart) agrees on it.
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
                        embed=embed, attachments=self._hand_files(update), view=view
                    )
                    records.dms[update.seat] = DmRef(message_id, plan.digest)
                except discord.NotFound:
                    fresh = True
            if fresh:
                message = await channel.send(embed=embed, files=self._hand_files(update), **with_view(view))
                sent = True
                records.dms[update.seat] = DmRef(message.id, plan.digest)
                await records.flush()  # a new message: its id is kept before anything else is sent
                if message_id is not None:
                    await self._retire(channel, message_id)
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                raise
            if was_open:
                await self.services.tables.set_dm_open(update.user_id, False, table.id)
                await self._say(
                    table,
                    f"<@{update.user_id}> I can't send you direct messages, so your hand stays here: "
                    "press **Show my hand** on the table message to see it and choose.",
                )
            return False
        if not was_open and sent:  # they opened their DMs again: the next closing is news again
            await self.services.tables.set_dm_open(update.user_id, True, table.id)
        return True

    async def _release_bot_seats(self, table: TableInfo, refs: dict[int, DmRef]) -> None:
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
                await self._retire(channel, ref.message_id)
            await self.services.tables.record_dm_message(table.id, info.seat, None)

    async def _tell_taken_over(self, table: TableInfo, seat: int) -> None:
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
            log.warning("table %s: takeover notice not sent (%s)", table.id, _why(exc))

    @staticmethod
    def _hand_files(update: SeatUpdate) -> list[discord.File]:
        return [_file(update.image, HAND_FILE)] if update.image is not None else []

    async def _retire(self, channel: discord.abc.Messageable, message_id: int) -> None:
        """Strip the controls from an older DM so only the newest one is clickable."""
        # A deleted or unreachable message has no controls left to strip.
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).edit(view=None)  # type: ignore[attr-defined]

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
            await self._say(table, f"Game over: {who or 'nobody'} won.")
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
        await self._say(table, text)

    async def announce(self, table: TableInfo, text: str) -> None:
        """Post one line of public news in the table's channel (a player left, came back).

        A line of its own, not a line on the table message: the table message is edited only
        when what the game shows changes, and a line added there would be taken off again by
        the next move, a hidden one included, whose edit everyone could see.
        """
        await self._say(table, text)

    async def _say(self, table: TableInfo, text: str) -> None:
        try:
            await self.client.get_partial_messageable(table_place(table)).send(text, allowed_mentions=PINGS)
        except discord.HTTPException as exc:
            log.warning("could not post in table %s's channel: %s", table.id, type(exc).__name__)

    # ------------------------------------------------------------------ solo games in DMs
    async def _publish_solo(self, delivery: Delivery) -> bool:
        """A solo game is one message in the DM: board and hand together, with the choices."""
        table = delivery.table
        update = delivery.seats[0] if delivery.seats else None
        embeds = [await self._with_ratings(table, table_embed(delivery.public), delivery.outcome is not None)]
        files = [_file(delivery.public.board_png, BOARD_FILE)]
        view: discord.ui.View | None = open_view(table.id) if delivery.outcome is not None else None
        taught = await lesson_embed(self.services, table)  # a tutorial's words, above the choice
        if taught is not None:
            embeds.append(taught)
        if update is not None and delivery.outcome is None:
            embeds.append(hand_embed(table, update))
            files += self._hand_files(update)
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
                    _file(delivery.public.board_png, BOARD_FILE),
                    *(self._hand_files(update) if update else []),
                ]
        message = await channel.send(embeds=embeds, files=files, **with_view(view))
        self.finals.shown(delivery.public, table.channel_id, message.id, embeds)
        return not await kept(self.services.tables.record_public_message(table.id, message.id))

    # ------------------------------------------------------------------ timers
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
            await self._say(reminder.table, f"<@{reminder.user_id}> {text}")
