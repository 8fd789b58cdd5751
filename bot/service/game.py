"""The game handle: a table's ruleset and renderer, looked up once per request and passed down.

A request (a click, a lobby verb, a timer tick) resolves its table's slug into one :class:`Game`
on the loaded table (``Loaded.game``, see ``bot.service.runtime``), and everything below it (seat
checks, bots, the commit, the delivery) reads it there instead of asking the registries again.
Only a game named by a person (opening a table) or work that crosses to another process names
a game by its slug. Its own module because every room needs it and it needs none of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.values import ServiceError
from engines import registry
from engines.core import AnyRuleset, Code, SetupError
from render import registry as renderers
from render.core.renderer import Renderer


@dataclass(frozen=True)
class Game:
    """One registered game: its slug, its rules and its pictures."""

    slug: str
    ruleset: AnyRuleset
    renderer: Renderer

    @property
    def title(self) -> str:
        """The game's display name."""
        return self.ruleset.title


def resolve(slug: str) -> Game:
    """The :class:`Game` registered as ``slug``; ``ServiceError(NOT_FOUND)`` for an unknown one."""
    key = slug.strip().lower()
    try:
        ruleset = registry.get(key)
    except SetupError as error:
        raise ServiceError(Code.NOT_FOUND, error.message) from None
    try:
        renderer = renderers.get(key)
    except KeyError:
        raise ServiceError(Code.NOT_FOUND, f"There is no picture maker for {ruleset.title}.") from None
    return Game(key, ruleset, renderer)
