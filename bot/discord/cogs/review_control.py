"""The review controller: the viewer's "Review" page and /stats' menu of games to review.

Whether a game may be reviewed, and by whom, is the service's decision
(:meth:`bot.service.reviews.Reviews.get`: finished games with a result, seen by their players or
from their channel). A game's first review costs seconds of CPU (it is stored after), so the
interaction is acknowledged at once and, if the answer is slow, the page says it is being
worked out before it shows the review.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

import discord

from bot.discord.language import reader_language
from bot.discord.replies import defer, reported
from bot.discord.review_view import WORKING, review_embed, review_files, review_page_view
from bot.service import Services
from bot.service.reviews import GameReview

#: seconds a review may take before the page says it is being worked out
SLOW = 2.0


class ReviewControl:
    """What the Review button and /stats' review menu do."""

    def __init__(self, services: Services) -> None:
        self.services = services
        #: see :data:`SLOW`; 0 says the review is being worked out before every review
        self.slow = SLOW

    async def _review(
        self, interaction: discord.Interaction, table_id: int, note: Callable[[], Awaitable[object]]
    ) -> GameReview:
        """The review in the reader's language; ``note`` is shown first if it takes over :attr:`slow` s."""
        lang = await reader_language(interaction, self.services.guilds, None)
        asked = asyncio.ensure_future(
            self.services.reviews.get(
                table_id, interaction.user.id, channel_id=interaction.channel_id, lang=lang
            )
        )
        if self.slow > 0:
            await asyncio.wait({asked}, timeout=self.slow)
        if not asked.done():
            with contextlib.suppress(discord.HTTPException):  # the note is a courtesy; the review follows
                await note()
        return await asked

    async def show(
        self, interaction: discord.Interaction, table_id: int, step: int, seat: int | None
    ) -> None:
        """The viewer's "Review": the same private message shows the review, with a way back."""
        await defer(interaction, update=True)
        async with reported(interaction, "review"):
            table = await self.services.tables.get(table_id)
            back = review_page_view(table_id, None, step, seat)

            async def note() -> None:
                await interaction.edit_original_response(
                    content=WORKING, embeds=[], attachments=[], view=back
                )

            review = await self._review(interaction, table_id, note)
            await interaction.edit_original_response(
                content=None,
                embeds=[review_embed(table, review)],
                attachments=review_files(review),
                view=review_page_view(table_id, review, step, seat),
            )

    async def open(self, interaction: discord.Interaction, table_id: int) -> None:
        """/stats' review menu: the chosen game's review as a new private message."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "review"):
            table = await self.services.tables.get(table_id)
            noted: list[bool] = []

            async def note() -> None:
                await interaction.edit_original_response(content=WORKING)
                noted.append(True)

            review = await self._review(interaction, table_id, note)
            embed = review_embed(table, review)
            view = review_page_view(table_id, review, 0, None)
            if noted:  # the "working out" message becomes the review
                await interaction.edit_original_response(
                    content=None, embed=embed, attachments=review_files(review), view=view
                )
            else:
                await interaction.followup.send(
                    embed=embed, files=review_files(review), view=view, ephemeral=True
                )
