"""Embeds for lobbies, live tables, private hands and results, kept within Discord's size limits."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import discord

from bot.discord.colours import seat_embed_colour, seat_square, seat_swatch
from bot.discord.layout import clip
from bot.discord.seat_text import chosen_text
from bot.service.values import PublicTable, SeatInfo, SeatUpdate, TableInfo
from bot.words import language_name
from engines.core import Outcome
from engines.core.ruleset import LANGUAGE_OPTION
from render.core.palette import seat_colour_name

TITLE = 256
DESCRIPTION = 4096
FIELD = 1024
BOARD_FILE = "board.png"
HAND_FILE = "hand.png"
COLOUR = discord.Colour.from_rgb(0, 114, 178)
DONE_COLOUR = discord.Colour.from_rgb(46, 139, 87)


def game_title(table: TableInfo) -> str:
    """ "Game — Mode" of a table (the raw names if its game or mode no longer loads)."""
    spec = table.spec
    return f"{table.title} — {spec.title}" if spec is not None else f"{table.game} — {table.mode}"


def seat_label(table: TableInfo, seat: int) -> str:
    """A seat's name; a mention for people so the client shows who it is."""
    for info in table.seats:
        if info.seat == seat:
            if info.user_id is not None:
                return f"<@{info.user_id}>"
            return f"{info.name} (bot)"
    return f"Seat {seat + 1}"


def seat_line(table: TableInfo, seat: int) -> str:
    """One line of the seat list: colour, who sits there, and whether a bot plays for them now."""
    info = next((s for s in table.seats if s.seat == seat), None)
    line = f"{seat_swatch(seat)} · {seat_label(table, seat)}"
    if info is not None and info.user_id is not None and info.bot is not None:
        line += " — left; a bot plays on" if info.has_left else " — time ran out; a bot plays for now"
    return line


def seats_text(table: TableInfo) -> str:
    """Every seat with its colour, one per line (as the board and hands colour them)."""
    return lines_within([seat_line(table, s.seat) for s in table.seats], FIELD, keep_last=False)


def lines_within(lines: Sequence[str], limit: int, keep_last: bool = True) -> str:
    """Join as many whole lines as fit in ``limit`` characters (the newest ones by default)."""
    chosen: list[str] = []
    used = 0
    ordered: Iterable[str] = reversed(lines) if keep_last else lines
    for line in ordered:
        line = clip(line, limit)
        if used + len(line) + 1 > limit:
            break
        chosen.append(line)
        used += len(line) + 1
    if keep_last:
        chosen.reverse()
    return "\n".join(chosen)


def _option_text(name: str, value: object) -> str:
    """One table option as the lobby lists it; the language also by its name ("`lang=ja` 日本語")."""
    shown = f"`{name}={value}`"
    return f"{shown} ({language_name(str(value))})" if name == LANGUAGE_OPTION else shown


def _options_text(table: TableInfo) -> str:
    if not table.options:
        return "defaults"
    return clip(" ".join(_option_text(k, v) for k, v in sorted(table.options.items())), FIELD)


def rating_text(rating: tuple[int, int] | None, provisional_games: int) -> str:
    """A joined person's rating at the lobby's game: " — 1523", provisional, or new to it."""
    if rating is None or rating[1] == 0:
        return " — new to the game"
    shown, games = rating
    if games < provisional_games:
        return f" — {shown} (provisional, {games} rated game{'s' if games != 1 else ''})"
    return f" — {shown}"


def lobby_embed(
    table: TableInfo,
    note: str = "",
    ratings: Mapping[int, tuple[int, int]] | None = None,
    provisional_games: int = 0,
) -> discord.Embed:
    """The lobby: who has joined (with each person's rating at the game), the options, what next.

    ``ratings`` maps a person's id to (rating, rated games) everywhere; None leaves ratings out.
    """
    embed = discord.Embed(title=clip(f"{game_title(table)} · lobby", TITLE), colour=COLOUR)

    def rated(seat: SeatInfo) -> str:
        if ratings is None or seat.user_id is None:
            return ""
        return rating_text(ratings.get(seat.user_id), provisional_games)

    players = [
        f"{s.seat + 1}. {seat_line(table, s.seat)}{rated(s)}{chosen_text(table, s)}" for s in table.seats
    ] or ["nobody yet"]
    embed.description = clip(
        f"{len(table.seats)}/{table.max_players} players (at least {table.min_players} to start).\n"
        "Join with the button or `/table join`; the host starts the game.",
        DESCRIPTION,
    )
    embed.add_field(name="Players", value=lines_within(players, FIELD, keep_last=False), inline=True)
    embed.add_field(name="Options", value=_options_text(table), inline=True)
    embed.add_field(name="Host", value=f"<@{table.host_id}>", inline=True)
    if note:
        embed.add_field(name="Latest", value=clip(note, FIELD), inline=False)
    embed.set_footer(text=f"Table #{table.id}")
    return embed


def turn_text(public: PublicTable) -> str:
    """Who must decide now, by public lines only; for a sealed decision, who is still choosing."""
    if not public.asked:
        return "The game is over."
    table = public.table
    parts: list[str] = []
    if any(p.sealed for p in public.asked):
        # seat order, never the order people chose in
        names = ", ".join(seat_label(table, seat) for seat in public.waiting_on)
        count = len(public.waiting_on)
        parts.append(f"Waiting for {count} player{'s' if count != 1 else ''} to choose in secret: {names}")
    for asked in public.asked:
        if asked.sealed:
            continue
        parts.append(asked.line)
    if public.deadline_ts:
        parts.append(f"Time runs out <t:{int(public.deadline_ts)}:R>.")
    return "\n".join(parts)


def table_embed(public: PublicTable) -> discord.Embed:
    """The public table: whose turn, what just happened, the board text and image."""
    table = public.table
    if public.outcome is not None:
        return result_embed(table, public.outcome, public.narration, public.text)
    embed = discord.Embed(title=clip(game_title(table), TITLE), colour=COLOUR)
    embed.description = clip(f"**Now:** {turn_text(public)}\n\n{public.text}".strip(), DESCRIPTION)
    if table.seats and not table.solo:
        embed.add_field(name="Seats", value=seats_text(table), inline=False)
    if public.narration:
        embed.add_field(name="What just happened", value=lines_within(public.narration, FIELD), inline=False)
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    # no move number: it would count hidden moves too
    embed.set_footer(text=f"Table #{table.id}")
    return embed


def result_embed(table: TableInfo, outcome: Outcome, narration: Sequence[str], text: str) -> discord.Embed:
    """The final result: winners, ranking with scores, the reason and the final board."""
    embed = discord.Embed(title=clip(f"{game_title(table)} · game over", TITLE), colour=DONE_COLOUR)
    who = outcome.who_won(lambda seat: seat_label(table, seat))
    if outcome.winners:
        line = f"**Winner{'s' if len(outcome.winners) != 1 else ''}:** {who}"
    elif who:  # the rules' own opponent won (e.g. the AI Controller), not a draw
        line = f"**Won by:** {who} (no player won)"
    else:
        line = "**Winners:** nobody"
    embed.description = clip(
        f"{line}\n**Why:** {outcome.reason}\n\n{text}".strip(),
        DESCRIPTION,
    )
    ranking: list[str] = []
    for place, group in enumerate(outcome.ranking, start=1):
        for seat in group:
            score = f" — {outcome.scores[seat]}" if seat in outcome.scores else ""
            ranking.append(f"{place}. {seat_square(seat)} {seat_label(table, seat)}{score}")
    if ranking:
        embed.add_field(name="Ranking", value=lines_within(ranking, FIELD, keep_last=False), inline=False)
    if narration:
        embed.add_field(name="Last moves", value=lines_within(narration, FIELD), inline=False)
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    embed.set_footer(text=f"Table #{table.id}")
    return embed


def hand_embed(table: TableInfo, update: SeatUpdate) -> discord.Embed:
    """A seat's private message: its own view, what it alone saw happen, and what it is asked."""
    embed = discord.Embed(
        title=clip(f"{game_title(table)} · your hand", TITLE),
        colour=seat_embed_colour(update.seat),
    )
    asked = (
        f"**Your move:** {update.prompt.text}"
        if update.prompt is not None
        else "Nothing to decide right now."
    )
    if update.deadline_ts and update.prompt is not None:
        asked += f" (time runs out <t:{int(update.deadline_ts)}:R>)"
    embed.description = clip(f"{asked}\n\n{update.text}".strip(), DESCRIPTION)
    if update.narration:
        embed.add_field(name="What just happened", value=lines_within(update.narration, FIELD), inline=False)
    if update.image is not None:
        embed.set_image(url=f"attachment://{HAND_FILE}")
    colour = seat_colour_name(update.seat)
    embed.set_footer(text=f"Table #{table.id} · seat {update.seat + 1} ({colour})")
    return embed
