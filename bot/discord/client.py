"""The Discord client: intents, start-up (migrations, cogs, persistent items, timers, commands).

Intents: only ``guilds`` (channels, threads and permissions in the cache), ``guild_messages``
and ``dm_messages`` (message events for the tables' channels and DMs). No privileged intent is
needed: every command is a slash command, so Tablekeeper never reads message content, and
player names come with each interaction, so it needs no member list.

Sharding: :class:`discord.ext.commands.AutoShardedBot`. Several processes may split the shards
and share one PostgreSQL database; DM interactions arrive on shard 0 only, which is why every
handler reloads what it needs from the database rather than from process memory. The timer loop
of each process handles its own shards' tables: a server's tables by the server's shard, a DM
table by ``table_id % shard_count`` (see ``bot.store.timers_repo.shard_of``).

Work: with ``TABLEKEEPER_WORK_QUEUE=procrastinate`` a game click is acknowledged here and queued;
``tablekeeper work`` processes (:mod:`bot.discord.worker`) apply, draw and deliver it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.clicks import ClickedBot
from bot.discord.cogs import COGS
from bot.discord.cogs.controllers import Controllers
from bot.discord.first_contact import greet
from bot.discord.gate import InteractionGate
from bot.discord.hint_view import HINT_ITEMS
from bot.discord.items import ALL_ITEMS
from bot.discord.replay_view import REPLAY_ITEMS
from bot.discord.replies import scrubbed_traceback, tell
from bot.discord.review_view import REVIEW_ITEMS
from bot.service import Services
from bot.service.truth import SOMETHING_WRONG
from bot.settings import Settings
from bot.work import WorkQueue, open_queue

log = logging.getLogger("tablekeeper.discord")


def intents() -> discord.Intents:
    """The gateway intents Tablekeeper asks for (none of them privileged)."""
    chosen = discord.Intents.none()
    chosen.guilds = True
    chosen.guild_messages = True
    chosen.dm_messages = True
    return chosen


def discord_clock() -> float:
    """Now, as a Unix timestamp, from discord.py's clock (real time in production)."""
    return discord.utils.utcnow().timestamp()


class TablekeeperBot(commands.AutoShardedBot):
    """The Tablekeeper bot: slash commands and persistent components over the service layer."""

    def __init__(
        self,
        settings: Settings,
        *,
        shard_count: int | None = None,
        shard_ids: list[int] | None = None,
        clock: Callable[[], float] = discord_clock,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            shard_count=shard_count,
            shard_ids=shard_ids,  # type: ignore[arg-type]  # None means "all shards"
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.clock = clock
        self._services: Services | None = None
        self._controls: Controllers | None = None
        self._queue: WorkQueue | None = None
        #: every interaction passes it; stopping closes it before the connection (:mod:`bot.discord.run`)
        self.gate = InteractionGate(self._connection)

    @property
    def services(self) -> Services:
        """The service layer (available once :meth:`setup_hook` has run)."""
        if self._services is None:
            raise RuntimeError("the bot has not been set up yet")
        return self._services

    @property
    def controls(self) -> Controllers:
        """What commands and clicks call (available once :meth:`setup_hook` has run)."""
        if self._controls is None:
            raise RuntimeError("the bot has not been set up yet")
        return self._controls

    async def setup_hook(self) -> None:
        """Migrate and open the database, load cogs and items, sync commands.

        No game is loaded here: each loads when first touched, and the timer loop reads due
        deadlines from the database, so start-up takes as long with a million stored tables as
        with none.
        """
        self._services = await Services.start(self.settings, clock=self.clock)
        self._queue = await open_queue(self.settings)
        self._controls = Controllers.build(self, self._services, self._queue)
        self.add_dynamic_items(*ALL_ITEMS, *REPLAY_ITEMS, *REVIEW_ITEMS, *HINT_ITEMS)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        for name in COGS:
            await self.load_extension(name)
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Register the slash commands: in the development server only if one is set, else globally."""
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Joined a server: one line in its system channel on how to start and learn a game."""
        await greet(guild)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Errors discord.py caught before our handler ran (checks, bad arguments)."""
        if isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
            await tell(interaction, str(error) or "You can't use that command here.")
            return
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        log.error(
            "command %s failed: %s",
            getattr(interaction.command, "qualified_name", "?"),
            scrubbed_traceback(cause),
        )
        await tell(interaction, SOMETHING_WRONG)

    async def close(self) -> None:
        """Stop the timer loop, disconnect, then release the database.

        ``super().close()`` unloads the cogs before it disconnects, and unloading the clock cog
        stops its loop and waits for a pass in flight. (The cog can't be stopped by type from here:
        ``load_extension`` executes a cog's module anew, so its class is not one this module imports.)
        """
        try:
            await super().close()
        finally:
            if self._controls is not None:
                await self._controls.courier.close()  # no redraw may outlive the database
            if self._queue is not None:
                await self._queue.close()
                self._queue = None
            if self._services is not None:
                await self._services.close()
                self._services = None


if TYPE_CHECKING:  # the items reach the bot through ClickedBot: the type checker holds this bot to it
    _CLICKED: type[ClickedBot] = TablekeeperBot
