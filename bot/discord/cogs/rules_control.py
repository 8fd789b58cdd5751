"""The ``/rules`` pager: the first page a player asks for, and the Prev/Next buttons under it.

Separate from the table controllers because it needs no table: the pages come from the game
registry, so any process answers a click on an old rules message the same way. It reads the
server's settings only for the language a reader gets when they name none (see
:mod:`bot.discord.language`); ``/cards`` asks it the same question.
"""

from __future__ import annotations

import discord

from bot.discord.info import rules_embed
from bot.discord.language import game_language, language_tag, reader_language
from bot.discord.replies import defer, reported, with_view
from bot.discord.views import rules_view
from bot.service import GuildService


class RulesControl:
    """What ``/rules`` and its page buttons do (used by the info cog and :class:`RulesButton`)."""

    def __init__(self, guilds: GuildService) -> None:
        self.guilds = guilds

    async def language(self, interaction: discord.Interaction, slug: str, wanted: str | None) -> str:
        """The language ``slug`` is read in: ``wanted``, else the server's setting, else the reader's."""
        return game_language(slug, await reader_language(interaction, self.guilds, wanted))

    async def rules(
        self, interaction: discord.Interaction, game: str, page: int, language: str | None = None
    ) -> None:
        """``/rules``: a page of a game's rules summary with Prev/Next buttons (shown to the asker)."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "rules"):
            lang = await self.language(interaction, game, language)
            embed, shown, count = rules_embed(game, page, lang)
            view = rules_view(game, shown, count, language_tag(game, lang))
            await interaction.followup.send(embed=embed, ephemeral=True, **with_view(view))

    async def rules_page(
        self, interaction: discord.Interaction, slug: str, page: int, language: str | None = None
    ) -> None:
        """A rules Prev/Next button: show that page on the same message, in the language it carries."""
        await defer(interaction, update=True)
        async with reported(interaction, "rules page"):
            lang = await self.language(interaction, slug, language)
            embed, shown, count = rules_embed(slug, page, lang)
            view = rules_view(slug, shown, count, language_tag(slug, lang))
            await interaction.edit_original_response(embed=embed, view=view)
