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
worked out by replaying the log from the deal (:func:`lesson`), never kept in memory, so a
tutorial left and resumed (or a restarted bot) shows exactly what it would have shown.

Loading validates the file (unique keys, every language, one known condition, sections that
exist) and :func:`dry_run` plays the learner by the game's normal bot against the script: the
game must end and every explanation must show, else a ``ContentError`` names the one that did not.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from importlib import resources
from typing import Any

import msgspec

from engines.core.bots import Bot
from engines.core.content import load_content, load_rules_pages
from engines.core.driver import bot_for, bot_name, bot_rng
from engines.core.errors import ContentError
from engines.core.rng import Rng
from engines.core.ruleset import LANGUAGE_OPTION, AnyRuleset
from engines.core.types import Action, Event, GameConfig, OptionValue, Prompt

FILENAME = "tutorial.toml"
#: the bot level that names a game's tutorial opponent: ``tutorial:<slug>``
LEVEL = "tutorial:"
#: the learner's seat (0-based): the person is seated first at every solo table
LEARNER = 0
#: the conditions an explanation may use (one each)
CONDITIONS = ("prompt", "event", "view")
#: an explanation is two or three short sentences: longer text is a page of rules, not a note
MAX_TEXT = 420
#: the dry run gives up after this many moves (a tutorial is a short game)
MAX_MOVES = 2_000

_ALSO = {"en": "Also possible: {label}.", "ja": "ほかの選択肢：{label}。"}
_FROM = {"en": "(Rules: {section})", "ja": "（ルール：{section}）"}


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
        bot_name(ruleset, header.fallback)
        tutorial.config(ruleset)
    except ValueError as exc:  # unknown bot level, or a SetupError from the options
        field_name = "fallback" if "difficulty" in str(exc) else "options"
        raise ContentError(path, header.id, field_name, str(exc)) from None
    for number, rule in enumerate(tutorial.script, start=1):
        if not rule.prefer:
            raise ContentError(path, f"script #{number}", "prefer", "lists no action key pattern")
    seen: set[str] = set()
    sections = {title for title, _ in load_rules_pages(_rules_package(ruleset))}
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


def _rules_package(ruleset: AnyRuleset) -> str:
    return f"engines.{ruleset.slug}"


class ScriptBot:
    """The tutorial's opponent: the script's preferences first, the fallback bot otherwise."""

    def __init__(self, ruleset: AnyRuleset, tutorial: Tutorial) -> None:
        self.name = f"{LEVEL}{ruleset.slug}"
        self.script = tutorial.script
        self.fallback: Bot = bot_for(ruleset, tutorial.header.fallback)

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


def script_bot(ruleset: AnyRuleset, level: str) -> ScriptBot | None:
    """The script bot ``level`` names (``tutorial:<this game>`` for a game with a tutorial)."""
    if level != f"{LEVEL}{ruleset.slug}" or not has_tutorial(ruleset):
        return None
    return ScriptBot(ruleset, load(ruleset))


def holds(item: Explain, prompt: Prompt, events: Iterable[Event], view: Any) -> bool:
    """Whether ``item``'s condition holds at a learner's decision (events: those they could read)."""
    if item.prompt:
        return fnmatchcase(prompt.kind, item.prompt)
    if item.event:
        return any(fnmatchcase(event.kind, item.event) for event in events)
    name, _, wanted = item.view.partition("=")
    value = view
    for part in name.strip().split("."):
        value = getattr(value, part, None)
    return value is not None and str(value) == wanted.strip()


@dataclass
class Tracker:
    """Which explanations have shown, fed the learner's decisions in order (one game's walk)."""

    tutorial: Tutorial
    shown: dict[str, int] = field(default_factory=dict)  # key -> the decision it showed at
    seen: list[Event] = field(default_factory=list)
    decisions: int = 0

    def moved(self, events: Iterable[Event]) -> None:
        """Note a move's events: only those the learner could read count."""
        self.seen.extend(e for e in events if e.text_for(LEARNER) is not None)

    def decide(self, prompt: Prompt, view: Any) -> tuple[Explain, ...]:
        """The explanations first due at this learner decision (marked shown)."""
        due = tuple(
            item
            for item in self.tutorial.explains
            if item.key not in self.shown and holds(item, prompt, self.seen, view)
        )
        for item in due:
            self.shown[item.key] = self.decisions
        self.seen.clear()
        self.decisions += 1
        return due


@dataclass(frozen=True)
class Decision:
    """One learner decision of a replayed tutorial game: the state, what showed, and the move."""

    state: Any
    prompt: Prompt
    explains: tuple[Explain, ...]
    #: the learner's move here (None: the log ends at this decision)
    key: str | None


def walk(
    ruleset: AnyRuleset, tutorial: Tutorial, config: GameConfig, seed: int, log: Sequence[tuple[int, int, str]]
) -> Iterator[Decision]:
    """Replay ``log`` and yield each learner decision: where the learner was asked and moved next.

    At a sealed decision the bots seal first and the person is asked afterwards (the service does
    it that way), so a decision is the state just before the learner's own move.
    """
    state = ruleset.setup(config, seed)
    tracker = Tracker(tutorial)
    for at in range(len(log) + 1):
        asked = ruleset.prompts(state)
        if LEARNER in asked and (at == len(log) or log[at][1] == LEARNER):
            due = tracker.decide(asked[LEARNER], ruleset.view(state, LEARNER))
            yield Decision(state, asked[LEARNER], due, log[at][2] if at < len(log) else None)
        if at == len(log):
            return
        step = ruleset.apply(state, log[at][1], log[at][2])
        tracker.moved(step.events)
        state = step.state


def explained(item: Explain, ruleset: AnyRuleset, lang: str) -> str:
    """An explanation as the learner reads it: the text, then the rules section it comes from."""
    lang = ruleset.language(lang)
    section = item.section
    if lang != ruleset.languages[0]:  # the translated summary's heading at the same place
        package = _rules_package(ruleset)
        first = [title for title, _ in load_rules_pages(package)]
        local = [title for title, _ in load_rules_pages(package, lang)]
        if len(first) == len(local):
            section = local[first.index(section)]
    return f"{item.text[lang]} {_FROM.get(lang, _FROM['en']).format(section=section)}"


def note(ruleset: AnyRuleset, state: Any, key: str, seed: int, lang: str) -> str:
    """A gentle line when the game's strongest bot would have chosen otherwise than ``key``.

    The bot sees only the learner's View at that decision, so the note tells nothing the learner
    could not know; "" when it agrees.
    """
    hard = bot_for(ruleset, "hard")
    view = ruleset.view(state, LEARNER)
    prompt = ruleset.prompts(state)[LEARNER]
    actions = ruleset.legal_actions(state, LEARNER)
    rng = bot_rng(seed, state.seq)
    suggest = getattr(hard, "suggest", None)
    if suggest is not None:
        action, reason = suggest(view, prompt, actions, rng)
    else:
        action, reason = hard.choose(view, prompt, actions, rng), ""
    if action.key == key:
        return ""
    lang = ruleset.language(lang)
    line = _ALSO.get(lang, _ALSO["en"]).format(label=action.label)
    return f"{line} {reason}".strip()


@dataclass(frozen=True)
class Lesson:
    """What the learner is told now: explanations above the choice, a note on their last move."""

    explains: tuple[str, ...]
    note: str
    #: the learner is asked now (False once the game is over)
    asked: bool


def lesson(
    ruleset: AnyRuleset,
    tutorial: Tutorial,
    config: GameConfig,
    seed: int,
    log: Sequence[tuple[int, int, str]],
    lang: str,
    *,
    with_note: bool = True,
) -> Lesson:
    """The explanations first due at the learner's current decision and the note on their last move."""
    last: Decision | None = None
    previous: Decision | None = None
    for decision in walk(ruleset, tutorial, config, seed, log):
        previous, last = last, decision
    if last is not None and last.key is not None:  # the log ends after the learner's move
        previous, last = last, None
    texts = tuple(explained(item, ruleset, lang) for item in last.explains) if last else ()
    said = ""
    if with_note and previous is not None and previous.key is not None:
        said = note(ruleset, previous.state, previous.key, seed, lang)
    return Lesson(texts, said, last is not None)


def dry_run(ruleset: AnyRuleset, tutorial: Tutorial, learner: Bot | None = None) -> dict[str, int]:
    """Play the tutorial with ``learner`` (the game's normal bot) against the script to its end.

    Returns when each explanation first showed (key -> the learner's decision number); raises
    ``ContentError`` naming an explanation that never showed, or saying the game did not end.
    """
    player = learner or bot_for(ruleset, "normal")
    opponent = ScriptBot(ruleset, tutorial)
    seed = tutorial.header.seed
    config = tutorial.config(ruleset)
    state = ruleset.setup(config, seed)
    tracker = Tracker(tutorial)
    for _ in range(MAX_MOVES):
        asked = ruleset.prompts(state)
        if not asked:
            break
        bots = [seat for seat in sorted(asked) if seat != LEARNER]
        seat = bots[0] if bots else LEARNER
        bot: Bot = opponent if seat != LEARNER else player
        if seat == LEARNER:
            tracker.decide(asked[LEARNER], ruleset.view(state, LEARNER))
        action = bot.choose(
            ruleset.view(state, seat), asked[seat], ruleset.legal_actions(state, seat), bot_rng(seed, state.seq)
        )
        step = ruleset.apply(state, seat, action)
        tracker.moved(step.events)
        state = step.state
    else:
        raise ContentError(tutorial.path, tutorial.header.id, "seed", f"no end within {MAX_MOVES} moves")
    for item in tutorial.explains:
        if item.key not in tracker.shown:
            condition = item.condition
            raise ContentError(
                tutorial.path,
                item.key,
                condition,
                f"never shows in the dry run ({condition} {getattr(item, condition)!r} never met)",
            )
    return dict(tracker.shown)
