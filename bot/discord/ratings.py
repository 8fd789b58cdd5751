"""``/leaderboard`` and the rating part of ``/stats``, as embeds (and the history chart)."""

from __future__ import annotations

import discord

from bot.discord.embeds import COLOUR, FIELD, TITLE, lines_within
from bot.discord.layout import clip
from bot.service.api import Board, BoardRow, GameRecord
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
