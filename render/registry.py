"""Each game's renderer, by slug. Adding a game is one line here."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from render.core.renderer import Renderer

_MODULES: dict[str, str] = {
    "clashofdecks": "render.clashofdecks",
    "arclash": "render.arclash",
    "hackclad": "render.hackclad",
    "climax": "render.climax",
    "eternia": "render.eternia",
}


# slug -> renderer object registered at run time (tests, plug-ins); checked before _MODULES.
_OBJECTS: dict[str, Renderer] = {}


def register(slug: str, renderer: Renderer) -> None:
    """Register a renderer object under ``slug`` at run time (used by tests and plug-ins)."""
    _OBJECTS[slug] = renderer
    get.cache_clear()


def unregister(slug: str) -> None:
    """Forget a renderer added with :func:`register`."""
    _OBJECTS.pop(slug, None)
    get.cache_clear()


@contextmanager
def registered(slug: str, renderer: Renderer) -> Iterator[Renderer]:
    """Register ``renderer`` for the duration of a ``with`` block."""
    register(slug, renderer)
    try:
        yield renderer
    finally:
        unregister(slug)


def slugs() -> list[str]:
    """Every game with a registered renderer."""
    return [*_MODULES, *(slug for slug in _OBJECTS if slug not in _MODULES)]


@cache
def get(slug: str) -> Renderer:
    """The renderer for ``slug``."""
    if slug in _OBJECTS:
        return _OBJECTS[slug]
    renderer: Renderer = importlib.import_module(_MODULES[slug]).RENDERER
    return renderer
