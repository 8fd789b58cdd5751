"""The replay viewer's message: one step of a game as its viewer may see it, and its controls.

Built from a :class:`bot.service.replays.ReplayFrame` alone, which the service has already cut
to what the viewer may see (the public board and lines; a seat's own picture only where allowed).
Every control is a persistent item whose custom_id carries the table, the step and the seat
shown, so the viewer keeps working after a restart and needs no memory in the process; each
click asks the service again, which checks that the clicker may still see what the id asks.

Rows: the step buttons; the jump menu (a page of up to 25 rounds or turns); the seat menu when
more than one seat may be opened; the jump menu's page buttons when the game has more than 25
chapters; on a finished game with a result, the "Review" button (the page is
:mod:`bot.discord.review_view`).
"""

from __future__ import annotations

import io
from dataclasses import KW_ONLY
from typing import TYPE_CHECKING, Any

import discord

from bot.discord import ids
from bot.discord.clicks import controls
from bot.discord.colours import seat_embed_colour
from bot.discord.embeds import COLOUR, DESCRIPTION, DONE_COLOUR, FIELD, TITLE, game_title, lines_within
from bot.discord.layout import OPTION_TEXT, OPTIONS_PER_SELECT, clip, clip_block
from bot.discord.persistent import PersistentButton, PersistentSelect
from bot.service.values import FINISHED
from engines.core.timeline import Chapter
from render.core.palette import seat_colour_name

if TYPE_CHECKING:
    from bot.service.replays import ReplayFrame

BOARD_FILE = "replay-board.png"
HAND_FILE = "replay-hand.png"
#: what the first step is called: the cards are dealt, nobody has moved
DEAL = "the deal"


def seat_name(frame: ReplayFrame, seat: int) -> str:
    """A seat's name as the replay shows it (the game's own names: no mentions in a private view)."""
    for info in frame.table.seats:
        if info.seat == seat:
            return info.name + (" (bot)" if info.user_id is None else "")
    return f"Seat {seat + 1}"


def step_line(frame: ReplayFrame) -> str:
    """ "Round 3 · step 37 of 212", with the deal and a running game said as such."""
    where = f"step {frame.step} of {frame.steps}"
    if frame.step == 0:
        where += f" ({DEAL})"
    parts = [frame.chapter, where] if frame.chapter else [where.capitalize()]
    line = " · ".join(parts)
    if not frame.over:
        line += " — the game is still running; this is as far as the table has seen"
    return line


def outcome_line(frame: ReplayFrame) -> str:
    """The result, on a finished game's last step ("" elsewhere)."""
    outcome = frame.outcome
    if outcome is None:
        return ""
    who = outcome.who_won(lambda seat: seat_name(frame, seat))
    won = f"**Won by:** {who}" if who else "**Winners:** nobody"
    return f"{won}\n**Why:** {outcome.reason}"


def replay_embeds(frame: ReplayFrame, viewer_seats: tuple[int, ...] = ()) -> list[discord.Embed]:
    """The step's board (with its narration) and, when a seat is shown, that seat's own picture."""
    table = frame.table
    over = frame.over and frame.step == frame.steps
    board = discord.Embed(
        title=clip(f"{game_title(table)} · replay", TITLE),
        colour=DONE_COLOUR if over else COLOUR,
    )
    head = [f"**{step_line(frame)}**"]
    if frame.mover is not None:
        head.append(f"Last move by {seat_name(frame, frame.mover)}")
    result = outcome_line(frame)
    if result:
        head.append(result)
    board.description = clip_block("\n".join(head) + f"\n\n{frame.text}".rstrip(), DESCRIPTION)
    happened = lines_within(frame.narration, FIELD) if frame.narration else ""
    if frame.step > 0:
        board.add_field(name="What happened", value=happened or "Nothing the table could see.", inline=False)
    board.set_image(url=f"attachment://{BOARD_FILE}")
    board.set_footer(text=f"Table #{table.id} · only you see this replay")
    embeds = [board]
    if frame.seat is not None and frame.hand_png is not None:
        whose = "your hand" if frame.seat in viewer_seats else f"{seat_name(frame, frame.seat)}'s hand"
        hand = discord.Embed(
            title=clip(f"{game_title(table)} · {whose}", TITLE),
            colour=seat_embed_colour(frame.seat),
        )
        hand.set_image(url=f"attachment://{HAND_FILE}")
        hand.set_footer(text=f"Seat {frame.seat + 1} ({seat_colour_name(frame.seat)})")
        embeds.append(hand)
    return embeds


def replay_files(frame: ReplayFrame) -> list[discord.File]:
    """The step's pictures: the public board, and the shown seat's own picture if any."""
    files = [discord.File(io.BytesIO(frame.board_png), filename=BOARD_FILE)]
    if frame.seat is not None and frame.hand_png is not None:
        files.append(discord.File(io.BytesIO(frame.hand_png), filename=HAND_FILE))
    return files


def chapter_of(chapters: tuple[Chapter, ...], step: int) -> int:
    """The index of the chapter ``step`` lies in."""
    index = 0
    for number, chapter in enumerate(chapters):
        if chapter.step <= step:
            index = number
    return index


def jump_pages(chapters: tuple[Chapter, ...]) -> int:
    """How many pages of the jump menu the chapters fill."""
    return max(1, -(-len(chapters) // OPTIONS_PER_SELECT))


def replay_view(frame: ReplayFrame, page: int | None = None) -> discord.ui.View:
    """The viewer's controls at ``frame`` (``page``: the jump menu's page; None: the step's own)."""
    table, step, last = frame.table.id, frame.step, frame.steps
    # the ids carry the seat only when there is a choice; "-" asks the service for its default
    # (the viewer's own seat, or the public view for someone who did not play)
    shown = frame.seat if len(frame.may_show) > 1 else None
    pages = jump_pages(frame.chapters)
    current = chapter_of(frame.chapters, step) // OPTIONS_PER_SELECT
    page = current if page is None else max(0, min(page, pages - 1))
    view = discord.ui.View(timeout=None)
    at_start, at_end = step == 0, step >= last and frame.over
    for verb, label, target, disabled in (
        ("f", "⏮ First", 0, at_start),
        ("b", "◀ Back", max(step - 1, 0), at_start),
        ("n", "Forward ▶", min(step + 1, last), step >= last),
        ("l", "Last ⏭" if frame.over else "Latest ⏭", last, at_end),
    ):
        view.add_item(
            ReplayStepButton(table, verb, target, shown, page, label=label, row=0, disabled=disabled)
        )
    chapters = frame.chapters[page * OPTIONS_PER_SELECT : (page + 1) * OPTIONS_PER_SELECT]
    here = chapter_of(frame.chapters, step)
    options: list[discord.SelectOption] = []
    used: set[int] = set()
    for number, chapter in enumerate(chapters, start=page * OPTIONS_PER_SELECT):
        if chapter.step in used:
            continue
        used.add(chapter.step)
        options.append(
            discord.SelectOption(
                label=clip(chapter.label, OPTION_TEXT),
                value=str(chapter.step),
                description=f"from step {chapter.step}",
                default=number == here,
            )
        )
    placeholder = "Jump to…" if pages == 1 else f"Jump to… (page {page + 1} of {pages})"
    view.add_item(ReplayJumpSelect(table, shown, options=options, placeholder=placeholder, row=1))
    if len(frame.may_show) > 1:
        seats = [
            discord.SelectOption(
                label=clip(f"Seat {s + 1}: {seat_name(frame, s)}", OPTION_TEXT),
                value=str(s),
                default=s == frame.seat,
            )
            for s in frame.may_show[:OPTIONS_PER_SELECT]
        ]
        view.add_item(ReplaySeatSelect(table, step, options=seats, row=2))
    if pages > 1:
        for label, target, disabled in (
            ("◀ Earlier turns", max(page - 1, 0), page == 0),
            ("Later turns ▶", min(page + 1, pages - 1), page >= pages - 1),
        ):
            view.add_item(
                ReplayStepButton(table, "p", step, shown, target, label=label, row=3, disabled=disabled)
            )
    if frame.over and frame.table.status == FINISHED:  # reviews exist only for games that ended
        view.add_item(review_button(table, step, shown))
    return view


def open_view(table: int) -> discord.ui.View:
    """The "Replay" button for a finished table message."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayOpenButton(table))
    return view


class ReplayOpenButton(PersistentButton, template=ids.REPLAY_OPEN, make_id=ids.replay_open_id):
    """ "Replay" on a finished table message: a private viewer of the game for whoever clicks."""

    table: int
    _: KW_ONLY
    label: str = "Replay"

    async def callback(self, interaction: discord.Interaction) -> None:
        """Open the viewer at the deal."""
        await controls(interaction).replay.open(interaction, self.table, step=0)


class ReplayStepButton(PersistentButton, template=ids.REPLAY_STEP, make_id=ids.replay_step_id):
    """First / Back / Forward / Last, or a page of the jump menu, redrawn in place."""

    table: int
    verb: str
    step: int
    seat: int | None
    page: int

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the step (the newest one for "Last"), or another page of the jump menu."""
        step = None if self.verb == "l" else self.step
        page = self.page if self.verb == "p" else None
        await controls(interaction).replay.show(interaction, self.table, step, self.seat, page)


class ReplayJumpSelect(PersistentSelect, template=ids.REPLAY_JUMP, make_id=ids.replay_jump_id):
    """The jump menu: a round or turn of the game (option values are their first steps)."""

    table: int
    seat: int | None
    _: KW_ONLY
    placeholder: str = "Jump to…"

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the chosen chapter's first step."""
        value = self.chosen("0")
        step = int(value) if value.isdigit() else 0
        await controls(interaction).replay.show(interaction, self.table, step, self.seat, None)


class ReplaySeatSelect(PersistentSelect, template=ids.REPLAY_SEAT, make_id=ids.replay_seat_id):
    """Whose own picture to show beside the board (only the seats the viewer may open)."""

    table: int
    step: int
    _: KW_ONLY
    placeholder: str = "Whose hand to show…"

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the same step with the chosen seat's picture (the service checks it may be seen)."""
        value = self.chosen()
        seat = int(value) if value.isdigit() else None
        await controls(interaction).replay.show(interaction, self.table, self.step, seat, None)


class ReplayPickSelect(PersistentSelect, template=ids.REPLAY_PICK, make_id=ids.replay_pick_id):
    """/stats' menu of a player's last games: open one in the viewer (option values are table ids)."""

    _: KW_ONLY
    placeholder: str = "Replay one of these games…"

    async def callback(self, interaction: discord.Interaction) -> None:
        """Open the chosen game's viewer at the deal."""
        value = self.chosen()
        await controls(interaction).replay.open(interaction, int(value) if value.isdigit() else 0, step=0)


def review_button(table: int, step: int, seat: int | None) -> ReviewOpenButton:
    """The viewer's "Review" button (row 4), for a finished game with a result."""
    return ReviewOpenButton(table, step, seat, row=4)


class ReviewOpenButton(PersistentButton, template=ids.REVIEW_OPEN, make_id=ids.review_open_id):
    """ "Review" in a finished game's viewer: the same private message shows the review."""

    table: int
    step: int
    seat: int | None
    _: KW_ONLY
    label: str = "Review"
    emoji: str | None = "📈"
    style: discord.ButtonStyle = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the review in place of the viewer."""
        await controls(interaction).review.show(interaction, self.table, self.step, self.seat)


REPLAY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ReplayOpenButton,
    ReplayStepButton,
    ReplayJumpSelect,
    ReplaySeatSelect,
    ReplayPickSelect,
    ReviewOpenButton,
)
