"""What ``/solo`` does: open a game against bots in the player's DMs and show it there.

Separate from the lobby because a solo game has no lobby: it opens a DM, splits the player's own
choices from the table options typed with the command, and starts at once.
"""

from __future__ import annotations

import discord

from bot.discord.cogs.asking import display_name, parse_options, split_seat_options
from bot.discord.courier import Courier
from bot.discord.first_contact import solo_note
from bot.discord.replies import defer, reported, tell
from bot.service import TableService
from bot.service.values import ServiceError
from engines.core import Code


class SoloControl:
    """Starts solo games (used by the solo cog)."""

    def __init__(self, client: discord.Client, tables: TableService, courier: Courier) -> None:
        self.client = client
        self.tables = tables
        self.courier = courier

    async def solo(
        self,
        interaction: discord.Interaction,
        game: str,
        mode: str | None,
        difficulty: str | None,
        options: str | None,
        deck: str | None = None,
    ) -> None:
        """``/solo``: a game against bots in the player's DMs (from a server or from the DM itself)."""
        in_dm = interaction.guild_id is None
        await defer(interaction, ephemeral=not in_dm)
        async with reported(interaction, "solo"):
            try:
                channel = await self.client.create_dm(interaction.user)
            except discord.HTTPException:
                raise ServiceError(Code.UNAVAILABLE, "I could not open a direct message with you.") from None
            table_options, seat_options = split_seat_options(game, mode, parse_options(options))
            if deck:
                seat_options["deck"] = deck
            delivery = await self.tables.open_solo(
                interaction.user.id,
                channel.id,
                game,
                mode,
                difficulty,
                table_options,
                name=display_name(interaction.user),
                seat_options=seat_options or None,
                # a DM game speaks the player's language, unless the server it was asked from set one
                guild_id=interaction.guild_id,
                locale=str(interaction.locale),
            )
            title = delivery.table.title
            hint = await solo_note(self.courier.services, delivery.table, interaction.user.id)
            if in_dm:
                # Answer first so the game message is the newest one in the conversation.
                await tell(interaction, f"Your game of {title} is below. Good luck! {hint}".strip())
            try:
                await self.courier.publish(delivery, actor_id=interaction.user.id)
            except discord.Forbidden:
                await self.tables.abort(delivery.table.id, interaction.user.id)
                raise ServiceError(
                    Code.BAD_OPTION,
                    "I can't send you direct messages. Allow DMs from this server and try again.",
                ) from None
            if not in_dm:
                await tell(
                    interaction, f"Your game of {title} is ready in our direct messages. {hint}".strip()
                )
