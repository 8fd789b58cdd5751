"""The play controller: a move, "Show my hand", Prev/Next over long lists of choices, ``/table status``.

Separate from the lobby because these read a running table and apply moves (the service's playing
and reads rooms); none of them changes who sits where.
"""

from __future__ import annotations

import io

import discord

from bot.discord.cogs.asking import table_here
from bot.discord.delivery import Courier, table_place
from bot.discord.embeds import BOARD_FILE, HAND_FILE, hand_embed, lobby_embed, table_embed
from bot.discord.replies import defer, reported, with_view
from bot.discord.views import EPHEMERAL, IN_MESSAGE, seat_view, table_view
from bot.service import TableService
from bot.service.api import LOBBY, PLAYING, ServiceError
from engines.core import Code


def _file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


class PlayControl:
    """What moves, hands, page turns and ``/table status`` do (used by the tables cog and the items)."""

    def __init__(self, tables: TableService, courier: Courier) -> None:
        self.tables = tables
        self.courier = courier

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
        """A choice was clicked: apply it through the service, then show the change everywhere."""
        await defer(interaction, update=True)
        async with reported(interaction, "action"):
            delivery = await self.tables.act(table_id, interaction.user.id, token, key, seat)
            await self.courier.publish(delivery, actor_id=interaction.user.id)
            message = interaction.message
            if message is not None and message.flags.ephemeral:
                await self._refresh_ephemeral(interaction, table_id, seat)

    async def _refresh_ephemeral(self, interaction: discord.Interaction, table_id: int, seat: int) -> None:
        table = await self.tables.get(table_id)
        if table.status != PLAYING:
            await interaction.edit_original_response(
                content="The game is over.", embed=None, attachments=[], view=None
            )
            return
        update = await self.tables.hand(table_id, interaction.user.id, seat)
        files = [_file(update.image, HAND_FILE)] if update.image is not None else []
        await interaction.edit_original_response(
            embed=hand_embed(table, update),
            attachments=files,
            view=seat_view(table, update, where=EPHEMERAL),
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
