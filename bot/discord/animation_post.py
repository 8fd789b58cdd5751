"""The game's animation on Discord: added to the final table message, or posted when asked for.

When a game ends, :class:`FinalAnimations` asks the service for the animation of its public
board (``services.animations.make``, which draws in a side process or a thread) in a task of
its own, after the final message is already sent: the click that ended the game is answered
first. The task then edits the final message once more, adding the animation as a second embed
under the board. A failure (a game too long to fit Discord's upload limit, a message deleted
meanwhile, the database away) is logged at WARNING and costs only the animation: ``/table
replay animation:True`` posts it on request. A restart loses the task, and the same command
makes up for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Sequence

import discord

from bot.discord.embeds import BOARD_FILE, COLOUR, TITLE, game_title
from bot.discord.layout import clip
from bot.service import Services
from bot.service.animations import Animation
from bot.service.values import PublicTable, TableInfo
from engines.core import counted

log = logging.getLogger("tablekeeper.discord")

QUIET = discord.AllowedMentions.none()


def animation_embed(table: TableInfo, animation: Animation) -> discord.Embed:
    """The embed that shows an animation: what it is, and how many pictures it has."""
    embed = discord.Embed(
        title=clip(f"{game_title(table)} · the whole game", TITLE),
        description="The public board through the game, from the deal on: what anyone at the table saw.",
        colour=COLOUR,
    )
    embed.set_image(url=f"attachment://{animation.filename}")
    embed.set_footer(text=f"Table #{table.id} · {counted(animation.frames, 'picture')}")
    return embed


def animation_file(animation: Animation) -> discord.File:
    """The animation as a file to upload (a File is spent once sent: make one per request)."""
    return discord.File(io.BytesIO(animation.data), filename=animation.filename)


class FinalAnimations:
    """Adds the animation to finished games' final messages, one background task per table."""

    def __init__(self, client: discord.Client, services: Services) -> None:
        self.client = client
        self.services = services
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def shown(
        self, public: PublicTable, channel_id: int, message_id: int, embeds: Sequence[discord.Embed]
    ) -> None:
        """``public`` is now on message ``message_id`` with ``embeds``: if the game is over, animate it.

        The animation is attached soon, by a task of its own; a newer final message of the same
        table (a redraw, which drops the attachment) replaces the task of an older one.
        """
        if public.outcome is None or not self.services.settings.final_animation:
            return
        table = public.table
        older = self._tasks.pop(table.id, None)
        if older is not None:
            older.cancel()
        task = asyncio.get_running_loop().create_task(
            self._attach(table, channel_id, message_id, tuple(embeds), public.board_png)
        )
        table_id = table.id
        self._tasks[table_id] = task
        task.add_done_callback(lambda done: self._forget(table_id, done))

    def _forget(self, table_id: int, done: asyncio.Task[None]) -> None:
        if self._tasks.get(table_id) is done:
            del self._tasks[table_id]

    @property
    def pending(self) -> frozenset[int]:
        """The tables whose final message still waits for its animation."""
        return frozenset(self._tasks)

    async def close(self) -> None:
        """Stop the waiting tasks (their messages keep the board; the command posts the animation)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _attach(
        self,
        table: TableInfo,
        channel_id: int,
        message_id: int,
        embeds: tuple[discord.Embed, ...],
        board_png: bytes,
    ) -> None:
        try:
            animation = await self.services.animations.make(table.id)
            shown = [*embeds, animation_embed(table, animation)]
            files = [
                discord.File(io.BytesIO(board_png), filename=BOARD_FILE),
                animation_file(animation),
            ]
            message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
            await message.edit(embeds=shown, attachments=files, allowed_mentions=QUIET)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # only the animation is lost; the final message stands as it is
            why = getattr(exc, "message", None) or type(exc).__name__
            log.warning("table %s: final message has no animation (%s)", table.id, why)
