"""Console logging for the processes that talk to Discord (``tablekeeper run`` and ``work``)."""

from __future__ import annotations

import logging

import discord


def start_logging(level_name: str) -> None:
    """discord.py's console handler at ``level_name``, without the lines that would mislead an admin."""
    level = logging.getLevelName(level_name.upper())
    discord.utils.setup_logging(level=level)
    # Tablekeeper never joins a voice channel: missing voice libraries are not worth a warning.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    # Alembic narrates every step at INFO; our own "database migrated from … to …" is the one
    # line an admin needs, and it stays. When debugging, Alembic says everything again.
    debugging = logging.getLogger().getEffectiveLevel() <= logging.DEBUG
    logging.getLogger("alembic").setLevel(logging.NOTSET if debugging else logging.WARNING)
