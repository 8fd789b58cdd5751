"""What ``/learn`` does: open (or take up again) a guided first game in the player's DMs.

A tutorial is a solo game (:mod:`bot.service.tutorials`): the same DM message as ``/solo``, with
the tutorial's explanations and notes between the board and the choices (:mod:`bot.discord.lesson`).
"""

from __future__ import annotations

import discord

from bot.discord.cogs.asking import display_name
from bot.discord.courier import Courier
from bot.discord.replies import defer, reported, tell
from bot.service import Services
from bot.service.values import ServiceError
from engines.core import Code


class LearnControl:
    """Starts and resumes tutorials (used by the learn cog)."""

    def __init__(self, client: discord.Client, services: Services, courier: Courier) -> None:
        self.client = client
        self.services = services
        self.courier = courier

    async def learn(self, interaction: discord.Interaction, game: str, language: str | None) -> None:
        """``/learn``: the game's tutorial in the player's DMs, taken up where it was left if running."""
        in_dm = interaction.guild_id is None
        await defer(interaction, ephemeral=not in_dm)
        async with reported(interaction, "learn"):
            try:
                channel = await self.client.create_dm(interaction.user)
            except discord.HTTPException:
                raise ServiceError(Code.UNAVAILABLE, "I could not open a direct message with you.") from None
            begun = await self.services.tutorials.begin(
                interaction.user.id,
                channel.id,
                game,
                name=display_name(interaction.user),
                lang=language,
                locale=str(interaction.locale),
            )
            delivery = begun.delivery
            title = delivery.table.title
            where = "below" if in_dm else "in our direct messages"
            said = (
                f"Your {title} tutorial is {where}, where you left it."
                if begun.resumed
                else f"Your {title} tutorial is {where}: a real game, its rules explained as they come up."
            )
            if in_dm:
                await tell(interaction, said)  # first, so the game message is the newest one
            try:
                await self.courier.publish(delivery, actor_id=interaction.user.id)
            except discord.Forbidden:
                if not begun.resumed:
                    await self.services.tables.abort(delivery.table.id, interaction.user.id)
                raise ServiceError(
                    Code.BAD_OPTION,
                    "I can't send you direct messages. Allow DMs from this server and try again.",
                ) from None
            if not in_dm:
                await tell(interaction, said)
