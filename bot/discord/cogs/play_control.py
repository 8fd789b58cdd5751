"""The play controller: a move, "Show my hand", Prev/Next over long lists of choices, ``/table status``.

Separate from the lobby because these read a running table and apply moves (the service's playing
and reads rooms); none of them changes who sits where.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord.cogs.asking import table_here
from bot.discord.courier import Courier
from bot.discord.embeds import BOARD_FILE, HAND_FILE, hand_embed, lobby_embed, table_embed
from bot.discord.replies import defer, reported, with_view
from bot.discord.sending import table_place
from bot.discord.views import EPHEMERAL, IN_MESSAGE, seat_view, table_view
from bot.service import TableService
from bot.service.playing import STALE_CLICK
from bot.service.truth import Unavailable
from bot.service.values import LOBBY, PLAYING, ServiceError
from bot.work import Click, InlineQueue, WorkQueue
from engines.core import Code


def _file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


async def refresh_ephemeral(
    edit: Callable[..., Awaitable[Any]], tables: TableService, table_id: int, user_id: int, seat: int
) -> None:
    """Redraw a clicked "Show my hand" message (only its clicker sees it) through ``edit``."""
    table = await tables.get(table_id)
    if table.status != PLAYING:
        await edit(content="The game is over.", embed=None, attachments=[], view=None)
        return
    update = await tables.hand(table_id, user_id, seat)
    files = [_file(update.image, HAND_FILE)] if update.image is not None else []
    await edit(  # content None: a refusal's note above the choices no longer applies
        content=None,
        embed=hand_embed(table, update),
        attachments=files,
        view=seat_view(table, update, where=EPHEMERAL),
    )


#: a click for an earlier moment, answered with the clicker's choices as they are now
STALE_WITH_CHOICES = (
    "That choice was for an earlier moment of the game (it may already have been made). Your choices now:"
)


async def stale_answer(tables: TableService, click: Click) -> dict[str, Any]:
    """The private answer to a stale click: the refusal, with the clicker's current choices.

    The refusal alone would send them to "the latest message", which may not exist: a DM that
    missed a change while the database was down keeps its old buttons. So the answer itself
    carries what they may choose now (their own seat's view only), as "Show my hand" does.
    """
    try:
        table = await tables.get(click.table_id)
        if table.status != PLAYING:
            return {"content": STALE_CLICK}
        update = await tables.hand(click.table_id, click.user_id, click.seat)
    except ServiceError:
        return {"content": STALE_CLICK}
    if update.prompt is None:
        return {"content": STALE_CLICK}
    files = [_file(update.image, HAND_FILE)] if update.image is not None else []
    return {
        "content": STALE_WITH_CHOICES,
        "embed": hand_embed(table, update),
        "files": files,
        **with_view(seat_view(table, update, where=EPHEMERAL)),
    }


class PlayControl:
    """What moves, hands, page turns and ``/table status`` do (used by the tables cog and the items)."""

    def __init__(self, tables: TableService, courier: Courier, queue: WorkQueue | None = None) -> None:
        self.tables = tables
        self.courier = courier
        self.queue: WorkQueue = queue if queue is not None else InlineQueue()

    # ------------------------------------------------------------------ status
    async def status(self, interaction: discord.Interaction) -> None:
        """``/table status``: the table in this channel, shown only to the asker."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "table status"):
            table = await table_here(self.tables, interaction)
            if table.status == LOBBY:
                await interaction.followup.send(embed=lobby_embed(table), ephemeral=True)
                return
            # anyone in the channel may ask, so only the public picture: never a seat's own text
            public = await self.tables.public(table.id)
            await interaction.followup.send(
                embed=table_embed(public), file=_file(public.board_png, BOARD_FILE), ephemeral=True
            )

    # ------------------------------------------------------------------ playing
    async def act(
        self, interaction: discord.Interaction, table_id: int, token: str, seat: int, key: str
    ) -> None:
        """A choice was clicked: acknowledge at once, then hand the work to the queue.

        The inline queue (the default) runs :meth:`_act_here` at once in this process; a shared
        queue stores the click, and a worker process applies, draws and delivers it over REST.
        """
        await defer(interaction, update=True)
        async with reported(interaction, "action"):
            message = interaction.message
            click = Click(
                table_id,
                interaction.user.id,
                token,
                key,
                seat,
                application_id=interaction.application_id,
                interaction_token=interaction.token,
                ephemeral=bool(message is not None and message.flags.ephemeral),
                channel_id=interaction.channel_id,
                shard_id=interaction.guild.shard_id if interaction.guild is not None else 0,
            )
            await self.queue.submit(click, lambda: self._act_here(interaction, click))

    async def _act_here(self, interaction: discord.Interaction, click: Click) -> None:
        """Apply the choice through the service, then show the change everywhere."""
        try:
            delivery = await self.tables.act(
                click.table_id, click.user_id, click.token, click.key, click.seat
            )
        except Unavailable as error:
            if error.in_doubt:  # the move may have landed: show the table once the database is back
                self.courier.catch_up(click.table_id)
            raise
        except ServiceError as error:
            if error.message != STALE_CLICK:
                raise
            await interaction.followup.send(ephemeral=True, **await stale_answer(self.tables, click))
            return
        await self.courier.publish(delivery, actor_id=click.user_id)
        if click.ephemeral and click.seat is not None:
            await refresh_ephemeral(
                interaction.edit_original_response, self.tables, click.table_id, click.user_id, click.seat
            )

    async def show_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        """ "Show my hand": the clicker's private view and choices, visible only to them."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "show hand"):
            table = await self.tables.get(table_id)
            seats = table.seats_of(interaction.user.id)
            if not seats:
                raise ServiceError(
                    Code.NOT_PLAYER, "You are not playing at this table, so you have no hand here."
                )
            if table.status != PLAYING:
                raise ServiceError(Code.NOT_STARTED, "This table is not playing right now.")
            for seat in seats:
                update = await self.tables.hand(table_id, interaction.user.id, seat)
                files = [_file(update.image, HAND_FILE)] if update.image is not None else []
                view = seat_view(table, update, where=EPHEMERAL)
                await interaction.followup.send(
                    embed=hand_embed(table, update),
                    files=files,
                    ephemeral=True,
                    **with_view(view),
                )

    async def turn_page(
        self, interaction: discord.Interaction, table_id: int, seat: int, page: int, where: str
    ) -> None:
        """Prev/Next: redraw a message's choices at another page (with the latest choices)."""
        await defer(interaction, update=True)
        async with reported(interaction, "page"):
            table = await self.tables.get(table_id)
            if table.status != PLAYING:
                raise ServiceError(Code.GAME_OVER, "This game is not running any more.")
            public = not table.solo and where == IN_MESSAGE and interaction.channel_id == table_place(table)
            view: discord.ui.View | None
            if public:
                view = table_view(await self.tables.public(table_id), pages={seat: page})
            else:
                update = await self.tables.hand(table_id, interaction.user.id, seat)
                view = seat_view(table, update, where=where, page=page)
            await interaction.edit_original_response(view=view)
