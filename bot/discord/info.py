"""Read-only answers: rules pages, statistics and a server's settings, as embeds."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

import discord

from bot.discord.embeds import COLOUR, DESCRIPTION, FIELD, TITLE, lines_within
from bot.discord.layout import clip, clip_block
from bot.service.values import GameStats, GuildSettings, LeaderRow, ServiceError
from bot.words import language_name
from engines import registry
from engines.core import Code
from engines.core.content import load_rules_pages

#: whether ``/learn`` (a guided first game) exists: the first-contact lines name it only then (a test
#: holds this flag and the registered commands in step)
LEARN_EXISTS = True

#: a line that starts a list item or a table row of a rules page (kept on a line of its own)
_ITEM = re.compile(r"^(?:[-*•]\s|\d+[.)]\s|\|)")


def rules_pages(slug: str, lang: str = "en") -> list[tuple[str, str]]:
    """The game's rules summary split into pages, in ``lang`` if it has one (``ServiceError`` if none)."""
    try:
        ruleset = registry.get(slug)
    except Exception:
        raise ServiceError(Code.NOT_FOUND, f"There is no game {slug!r}.") from None
    try:
        pages = load_rules_pages(f"engines.{ruleset.slug}", ruleset.language(lang))
    except (ModuleNotFoundError, FileNotFoundError):
        pages = []
    if not pages:
        raise ServiceError(Code.NOT_FOUND, f"{ruleset.title} has no rules summary yet.")
    return pages


def learn_hint(game: str) -> str:
    """How a newcomer learns ``game`` (a slug, or ``GAME`` for any), in one sentence."""
    if LEARN_EXISTS:
        return (
            f"`/learn {game}` plays a guided first game; `/rules {game}` and `/card {game}` explain the rest."
        )
    return f"`/rules {game}` explains it (`search:` finds a word) and `/card {game}` shows any card whole."


def welcome_line() -> str:
    """What the bot says in a server's system channel when it joins the server."""
    return f"Thanks for adding Tablekeeper! `/table new` opens a game. To learn one, {learn_hint('GAME')}"


def first_table_line(title: str, slug: str) -> str:
    """The note on the lobby of the first table opened in a server (its game's ``title`` and ``slug``)."""
    return f"This server's first table! New to {title}? {learn_hint(slug)}"


def newcomers_line(title: str, slug: str, user_ids: Sequence[int]) -> str:
    """The note on a lobby when a player there has never played its game (``title``, ``slug``)."""
    who = ", ".join(f"<@{u}>" for u in user_ids)
    return f"First game of {title} for {who}: {learn_hint(slug)}"


def _wide(ch: str) -> bool:
    """A character of a script written without spaces between words (Japanese, Chinese)."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def reflow(body: str) -> str:
    """A rules page as Discord should show it: paragraphs whole, list items and blank lines kept.

    The summaries are hard-wrapped for reading in an editor; Discord wraps by itself, so each
    paragraph's lines are joined: with a space, except between two wide characters, because
    Japanese puts no space between words (a space there would split a word).
    """
    lines: list[str] = []
    joining = False
    for raw in body.splitlines():
        line = raw.strip()
        if not line or raw.startswith("#"):
            lines.append(line)
            joining = False
        elif joining and not _ITEM.match(line) and lines:
            last = lines[-1]
            lines[-1] = last + line if _wide(last[-1]) and _wide(line[0]) else f"{last} {line}"
        else:
            lines.append(line)
            joining = not line.startswith("|")
    return "\n".join(lines)


def rules_embed(slug: str, page: int, lang: str = "en") -> tuple[discord.Embed, int, int]:
    """One page of the rules in ``lang`` as an embed, with the page actually shown and the page count."""
    pages = rules_pages(slug, lang)
    page = min(max(page, 0), len(pages) - 1)
    heading, body = pages[page]
    title = registry.get(slug).title
    embed = discord.Embed(
        title=clip(f"{title} rules · {heading}", TITLE),
        description=clip_block(reflow(body), DESCRIPTION),
        colour=COLOUR,
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
    language = (
        language_name(settings.language) if settings.language else "auto (the server's Discord language)"
    )
    embed.add_field(name="Language", value=language, inline=True)
    board = "on" if settings.leaderboard else "off"
    embed.add_field(
        name="Leaderboard",
        value=f"{board}; ranked after {settings.provisional_games} rated games; season {settings.season}",
        inline=False,
    )
    return embed
