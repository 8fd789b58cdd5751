"""The games Tablekeeper hosts, by slug. Adding a game is one line here."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from engines.core.errors import ContentError, SetupError
from engines.core.ruleset import AnyRuleset
from engines.core.tutorial import has_tutorial
from engines.core.tutorial import read as read_tutorial

# slug -> module exporting ``RULESET``; listed in the order menus show them.
_MODULES: dict[str, str] = {
    "clashofdecks": "engines.clashofdecks",
    "arclash": "engines.arclash",
    "hackclad": "engines.hackclad",
    "climax": "engines.climax",
    "eternia": "engines.eternia",
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


def require(slug: str) -> str:
    """The registry's key for ``slug``, without loading the game; ``SetupError`` lists the real games."""
    key = slug.strip().lower()
    if key not in _OBJECTS and key not in _MODULES:
        raise SetupError(f"There is no game {slug!r}; choose one of: {', '.join(slugs())}.", option="game")
    return key


@cache
def get(slug: str) -> AnyRuleset:
    """The ruleset for ``slug``; ``SetupError`` lists the real games for a wrong one."""
    key = require(slug)
    if key in _OBJECTS:
        return _OBJECTS[key]
    ruleset: AnyRuleset = importlib.import_module(_MODULES[key]).RULESET
    return ruleset


def all_rulesets() -> list[AnyRuleset]:
    """Every registered ruleset, in menu order."""
    return [get(slug) for slug in slugs()]


def check_all() -> None:
    """Load every registered game's content afresh; one ``ContentError`` names the game at fault."""
    # Run at start-up (``tablekeeper run``, ``games``, ``play``) so a broken data file stops the
    # program at once rather than when its game is first played.
    for slug in slugs():
        try:
            ruleset = get(slug)
        except (ImportError, AttributeError):  # a game still being written: `games` says so
            continue
        except ContentError as exc:  # content loaded while the game's modules are imported
            raise exc.for_game(slug) from exc
        title = getattr(ruleset, "title", slug)
        try:
            ruleset.check_content()
            if has_tutorial(ruleset):  # its static checks; the dry run is the contract test's
                read_tutorial(ruleset)
        except ContentError as exc:
            raise exc.for_game(title) from exc
        except Exception as exc:  # a checker tripped over data it did not expect: still one line
            problem = f"cannot be loaded ({type(exc).__name__}: {exc})"
            raise ContentError("", "", "", problem, game=title) from exc
