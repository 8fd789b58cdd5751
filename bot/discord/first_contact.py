"""First contact: one line about learning a game, where a newcomer will see it.

Three moments: the bot joins a server (its system channel, if the bot may write there), the first
table opened in a server (on its lobby), and a player's first game of a game (on the lobby they
open or join; for ``/solo``, in the answer that says the game is ready). Never on the table
message of a running game: what it shows is fingerprinted so that a hidden move never edits it,
and a line there would be taken off by the next move, hidden or not, which others would notice.
The facts come from the service (``stats.first_table``, ``stats.newcomers``), the words from
:mod:`bot.discord.info`. A failed read only leaves the line out.
"""

from __future__ import annotations

import logging

import discord

from bot.discord.info import first_table_line, learn_hint, newcomers_line, welcome_line
from bot.service import ServiceError, Services, TableInfo

log = logging.getLogger("tablekeeper.discord")


async def lobby_note(services: Services, table: TableInfo, user_id: int, opened: bool = False) -> str:
    """The line for the lobby after ``user_id`` opened (``opened``) or joined it ("" for none).

    On its server's first table the first-table line (it speaks to everyone there); else, when
    this is the person's first game of the game, the first-game line naming them.
    """
    try:
        here = table.guild_id if opened and not table.solo else None
        if here is not None and await services.stats.first_table(here, table.id):
            return first_table_line(table.title, table.game)
        if user_id in await services.stats.newcomers(table.id):
            return newcomers_line(table.title, table.game, [user_id])
    except ServiceError as error:
        log.warning("table %s: first-contact check failed (%s)", table.id, error.code.value)
    return ""


async def solo_note(services: Services, table: TableInfo, user_id: int) -> str:
    """The first-game line for a solo game just dealt, when it is the player's first of its game."""
    try:
        first = user_id in await services.stats.newcomers(table.id)
    except ServiceError as error:
        log.warning("table %s: first-game check failed (%s)", table.id, error.code.value)
        return ""
    return f"It is your first game of {table.title}: {learn_hint(table.game)}" if first else ""


async def greet(guild: discord.Guild) -> None:
    """Say the welcome line in ``guild``'s system channel when the bot may write there; else nothing."""
    channel = guild.system_channel
    if channel is None or not channel.permissions_for(guild.me).send_messages:
        return
    try:
        await channel.send(welcome_line(), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as error:
        log.warning("server %s: welcome not sent (%s)", guild.id, type(error).__name__)
