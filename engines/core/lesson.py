"""What a tutorial tells the learner, and when: explanations, notes, and the dry run.

Everything here is worked out from the match record (config, seed, log) of a tutorial game
(:mod:`engines.core.tutorial`): :func:`walk` replays the log and stops at each of the learner's
decisions, where the explanations whose condition first holds are due; :func:`lesson` is what the
learner reads now, and :func:`dry_run` checks a tutorial by playing it through.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

from engines.core.bots import Bot
from engines.core.content import load_rules_pages
from engines.core.driver import bot_for, bot_rng
from engines.core.errors import ContentError
from engines.core.ruleset import AnyRuleset
from engines.core.tutorial import LEARNER, Explain, ScriptBot, Tutorial, rules_package
from engines.core.types import Event, GameConfig, Prompt

#: the dry run gives up after this many moves (a tutorial is a short game)
MAX_MOVES = 2_000
#: a match log: (seq, seat, action key), oldest first
Log = Sequence[tuple[int, int, str]]

_ALSO = {"en": "Also possible: {label}.", "ja": "ほかの選択肢：{label}。"}
_FROM = {"en": "(Rules: {section})", "ja": "（ルール：{section}）"}


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
    #: the learner's decisions before this one
    number: int
    #: the round or turn it falls in, as the learner's View names it
    chapter: str


def walk(
    ruleset: AnyRuleset,
    tutorial: Tutorial,
    config: GameConfig,
    seed: int,
    log: Sequence[tuple[int, int, str]],
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
            view = ruleset.view(state, LEARNER)
            number = tracker.decisions
            due = tracker.decide(asked[LEARNER], view)
            key = log[at][2] if at < len(log) else None
            yield Decision(state, asked[LEARNER], due, key, number, ruleset.chapter(view))
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
        package = rules_package(ruleset)
        first = [title for title, _ in load_rules_pages(package)]
        local = [title for title, _ in load_rules_pages(package, lang)]
        if len(first) == len(local):
            section = local[first.index(section)]
    return f"{item.text[lang]} {_FROM.get(lang, _FROM['en']).format(section=section)}"


def note(ruleset: AnyRuleset, state: Any, key: str, seed: int, lang: str, number: int) -> str:
    """A gentle line when the game's strongest bot would have chosen otherwise than ``key``.

    The bot sees only the learner's View at that decision, and its dice come from the learner's
    own decision ``number`` (not the game's move count, which counts hidden moves too), so the
    note tells nothing the learner could not know; "" when it agrees.
    """
    hard = bot_for(ruleset, "hard")
    view = ruleset.view(state, LEARNER)
    prompt = ruleset.prompts(state)[LEARNER]
    actions = ruleset.legal_actions(state, LEARNER)
    rng = bot_rng(seed, number)
    action, reason = hard.suggest(view, prompt, actions, rng)
    if action.key == key:
        return ""
    lang = ruleset.language(lang)
    line = _ALSO.get(lang, _ALSO["en"]).format(label=action.label)
    return f"{line} {reason}".strip()


def _goes_on(before: Decision | None, decision: Decision) -> bool:
    """Whether ``decision`` continues the learner's previous one: the same kind of choice in the
    same round or turn (the next card of a main phase, another mark of a mulligan).

    Only the first choice of such a run gets a note, so a learner building a turn step by step is
    not told the same thing at every step. Both tests read the learner's own View only.
    """
    return (
        before is not None
        and before.prompt.kind == decision.prompt.kind
        and before.chapter == decision.chapter
    )


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
    log: Log,
    lang: str,
    *,
    with_note: bool = True,
) -> Lesson:
    """The explanations first due at the learner's current decision and the note on their last move."""
    last: Decision | None = None
    previous: Decision | None = None
    before: Decision | None = None  # the learner's decision before ``previous``
    for decision in walk(ruleset, tutorial, config, seed, log):
        before, previous, last = previous, last, decision
    if last is not None and last.key is not None:  # the log ends after the learner's move
        before, previous, last = previous, last, None
    texts = tuple(explained(item, ruleset, lang) for item in last.explains) if last else ()
    said = ""
    if with_note and previous is not None and previous.key is not None and not _goes_on(before, previous):
        said = note(ruleset, previous.state, previous.key, seed, lang, previous.number)
    return Lesson(texts, said, last is not None)


@dataclass(frozen=True)
class Rehearsal:
    """A dry run's result: when each explanation first showed, and the game's log."""

    shown: dict[str, int]  # key -> the learner's decision number (from 0) it showed at
    log: tuple[tuple[int, int, str], ...]

    def learner_keys(self) -> list[str]:
        """The learner's moves, in order (what a scripted learner types)."""
        return [key for _, seat, key in self.log if seat == LEARNER]


def dry_run(ruleset: AnyRuleset, tutorial: Tutorial, learner: Bot | None = None) -> Rehearsal:
    """Play the tutorial with ``learner`` (the game's normal bot) against the script to its end.

    Raises ``ContentError`` naming an explanation that never showed, or saying the game did not
    end. Seats move as at a table: at a sealed decision the bots seal first.
    """
    player = learner or bot_for(ruleset, "normal")
    opponent = ScriptBot(ruleset, tutorial)
    seed = tutorial.header.seed
    state = ruleset.setup(tutorial.config(ruleset), seed)
    tracker = Tracker(tutorial)
    log: list[tuple[int, int, str]] = []
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
            ruleset.view(state, seat),
            asked[seat],
            ruleset.legal_actions(state, seat),
            bot_rng(seed, state.seq),
        )
        log.append((state.seq, seat, action.key))
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
    return Rehearsal(dict(tracker.shown), tuple(log))
