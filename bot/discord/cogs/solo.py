"""``/solo``: a game against bots in the player's DMs, started from a server or from the DM."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.choices import games_autocomplete, modes_autocomplete, solo_decks_autocomplete

if TYPE_CHECKING:
    from bot.discord.client import TablekeeperBot

DIFFICULTY = [app_commands.Choice(name=n, value=n) for n in ("easy", "normal", "hard")]


class SoloCog(commands.Cog):
    """The solo command."""

    def __init__(self, bot: TablekeeperBot) -> None:
        self.bot = bot

    @app_commands.command(name="solo", description="Play a game alone against bots, in your DMs")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.describe(
        game="Which game",
        mode="How to play it (defaults to the game's first mode)",
        difficulty="How strong the bots are",
        options="Table options as key=value pairs",
        deck="Your deck, if the game asks for one",
    )
    @app_commands.choices(difficulty=DIFFICULTY)
    @app_commands.autocomplete(game=games_autocomplete, mode=modes_autocomplete, deck=solo_decks_autocomplete)
    async def solo(
        self,
        interaction: discord.Interaction,
        game: str,
        mode: str | None = None,
        difficulty: str | None = None,
        options: str | None = None,
        deck: str | None = None,
    ) -> None:
        """Start a solo game."""
        await self.bot.controls.solo.solo(interaction, game, mode, difficulty, options, deck)


async def setup(bot: TablekeeperBot) -> None:
    """Load the cog."""
    await bot.add_cog(SoloCog(bot))
