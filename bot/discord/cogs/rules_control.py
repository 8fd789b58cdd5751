"""The ``/rules`` pager: the first page a player asks for, and the Prev/Next buttons under it.

Separate from the table controllers because it needs no service at all: the pages come from the
game registry, so any process answers a click on an old rules message the same way.
"""

from __future__ import annotations

import discord

from bot.discord.info import rules_embed
from bot.discord.replies import defer, reported, with_view
from bot.discord.views import rules_view


class RulesControl:
    """What ``/rules`` and its page buttons do (used by the info cog and :class:`RulesButton`)."""

    async def rules(self, interaction: discord.Interaction, game: str, page: int) -> None:
        """``/rules``: a page of a game's rules summary with Prev/Next buttons (shown to the asker)."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "rules"):
            embed, shown, count = rules_embed(game, page)
            view = rules_view(game, shown, count)
            await interaction.followup.send(embed=embed, ephemeral=True, **with_view(view))

    async def rules_page(self, interaction: discord.Interaction, slug: str, page: int) -> None:
        """A rules Prev/Next button: show that page on the same message."""
        await defer(interaction, update=True)
        async with reported(interaction, "rules page"):
            embed, shown, count = rules_embed(slug, page)
            await interaction.edit_original_response(embed=embed, view=rules_view(slug, shown, count))
