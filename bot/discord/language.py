"""Which language a reader or a new table gets: what they chose, the server's setting, Discord's locale.

Discord tells the bot two locales: the server's (``Guild.preferred_locale``, its community
language) and the person's (``Interaction.locale``, their client's language). A new table in a
server follows the server's (it is shared); a DM game, ``/rules`` and ``/cards`` follow the
person's; a server's ``/config language`` wins over both. Each game then picks the language it
speaks closest to the one wanted (``Ruleset.language``).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.service import GuildService
from bot.words import LANGUAGE_NAMES
from engines import registry

#: the ``language`` argument of /rules and /cards: each language named in itself
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()]


def server_locale(interaction: discord.Interaction) -> str | None:
    """The server's Discord locale (None outside a server)."""
    if interaction.guild is not None:
        return str(interaction.guild.preferred_locale)
    return str(interaction.guild_locale) if interaction.guild_locale is not None else None


async def reader_language(interaction: discord.Interaction, guilds: GuildService, wanted: str | None) -> str:
    """The language a reader asked for, else their server's ``/config language``, else their locale."""
    if wanted:
        return wanted
    if interaction.guild_id is not None:
        setting = (await guilds.get(interaction.guild_id)).language
        if setting:
            return setting
    return str(interaction.locale)


def game_language(slug: str, wanted: str | None) -> str:
    """The language ``slug`` speaks closest to ``wanted`` ("en" for an unknown game)."""
    try:
        return registry.get(slug).language(wanted)
    except Exception:  # an unknown game is refused later, in its own words
        return "en"


def language_tag(slug: str, lang: str) -> str:
    """``lang`` for a game that speaks several languages, "" for one that speaks one (ids stay short)."""
    try:
        several = len(registry.get(slug).languages) > 1
    except Exception:  # an unknown game has no pages to keep a language for
        return ""
    return lang if several else ""
