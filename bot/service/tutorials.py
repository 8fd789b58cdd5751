"""Tutorials at a table: what the learner is told before each of their choices.

A tutorial is a solo table whose opponent's bot level names the game's tutorial script
(``tutorial:<game>``, see :mod:`engines.core.tutorial`). Which explanations are due, and the
gentle note on the learner's last move, are worked out from the match record (seed and log), so
a table left and resumed, or a restarted bot, tells the learner exactly what it would have told
them. The work replays the game and may ask the strongest bot for its choice, so it runs in a
worker thread, off the event loop.
"""

from __future__ import annotations

import asyncio

import msgspec

from bot.service.api import LOBBY, ServiceError
from bot.service.room import Room
from bot.service.runtime import load_from
from bot.store import tables_repo as repo
from engines import registry
from engines.core import Code, GameConfig
from engines.core.lesson import Lesson, lesson
from engines.core.ruleset import LANGUAGE_OPTION
from engines.core.tutorial import LEARNER, LEVEL, load


def tutorial_level(game: str) -> str:
    """The bot level of ``game``'s tutorial opponent."""
    return f"{LEVEL}{game}"


class Tutorials(Room):
    """The learner's explanations and notes at a tutorial table (see the module docstring)."""

    async def lesson(self, table_id: int, user_id: int) -> Lesson:
        """What the learner of ``table_id`` reads now; refused for anyone else or another table."""
        async with self.rt.reading() as connection:
            loaded = await load_from(connection, table_id)
            log = tuple(await repo.move_log(connection, table_id))
        table = loaded.table
        if table.status == LOBBY or table.seed is None or table.config is None:
            raise ServiceError(Code.NOT_STARTED, "This tutorial has not started yet.")
        seats = loaded.seats
        if not any(s.seat != LEARNER and s.bot == tutorial_level(table.game) for s in seats):
            raise ServiceError(Code.NOT_FOUND, f"Table #{table_id} is not a tutorial.")
        if seats[LEARNER].user_id != user_id:
            raise ServiceError(Code.NOT_PLAYER, "Only the learner of this tutorial reads its explanations.")
        ruleset = registry.get(table.game)
        config = msgspec.convert(table.config, GameConfig)
        lang = str(config.options.get(LANGUAGE_OPTION, ruleset.languages[0]))
        return await asyncio.to_thread(lesson, ruleset, load(ruleset), config, table.seed, log, lang)
