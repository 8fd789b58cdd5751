"""The games Tablekeeper hosts, by slug. Adding a game is one line here."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from engines.core.errors import SetupError
from engines.core.ruleset import AnyRuleset

# slug -> module exporting ``RULESET``; listed in the order menus show them.
_MODULES: dict[str, str] = {
    "clashofdecks": "engines.clashofdecks",
    "arclash": "engines.arclash",
    "hackclad": "engines.hackclad",
}


# slug -> ruleset object registered at run time (tests, plug-ins); checked before _MODULES.
_OBJECTS: dict[str, AnyRuleset] = {}


def slugs() -> list[str]:
    """Every registered game's slug."""
    return [*_MODULES, *(slug for slug in _OBJECTS if slug not in _MODULES)]


def register(slug: str, ruleset: AnyRuleset) -> None:
    """Register a ruleset object under ``slug`` at run time (used by tests and plug-ins)."""
    _OBJECTS[slug.strip().lower()] = ruleset
    get.cache_clear()


def unregister(slug: str) -> None:
    """Forget a ruleset added with :func:`register`."""
    _OBJECTS.pop(slug.strip().lower(), None)
    get.cache_clear()


@contextmanager
def registered(slug: str, ruleset: AnyRuleset) -> Iterator[AnyRuleset]:
    """Register ``ruleset`` for the duration of a ``with`` block."""
    register(slug, ruleset)
    try:
        yield ruleset
    finally:
        unregister(slug)


@cache
def get(slug: str) -> AnyRuleset:
    """The ruleset for ``slug``; ``SetupError`` lists the real games for a wrong one."""
    key = slug.strip().lower()
    if key in _OBJECTS:
        return _OBJECTS[key]
    module_name = _MODULES.get(key)
    if module_name is None:
        raise SetupError(f"There is no game {slug!r}; choose one of: {', '.join(slugs())}.", option="game")
    ruleset: AnyRuleset = importlib.import_module(module_name).RULESET
    return ruleset


def all_rulesets() -> list[AnyRuleset]:
    """Every registered ruleset, in menu order."""
    return [get(slug) for slug in slugs()]
