"""Acknowledging interactions in time and turning failures into short private notes.

Discord drops an interaction that is not acknowledged within 3 seconds, so every handler defers
first and answers through followups. A refused request (``ServiceError``, ``SetupError``) is shown
to the clicker alone with its own text; anything unexpected is logged with its traceback but
without its message or any custom_id (they can name cards in someone's hand), and the user gets a
generic note. Nothing is half-applied: the service commits before the adapter shows anything, and
what the note says depends on whether something was saved before the failure (the request's
journal, :mod:`bot.service.truth`): a move saved before the database dropped is never reported as
"nothing was changed".
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.service.truth import Behind, Journal, failure_text, journal
from bot.service.values import ServiceError
from engines.core import ContentError, SetupError, counted

log = logging.getLogger("tablekeeper.discord")

NOT_ALL_SHOWN = (
    "Done, but Discord refused to update some of the table's messages; "
    "/table status shows the table as it is now."
)


class PartialDelivery(Exception):
    """Some messages could not be updated after a committed change (the change stands)."""

    def __init__(self, failed: int) -> None:
        super().__init__(f"{counted(failed, 'message')} not updated")
        self.failed = failed


async def defer(interaction: discord.Interaction, *, ephemeral: bool = False, update: bool = False) -> None:
    """Acknowledge at once (a no-op if already acknowledged).

    ``update`` is for component clicks whose answer edits the clicked message; otherwise the
    answer is a new (optionally ephemeral) message and the client shows "thinking".
    """
    if interaction.response.is_done():
        return
    if update and interaction.type == discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def tell(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """Send ``text`` to the user alone, however far the interaction has got."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


def with_view(view: discord.ui.View | None) -> dict[str, Any]:
    """``{"view": view}`` when there is one: sending ``view=None`` is not allowed everywhere."""
    return {"view": view} if view is not None else {}


def scrubbed_traceback(exc: BaseException) -> str:
    """The exception's type and stack (files, lines, functions) without its message."""
    frames = "".join(traceback.format_tb(exc.__traceback__))
    broken = _content_fault(exc)
    # a broken data file's message holds only its path, entry, field and problem: no game state
    where = f": {broken}" if broken else ""
    return f"{type(exc).__module__}.{type(exc).__qualname__}{where}\n{frames}"


def _content_fault(exc: BaseException | None) -> ContentError | None:
    """The ``ContentError`` behind ``exc`` (itself or a cause), if a data file is to blame."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, ContentError):
            return exc
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return None


def told(error: Exception, kept: Journal) -> str:
    """What to tell the person whose request failed with ``error`` (``kept``: what it saved)."""
    if isinstance(error, PartialDelivery):
        return NOT_ALL_SHOWN
    if isinstance(error, SetupError):
        return error.message
    return failure_text(error, kept)


def expected(error: Exception) -> bool:
    """Whether ``error`` is one the bot means to report (a refusal, an outage), not a surprise to log."""
    return isinstance(error, ServiceError | SetupError | PartialDelivery | Behind)


@asynccontextmanager
async def reported(interaction: discord.Interaction, where: str) -> AsyncIterator[None]:
    """Run a handler body; show refusals to the user and log surprises without secrets."""
    with journal() as kept:
        try:
            yield
        except Exception as exc:
            if not expected(exc):
                log.error(
                    "%s failed for user %s in channel %s: %s",
                    where,
                    interaction.user.id if interaction.user else "?",
                    interaction.channel_id,
                    scrubbed_traceback(exc),
                )
            await _safe_tell(interaction, told(exc, kept))


async def _safe_tell(interaction: discord.Interaction, text: str) -> None:
    try:
        await tell(interaction, text)
    except discord.HTTPException as exc:  # the interaction may have expired; nothing else to do
        log.warning("could not answer an interaction: %s %s", type(exc).__name__, getattr(exc, "code", ""))
