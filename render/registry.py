"""Each game's renderer, by slug. Adding a game is one line here."""

from __future__ import annotations

import importlib
from functools import cache

from render.core.renderer import Renderer

_MODULES: dict[str, str] = {
    "clashofdecks": "render.clashofdecks",
}


@cache
def get(slug: str) -> Renderer:
    """The renderer for ``slug``."""
    renderer: Renderer = importlib.import_module(_MODULES[slug]).RENDERER
    return renderer
