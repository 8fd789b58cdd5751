"""A game's history as steps a person can walk through: the engine half of replays.

Replays come from the match record, never from stored pictures (DESIGN.md, "The player's
journey"). :func:`build` replays the log once and cuts it into **steps**: one step per moment the
table could see something happen. A move whose public side changed nothing the spectator sees (no
public event text, the same spectator View) is folded into the next step that does. That keeps
one numbering for every viewer ("step 37 of 212" means the same to a player and a spectator) and
keeps hidden moves uncountable: a sealed order that nobody could see yet is no step of its own,
and in a running game the moves after the last public change are not steps at all, so a running
game's steps depend only on what the table has seen.

Seeking is cheap: the timeline keeps every ``every``-th state (states are immutable values, so
keeping them is safe) and a step is rebuilt from the nearest one by applying at most
``every - 1`` moves, plus the step's own moves to collect its events.

Step 0 is the deal. ``Timeline.step(n)`` gives the state at the end of step ``n`` and the events
of its moves; who may read which event, and which View is drawn, is the caller's (the service's
secret filter) to decide.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from engines.core.errors import Rejected
from engines.core.replay import ReplayError
from engines.core.ruleset import LANGUAGE_OPTION, AnyRuleset
from engines.core.types import Event, GameConfig, Outcome

#: a kept state every this many moves: seeking applies fewer than this many moves before a step
EVERY = 16

#: the chapter of the steps before the game's first round or turn
START = "Start"

_encoder = msgspec.msgpack.Encoder()


@dataclass(frozen=True)
class Moment:
    """One step of a replay: the moves ``first`` up to (not including) ``last`` of the log."""

    number: int  # 0 is the deal
    first: int
    last: int
    chapter: str  # the round or turn it happened in, as the game names it ("Round 3")


@dataclass(frozen=True)
class Chapter:
    """A round or turn of the game: its label and the first step in it, for a jump menu."""

    label: str
    step: int


@dataclass(frozen=True)
class Timeline:
    """A replayed game cut into steps (see the module docstring)."""

    ruleset: AnyRuleset
    config: GameConfig
    seed: int
    log: tuple[tuple[int, int, str], ...]
    moments: tuple[Moment, ...]
    kept: dict[int, Any]  # moves applied -> the state after them, every ``EVERY`` moves and the end
    #: the game's result when the log reaches its end, else None (a running game)
    outcome: Outcome | None

    @property
    def steps(self) -> int:
        """The number of the last step (the deal is step 0)."""
        return len(self.moments) - 1

    @property
    def over(self) -> bool:
        """Whether the log runs to the end of the game."""
        return self.outcome is not None

    def chapters(self) -> tuple[Chapter, ...]:
        """The rounds or turns of the game in order, each with its first step."""
        found: list[Chapter] = []
        for moment in self.moments:
            label = moment.chapter or START
            if not found or found[-1].label != label:
                found.append(Chapter(label, moment.number))
        return tuple(found)

    def clamp(self, number: int) -> int:
        """``number`` brought into the steps this timeline has."""
        return max(0, min(number, self.steps))

    def state_after(self, moves: int) -> Any:
        """The state once the first ``moves`` moves of the log were applied."""
        start = max(k for k in self.kept if k <= moves)
        state = self.kept[start]
        for _, seat, key in self.log[start:moves]:
            state = self.ruleset.apply(state, seat, key).state
        return state

    def step(self, number: int) -> tuple[Any, list[Event]]:
        """The state at the end of step ``number`` and the events of that step's moves."""
        moment = self.moments[self.clamp(number)]
        state = self.state_after(moment.first)
        events: list[Event] = []
        for _, seat, key in self.log[moment.first : moment.last]:
            applied = self.ruleset.apply(state, seat, key)
            events.extend(applied.events)
            state = applied.state
        return state, events

    def walk(self) -> Iterator[tuple[Moment, Any, list[Event]]]:
        """Every step in order with its state and events, replaying the log once (for animations)."""
        state = self.kept[0]
        for moment in self.moments:
            events: list[Event] = []
            for _, seat, key in self.log[moment.first : moment.last]:
                applied = self.ruleset.apply(state, seat, key)
                events.extend(applied.events)
                state = applied.state
            yield moment, state, events

    def mover(self, number: int) -> int | None:
        """The seat that made the step's last move (None for the deal)."""
        moment = self.moments[self.clamp(number)]
        return self.log[moment.last - 1][1] if moment.last > 0 else None


def in_language(ruleset: AnyRuleset, config: GameConfig, lang: str | None) -> GameConfig:
    """``config`` told to speak ``lang`` where the game has it (no rule reads the language)."""
    if lang is None or len(ruleset.languages) < 2 or LANGUAGE_OPTION not in config.options:
        return config
    options = {**config.options, LANGUAGE_OPTION: ruleset.language(lang)}
    return msgspec.structs.replace(config, options=options)


def _spoke_in_public(events: Iterable[Event]) -> bool:
    return any(event.text_for(None) for event in events)


def build(
    ruleset: AnyRuleset,
    config: GameConfig,
    seed: int,
    log: Sequence[tuple[int, int, str]],
    *,
    lang: str | None = None,
    every: int = EVERY,
) -> Timeline:
    """Replay ``log`` from ``seed`` and cut it into steps.

    Raises :class:`ReplayError` with a readable message when the log does not fit the game: a
    move number out of order, or a move the rules refuse (a damaged or edited record, or one
    from other rules).
    """
    config = in_language(ruleset, config, lang)
    state = ruleset.setup(config, seed)
    kept: dict[int, Any] = {0: state}
    view = ruleset.view(state, None)
    seen = _encoder.encode(view)
    moments = [Moment(0, 0, 0, ruleset.chapter(view))]
    first = 0
    log = tuple((int(seq), int(seat), str(key)) for seq, seat, key in log)
    for index, (seq, seat, key) in enumerate(log):
        if seq != state.seq:
            raise ReplayError(f"Move {index + 1} is numbered {seq}, but the game was at move {state.seq}.")
        try:
            applied = ruleset.apply(state, seat, key)
        except Rejected as refused:
            raise ReplayError(
                f"Move {index + 1} (seat {seat + 1}, {key!r}) is not legal there: {refused.message}"
            ) from None
        state = applied.state
        if (index + 1) % every == 0:
            kept[index + 1] = state
        view = ruleset.view(state, None)
        side = _encoder.encode(view)
        if side != seen or _spoke_in_public(applied.events):
            moments.append(Moment(len(moments), first, index + 1, ruleset.chapter(view)))
            first = index + 1
            seen = side
    outcome = ruleset.outcome(state)
    if first < len(log) and outcome is not None:  # a finished game shows its last moves, always
        moments.append(Moment(len(moments), first, len(log), moments[-1].chapter))
    kept[len(log)] = state
    return Timeline(ruleset, config, seed, log, tuple(moments), kept, outcome)
