"""What every controller reads off an interaction: who asks, whether they are an admin, the table
of their channel, and the ``key=value`` options they typed.

Kept apart because several controllers and cogs need the same readings (lobby, play, solo, /config,
/stats); none of them keeps state.
"""

from __future__ import annotations

import re

import discord

from bot.service import TableService
from bot.service.values import ServiceError, TableInfo
from bot.words import parse_pair
from engines import registry
from engines.core import Code
from engines.core.types import OptionValue

#: a space or comma followed by the next ``key=``: values may hold spaces and commas themselves
#: (``deck_code=Ogre, Scribe, ...``), so pairs are split only where a new key starts
_NEXT_PAIR = re.compile(r"[\s,]+(?=[A-Za-z_][\w-]*\s*=)")


def parse_options(text: str | None) -> dict[str, OptionValue]:
    """Turn ``"key=value key=value"`` into a dict (``SetupError`` names a malformed pair)."""
    if not text or not text.strip():
        return {}
    return dict(parse_pair(part.strip(" ,"), "options") for part in _NEXT_PAIR.split(text.strip()))


def split_seat_options(
    game: str, mode: str | None, options: dict[str, OptionValue]
) -> tuple[dict[str, OptionValue], dict[str, OptionValue]]:
    """(table options, the player's own per-seat options such as ``witch``) from one ``key=value`` list.

    In ``/solo`` there is no lobby to pick per-seat options from, so they come with the others.
    """
    try:
        ruleset = registry.get(game)
        spec = ruleset.mode(mode.strip().lower()) if mode and mode.strip() else ruleset.modes[0]
    except Exception:  # an unknown game or mode is reported by the service with its own message
        return dict(options), {}
    per_seat = {o.name for o in spec.options if o.per_seat}
    table = {k: v for k, v in options.items() if k not in per_seat}
    mine = {k: v for k, v in options.items() if k in per_seat}
    return table, mine


def is_admin(interaction: discord.Interaction) -> bool:
    """Whether the user may manage this server (Manage Server or Administrator)."""
    perms = interaction.permissions
    return bool(interaction.guild_id is not None and (perms.manage_guild or perms.administrator))


def display_name(user: discord.abc.User) -> str:
    """The name shown for a player at a table."""
    return getattr(user, "display_name", None) or user.name


async def table_here(tables: TableService, interaction: discord.Interaction) -> TableInfo:
    """The open or running table of the interaction's channel (``ServiceError`` if there is none)."""
    if interaction.channel_id is None:
        raise ServiceError(Code.NOT_FOUND, "There is no table here.")
    table = await tables.status(interaction.channel_id)
    if table is None:
        raise ServiceError(
            Code.NOT_FOUND, "There is no open table in this channel; start one with /table new."
        )
    return table
