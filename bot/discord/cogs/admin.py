"""``/config``: a server's table settings, for members who may manage the server.

Discord hides the group from everyone without Manage Server (``default_permissions``), but a
server can override that per role, so every subcommand checks the permission again at run time
and the service refuses changes from anyone who is not an admin.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Literal, Protocol, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.choices import games_autocomplete
from bot.discord.cogs.asking import is_admin
from bot.discord.info import settings_embed
from bot.discord.replies import defer, reported
from bot.service.guilds import AUTO
from bot.service.values import GuildSettings, ServiceError
from bot.words import LANGUAGE_NAMES
from engines.core import Code

if TYPE_CHECKING:
    from bot.discord.client import TablekeeperBot

NOT_ADMIN = "Only server admins (Manage Server) can change Tablekeeper's settings."
#: ``/config language``: auto, then each language named in itself
LANGUAGE_SETTING = [
    app_commands.Choice(name="auto (the server's Discord language)", value=AUTO),
    *(app_commands.Choice(name=f"{name} ({code})", value=code) for code, name in LANGUAGE_NAMES.items()),
]

T = TypeVar("T", contravariant=True)


class Setter(Protocol[T]):
    """One of :class:`bot.service.GuildService`'s single-value setters (``set_turn_timeout`` etc.)."""

    def __call__(self, guild_id: int, value: T, /, *, is_admin: bool) -> Awaitable[GuildSettings]:
        """Set the value for a server; only an admin may."""
        ...


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ConfigCog(
    commands.GroupCog, group_name="config", group_description="Tablekeeper settings for this server"
):
    """Show and change the server's settings."""

    def __init__(self, bot: TablekeeperBot) -> None:
        self.bot = bot
        super().__init__()

    async def _run(
        self,
        interaction: discord.Interaction,
        where: str,
        change: Callable[[int], Awaitable[GuildSettings]] | None,
    ) -> None:
        """Check the permission, apply ``change`` (None = just show), answer with the settings."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, where):
            if not is_admin(interaction):
                raise ServiceError(Code.NOT_ADMIN, NOT_ADMIN)
            guild_id = interaction.guild_id
            assert guild_id is not None  # guild_only
            settings = await (change(guild_id) if change else self.bot.services.guilds.get(guild_id))
            await interaction.followup.send(embed=settings_embed(settings), ephemeral=True)

    async def _set(self, interaction: discord.Interaction, where: str, setter: Setter[T], value: T) -> None:
        """Call one of the service's single-value setters (``set_turn_timeout`` etc.)."""
        admin = is_admin(interaction)

        async def change(guild_id: int) -> GuildSettings:
            return await setter(guild_id, value, is_admin=admin)

        await self._run(interaction, where, change)

    @app_commands.command(name="show", description="Show this server's Tablekeeper settings")
    async def show(self, interaction: discord.Interaction) -> None:
        """Show the settings."""
        await self._run(interaction, "config show", None)

    @app_commands.command(name="channels", description="Choose the channels where tables may be opened")
    @app_commands.describe(
        action="add or remove a channel, or clear the list (then every channel is allowed)",
        channel="The channel (this one if left out)",
    )
    async def channels(
        self,
        interaction: discord.Interaction,
        action: Literal["add", "remove", "clear"],
        channel: discord.TextChannel | None = None,
    ) -> None:
        """Change the allowed table channels."""
        guilds = self.bot.services.guilds
        target = channel.id if channel is not None else (interaction.channel_id or 0)
        admin = is_admin(interaction)

        async def change(guild_id: int) -> GuildSettings:
            if action == "add":
                return await guilds.allow_channel(guild_id, target, is_admin=admin)
            if action == "remove":
                return await guilds.disallow_channel(guild_id, target, is_admin=admin)
            return await guilds.clear_channels(guild_id, is_admin=admin)

        await self._run(interaction, "config channels", change)

    @app_commands.command(name="games", description="Switch a game on or off in this server")
    @app_commands.autocomplete(game=games_autocomplete)
    async def games(
        self, interaction: discord.Interaction, action: Literal["enable", "disable"], game: str
    ) -> None:
        """Enable or disable a game."""
        guilds = self.bot.services.guilds
        admin = is_admin(interaction)

        async def change(guild_id: int) -> GuildSettings:
            if action == "enable":
                return await guilds.enable_game(guild_id, game, is_admin=admin)
            return await guilds.disable_game(guild_id, game, is_admin=admin)

        await self._run(interaction, "config games", change)

    @app_commands.command(name="timeout", description="Seconds each player has per decision (0 = no timer)")
    async def timeout(
        self, interaction: discord.Interaction, seconds: app_commands.Range[int, 0, 604800]
    ) -> None:
        """Set the turn timer."""
        await self._set(interaction, "config timeout", self.bot.services.guilds.set_turn_timeout, seconds)

    @app_commands.command(name="timeout_action", description="What happens when a player's time runs out")
    @app_commands.describe(
        action="bot: a bot plays the seat; default: the game's default move; forfeit: they lose"
    )
    async def timeout_action(
        self, interaction: discord.Interaction, action: Literal["bot", "default", "forfeit"]
    ) -> None:
        """Set the timeout action."""
        await self._set(
            interaction, "config timeout_action", self.bot.services.guilds.set_timeout_action, action
        )

    @app_commands.command(name="thread", description="Give each new game its own thread")
    async def thread(self, interaction: discord.Interaction, enabled: bool) -> None:
        """Switch thread-per-game on or off."""
        await self._set(interaction, "config thread", self.bot.services.guilds.set_thread_per_game, enabled)

    @app_commands.command(name="mention", description="Mention players in the channel when it is their turn")
    async def mention(self, interaction: discord.Interaction, enabled: bool) -> None:
        """Switch turn mentions on or off."""
        await self._set(interaction, "config mention", self.bot.services.guilds.set_mention_on_turn, enabled)

    @app_commands.command(
        name="language",
        description="The language new tables, /rules and /cards use in games that have several",
    )
    @app_commands.describe(
        language="auto follows the server's Discord language (Server Settings → Community)"
    )
    @app_commands.choices(language=LANGUAGE_SETTING)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        """Set the server's language (``auto``: follow its Discord locale)."""
        await self._set(interaction, "config language", self.bot.services.guilds.set_language, language)

    @app_commands.command(name="leaderboard", description="Switch /leaderboard on or off in this server")
    @app_commands.describe(
        enabled="Whether /leaderboard answers here",
        provisional_games="Rated games a player needs before being ranked (0-1000)",
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        enabled: bool,
        provisional_games: app_commands.Range[int, 0, 1000] | None = None,
    ) -> None:
        """Switch the leaderboard and set the provisional threshold."""
        guilds = self.bot.services.guilds
        admin = is_admin(interaction)

        async def change(guild_id: int) -> GuildSettings:
            return await guilds.set_leaderboard(guild_id, enabled, provisional_games, is_admin=admin)

        await self._run(interaction, "config leaderboard", change)

    @app_commands.command(name="season", description="Start a new rating season for this server")
    @app_commands.describe(
        action="new: the server's boards start afresh (old seasons stay readable with season:)",
        name="The new season's name (its number if left out)",
    )
    async def season(
        self,
        interaction: discord.Interaction,
        action: Literal["new"],
        name: app_commands.Range[str, 1, 50] | None = None,
    ) -> None:
        """Start a new season."""
        guilds = self.bot.services.guilds
        admin = is_admin(interaction)

        async def change(guild_id: int) -> GuildSettings:
            return await guilds.new_season(guild_id, name, is_admin=admin)

        await self._run(interaction, "config season", change)


async def setup(bot: TablekeeperBot) -> None:
    """Load the cog."""
    await bot.add_cog(ConfigCog(bot))
