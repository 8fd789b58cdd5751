"""Autocomplete for game, mode and deck names (at most 25 suggestions, as Discord allows)."""

from __future__ import annotations

import discord
from discord import app_commands

from engines import registry
from engines.core import AnyRuleset, OptionSpec
from engines.core.types import allowed_counts

LIMIT = 25


def available_games() -> list[AnyRuleset]:
    """Every registered game that loads (a game still being installed is simply not offered)."""
    games = []
    for slug in registry.slugs():
        try:
            games.append(registry.get(slug))
        except Exception:
            continue
    return games


def _matches(current: str, *texts: str) -> bool:
    needle = current.strip().lower()
    return not needle or any(needle in text.lower() for text in texts)


def game_choices(current: str) -> list[app_commands.Choice[str]]:
    """Games whose slug or title contains what the user typed."""
    return [
        app_commands.Choice(name=r.title, value=r.slug)
        for r in available_games()
        if _matches(current, r.slug, r.title)
    ][:LIMIT]


def _ruleset(slug: object) -> AnyRuleset | None:
    if not isinstance(slug, str) or not slug:
        return None
    try:
        return registry.get(slug)
    except Exception:
        return None


def mode_choices(game: object, current: str) -> list[app_commands.Choice[str]]:
    """Modes of the game already chosen in the command."""
    ruleset = _ruleset(game)
    if ruleset is None:
        return []
    return [
        app_commands.Choice(name=f"{m.title} ({allowed_counts(m.players, 'player')})"[:100], value=m.name)
        for m in ruleset.modes
        if _matches(current, m.name, m.title)
    ][:LIMIT]


def deck_spec(game: object, mode: object) -> OptionSpec | None:
    """The per-player ``deck`` option of a game's mode (the first mode if none is chosen)."""
    ruleset = _ruleset(game)
    if ruleset is None:
        return None
    modes = [m for m in ruleset.modes if m.name == mode] or list(ruleset.modes[:1])
    for m in modes:
        spec = m.option_spec("deck")
        if spec is not None and spec.per_seat:
            return spec
    return None


def deck_titles(ruleset: AnyRuleset | None, lang: str | None) -> dict[str, str]:
    """Each ready-made deck's name as a person reads it: "祭りの炎 (festival)" in the language asked."""
    if ruleset is None:
        return {}
    try:
        decks = ruleset.decks(ruleset.language(lang))
    except Exception:  # autocomplete must never fail loudly: plain names will do
        return {}
    # a title that only capitalises the name says nothing more ("Ironclad" for "ironclad")
    return {
        d.name: d.title if d.title.casefold() == d.name.casefold() else f"{d.title} ({d.name})" for d in decks
    }


def deck_choices(
    game: object, mode: object, current: str, lang: str | None = None
) -> list[app_commands.Choice[str]]:
    """Deck names of a game's mode, titled in ``lang`` where the game names its decks."""
    spec = deck_spec(game, mode)
    if spec is None:
        return []
    titles = deck_titles(_ruleset(game), lang)
    return [
        app_commands.Choice(name=titles.get(c, c)[:100], value=c)
        for c in spec.choices
        if _matches(current, c, titles.get(c, c))
    ][:LIMIT]


async def games_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete callback for a ``game`` parameter."""
    return game_choices(current)


async def modes_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete callback for a ``mode`` parameter (reads the ``game`` already typed)."""
    return mode_choices(getattr(interaction.namespace, "game", None), current)


async def solo_decks_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete callback for ``/solo``'s deck (game and mode typed; in the player's language)."""
    namespace = interaction.namespace
    game, mode = getattr(namespace, "game", None), getattr(namespace, "mode", None)
    return deck_choices(game, mode, current, str(interaction.locale))
