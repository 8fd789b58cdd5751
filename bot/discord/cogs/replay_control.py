"""The replay controller: ``/table replay`` and its buttons, ``/table export``, and their suggestions.

Who may see what is the service's decision (:meth:`bot.service.replays.Replays.frame`); this
controller only asks for a step, in the viewer's language, and shows the answer privately. The
language is the reader's (the server's ``/config language``, else their Discord language), as
``/rules`` reads: a replay never depends on the language it was played in.

``/table replay animation:True`` posts the game's animation where the game is played: the table's
channel or thread (its public board is public there, and only there), or the player's DMs for a
solo game. It speaks the table's language, as the final message's animation does.
"""

from __future__ import annotations

import io

import discord
from discord import app_commands

from bot.discord.animation_post import animation_embed, animation_file
from bot.discord.choices import LIMIT
from bot.discord.language import reader_language
from bot.discord.replay_view import replay_embeds, replay_files, replay_view
from bot.discord.replies import defer, reported
from bot.discord.sending import table_place
from bot.service import Services
from bot.service.replays import ReplayFrame
from bot.service.values import ServiceError
from engines.core import Code
from engines.core.record import dump

#: the one line for a game argument that names no table
NOT_A_TABLE = "Pick a game from the list, or give a table number such as 42."


def table_number(text: str) -> int:
    """The table id a ``game`` argument names ("42" or "#42"; a suggestion's value is the id)."""
    cleaned = text.strip().lstrip("#").strip()
    if not cleaned.isdigit() or len(cleaned) > 18:
        raise ServiceError(Code.NOT_FOUND, NOT_A_TABLE)
    return int(cleaned)


def record_filename(game: str, table_id: int) -> str:
    """The exported record's file name: ``tablekeeper-<game>-<table id>.json``."""
    return f"tablekeeper-{game}-{table_id}.json"


class ReplayControl:
    """What the replay viewer, its command and ``/table export`` do."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.replays = services.replays
        self.guilds = services.guilds

    async def _which(self, interaction: discord.Interaction, game: str | None) -> int:
        """The table a command means: the one named, else the channel's newest game."""
        if game and game.strip():
            return table_number(game)
        if interaction.channel_id is None:
            raise ServiceError(Code.NOT_FOUND, NOT_A_TABLE)
        return await self.replays.last_in(interaction.channel_id)

    async def _frame(
        self, interaction: discord.Interaction, table_id: int, step: int | None, seat: int | None
    ) -> ReplayFrame:
        """Ask the service for a step as the clicker may see it, in their language."""
        lang = await reader_language(interaction, self.guilds, None)
        return await self.replays.frame(
            table_id, interaction.user.id, step, seat, channel_id=interaction.channel_id, lang=lang
        )

    @staticmethod
    def _shown(
        interaction: discord.Interaction, frame: ReplayFrame
    ) -> tuple[list[discord.Embed], list[discord.File]]:
        mine = tuple(frame.table.seats_of(interaction.user.id))
        return replay_embeds(frame, mine), replay_files(frame)

    async def command(
        self, interaction: discord.Interaction, game: str | None, animation: bool = False
    ) -> None:
        """``/table replay [game] [animation]``: open a private viewer at the deal, or post the animation."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "replay"):
            table_id = await self._which(interaction, game)
            if animation:
                await self._post_animation(interaction, table_id)
            else:
                await self._open(interaction, table_id, 0)

    async def _post_animation(self, interaction: discord.Interaction, table_id: int) -> None:
        """Post the game's animation in its channel (a solo game's in its player's DMs), and say where."""
        made = await self.services.animations.make(
            table_id, interaction.user.id, channel_id=interaction.channel_id
        )
        table = await self.services.tables.get(table_id)
        embed = animation_embed(table, made)
        asked = f"Asked for by <@{interaction.user.id}>."
        if table.solo:
            place: discord.abc.Messageable = await interaction.user.create_dm()
            where = "in your DMs"
        else:
            place = interaction.client.get_partial_messageable(table_place(table))
            where = f"in <#{table_place(table)}>"
        await place.send(
            asked, embed=embed, file=animation_file(made), allowed_mentions=discord.AllowedMentions.none()
        )
        await interaction.followup.send(f"Posted the animation of table #{table_id} {where}.", ephemeral=True)

    async def open(self, interaction: discord.Interaction, table_id: int, step: int = 0) -> None:
        """The "Replay" button or /stats' menu: a new private viewer of ``table_id``."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "replay"):
            await self._open(interaction, table_id, step)

    async def _open(self, interaction: discord.Interaction, table_id: int, step: int) -> None:
        frame = await self._frame(interaction, table_id, step, None)
        embeds, files = self._shown(interaction, frame)
        await interaction.followup.send(embeds=embeds, files=files, view=replay_view(frame), ephemeral=True)

    async def show(
        self,
        interaction: discord.Interaction,
        table_id: int,
        step: int | None,
        seat: int | None,
        page: int | None,
    ) -> None:
        """A viewer's control: redraw the same message at another step, seat or jump-menu page."""
        await defer(interaction, update=True)
        async with reported(interaction, "replay step"):
            frame = await self._frame(interaction, table_id, step, seat)
            embeds, files = self._shown(interaction, frame)
            await interaction.edit_original_response(
                embeds=embeds, attachments=files, view=replay_view(frame, page)
            )

    async def export(self, interaction: discord.Interaction, game: str | None) -> None:
        """``/table export [game]``: a finished game's record as a file, for its players."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "export"):
            table_id = await self._which(interaction, game)
            record = await self.replays.record(table_id, interaction.user.id)
            data = dump(record)
            name = record_filename(record.game, table_id)
            await interaction.followup.send(
                f"The record of table #{table_id}: the deal's seed and every move, "
                "enough to replay the whole game. It is checked, so an edited copy is refused.",
                file=discord.File(io.BytesIO(data), filename=name),
                ephemeral=True,
            )

    async def suggest(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's and the channel's recent games whose label holds what they typed."""
        try:
            games = await self.replays.recent(interaction.user.id, interaction.channel_id)
        except Exception:  # autocomplete must never fail loudly
            return []
        typed = current.strip().lstrip("#").casefold()
        return [
            app_commands.Choice(name=game.label[:100], value=str(game.table_id))
            for game in games
            if typed in game.label.casefold()
        ][:LIMIT]
