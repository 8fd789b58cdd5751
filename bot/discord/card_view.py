"""``/card game name``: one card, character or scenario on its own, with its whole text and numbers.

The name is looked up by :func:`bot.lookup.find_card` (the terminal's ``tablekeeper cards GAME
NAME`` too) and suggested by :func:`bot.lookup.suggest_cards`: the autocomplete offers names in
the reader's language and sends the entry's id, so a picked name is never ambiguous.

The answer is the entry's text and numbers as an embed with the entry drawn large as its image
(``Renderer.card``, drawn off the event loop, by the drawing pool when the process runs one). The
picture only adds to the text: if it cannot be drawn, that is logged and the text answers alone.
"""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands

from bot.discord.cards import catalogue_embed, game_ruleset, offered_in_language
from bot.discord.clicks import controls
from bot.discord.embeds import FIELD
from bot.discord.layout import clip
from bot.discord.replies import defer, reported
from bot.lookup import card_label, find_card, suggest_cards
from bot.service.drawing import card_picture
from engines import registry
from engines.core import AnyRuleset
from engines.core.types import CatalogueEntry, DeckEntry

log = logging.getLogger("tablekeeper.discord")

#: the longest name a person may type (an autocomplete value is an id, far shorter)
NAME_MAX = 100
#: the picture's file name on the answer
CARD_FILE = "card.png"


def card_embed(ruleset: AnyRuleset, entry: CatalogueEntry, decks: list[DeckEntry]) -> discord.Embed:
    """The card as an embed: its name, whole text, numbers, kind, the decks holding it, its id."""
    embed = catalogue_embed(entry.name, entry.text)
    embed.add_field(name="Numbers", value=clip(entry.stats, FIELD) or "—", inline=False)
    embed.add_field(name="Kind", value=clip(entry.group, FIELD), inline=True)
    held = [d.title for d in decks if d.name in entry.decks] or list(entry.decks)
    if held:
        embed.add_field(name="In the ready-made decks", value=clip(", ".join(held), FIELD), inline=True)
    if entry.pick and entry.options:
        chosen = ", ".join(f"`{option}={entry.pick}`" for option in entry.options)
        embed.add_field(name="Choose it at a table with", value=clip(chosen, FIELD), inline=False)
    embed.set_footer(text=clip(f"{ruleset.title} · {entry.id}", 2048))
    return embed


async def show_card(interaction: discord.Interaction, game: str, name: str, language: str | None) -> None:
    """``/card``: one entry of a game's catalogue, to the asker alone."""
    await defer(interaction, ephemeral=True)
    async with reported(interaction, "card"):
        slug = game.strip().lower()
        ruleset = game_ruleset(slug)
        prefer = await controls(interaction).rules.language(interaction, slug, language)
        asked = ruleset.language(language) if language else None
        found = find_card(ruleset, name[:NAME_MAX], asked, prefer=prefer)
        embed = card_embed(ruleset, found.entry, ruleset.decks(found.lang))
        try:
            picture = await card_picture(slug, found.entry, found.lang)
        except Exception:  # the picture only adds to the text: the text still answers
            log.exception("could not draw the %s card %s", slug, found.entry.id)
            await interaction.followup.send(embed=embed, ephemeral=True)
            return
        embed.set_image(url=f"attachment://{CARD_FILE}")
        drawn = discord.File(io.BytesIO(picture), filename=CARD_FILE)
        await interaction.followup.send(embed=embed, file=drawn, ephemeral=True)


def card_choices(game: object, current: str, lang: str = "en") -> list[app_commands.Choice[str]]:
    """Up to 25 entries of the game already chosen, named in ``lang`` (else another language that matches)."""
    try:
        ruleset = registry.get(str(game)) if game else None
        if ruleset is None:
            return []
        first = ruleset.language(lang)
        for code in [first, *(c for c in ruleset.languages if c != first)]:
            entries = ruleset.catalogue(code)
            picked = suggest_cards(entries, current)
            if picked:
                return [
                    app_commands.Choice(name=clip(card_label(e, entries), 100), value=e.id) for e in picked
                ]
    except Exception:  # autocomplete must never fail loudly
        return []
    return []


async def cards_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete callback for ``/card``'s name (reads the game and the language typed)."""
    return await offered_in_language(interaction, current, card_choices)
