"""The timer loop: reminders and expired turns, read from the database every few seconds.

Deadlines are database rows, so the loop needs no memory of its own: after a restart, or on
another process sharing the database, it simply carries on. Each process sweeps only the due
rows of its own shards (a DM table's shard is its id modulo the shard count), one short
transaction per table; if two processes ever sweep the same rows (a rollout with a changed shard
plan), the service still applies each reminder and each timeout once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.discord.courier import Courier
from bot.discord.replies import PartialDelivery, scrubbed_traceback
from bot.service import TimerService
from bot.service.truth import Behind, Unavailable

if TYPE_CHECKING:
    from bot.discord.client import TablekeeperBot

log = logging.getLogger("tablekeeper.discord")

#: seconds between passes; turn timers are minutes long, so a few seconds late is invisible
TICK_SECONDS = 5.0


async def tick(timers: TimerService, courier: Courier) -> None:
    """One pass of the timer loop: reminders first, then expired turns."""
    for reminder in await timers.due_reminders():
        try:
            await courier.dms.remind(reminder)
        except discord.HTTPException as exc:
            log.warning("reminder for table %s not sent: %s", reminder.table.id, type(exc).__name__)
    for delivery in await timers.expire():
        try:
            await courier.publish(delivery)
        except (discord.HTTPException, PartialDelivery, Behind) as exc:
            # saved either way; Behind is redrawn once the database answers, the others next change
            log.warning("timeout of table %s not shown: %s", delivery.table.id, type(exc).__name__)


class ClockCog(commands.Cog):
    """Runs :func:`tick` on a fixed interval while the bot is loaded."""

    def __init__(self, bot: TablekeeperBot) -> None:
        self.bot = bot
        self.loop = tasks.loop(seconds=TICK_SECONDS)(self._tick)

    async def cog_load(self) -> None:
        """Start ticking."""
        self.loop.start()

    async def cog_unload(self) -> None:
        """Stop ticking."""
        await self.stop()

    async def stop(self) -> None:
        """Cancel the loop and wait for a pass in flight, so no query outlives the database."""
        self.loop.cancel()
        task = self.loop.get_task()
        if task is not None and not task.done():
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _tick(self) -> None:
        try:
            await tick(self.bot.services.timers, self.bot.controls.courier)
        except Unavailable:  # an outage, already logged as a warning: the next pass tries again
            pass
        except Exception as exc:  # one bad pass must not stop the loop for good
            log.error("timer pass failed: %s", scrubbed_traceback(exc))


async def setup(bot: TablekeeperBot) -> None:
    """Load the cog."""
    await bot.add_cog(ClockCog(bot))
