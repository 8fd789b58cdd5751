"""Tutorials at a table: what the learner is told before each of their choices.

A tutorial is a solo table with the table option ``tutorial`` on, never rated, dealt from the
tutorial's deal; its opponent, if the mode has one, is the bot level that names the game's
tutorial script (``tutorial:<game>``, see :mod:`engines.core.tutorial`). Which explanations are due, and the
gentle note on the learner's last move, are worked out from the match record (seed and log), so
a table left and resumed, or a restarted bot, tells the learner exactly what it would have told
them. The work replays the game and may ask the strongest bot for its choice, so it runs in a
worker thread, off the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import msgspec

from bot.service.game import resolve
from bot.service.guilds import GuildService
from bot.service.pipeline import Pipeline
from bot.service.ratings import RATED_OPTION, is_rated
from bot.service.room import Room
from bot.service.runtime import Runtime, load_from
from bot.service.seating import TUTORIAL_OPTION
from bot.service.tables import TableService
from bot.service.values import LOBBY, Delivery, ServiceError
from bot.store import tables_repo as repo
from engines.core import Code, GameConfig
from engines.core.lesson import Lesson, lesson
from engines.core.ruleset import LANGUAGE_OPTION
from engines.core.tutorial import LEARNER, LEVEL, has_tutorial, load
from engines.core.types import OptionValue

#: what the tutorial's opponent is called at the table
TUTOR = "Tutor"


def is_tutorial(options: Mapping[str, object]) -> bool:
    """Whether a table's options make it a tutorial: ``tutorial`` on and never rated.

    The rated check keeps the strongest bot's notes out of games that count: a host who types
    ``tutorial=on`` on a rated table gets no hints.
    """
    return options.get(TUTORIAL_OPTION) is True and not is_rated(options)


def tutorial_level(game: str) -> str:
    """The bot level of ``game``'s tutorial opponent."""
    return f"{LEVEL}{game}"


@dataclass(frozen=True)
class Begun:
    """A tutorial opened or taken up again: the table as it stands, and which of the two it was."""

    delivery: Delivery
    resumed: bool


class Tutorials(Room):
    """Tutorial tables: opening or resuming one, and what the learner reads (see the module docstring)."""

    def __init__(
        self, runtime: Runtime, guilds: GuildService, pipeline: Pipeline, tables: TableService
    ) -> None:
        super().__init__(runtime, guilds, pipeline)
        self.tables = tables

    async def begin(
        self,
        user_id: int,
        dm_channel_id: int,
        game: str,
        *,
        name: str = "You",
        names: Sequence[str] = (),
        lang: str | None = None,
        locale: str | None = None,
    ) -> Begun:
        """Take up ``user_id``'s running tutorial of ``game``, or open one in their DMs.

        A new tutorial is a solo table dealt from the tutorial's deal against its scripted
        opponent, never rated, in ``lang`` (else the language closest to ``locale``). ``names``
        are the seats' display names (the terminal's); by default the learner's ``name`` and "Tutor".
        """
        handle = resolve(game)
        ruleset = handle.ruleset
        if not has_tutorial(ruleset):
            raise ServiceError(Code.NOT_FOUND, f"{ruleset.title} has no tutorial yet; /rules explains it.")
        running = await self.running(user_id, handle.slug)
        if running is not None:
            return Begun(await self.tables.current(running), resumed=True)
        header = load(ruleset).header
        options: dict[str, OptionValue] = {**header.options, RATED_OPTION: False, TUTORIAL_OPTION: True}
        if lang and len(ruleset.languages) > 1:
            options[LANGUAGE_OPTION] = ruleset.language(lang)
        delivery = await self.tables.open_solo(
            user_id,
            dm_channel_id,
            handle.slug,
            header.mode,
            tutorial_level(handle.slug),
            options,
            players=header.players,
            seed=header.seed,
            names=list(names) or [name, *[TUTOR] * (header.players - 1)],
            locale=locale,
        )
        return Begun(delivery, resumed=False)

    async def running(self, user_id: int, game: str) -> int | None:
        """The id of ``user_id``'s running tutorial of ``game``, if there is one."""
        async with self.rt.reading() as connection:
            for table_id in await repo.active_tables_of(connection, user_id):
                loaded = await load_from(connection, table_id)
                table = loaded.table
                if (
                    table.game == game
                    and is_tutorial(table.options)
                    and loaded.seats[LEARNER].user_id == user_id
                ):
                    return table_id
        return None

    async def lesson(self, table_id: int, user_id: int) -> Lesson:
        """What the learner of ``table_id`` reads now; refused for anyone else or another table."""
        async with self.rt.reading() as connection:
            loaded = await load_from(connection, table_id)
            log = tuple(await repo.move_log(connection, table_id))
        table = loaded.table
        if table.status == LOBBY or table.seed is None or table.config is None:
            raise ServiceError(Code.NOT_STARTED, "This tutorial has not started yet.")
        if not is_tutorial(table.options):
            raise ServiceError(Code.NOT_FOUND, f"Table #{table_id} is not a tutorial.")
        if loaded.seats[LEARNER].user_id != user_id:
            raise ServiceError(Code.NOT_PLAYER, "Only the learner of this tutorial reads its explanations.")
        ruleset = loaded.game.ruleset
        config = msgspec.convert(table.config, GameConfig)
        lang = str(config.options.get(LANGUAGE_OPTION, ruleset.languages[0]))
        return await asyncio.to_thread(lesson, ruleset, load(ruleset), config, table.seed, log, lang)
