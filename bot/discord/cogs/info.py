"""``/rules``, ``/cards`` and ``/stats``: reading, for everyone, in servers and DMs."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cards import SEARCH_MAX, CardsButton, decks_autocomplete, show_cards
from bot.discord.choices import games_autocomplete
from bot.discord.cogs.asking import display_name
from bot.discord.info import stats_embed
from bot.discord.language import LANGUAGE_CHOICES
from bot.discord.replies import defer, reported

if TYPE_CHECKING:
    from bot.discord.client import TablekeeperBot


class InfoCog(commands.Cog):
    """Rules pages, card catalogues and statistics."""

    def __init__(self, bot: TablekeeperBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="Read a game's rules, page by page")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.describe(
        game="Which game",
        page="Page to open at (1 is the first)",
        language="For a game with several: the server's language setting, else yours, if left out",
    )
    @app_commands.autocomplete(game=games_autocomplete)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def rules(
        self,
        interaction: discord.Interaction,
        game: str,
        page: app_commands.Range[int, 1, 99] = 1,
        language: str | None = None,
    ) -> None:
        """Show a rules page."""
        await self.bot.controls.rules.rules(interaction, game.strip().lower(), page - 1, language)

    @app_commands.command(
        name="cards", description="Read a game's cards and ready-made decks with their codes"
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.describe(
        game="Which game",
        search="Only cards whose name, numbers or text hold this",
        deck="Only the cards of this ready-made deck",
        language="For a game with several: the server's language setting, else yours, if left out",
    )
    @app_commands.autocomplete(game=games_autocomplete, deck=decks_autocomplete)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def cards(
        self,
        interaction: discord.Interaction,
        game: str,
        search: app_commands.Range[str, 1, SEARCH_MAX] | None = None,
        deck: str | None = None,
        language: str | None = None,
    ) -> None:
        """Show the first page of a game's catalogue (only to the asker)."""
        await show_cards(interaction, game, search or "", deck or "", language)

    @app_commands.command(name="stats", description="Games played and won, per player and per server")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.describe(
        user="Whose record (yours if left out)", game="Only this game (adds a leaderboard)"
    )
    @app_commands.autocomplete(game=games_autocomplete)
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None, game: str | None = None
    ) -> None:
        """Show statistics."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "stats"):
            who = user or interaction.user
            stats = self.bot.services.stats
            slug = game.strip().lower() if game else None
            guild_id = interaction.guild_id
            mine = await stats.player(who.id, guild_id, slug)
            server = await stats.server(guild_id, slug) if guild_id is not None else None
            board = await stats.leaderboard(guild_id, slug) if guild_id is not None and slug else []
            embed = stats_embed(display_name(who), mine, server, board, slug)
            await interaction.followup.send(embed=embed, ephemeral=True)


async def setup(bot: TablekeeperBot) -> None:
    """Load the cog."""
    # the catalogue's Prev/Next buttons live with /cards; registered here so they survive restarts
    bot.add_dynamic_items(CardsButton)
    await bot.add_cog(InfoCog(bot))
