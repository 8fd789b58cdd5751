"""Read-only answers: rules pages, statistics and a server's settings, as embeds."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord.embeds import COLOUR, DESCRIPTION, FIELD, TITLE, lines_within
from bot.discord.layout import clip
from bot.service.api import GameStats, GuildSettings, LeaderRow, ServiceError
from engines import registry
from engines.core import Code
from engines.core.content import load_rules_pages


def rules_pages(slug: str) -> list[tuple[str, str]]:
    """The game's rules summary split into pages (``ServiceError`` if it has none)."""
    try:
        ruleset = registry.get(slug)
    except Exception:
        raise ServiceError(Code.NOT_FOUND, f"There is no game {slug!r}.") from None
    try:
        pages = load_rules_pages(f"engines.{ruleset.slug}")
    except (ModuleNotFoundError, FileNotFoundError):
        pages = []
    if not pages:
        raise ServiceError(Code.NOT_FOUND, f"{ruleset.title} has no rules summary yet.")
    return pages


def rules_embed(slug: str, page: int) -> tuple[discord.Embed, int, int]:
    """One page of the rules as an embed, with the page actually shown and the page count."""
    pages = rules_pages(slug)
    page = min(max(page, 0), len(pages) - 1)
    heading, body = pages[page]
    title = registry.get(slug).title
    embed = discord.Embed(
        title=clip(f"{title} rules · {heading}", TITLE), description=clip(body, DESCRIPTION), colour=COLOUR
    )
    embed.set_footer(text=f"Page {page + 1} of {len(pages)}")
    return embed, page, len(pages)


def _title(slug: str) -> str:
    try:
        return str(registry.get(slug).title)
    except Exception:
        return slug


def _stat_lines(stats: Sequence[GameStats]) -> list[str]:
    return [f"**{_title(s.game)}**: {s.played} played, {s.won} won ({s.win_rate:.0%})" for s in stats]


def stats_embed(
    who: str,
    mine: Sequence[GameStats],
    server: Sequence[GameStats] | None,
    board: Sequence[LeaderRow],
    game: str | None,
) -> discord.Embed:
    """A player's record, the server's totals and (for one game) its leaderboard."""
    scope = f" · {_title(game)}" if game else ""
    embed = discord.Embed(title=clip(f"Stats for {who}{scope}", TITLE), colour=COLOUR)
    embed.add_field(
        name=who,
        value=lines_within(_stat_lines(mine), FIELD, False) or "No finished games yet.",
        inline=False,
    )
    if server is not None:
        embed.add_field(
            name="This server",
            value=lines_within(
                [f"**{_title(s.game)}**: {s.played} games, {s.won} won by people" for s in server],
                FIELD,
                False,
            )
            or "No finished games yet.",
            inline=False,
        )
    if board:
        rows = [f"{r.rank}. <@{r.user_id}> — {r.won}/{r.played} won ({r.win_rate:.0%})" for r in board]
        embed.add_field(name="Leaderboard", value=lines_within(rows, FIELD, False), inline=False)
    return embed


def settings_embed(settings: GuildSettings) -> discord.Embed:
    """A server's table settings as ``/config show`` presents them."""
    embed = discord.Embed(title="Tablekeeper settings for this server", colour=COLOUR)
    channels = ", ".join(f"<#{c}>" for c in settings.channels) or "every channel"
    embed.add_field(name="Table channels", value=clip(channels, FIELD), inline=False)
    enabled = ", ".join(_title(g) for g in settings.enabled_games) or "none"
    embed.add_field(name="Games on", value=clip(enabled, FIELD), inline=True)
    disabled = ", ".join(_title(g) for g in settings.disabled_games) or "none"
    embed.add_field(name="Games off", value=clip(disabled, FIELD), inline=True)
    timeout = f"{settings.turn_timeout_seconds} s" if settings.turn_timeout_seconds else "no timer"
    embed.add_field(name="Turn timer", value=f"{timeout}; then: {settings.timeout_action}", inline=False)
    embed.add_field(name="Thread per game", value="on" if settings.thread_per_game else "off", inline=True)
    embed.add_field(name="Mention on turn", value="on" if settings.mention_on_turn else "off", inline=True)
    return embed
