"""The games Tablekeeper hosts, by slug. Adding a game is one line here."""

from __future__ import annotations

import importlib
from functools import cache

from engines.core.errors import SetupError
from engines.core.ruleset import Ruleset

# slug -> module exporting ``RULESET``; listed in the order menus show them.
_MODULES: dict[str, str] = {
    "clashofdecks": "engines.clashofdecks",
}


def slugs() -> list[str]:
    """Every registered game's slug."""
    return list(_MODULES)


@cache
def get(slug: str) -> Ruleset:  # type: ignore[type-arg]
    """The ruleset for ``slug``; ``SetupError`` lists the real games for a wrong one."""
    module_name = _MODULES.get(slug.strip().lower())
    if module_name is None:
        raise SetupError(f"There is no game {slug!r}; choose one of: {', '.join(_MODULES)}.", option="game")
    ruleset: Ruleset = importlib.import_module(module_name).RULESET  # type: ignore[type-arg]
    return ruleset


def all_rulesets() -> list[Ruleset]:  # type: ignore[type-arg]
    """Every registered ruleset, in menu order."""
    return [get(slug) for slug in _MODULES]
