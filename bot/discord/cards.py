"""``/cards``: a game's card catalogue and ready-made decks as ephemeral embeds, page by page.

Pages are cut from :func:`engines.core.catalogue.select` (the same selection the terminal
prints) so that each embed keeps within Discord's limits: at most 25 fields and 6000 characters.
A page holds cards of one group only, so its title can say which group it shows; the decks with
their codes come last. The Prev/Next buttons work like the ``/rules`` pager: each custom_id
carries everything needed to draw its page (game, its language for a game with several, page,
deck, search), so they keep working after a restart or on another process.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import discord
from discord import app_commands

from bot.discord.clicks import controls
from bot.discord.embeds import COLOUR, DESCRIPTION, FIELD, TITLE
from bot.discord.ids import GAME, MAX_ID, game_part
from bot.discord.language import language_tag
from bot.discord.layout import clip, clip_block
from bot.discord.persistent import PersistentButton
from bot.discord.replies import defer, reported, with_view
from bot.service.values import ServiceError
from bot.words import deck_code_usage, deck_list
from engines import registry
from engines.core import AnyRuleset, Code
from engines.core.catalogue import Selection, select
from engines.core.types import CatalogueEntry, DeckEntry

#: Discord's limits on one embed
MAX_FIELDS = 25
MAX_EMBED = 6000
#: room kept for the title, description and footer when filling a page with fields
PAGE_BUDGET = MAX_EMBED - TITLE - 600
FIELD_NAME = 256
#: a search is kept short so a Prev/Next custom_id always fits in 100 characters
SEARCH_MAX = 40
DECKS = "Decks"

#: Prev/Next over a catalogue: game (slug, ``@lang`` for a game with several languages; ids made
#: before languages have none and mean the reader's default), page to show, deck name (may be
#: empty), search (last, free text).
TEMPLATE = rf"tk:k:{GAME}:(?P<page>\d+):(?P<deck>[^:]*):(?P<search>.*)"


def cards_id(slug: str, page: int, deck: str, search: str, lang: str = "") -> str:
    """The custom_id of a catalogue page button (``lang`` only for a game with several languages)."""
    custom_id = f"tk:k:{game_part(slug, lang)}:{page}:{deck}:{search}"
    if len(custom_id) > MAX_ID:
        raise ValueError(f"custom_id longer than {MAX_ID} characters: {custom_id!r}")
    return custom_id


@dataclass(frozen=True)
class Page:
    """One embed's worth: a heading and its (name, value) fields."""

    heading: str
    fields: tuple[tuple[str, str], ...]
    description: str = ""


def entry_field(entry: CatalogueEntry) -> tuple[str, str]:
    """A card as an embed field: its name, then its numbers in italics and its text."""
    held = f" · in {', '.join(entry.decks)}" if entry.decks else ""
    head = clip(f"*{entry.stats}{held}*", FIELD // 3)
    return clip(entry.name, FIELD_NAME), f"{head}\n{clip(entry.text, FIELD - len(head) - 1)}"


def deck_field(deck: DeckEntry) -> tuple[str, str]:
    """A deck as an embed field: its code (ready to copy), what it is, and its cards."""
    lines = [f"`{deck.code}`"] if deck.code else []
    if deck.summary:
        lines.append(deck.summary)
    head = "\n".join(lines)
    cards = clip(", ".join(deck_list(deck)), FIELD - len(head) - 1)
    return clip(f"{deck.title} ({deck.name})", FIELD_NAME), f"{head}\n{cards}".strip()


def _size(fields: list[tuple[str, str]]) -> int:
    return sum(len(name) + len(value) for name, value in fields)


def _fits(fields: list[tuple[str, str]]) -> bool:
    return len(fields) <= MAX_FIELDS and _size(fields) <= PAGE_BUDGET


def _pack(heading: str, fields: list[tuple[str, str]], description: str = "") -> list[Page]:
    """Cut fields into as few pages as fit (25 fields, ``PAGE_BUDGET`` characters), evened out."""
    chunks: list[list[tuple[str, str]]] = []
    for field in fields:
        if chunks and _fits([*chunks[-1], field]):
            chunks[-1].append(field)
        else:
            chunks.append([field])
    # the same number of pages, but sharing the cards out evenly (no page of two stragglers)
    per = -(-len(fields) // max(len(chunks), 1))
    even = [fields[i : i + per] for i in range(0, len(fields), per)]
    if len(even) == len(chunks) and all(_fits(chunk) for chunk in even):
        chunks = even
    return [Page(heading, tuple(chunk), description) for chunk in chunks]


def build_pages(chosen: Selection, hint: str) -> list[Page]:
    """Every page of a selection: each card group in turn, then the decks."""
    pages: list[Page] = []
    groups: dict[str, list[tuple[str, str]]] = {}
    for entry in chosen.entries:
        groups.setdefault(entry.group, []).append(entry_field(entry))
    for group, fields in groups.items():
        pages += _pack(group, fields)
    if chosen.decks:
        described = hint if any(d.code for d in chosen.decks) else ""
        pages += _pack(DECKS, [deck_field(d) for d in chosen.decks], described)
    if not pages:
        pages.append(Page("No match", (), "No cards match; try a shorter search."))
    return pages


def discord_hint(slug: str) -> str:
    """How to play a deck code, phrased for Discord (the per-player option ``deck_code``)."""
    usage = deck_code_usage(registry.get(slug))
    if usage is None:
        return ""
    needs, help_text = usage
    table = f" at a table with `{' '.join(needs)}`" if needs else ""
    return f"Use a code as the per-player option `deck_code`{table} ({help_text})."


def game_ruleset(slug: str) -> AnyRuleset:
    """The game ``slug`` names; a ``ServiceError`` (one line for the reader) when there is none."""
    try:
        return registry.get(slug)
    except Exception:
        raise ServiceError(Code.NOT_FOUND, f"There is no game {slug!r}.") from None


def catalogue_embed(title: str, description: str) -> discord.Embed:
    """An embed of the catalogue's (``/cards`` pages and ``/card``), title and text kept within limits."""
    return discord.Embed(
        title=clip(title, TITLE), description=clip_block(description, DESCRIPTION) or None, colour=COLOUR
    )


def _select(slug: str, search: str, deck: str, lang: str) -> Selection:
    # SetupError names an unknown deck or a missing catalogue
    return select(game_ruleset(slug), search, deck, lang)


def cards_embed(
    slug: str, page: int, search: str = "", deck: str = "", lang: str = "en"
) -> tuple[discord.Embed, int, int, str]:
    """One page of a catalogue in ``lang``: the embed, the page shown, the page count, the deck's name."""
    chosen = _select(slug, search, deck, lang)
    deck_name = chosen.decks[0].name if deck.strip() else ""
    pages = build_pages(chosen, discord_hint(slug))
    page = min(max(page, 0), len(pages) - 1)
    shown = pages[page]
    filters = [f"deck {chosen.decks[0].title}"] if deck_name else []
    if search.strip():
        filters.append(f"“{search.strip()}”")
    scope = f" ({', '.join(filters)})" if filters else ""
    embed = catalogue_embed(f"{chosen.title} cards · {shown.heading}{scope}", shown.description)
    for name, value in shown.fields:
        embed.add_field(name=name, value=value, inline=False)
    count = f"{len(chosen.entries)} of {chosen.total} cards" if filters else f"{chosen.total} cards"
    embed.set_footer(text=f"Page {page + 1} of {len(pages)} · {count}")
    return embed, page, len(pages), deck_name


class CardsButton(PersistentButton, template=TEMPLATE, make_id=cards_id):
    """Previous/next page of a game's catalogue (in the language the first page was shown in)."""

    slug: str
    page: int
    deck: str
    search: str
    lang: str = ""  # an old id without a language: the reader's default

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the page on the same message."""
        await defer(interaction, update=True)
        async with reported(interaction, "cards page"):
            lang = await controls(interaction).rules.language(interaction, self.slug, self.lang or None)
            embed, shown, count, deck = cards_embed(self.slug, self.page, self.search, self.deck, lang)
            view = cards_view(self.slug, shown, count, deck, self.search, lang)
            await interaction.edit_original_response(embed=embed, view=view)


def cards_view(
    slug: str, page: int, pages: int, deck: str, search: str, lang: str = "en"
) -> discord.ui.View | None:
    """Prev/Next buttons keeping the language, as ``/rules`` has them (None for a single page)."""
    if pages <= 1:
        return None
    tag = language_tag(slug, lang)
    view = discord.ui.View(timeout=None)
    view.add_item(CardsButton(slug, max(page - 1, 0), deck, search, tag, label="◀ Prev", disabled=page == 0))
    last = page >= pages - 1
    view.add_item(
        CardsButton(slug, min(page + 1, pages - 1), deck, search, tag, label="Next ▶", disabled=last)
    )
    return view


async def show_cards(
    interaction: discord.Interaction, game: str, search: str, deck: str, language: str | None = None
) -> None:
    """``/cards``: a catalogue's first page, to the asker alone, in ``language`` or their default."""
    await defer(interaction, ephemeral=True)
    async with reported(interaction, "cards"):
        slug = game.strip().lower()
        search = search.strip()[:SEARCH_MAX]
        lang = await controls(interaction).rules.language(interaction, slug, language)
        embed, shown, count, deck_name = cards_embed(slug, 0, search, deck, lang)
        view = cards_view(slug, shown, count, deck_name, search, lang)
        await interaction.followup.send(embed=embed, ephemeral=True, **with_view(view))


def deck_choices(game: object, current: str, lang: str = "en") -> list[app_commands.Choice[str]]:
    """The ready-made decks of the game already chosen in the command, titled in ``lang``."""
    try:
        ruleset = registry.get(str(game)) if game else None
        decks = ruleset.decks(ruleset.language(lang)) if ruleset is not None else []
    except Exception:  # autocomplete must never fail loudly
        return []
    wanted = current.strip().casefold()
    return [
        app_commands.Choice(name=clip(f"{d.title} ({d.name})", 100), value=d.name)
        for d in decks
        if wanted in d.name.casefold() or wanted in d.title.casefold()
    ][:25]


#: what an autocomplete of the catalogue offers: (the game typed, what is typed so far, language)
Offer = Callable[[object, str, str], list[app_commands.Choice[str]]]


async def offered_in_language(
    interaction: discord.Interaction, current: str, offer: Offer
) -> list[app_commands.Choice[str]]:
    """``offer`` for the game typed, in the language typed or else the reader's (``/cards``, ``/card``)."""
    game = getattr(interaction.namespace, "game", None)
    wanted = getattr(interaction.namespace, "language", None)
    try:
        lang = await controls(interaction).rules.language(interaction, str(game or ""), wanted)
    except Exception:  # autocomplete must never fail loudly: the first language will do
        lang = "en"
    return offer(game, current, lang)


async def decks_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete callback for ``/cards``'s deck (reads the game and the language typed)."""
    return await offered_in_language(interaction, current, deck_choices)
