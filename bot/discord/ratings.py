"""``/leaderboard`` and the rating part of ``/stats``, as embeds (and the history chart)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord import ids
from bot.discord.clicks import bot_of
from bot.discord.embeds import COLOUR, FIELD, TITLE, lines_within
from bot.discord.layout import OPTION_TEXT, OPTIONS_PER_SELECT, clip
from bot.discord.replay_view import ReplayPickSelect
from bot.discord.replies import defer, reported
from bot.discord.review_view import review_pick
from bot.service.stats import EVERYWHERE_SCOPE, SERVER
from bot.service.values import Board, BoardRow, GameRecord, RatingChange
from engines import registry


def record_title(slug: str) -> str:
    """A game's title for headings (its slug when it does not load)."""
    try:
        return str(registry.get(slug).title)
    except Exception:
        return slug


def _who(row: BoardRow) -> str:
    return f"<@{row.user_id}>" if row.user_id is not None else clip(row.name, 60)


def _line(row: BoardRow) -> str:
    place = f"{row.rank}." if row.rank is not None else "provisional ·"
    return f"{place} {_who(row)} — **{row.rating}** ({row.wins}/{row.games} won)"


def board_embed(board: Board, bots: bool) -> discord.Embed:
    """A page of a ladder, with the caller's own line when it is not on the page."""
    mode = f" · {board.mode}" if board.mode else ""
    who = "Bots and automata" if bots else "Leaderboard"
    embed = discord.Embed(
        title=clip(f"{who} · {record_title(board.game)}{mode} · {board.scope}", TITLE), colour=COLOUR
    )
    lines = [_line(r) for r in board.rows]
    embed.description = lines_within(lines, 4000, False) or "Nobody is ranked here yet."
    if board.mine is not None and all(r.entity != board.mine.entity for r in board.rows):
        embed.add_field(name="You", value=_line(board.mine), inline=False)
    if not bots:
        footer = f"Page {board.page + 1} of {board.pages} · players with fewer than "
        footer += f"{board.provisional_games} rated games are provisional and not ranked"
    else:
        footer = f"Page {board.page + 1} of {board.pages}"
    embed.set_footer(text=footer)
    return embed


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "±0"


def record_fields(embed: discord.Embed, record: GameRecord) -> None:
    """Add a player's rating, rank, streak, seats, modes, last games and head-to-head to ``embed``."""
    if record.rating is None:
        rating = "Not rated yet (casual games only)."
    else:
        rank = (
            f"#{record.rank}"
            if record.rank is not None
            else "provisional"
            if record.provisional
            else "hidden"
        )
        rating = f"**{record.rating}** everywhere ({rank})"
        if record.server_rating is not None:
            here = f"#{record.server_rank}" if record.server_rank is not None else "provisional"
            rating += f"\n**{record.server_rating}** in this server's season ({here})"
    if record.streak:
        count = abs(record.streak)
        kind = (
            ("win" if count == 1 else "wins") if record.streak > 0 else ("loss" if count == 1 else "losses")
        )
        rating += f"\nStreak: {count} {kind}"
    embed.add_field(name="Rating", value=clip(rating, FIELD), inline=False)
    modes = [f"{m}: {w}/{p} won" for m, p, w in record.by_mode]
    embed.add_field(name="Modes", value=lines_within(modes, FIELD, False) or "—", inline=True)
    seats = [f"seat {s + 1}: {w}/{p} won ({w / p:.0%})" for s, p, w in record.by_seat]
    embed.add_field(name="By seat", value=lines_within(seats, FIELD, False) or "—", inline=True)
    last = [
        f"{'won' if c.won else 'lost'} {c.mode} · {c.before} → {c.after} ({_signed(c.after - c.before)})"
        f" · <t:{int(c.at)}:R>"
        for c in record.last
    ]
    if last:
        embed.add_field(name="Last rated games", value=lines_within(last, FIELD, False), inline=False)
    if record.versus is not None:
        together, better, worse = record.versus
        embed.add_field(
            name="Head to head",
            value=f"{together} games together: placed better {better}, worse {worse}",
            inline=False,
        )


def rating_changes_line(changes: dict[int, tuple[int, int]]) -> str:
    """The final table message's line of rating changes: "<@1> 1000 → 1123 (+123) · ..."."""
    return " · ".join(f"<@{u}> {b} → {a} ({_signed(a - b)})" for u, (b, a) in changes.items())


class LeaderboardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LEADERBOARD):
    """Previous/next page of a /leaderboard answer, redrawn in place for whoever clicks."""

    def __init__(
        self,
        slug: str,
        mode: str,
        everywhere: bool,
        season: int,
        bots: bool,
        page: int,
        label: str,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=ids.leaderboard_id(slug, mode, everywhere, season, bots, page),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
            )
        )
        self.slug, self.mode, self.everywhere = slug, mode, everywhere
        self.season, self.bots, self.page = season, bots, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaderboardButton:
        """Rebuild the button from its custom_id."""
        label = getattr(item, "label", None) or "Page"
        return cls(
            match["slug"],
            match["mode"],
            match["scope"] == "e",
            int(match["season"]),
            match["kind"] == "b",
            int(match["page"]),
            label,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the page on the same message, with the clicker's own line."""
        await defer(interaction, update=True)
        async with reported(interaction, "leaderboard page"):
            services = bot_of(interaction).services
            board = await services.stats.board(
                self.slug,
                self.mode or None,
                guild_id=interaction.guild_id,
                scope=EVERYWHERE_SCOPE if self.everywhere else SERVER,
                season=None if self.everywhere else str(self.season),
                page=self.page,
                caller=interaction.user.id,
                kind="bot" if self.bots else "person",
            )
            view = board_view(board, self.bots)
            await interaction.edit_original_response(embed=board_embed(board, self.bots), view=view)


def board_view(board: Board, bots: bool) -> discord.ui.View | None:
    """Prev/Next buttons for a ladder of several pages (None for one page)."""
    if board.pages <= 1:
        return None
    everywhere = board.season == 0
    view = discord.ui.View(timeout=None)
    for label, page, disabled in (
        ("◀ Prev", max(board.page - 1, 0), board.page == 0),
        ("Next ▶", min(board.page + 1, board.pages - 1), board.page >= board.pages - 1),
    ):
        button = LeaderboardButton(
            board.game, board.mode, everywhere, board.season, bots, page, label, disabled
        )
        view.add_item(button)
    return view


def replay_pick_view(last: Sequence[RatingChange]) -> discord.ui.View | None:
    """/stats' menus of the last rated games: one opens the replay viewer, one the review of those
    that have one (None without games)."""
    if not last:
        return None
    options = [
        discord.SelectOption(
            label=clip(f"Table #{c.table_id} · {c.mode} · {'won' if c.won else 'lost'}", OPTION_TEXT),
            value=str(c.table_id),
            description=f"rating {c.before} → {c.after}",
        )
        for c in last[:OPTIONS_PER_SELECT]
    ]
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayPickSelect(options=options))
    reviews = review_pick(last)
    if reviews is not None:
        view.add_item(reviews)
    return view
