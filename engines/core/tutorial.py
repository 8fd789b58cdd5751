"""Guided first games: a tutorial is data — a deal, the opponent's script and the explanations.

One format for every game, ``engines/<game>/data/tutorial.toml``:

- ``[tutorial]``: id, title per language, mode, players, the deal's seed, table options and the
  level of the bot the opponent falls back on;
- ``[[script]]``: the opponent's preferences, tried in order at each of its decisions: when its
  prompt's kind matches ``kind`` (an fnmatch pattern), the first legal action whose key matches
  one of ``prefer`` (in order) is played; with no match the fallback bot decides. The script is a
  :class:`~engines.core.bots.Bot`: it reads only its own View, and is deterministic;
- ``[[explain]]``: key, the rules section it comes from (a page of the game's ``rules.md``),
  the text per language, and exactly one condition, checked at each of the learner's decisions:
  ``prompt`` (the learner's prompt kind), ``event`` (the kind of an event the learner could read
  since their last decision) or ``view`` (``"field=value"`` on the learner's View). An
  explanation shows the first time its condition holds.

The learner sits in seat 1: the terminal and DM tables seat the person first. "First time" is
worked out by replaying the log from the deal (``lesson``), never kept in memory, so a
tutorial left and resumed (or a restarted bot) shows exactly what it would have shown.

Loading validates the file (unique keys, every language, one known condition, sections that
exist); :func:`engines.core.lesson.dry_run` then plays the learner by the game's normal bot
against the script: the game must end and every explanation must show, else a ``ContentError``
names the one that did not. What the learner is told, and when, is :mod:`engines.core.lesson`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from importlib import resources
from typing import Any

import msgspec

from engines.core.bots import Bot, Suggestion
from engines.core.content import load_content, load_rules_pages
from engines.core.errors import ContentError
from engines.core.levels import level_bot, level_name
from engines.core.rng import Rng
from engines.core.ruleset import LANGUAGE_OPTION, AnyRuleset
from engines.core.types import Action, GameConfig, OptionValue, Prompt

FILENAME = "tutorial.toml"
#: the bot level that names a game's tutorial opponent: ``tutorial:<slug>``
LEVEL = "tutorial:"
#: the learner's seat (0-based): the person is seated first at every solo table
LEARNER = 0
#: the conditions an explanation may use (one each)
CONDITIONS = ("prompt", "event", "view")
#: an explanation is two or three short sentences: longer text is a page of rules, not a note
MAX_TEXT = 420


class Header(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The ``[tutorial]`` table: which game is dealt, and how."""

    id: str
    title: dict[str, str]
    mode: str
    players: int
    seed: int
    fallback: str = "normal"
    options: dict[str, OptionValue] = {}


class Preference(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One ``[[script]]`` entry: at a prompt of ``kind``, the action keys the opponent prefers."""

    prefer: list[str]
    kind: str = "*"


class Explain(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One ``[[explain]]`` entry: a short explanation and the condition that first shows it."""

    key: str
    section: str
    text: dict[str, str]
    prompt: str = ""
    event: str = ""
    view: str = ""

    @property
    def condition(self) -> str:
        """The name of the one condition this explanation uses."""
        return next(name for name in CONDITIONS if getattr(self, name))


class TutorialFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A whole ``tutorial.toml``."""

    tutorial: Header
    explain: list[Explain]
    script: list[Preference] = []


@dataclass(frozen=True)
class Tutorial:
    """A game's loaded and checked tutorial."""

    slug: str
    path: str
    header: Header
    script: tuple[Preference, ...]
    explains: tuple[Explain, ...]

    def config(self, ruleset: AnyRuleset, lang: str | None = None) -> GameConfig:
        """The table the tutorial deals, in ``lang`` where the game has several languages."""
        options = dict(self.header.options)
        if len(ruleset.languages) > 1:
            options[LANGUAGE_OPTION] = ruleset.language(lang)
        return ruleset.resolve_config(GameConfig(self.header.mode, self.header.players, options, ()))

    def title(self, lang: str) -> str:
        """The tutorial's title in ``lang`` (the first language's when there is none)."""
        return self.header.title.get(lang) or next(iter(self.header.title.values()))


def _package(slug: str) -> str:
    return f"engines.{slug}.data"


def has_tutorial(ruleset: AnyRuleset) -> bool:
    """Whether the game ships a tutorial."""
    try:
        return resources.files(_package(ruleset.slug)).joinpath(FILENAME).is_file()
    except ModuleNotFoundError:
        return False


_LOADED: dict[str, Tutorial] = {}


def load(ruleset: AnyRuleset) -> Tutorial:
    """The game's tutorial, loaded and checked once (``ContentError`` says what is wrong)."""
    found = _LOADED.get(ruleset.slug)
    if found is None:
        found = _LOADED[ruleset.slug] = read(ruleset)
    return found


def read(ruleset: AnyRuleset) -> Tutorial:
    """Load and check the game's ``tutorial.toml`` afresh (no dry run: see :func:`dry_run`)."""
    package = _package(ruleset.slug)
    path = f"{package.replace('.', '/')}/{FILENAME}"
    raw = load_content(package, FILENAME, TutorialFile)
    tutorial = Tutorial(ruleset.slug, path, raw.tutorial, tuple(raw.script), tuple(raw.explain))
    check(ruleset, tutorial)
    return tutorial


def check(ruleset: AnyRuleset, tutorial: Tutorial) -> None:
    """Check what can be checked without playing; raise ``ContentError`` naming entry and field."""
    path, header = tutorial.path, tutorial.header
    languages = set(ruleset.languages)

    def need_languages(entry: str, name: str, given: Mapping[str, str]) -> None:
        missing = sorted(languages - set(given))
        extra = sorted(set(given) - languages)
        if missing:
            raise ContentError(path, entry, name, f"no text in {', '.join(missing)}")
        if extra:
            raise ContentError(path, entry, name, f"{', '.join(extra)} is not a language of {ruleset.title}")
        for lang, text in given.items():
            if not text.strip():
                raise ContentError(path, entry, f"{name}.{lang}", "empty text")

    need_languages(header.id, "title", header.title)
    try:
        mode = ruleset.mode(header.mode)
    except Exception as exc:  # SetupError: unknown mode
        raise ContentError(path, header.id, "mode", str(exc)) from None
    if header.players not in mode.players:
        raise ContentError(path, header.id, "players", f"{mode.title} is not for {header.players} players")
    try:
        level_name(ruleset, header.fallback)
    except ValueError as exc:  # an unknown bot level
        raise ContentError(path, header.id, "fallback", str(exc)) from None
    try:
        tutorial.config(ruleset)
    except ValueError as exc:  # a SetupError: an option the mode refuses
        raise ContentError(path, header.id, "options", str(exc)) from None
    for number, rule in enumerate(tutorial.script, start=1):
        if not rule.prefer:
            raise ContentError(path, f"script #{number}", "prefer", "lists no action key pattern")
    seen: set[str] = set()
    sections = {title for title, _ in load_rules_pages(rules_package(ruleset))}
    for item in tutorial.explains:
        if item.key in seen:
            raise ContentError(path, item.key, "key", "duplicate key")
        seen.add(item.key)
        given = [name for name in CONDITIONS if getattr(item, name)]
        if len(given) != 1:
            named = " or ".join(CONDITIONS)
            raise ContentError(path, item.key, "condition", f"needs exactly one of {named}, not {len(given)}")
        if item.view and "=" not in item.view:
            raise ContentError(path, item.key, "view", 'must read "field=value"')
        if item.section not in sections:
            raise ContentError(path, item.key, "section", f"no section {item.section!r} in the rules summary")
        need_languages(item.key, "text", item.text)
        for lang, text in item.text.items():
            if len(text) > MAX_TEXT:
                raise ContentError(path, item.key, f"text.{lang}", f"longer than {MAX_TEXT} characters")


def rules_package(ruleset: AnyRuleset) -> str:
    """The package holding the game's ``rules.md`` (its sections are what explanations cite)."""
    return f"engines.{ruleset.slug}"


class ScriptBot:
    """The tutorial's opponent: the script's preferences first, the fallback bot otherwise."""

    def __init__(self, ruleset: AnyRuleset, tutorial: Tutorial) -> None:
        self.name = f"{LEVEL}{ruleset.slug}"
        self.script = tutorial.script
        self.fallback: Bot = level_bot(ruleset, tutorial.header.fallback)

    def scripted(self, prompt: Prompt, actions: Sequence[Action]) -> Action | None:
        """The script's choice at ``prompt`` (None when no preference matches)."""
        for rule in self.script:
            if not fnmatchcase(prompt.kind, rule.kind):
                continue
            for pattern in rule.prefer:
                for action in actions:
                    if fnmatchcase(action.key, pattern):
                        return action
        return None

    def choose(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """The scripted choice, else the fallback bot's."""
        return self.scripted(prompt, actions) or self.fallback.choose(view, prompt, actions, rng)

    def suggest(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The scripted move, said to be the tutorial's; else the fallback bot's own suggestion."""
        scripted = self.scripted(prompt, actions)
        if scripted is not None:
            return Suggestion(scripted, "The tutorial's opponent plays this move as its script says.")
        return self.fallback.suggest(view, prompt, actions, rng)


def script_bot(ruleset: AnyRuleset, level: str) -> ScriptBot | None:
    """The script bot ``level`` names (``tutorial:<this game>`` for a game with a tutorial)."""
    if level != f"{LEVEL}{ruleset.slug}" or not has_tutorial(ruleset):
        return None
    return ScriptBot(ruleset, load(ruleset))
