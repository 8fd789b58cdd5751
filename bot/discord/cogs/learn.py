"""``/learn``: a guided first game of any game, in the player's DMs."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.choices import games_autocomplete
from bot.discord.language import LANGUAGE_CHOICES

if TYPE_CHECKING:
    from bot.discord.client import TablekeeperBot


class LearnCog(commands.Cog):
    """The learn command."""

    def __init__(self, bot: TablekeeperBot) -> None:
        self.bot = bot

    @app_commands.command(name="learn", description="Learn a game by playing it, with the rules explained")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.describe(
        game="Which game",
        language="For a game with several: yours if left out",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.autocomplete(game=games_autocomplete)
    async def learn(self, interaction: discord.Interaction, game: str, language: str | None = None) -> None:
        """Start or resume the game's tutorial."""
        await self.bot.controls.learn.learn(interaction, game, language)


async def setup(bot: TablekeeperBot) -> None:
    """Load the cog."""
    await bot.add_cog(LearnCog(bot))
