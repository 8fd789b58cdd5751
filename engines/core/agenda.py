"""The agenda: the rule work still to do and the choice it waits on, kept inside the state.

Why: a card's effects, a reaction window or a payment can need a player's decision half-way
through a phase. Keeping what remains as a queue of small named tasks (not as Python frames or
callbacks) makes the pause a plain value that is stored in the snapshot, replayed and copied like
the rest of the state; ``apply`` records the answer and runs the agenda on from where it stopped.

A game subclasses :class:`Task` when its tasks need more values, binds each task kind to a handler
in a :class:`~engines.core.keywords.Registry`, and keeps one ``Agenda`` in its state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

import msgspec


class Task(msgspec.Struct, frozen=True, kw_only=True):
    """One piece of rule work: the kind that names its handler, and the values it needs.

    Frozen: a task is queued and run, never changed, so copies of a state may share it.
    """

    kind: str
    seat: int = -1
    n: int = 0
    s: str = ""


T = TypeVar("T", bound=Task)
P = TypeVar("P")
C = TypeVar("C")
C_in = TypeVar("C_in", contravariant=True)
T_in = TypeVar("T_in", contravariant=True)

# A task handler gets the game's working context and the task; it records its events on the context.
Handler = Callable[[Any, Any], None]


class Handlers(Protocol[C_in, T_in]):
    """What :func:`run` needs of a game's task registry: a handler for each task kind.

    A ``Registry[Callable[[Ctx, MyTask], None]]`` fits, so handlers keep their own types.
    """

    @property
    def game(self) -> str:
        """The game's title, for messages."""
        ...

    def __getitem__(self, kind: str, /) -> Callable[[C_in, T_in], None]:
        """The handler of task ``kind``."""
        ...


LIMIT = 100_000  # more tasks than any game needs in one apply: a loop that never settles is a bug


class Agenda(msgspec.Struct, Generic[T, P], kw_only=True):
    """The queue of tasks still to run, in order, and the pending choice that pauses it."""

    tasks: list[T] = []
    pending: P | None = None

    def push(self, *tasks: T) -> None:
        """Run these tasks next, in the order given, before anything already queued."""
        self.tasks[0:0] = tasks

    def then(self, *tasks: T) -> None:
        """Run these tasks after everything already queued."""
        self.tasks.extend(tasks)

    def clear(self) -> None:
        """Drop every queued task and the pending choice (the game is over)."""
        self.tasks = []
        self.pending = None

    def copy(self) -> Agenda[T, P]:
        """A copy whose queue can change without touching this one (tasks are frozen and shared)."""
        return Agenda(tasks=self.tasks[:], pending=self.pending)

    @property
    def waiting(self) -> bool:
        """True while a player's choice pauses the agenda."""
        return self.pending is not None


def run(
    agenda: Agenda[T, Any],
    handlers: Handlers[C, T],
    ctx: C,
    *,
    stop: Callable[[], bool] | None = None,
) -> None:
    """Run queued tasks in order until one pauses for a choice, none is left, or ``stop()`` holds."""
    done = 0
    while agenda.pending is None and agenda.tasks and not (stop is not None and stop()):
        done += 1
        if done > LIMIT:
            raise RuntimeError(f"{handlers.game}: the agenda did not settle after {LIMIT} tasks")
        task = agenda.tasks.pop(0)
        handlers[task.kind](ctx, task)
