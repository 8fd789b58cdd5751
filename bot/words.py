"""The words both adapters share: ``KEY=VALUE`` pairs people type, and how decks and deck codes read.

The Discord adapter (``bot.discord``) and the console adapter (``bot.console``) are siblings that
share nothing but the service and this module, so it imports neither of them nor ``discord``.
"""

from __future__ import annotations

from engines.core import AnyRuleset, SetupError
from engines.core.types import DeckEntry

#: the languages Tablekeeper shows games in, each named in itself (as pickers and settings list them);
#: every language a registered game declares has an entry here (a test holds them together)
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ja": "日本語"}


def language_name(code: str | None) -> str:
    """A language's name in itself ("日本語" for "ja"); an unknown code stands for itself."""
    return LANGUAGE_NAMES.get(code or "", code or "")


def parse_pair(text: str, flag: str = "--option") -> tuple[str, str]:
    """Split ``KEY=VALUE``; a missing ``=`` or key is a ``SetupError`` naming the flag."""
    key, sep, value = text.partition("=")
    key = key.strip().lower()
    if not sep or not key:
        raise SetupError(f"{flag} takes KEY=VALUE, not {text!r}.", option=flag)
    return key, value.strip()


def deck_list(deck: DeckEntry) -> list[str]:
    """A deck's cards in order, repeated copies shown once with a count ("2x Reef Adder")."""
    counted: list[tuple[str, int]] = []
    for name in deck.cards:
        if counted and counted[-1][0] == name:
            counted[-1] = (name, counted[-1][1] + 1)
        else:
            counted.append((name, 1))
    return [f"{n}x {name}" if n > 1 else name for name, n in counted]


def deck_code_usage(ruleset: AnyRuleset) -> tuple[list[str], str] | None:
    """The table options a deck code needs (``format=constructed``) and the code option's help.

    None when the game takes no per-player ``deck_code``.
    """
    for mode in ruleset.modes:
        spec = mode.option_spec("deck_code")
        if spec is None or not spec.per_seat:
            continue
        # a game whose own decks need a "constructed" format says so, or the code would sit unused
        needs = [
            f"{o.name}=constructed"
            for o in mode.options
            if not o.per_seat and o.kind == "choice" and "constructed" in o.choices
        ]
        return needs, spec.help.rstrip(".")
    return None
