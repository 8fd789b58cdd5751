"""The tutorial part of a solo game's DM message: explanations above the choice, a gentle note.

A tutorial table (:mod:`bot.service.tutorials`) is a solo table with the ``tutorial`` option on.
Its one DM message carries, between the board and the hand with the choices, what the learner is
told now: the explanations first due at this choice and, after a move the strongest bot
would have made otherwise, one line saying what else was possible. Everything comes from the
service, worked out from the game's record, so a redraw after a restart shows the same.
"""

from __future__ import annotations

import logging

import discord

from bot.discord.embeds import COLOUR, DESCRIPTION
from bot.discord.layout import clip_block
from bot.service import Services
from bot.service.tutorials import is_tutorial
from bot.service.values import ServiceError, TableInfo
from engines.core.tutorial import LEARNER

log = logging.getLogger(__name__)

#: the embed's title, by the table's language
TITLE = {"en": "Learning the game", "ja": "ゲームを学ぶ"}


async def lesson_embed(services: Services, table: TableInfo) -> discord.Embed | None:
    """What the learner reads now, as an embed (None: not a tutorial, or nothing to say)."""
    if not is_tutorial(table.options):
        return None
    learner = table.seats[LEARNER].user_id
    if learner is None:
        return None
    try:
        lesson = await services.tutorials.lesson(table.id, learner)
    except ServiceError as error:  # the game itself still shows; the explanations come next move
        log.warning("table %s: tutorial explanations not shown (%s)", table.id, error.message)
        return None
    parts = list(lesson.explains)
    if lesson.note:
        parts.append(f"*{lesson.note}*")
    if not parts:
        return None
    lang = str(table.options.get("lang", "en"))
    return discord.Embed(
        title=TITLE.get(lang, TITLE["en"]),
        description=clip_block("\n\n".join(parts), DESCRIPTION),
        colour=COLOUR,
    )
