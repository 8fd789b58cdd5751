"""What to tell an admin when Discord turns ``tablekeeper run`` or ``work`` away at start."""

from __future__ import annotations

import aiohttp
import discord

TOKEN_REFUSED = (
    "Discord refused the token in DISCORD_TOKEN. Copy the bot's token again from the Discord "
    "Developer Portal (your application, Bot, Reset Token) and set it once more."
)


def refusal(exc: BaseException) -> str | None:
    """One line saying why Discord could not be used (never a traceback), or None if it is not that."""
    if isinstance(exc, discord.LoginFailure):
        return TOKEN_REFUSED
    if isinstance(exc, (aiohttp.ClientError, discord.GatewayNotFound)):
        reason = str(exc).strip() or type(exc).__name__
        return (
            f"cannot reach Discord: {reason}. Check this machine's network, DNS and firewall "
            "(Discord's API and gateway are at discord.com, port 443). Stored tables are kept: "
            "start again once it answers."
        )
    return None
