"""``tablekeeper run``: start the Discord bot with the loaded settings (the CLI checks the token)."""

from __future__ import annotations

import asyncio

from bot.discord.client import TablekeeperBot
from bot.discord.logs import start_logging
from bot.settings import Settings
from bot.stopping import GRACE_SECONDS, StopSignal, finish


def run(settings: Settings) -> None:
    """Connect to Discord and serve until stopped (SIGTERM or SIGINT); needs ``settings.discord_token``."""
    if not settings.discord_token:
        raise SystemExit(
            "DISCORD_TOKEN is not set: put it in the environment or a .env file "
            "(`tablekeeper play` needs no token)."
        )
    start_logging(settings.log_level)
    shard_count, shard_ids = settings.shard_plan()
    bot = TablekeeperBot(settings, shard_count=shard_count, shard_ids=shard_ids)
    # Logging is set up above; discord.py's own `bot.run` would install a second handler.
    asyncio.run(serve(bot, settings.discord_token))


async def serve(bot: TablekeeperBot, token: str, grace: float = GRACE_SECONDS) -> bool:
    """Log in, set up and stay connected until a stop signal; True if a signal stopped it.

    On SIGTERM or SIGINT: new interactions are turned away, those in flight get ``grace``
    seconds, then the connection, the timer loop, the queue and the database are closed.
    A refusal at start (bad token, no network) is raised as it was.
    """
    stop = StopSignal()
    with stop.installed():
        async with bot:  # closes the bot on the way out, however it ends
            started = asyncio.create_task(bot.start(token))
            if not await stop.race(started):
                return False
            await bot.gate.close(grace)  # the connection stays up meanwhile: answers still go out
            await finish(started)  # start-up or the connection loop
            await bot.close()
    return True
