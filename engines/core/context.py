"""The resolution context: what one ``apply`` works on, and the one way rule work stops.

Why one class: every game's rules need the same few things while they resolve an action — the
state being changed, the generator (made only when a rule draws, and written back at the end),
the events made for the table and for single seats, and the agenda to queue work on and to pause
for a choice (:mod:`engines.core.agenda`). A game subclasses :class:`Context` to add what only it
reads (its content, zone moves, queries) and binds its task registry; its rule modules take that
context as their first argument, as boardgame.io's moves all take the one context they are given.

A rule that decides the game raises :class:`GameOver` after writing the result into the state;
:meth:`Context.run` and :meth:`Context.act` (a decision off the agenda; ``answer`` goes through it)
catch it, clear the agenda and stop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, TypeVarTuple

import msgspec

from engines.core.agenda import Agenda, Handlers, Task, run
from engines.core.rng import Rng
from engines.core.types import Action, Event, private, split


class GameOver(Exception):
    """Raised by rule code once the game has its result written in the state: all rule work stops."""


class Pending(msgspec.Struct, frozen=True, kw_only=True):
    """The choice the agenda waits on: its kind (a name in the game's choice registry) and who decides.

    Games subclass it with the values their choices need, as they subclass ``Task``. Frozen like a
    task: a changed choice is a new one (``msgspec.structs.replace``), so copies of a state share it.
    """

    kind: str
    seat: int


class RngState(Protocol):
    """What every context needs of a game's state: its generator's state."""

    rng: int


class AgendaState(RngState, Protocol):
    """What the agenda's context needs of a game's state: its generator's state and its agenda."""

    agenda: Agenda[Any, Any]


R = TypeVar("R", bound=RngState)
S = TypeVar("S", bound=AgendaState)
T = TypeVar("T", bound=Task)
P = TypeVar("P", bound=Pending)
C_in = TypeVar("C_in", contravariant=True)
P_in = TypeVar("P_in", contravariant=True)
Args = TypeVarTuple("Args")


class ChoiceKind(Protocol[C_in, P_in]):
    """A kind of pending choice: its legal actions, one found by key, its answer, its text and privacy.

    ``private`` choices read what only the chooser may see (they are taken in DMs); ``sealed`` ones
    are simultaneous and stay hidden until all are made. Both are asked of the pending choice, as
    a kind may be private for one chooser and not another. ``public`` is the line the rest of the
    table reads ("" for the default one); it must depend only on what they may know.
    ``engines.core.choices.Ask`` builds one from plain functions.
    """

    def private(self, ctx: C_in, pending: P_in, /) -> bool:
        """Whether this choice is taken in private."""
        ...

    def sealed(self, ctx: C_in, pending: P_in, /) -> bool:
        """Whether this choice stays hidden from the others until revealed."""
        ...

    def actions(self, ctx: C_in, pending: P_in, /) -> list[Action]:
        """Every legal action, labelled."""
        ...

    def find(self, ctx: C_in, pending: P_in, key: str, /) -> Action | None:
        """The legal action called ``key``, or None."""
        ...

    def answer(self, ctx: C_in, pending: P_in, action: Action, /) -> None:
        """Carry out the chosen ``action`` (queue tasks, ask again...)."""
        ...

    def text(self, ctx: C_in, pending: P_in, /) -> str:
        """What the chooser reads."""
        ...

    def public(self, ctx: C_in, pending: P_in, /) -> str:
        """What the rest of the table reads ("" for the default line)."""
        ...


class BaseContext(Generic[R]):
    """One apply's working set: the state, a lazy generator, the events, and the stop on ``GameOver``.

    :class:`Context` adds the agenda. A game whose rules never pause half-way for a player (each
    decision is a phase of its own, as in Clash of Decks) keeps no agenda and subclasses this one;
    ``apply`` starts an action's rule with :meth:`act`.
    """

    __slots__ = ("_rng", "ended", "events", "state")

    def __init__(self, state: R, rng: Rng | None = None) -> None:
        self.state = state
        self.events: list[Event] = []
        self.ended = False
        self._rng = rng  # most answers draw nothing, so the generator is made on first use

    # ------------------------------------------------------------------ generator
    @property
    def rng(self) -> Rng:
        """The game's generator, positioned at the state's RNG (or the one given)."""
        if self._rng is None:
            self._rng = Rng(self.state.rng)
        return self._rng

    def finish(self) -> None:
        """Write the generator back into the state, if anything drew from it."""
        if self._rng is not None:
            self.state.rng = self._rng.state

    # ------------------------------------------------------------------ events
    def words(self, key: str, **params: object) -> str:
        """The text of message ``key`` filled with ``params``; games with keyed messages override it."""
        raise NotImplementedError(f"{type(self).__name__} has no message {key!r}: pass the text itself")

    def say(self, kind: str, text: str | None = None, /, **params: object) -> None:
        """A public event: ``text``, or message ``kind`` made from ``params``."""
        # ``Event`` itself, not ``types.public``: rules say something at almost every step
        self.events.append(Event(kind, self.words(kind, **params) if text is None else text))

    def tell(self, seat: int, kind: str, text: str | None = None, /, **params: object) -> None:
        """An event only ``seat`` reads: ``text``, or message ``kind`` made from ``params``."""
        reader, said = self.addressed(seat, self.words(kind, **params) if text is None else text)
        self.events.append(private(reader, kind, said))

    def split(
        self,
        seat: int,
        kind: str,
        text: str | None = None,
        redacted: str | None = None,
        /,
        *,
        hidden: str = "",
        **params: object,
    ) -> None:
        """``seat`` reads ``text`` (or message ``kind``); the rest read ``redacted`` (or message ``hidden``).

        Messages are made from the same ``params``, so those must all be public.
        """
        reader, full = self.addressed(seat, self.words(kind, **params) if text is None else text)
        other = self.words(hidden, **params) if redacted is None else redacted
        self.events.append(split(reader, kind, full, other))

    def addressed(self, seat: int, text: str) -> tuple[int, str]:
        """Who reads a private ``text`` about ``seat``, and the text as they read it: the seat itself
        by default (a game where one person runs several seats names the person and the seat)."""
        return seat, text

    # ------------------------------------------------------------------ stopping
    def end(self) -> None:
        """Stop every rule for good: the game is over (what :class:`GameOver` leads to)."""
        self.ended = True

    def run(self) -> None:
        """Carry on the rule work still to do (none without an agenda) and write the generator back."""
        self.finish()

    def act(self, rule: Callable[[Self, *Args], None], *args: *Args) -> list[Event]:
        """Carry out ``rule(self, *args)``, run on, and return the events.

        For an action's rule, a decision off the agenda (a sealed order) or an answer: a ``GameOver``
        raised by the rule stops all rule work here, as it does inside ``run``.
        """
        try:
            rule(self, *args)
        except GameOver:
            self.end()
        self.run()
        return self.events


class Context(BaseContext[S], Generic[S, T, P]):
    """One apply's working set with the agenda's verbs: queue rule work, pause for a choice, run on."""

    __slots__ = ()

    #: the game's task kinds bound to their handlers (each takes the game's context and a task)
    tasks: ClassVar[Handlers[Any, Any]]
    # Whether a game overrides ``due`` / ``halted``: only those hooks are asked between two tasks
    # (``run`` does it after every task), so each subclass works this out once.
    _checks: ClassVar[bool] = False
    _halts: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._checks = cls.due is not Context.due
        cls._halts = cls.halted is not Context.halted

    # ------------------------------------------------------------------ agenda
    def push(self, *tasks: T) -> None:
        """Run these tasks next, in the order given, before anything already queued."""
        self.state.agenda.push(*tasks)

    def then(self, *tasks: T) -> None:
        """Run these tasks after everything already queued."""
        self.state.agenda.then(*tasks)

    def ask(self, pending: P) -> None:
        """Pause the agenda on a choice: the run stops until ``apply`` answers it."""
        self.state.agenda.pending = pending

    def due(self) -> T | None:
        """A task the rules need run before the next queued one (a rule check), or None; none by default.

        It is asked between any two tasks; ``run`` queues it unless it is already next.
        """
        return None

    def halted(self) -> bool:
        """True while rule work waits outside the agenda (a sealed phase, the end); False by default."""
        return False

    def end(self) -> None:
        """Stop every rule for good, the queued ones too: the game is over."""
        super().end()
        self.state.agenda.clear()

    def run(self) -> None:
        """Run the agenda until a choice pauses it, nothing is queued, the game ends or ``halted``."""
        agenda = self.state.agenda
        checks = self._checks
        stop = self._interrupted if checks and self._halts else self._checked if checks else None
        if self._halts and not checks:
            stop = self.halted
        try:
            while not self.ended and agenda.pending is None and not self.halted():
                check = self._check() if checks else None
                if check is not None:
                    agenda.push(check)
                if not agenda.tasks:
                    break
                run(agenda, self.tasks, self, stop=stop)
        except GameOver:
            self.end()
        self.finish()

    def _check(self) -> T | None:
        """The rule check due now, unless it is already the next task."""
        check = self.due()
        if check is None:
            return None
        tasks = self.state.agenda.tasks
        return None if tasks and tasks[0] == check else check

    def _checked(self) -> bool:
        # Between two tasks: a rule check now due runs first.
        return self._check() is not None

    def _interrupted(self) -> bool:
        # Between two tasks: a halt stops the run, and a rule check now due runs first.
        return self.halted() or self._check() is not None

    def answer(self, kind: ChoiceKind[Any, Any], action: Action) -> list[Event]:
        """Answer the pending choice (of ``kind``) with the legal ``action``, run on, return the events."""
        agenda = self.state.agenda
        pending = agenda.pending
        agenda.pending = None
        return self.act(kind.answer, pending, action)
