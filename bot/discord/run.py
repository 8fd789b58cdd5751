"""``tablekeeper run``: start the Discord bot with the loaded settings (the CLI checks the token)."""

from __future__ import annotations

from bot.discord.client import TablekeeperBot
from bot.discord.logs import start_logging
from bot.settings import Settings


def run(settings: Settings) -> None:
    """Connect to Discord and serve until stopped; needs ``settings.discord_token``."""
    if not settings.discord_token:
        raise SystemExit(
            "DISCORD_TOKEN is not set: put it in the environment or a .env file "
            "(`tablekeeper play` needs no token)."
        )
    start_logging(settings.log_level)
    shard_count, shard_ids = settings.shard_plan()
    bot = TablekeeperBot(settings, shard_count=shard_count, shard_ids=shard_ids)
    # Logging is set up above; discord.py must not install a second handler (or print the token).
    bot.run(settings.discord_token, log_handler=None)
