"""``/rules``, ``/cards``, ``/card`` and ``/stats``: reading, for everyone, in servers and DMs."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.card_view import NAME_MAX, cards_autocomplete, show_card
from bot.discord.cards import SEARCH_MAX, CardsButton, decks_autocomplete, show_cards
from bot.discord.choices import games_autocomplete, modes_autocomplete
from bot.discord.cogs.asking import display_name
from bot.discord.info import stats_embed
from bot.discord.language import LANGUAGE_CHOICES
from bot.discord.ratings import (
    LeaderboardButton,
    board_embed,
    board_view,
    record_fields,
    record_title,
    replay_pick_view,
)
from bot.discord.replies import defer, reported, with_view
from bot.discord.rules_search import RulesMatchSelect, show_rules_search
from bot.service.stats import known_game
from render.core.chart import rating_chart

#: the history chart's attachment name
CHART = "rating.png"

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
        search="Open the page that best matches this word, with the other pages that mention it",
        language="For a game with several: the server's language setting, else yours, if left out",
    )
    @app_commands.autocomplete(game=games_autocomplete)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def rules(
        self,
        interaction: discord.Interaction,
        game: str,
        page: app_commands.Range[int, 1, 99] = 1,
        search: app_commands.Range[str, 1, SEARCH_MAX] | None = None,
        language: str | None = None,
    ) -> None:
        """Show a rules page, or the pages that mention ``search`` (every language if none is named)."""
        if search is not None:
            await show_rules_search(interaction, game, search, language)
            return
        await self.bot.controls.rules.rules(interaction, game.strip().lower(), page - 1, language)

    @app_commands.command(name="card", description="Show one card, character or scenario with its whole text")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.describe(
        game="Which game",
        name="The card's name (pick from the list, or type it or its start)",
        language="For a game with several: the server's language setting, else yours, if left out",
    )
    @app_commands.autocomplete(game=games_autocomplete, name=cards_autocomplete)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def card(
        self,
        interaction: discord.Interaction,
        game: str,
        name: app_commands.Range[str, 1, NAME_MAX],
        language: str | None = None,
    ) -> None:
        """Show one entry of a game's catalogue (only to the asker)."""
        await show_card(interaction, game, name, language)

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

    @app_commands.command(name="stats", description="Games played and won, ratings, and a player's record")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.describe(
        user="Whose record (yours if left out)",
        game="Only this game: adds the rating, last games, the history chart and a leaderboard",
        versus="With a game: the head-to-head record against this user",
        privacy="hide: keep you off the boards and /stats of servers you do not play in; show: undo it",
    )
    @app_commands.autocomplete(game=games_autocomplete)
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: str | None = None,
        versus: discord.User | None = None,
        privacy: Literal["hide", "show"] | None = None,
    ) -> None:
        """Show statistics (or change the caller's privacy choice)."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "stats"):
            stats = self.bot.services.stats
            if privacy is not None:
                hidden = await stats.set_private(interaction.user.id, privacy == "hide")
                said = (
                    "You are now left off the boards, and out of /stats, in servers you do not play in."
                    if hidden
                    else "You are shown on every board again."
                )
                await interaction.followup.send(said, ephemeral=True)
                return
            who = user or interaction.user
            slug = known_game(game) if game else None
            guild_id = interaction.guild_id
            await stats.visible(who.id, interaction.user.id, guild_id)
            mine = await stats.player(who.id, guild_id, slug)
            server = await stats.server(guild_id, slug) if guild_id is not None else None
            board = await stats.leaderboard(guild_id, slug) if guild_id is not None and slug else []
            embed = stats_embed(display_name(who), mine, server, board, slug)
            files: list[discord.File] = []
            record = None
            if slug is not None:
                record = await stats.record(
                    who.id, slug, guild_id=guild_id, versus=versus.id if versus is not None else None
                )
                record_fields(embed, record)
                if record.history:
                    title = f"{display_name(who)} · {record_title(slug)} rating everywhere"
                    png = await asyncio.to_thread(rating_chart, record.history, title)
                    files.append(discord.File(io.BytesIO(png), filename=CHART))
                    embed.set_image(url=f"attachment://{CHART}")
            view = replay_pick_view(record.last) if record is not None else None
            await interaction.followup.send(embed=embed, files=files, ephemeral=True, **with_view(view))

    @app_commands.command(
        name="leaderboard", description="A game's rating ladder, in this server or everywhere"
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.describe(
        game="Which game",
        mode="Only this mode's ratings (the game as a whole if left out)",
        scope="This server's current season (in a server), or everyone everywhere",
        season="In a server: an earlier season, by number or name",
        page="Page to show (1 is the first)",
        bots="Show the bot levels and automata instead of people",
    )
    @app_commands.autocomplete(game=games_autocomplete, mode=modes_autocomplete)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        mode: str | None = None,
        scope: Literal["this server", "everywhere"] | None = None,
        season: str | None = None,
        page: app_commands.Range[int, 1, 100000] = 1,
        bots: bool = False,
    ) -> None:
        """Show a page of a rating ladder."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "leaderboard"):
            where = "everywhere" if scope == "everywhere" or interaction.guild_id is None else "server"
            board = await self.bot.services.stats.board(
                game,
                mode,
                guild_id=interaction.guild_id,
                scope=where,
                season=season,
                page=page - 1,
                caller=interaction.user.id,
                kind="bot" if bots else "person",
            )
            view = board_view(board, bots)
            await interaction.followup.send(embed=board_embed(board, bots), ephemeral=True, **with_view(view))


async def setup(bot: TablekeeperBot) -> None:
    """Load the cog."""
    # the catalogue's and the ladder's Prev/Next buttons and the rules search's menu: registered
    # here so they survive restarts
    bot.add_dynamic_items(CardsButton, LeaderboardButton, RulesMatchSelect)
    await bot.add_cog(InfoCog(bot))
