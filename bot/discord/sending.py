"""What every sender of a table's messages shares: where they live, who they mention, files.

The courier (table messages, pings) and the DM sender both post into a table's channel and
attach pictures; these few helpers keep that one way for both.
"""

from __future__ import annotations

import io
import logging

import discord

from bot.service.values import TableInfo

log = logging.getLogger("tablekeeper.discord")

#: Discord's error code for "Cannot send messages to this user" (DMs closed or no shared server)
DMS_CLOSED = 50007
PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)
QUIET = discord.AllowedMentions.none()


def why(exc: discord.HTTPException) -> str:
    """A refused request in a few words for the logs (never its text, which may quote a message)."""
    return f"{type(exc).__name__} {exc.status}/{exc.code}"


def table_place(table: TableInfo) -> int:
    """The channel (or thread) where the table's public messages live."""
    return table.thread_id or table.channel_id


def file_of(data: bytes, name: str) -> discord.File:
    """A picture as an attachment (a File is spent once sent, so make one per request)."""
    return discord.File(io.BytesIO(data), filename=name)


async def say(client: discord.Client, table: TableInfo, text: str) -> None:
    """Post one line in the table's channel, mentioning the people it names."""
    try:
        await client.get_partial_messageable(table_place(table)).send(text, allowed_mentions=PINGS)
    except discord.HTTPException as exc:
        log.warning("could not post in table %s's channel: %s", table.id, type(exc).__name__)
