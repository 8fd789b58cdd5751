"""``/table new|join|leave|rejoin|start|abort|status|replay|export``: a game in a server channel."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.choices import LIMIT, deck_choices, games_autocomplete, modes_autocomplete
from engines.core.ruleset import LANGUAGE_OPTION

if TYPE_CHECKING:
    from bot.discord.client import TablekeeperBot


@app_commands.guild_only()
class TableCog(commands.GroupCog, group_name="table", group_description="Play a game in this channel"):
    """Table lifecycle commands; the work is done by the bot's lobby and play controllers."""

    def __init__(self, bot: TablekeeperBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a lobby for a game in this channel")
    @app_commands.describe(
        game="Which game",
        mode="How to play it (defaults to the game's first mode)",
        options="Table options as key=value pairs, e.g. format=draft",
    )
    @app_commands.autocomplete(game=games_autocomplete, mode=modes_autocomplete)
    async def new(
        self, interaction: discord.Interaction, game: str, mode: str | None = None, options: str | None = None
    ) -> None:
        """Open a lobby."""
        await self.bot.controls.lobby.open_table(interaction, game, mode, options)

    @app_commands.command(name="join", description="Take a seat at this channel's lobby")
    @app_commands.describe(
        deck="Your deck, if the game asks for one",
        options="Your own choices as key=value, e.g. deck_code=CD1-... for a Constructed deck",
    )
    async def join(
        self, interaction: discord.Interaction, deck: str | None = None, options: str | None = None
    ) -> None:
        """Join the lobby here."""
        await self.bot.controls.lobby.join(interaction, deck, options)

    @join.autocomplete("deck")
    async def join_deck(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Deck names of the game in this channel."""
        if interaction.channel_id is None:
            return []
        try:
            table = await self.bot.services.tables.status(interaction.channel_id)
        except Exception:  # autocomplete must never fail loudly
            return []
        if table is None:
            return []
        lang = table.options.get(LANGUAGE_OPTION)
        return deck_choices(table.game, table.mode, current, str(lang) if lang else None)[:LIMIT]

    @app_commands.command(name="leave", description="Give up your seat here (a bot plays on for you)")
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave the table here."""
        await self.bot.controls.lobby.leave(interaction)

    @app_commands.command(
        name="rejoin", description="Take your seat back from the bot that played it after a timeout"
    )
    async def rejoin(self, interaction: discord.Interaction) -> None:
        """Take back your seat here."""
        await self.bot.controls.lobby.rejoin(interaction)

    @app_commands.command(name="start", description="Start the game (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        """Start the game here."""
        await self.bot.controls.lobby.start(interaction)

    @app_commands.command(name="abort", description="Stop this channel's table (host or server admin)")
    async def abort(self, interaction: discord.Interaction) -> None:
        """Abort the table here."""
        await self.bot.controls.lobby.abort(interaction)

    @app_commands.command(name="status", description="Show this channel's table")
    async def status(self, interaction: discord.Interaction) -> None:
        """Show the table here."""
        await self.bot.controls.play.status(interaction)

    @app_commands.command(name="replay", description="Step through a game, privately, move by move")
    @app_commands.describe(
        game="Which game (this channel's latest if left out)",
        animation="Post the game's animation where it is played instead (everyone there sees it)",
    )
    async def replay(
        self, interaction: discord.Interaction, game: str | None = None, animation: bool = False
    ) -> None:
        """Open the replay viewer, or post the game's animation."""
        await self.bot.controls.replay.command(interaction, game, animation)

    @app_commands.command(name="export", description="Download a finished game's record as a file")
    @app_commands.describe(game="Which game (this channel's latest if left out)")
    async def export(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """Send the game's record file."""
        await self.bot.controls.replay.export(interaction, game)

    @replay.autocomplete("game")
    @export.autocomplete("game")
    async def recent_games(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The caller's and this channel's recent games."""
        return await self.bot.controls.replay.suggest(interaction, current)


async def setup(bot: TablekeeperBot) -> None:
    """Load the cog."""
    await bot.add_cog(TableCog(bot))
