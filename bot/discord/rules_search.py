"""``/rules game search:``: the rules page that best matches a word, the other matches in a menu.

The answer is the ``/rules`` page viewer opened at the best hit (Prev/Next work as usual), with
a field listing the pages that mention the word and a select to jump between them. The search
comes from :mod:`bot.lookup`, the terminal's too. Where the game is written in several languages
and the reader named none, every language is searched and a page opens in the language it
matched in (equal matches: the reader's first). The select's custom_id carries the game, the
language asked for (none: all) and the search, so it works after a restart or on another process.
"""

from __future__ import annotations

from dataclasses import KW_ONLY

import discord

from bot.discord.clicks import controls
from bot.discord.embeds import FIELD
from bot.discord.ids import GAME, MAX_ID, game_part
from bot.discord.info import rules_embed
from bot.discord.language import language_tag
from bot.discord.layout import OPTION_TEXT, OPTIONS_PER_SELECT, clip
from bot.discord.persistent import PersistentSelect
from bot.discord.replies import defer, reported, with_view
from bot.discord.views import rules_view
from bot.lookup import SEARCH_MAX, Hit, search_rules
from bot.service.values import ServiceError
from bot.words import language_name
from engines import registry
from engines.core import AnyRuleset, Code

#: the jump menu: game (``@lang`` when the reader asked for one language), then the search
TEMPLATE = rf"tk:rm:{GAME}:(?P<search>.*)"
#: how many matches the field lists (the menu holds up to 25)
LISTED = 8


def search_id(slug: str, search: str, lang: str = "") -> str:
    """The custom_id of a search's jump menu (``lang`` only when the reader asked for one)."""
    custom_id = f"tk:rm:{game_part(slug, lang)}:{search}"
    if len(custom_id) > MAX_ID:
        raise ValueError(f"custom_id longer than {MAX_ID} characters: {custom_id!r}")
    return custom_id


def _ruleset(slug: str) -> AnyRuleset:
    try:
        return registry.get(slug)
    except Exception:
        raise ServiceError(Code.NOT_FOUND, f"There is no game {slug!r}.") from None


def _where(hit: Hit, several: bool) -> str:
    return f"p. {hit.page + 1}{f' · {language_name(hit.lang)}' if several else ''}"


def hit_line(hit: Hit, several: bool, shown: bool) -> str:
    """A match as a line of the field: page (and language), heading, the words around it in bold."""
    esc = discord.utils.escape_markdown
    found = f"**{esc(hit.found)}**" if hit.found else ""
    mark = "▸ " if shown else ""
    return f"{mark}{_where(hit, several)} · {esc(hit.heading)}: {esc(hit.before)}{found}{esc(hit.after)}"


def search_embed(slug: str, search: str, hits: list[Hit], shown: Hit) -> tuple[discord.Embed, int, int]:
    """The page of ``shown`` with the matches listed under it; the page shown and the page count."""
    embed, page, pages = rules_embed(slug, shown.page, shown.lang)
    several = len({h.lang for h in hits}) > 1
    lines: list[str] = []
    used = 0
    for hit in hits[:LISTED]:
        line = clip(hit_line(hit, several, hit == shown), FIELD // 3)
        if used + len(line) + 1 > FIELD:
            break
        lines.append(line)
        used += len(line) + 1
    rest = len(hits) - len(lines)
    name = f"{len(hits)} {'page mentions' if len(hits) == 1 else 'pages mention'} “{search}”"
    embed.add_field(name=clip(name, 256), value="\n".join(lines), inline=False)
    if rest:
        embed.set_footer(text=f"{embed.footer.text} · the menu holds the other {min(rest, 25)} matches")
    return embed, page, pages


class RulesMatchSelect(PersistentSelect, template=TEMPLATE, make_id=search_id):
    """Jump to another page a rules search found (option values: ``lang:page``)."""

    slug: str
    search: str
    lang: str = ""
    _: KW_ONLY
    placeholder: str = "Other pages that mention it"

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the chosen page on the same message, the menu kept."""
        await defer(interaction, update=True)
        async with reported(interaction, "rules search page"):
            lang, _, page = self.chosen().partition(":")
            prefer = await controls(interaction).rules.language(interaction, self.slug, self.lang or None)
            hits = search_rules(_ruleset(self.slug), self.search, self.lang or None, prefer=prefer)
            shown = next((h for h in hits if h.lang == lang and str(h.page) == page), hits[0])
            embed, view = search_answer(self.slug, self.search, self.lang, hits, shown)
            await interaction.edit_original_response(embed=embed, view=view)


def search_view(
    slug: str, search: str, asked: str, hits: list[Hit], shown: Hit, page: int, pages: int
) -> discord.ui.View:
    """The jump menu (when there is more than one match) above the usual Prev/Next buttons."""
    view = discord.ui.View(timeout=None)
    several = len({h.lang for h in hits}) > 1
    if len(hits) > 1:
        options = [
            discord.SelectOption(
                label=clip(f"{_where(h, several)} · {h.heading}", OPTION_TEXT),
                value=f"{h.lang}:{h.page}",
                description=clip(h.snippet, OPTION_TEXT) or None,
                default=h == shown,
            )
            for h in hits[:OPTIONS_PER_SELECT]
        ]
        view.add_item(RulesMatchSelect(slug, search, asked, options=options))
    buttons = rules_view(slug, page, pages, language_tag(slug, shown.lang))
    for item in buttons.children if buttons is not None else []:
        view.add_item(item)
    return view


def search_answer(
    slug: str, search: str, asked: str, hits: list[Hit], shown: Hit
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The embed and components for one page of a search's answer."""
    embed, page, pages = search_embed(slug, search, hits, shown)
    view = search_view(slug, search, asked, hits, shown, page, pages)
    return embed, view if view.children else None


async def show_rules_search(
    interaction: discord.Interaction, game: str, search: str, language: str | None
) -> None:
    """``/rules game search:``: the best matching page, to the asker alone, with the other matches."""
    await defer(interaction, ephemeral=True)
    async with reported(interaction, "rules search"):
        slug = game.strip().lower()
        ruleset = _ruleset(slug)
        search = " ".join(search.split())[:SEARCH_MAX]
        prefer = await controls(interaction).rules.language(interaction, slug, language)
        asked = ruleset.language(language) if language else None
        hits = search_rules(ruleset, search, asked, prefer=prefer)
        embed, view = search_answer(slug, search, language_tag(slug, asked) if asked else "", hits, hits[0])
        await interaction.followup.send(embed=embed, ephemeral=True, **with_view(view))
