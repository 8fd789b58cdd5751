"""First contact: one line about learning a game, where a newcomer will see it.

Three moments: the bot joins a server (its system channel, if the bot may write there), the first
table opened in a server (on the lobby), and a player's first game of a game (on the start of
that game). The facts come from the service (``stats.first_table``, ``stats.newcomers``); the
words from :mod:`bot.discord.info`. A failed read only leaves the line out: opening or starting
a game never fails for want of a greeting.
"""

from __future__ import annotations

import dataclasses
import logging

import discord

from bot.discord.info import first_table_line, newcomers_line, welcome_line
from bot.service import Delivery, ServiceError, Services, TableInfo
from bot.service.projection import with_news

log = logging.getLogger("tablekeeper.discord")


async def lobby_note(services: Services, table: TableInfo) -> str:
    """The first-table line for a lobby just opened ("" unless it is its server's first table)."""
    if table.guild_id is None or table.solo:
        return ""
    try:
        first = await services.stats.first_table(table.guild_id, table.id)
    except ServiceError as error:
        log.warning("table %s: first-table check failed (%s)", table.id, error.code.value)
        return ""
    return first_table_line(table.game) if first else ""


async def with_newcomers(services: Services, delivery: Delivery) -> Delivery:
    """``delivery`` with the first-game line in its news when some players never played this game."""
    table = delivery.table
    try:
        new = await services.stats.newcomers(table.id)
    except ServiceError as error:
        log.warning("table %s: newcomers check failed (%s)", table.id, error.code.value)
        return delivery
    if not new:
        return delivery
    return dataclasses.replace(delivery, public=with_news(delivery.public, newcomers_line(table.game, new)))


async def greet(guild: discord.Guild) -> None:
    """Say the welcome line in ``guild``'s system channel when the bot may write there; else nothing."""
    channel = guild.system_channel
    if channel is None or not channel.permissions_for(guild.me).send_messages:
        return
    try:
        await channel.send(welcome_line(), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as error:
        log.warning("server %s: welcome not sent (%s)", guild.id, type(error).__name__)
