"""The agenda driver: task handlers, the choices a player can be asked, and the rule checks.

All rule work is queued as named :class:`~engines.climax.state.Job` tasks on the state's kit
``Agenda``; a task that needs a player sets the agenda's pending :class:`Choice` and the run stops
until ``apply`` answers it. Phase modules register their task handlers in ``TASKS`` and their
choices in ``ASKS`` (by name, so no module imports another phase module).

Between any two tasks the rule checks run (``rule_job``): a clock of 7 or more levels up
(B2.6-28), then an owed refresh penalty (B2.6-30). Checking between tasks is what makes the
penalty come "after the process that emptied the deck" (B5-3): a draw, a damage step or a clock
phase is one task.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.climax.ctx import Ctx
from engines.climax.state import Choice, ClimaxState, Job
from engines.core.agenda import run
from engines.core.keywords import Registry
from engines.core.types import Action

TaskHandler = Callable[[Ctx, Job], None]
TASKS: Registry[TaskHandler] = Registry("Climax", "task")

RULE_KINDS = ("level_up", "penalty")


@dataclass(frozen=True)
class Ask:
    """A kind of choice: its legal actions, how an answer is applied, and who may watch it.

    ``private`` choices read the chooser's hand (taken in DMs); ``sealed`` ones stay hidden from
    the others until confirmed (the mulligan picks).
    """

    offers: Callable[[Ctx, Choice], list[Action]]
    answer: Callable[[Ctx, Choice, Action], None]
    private: bool = True


ASKS: Registry[Ask] = Registry("Climax", "choice")


def task(kind: str) -> Callable[[TaskHandler], TaskHandler]:
    """Register a task handler under ``kind``."""
    return TASKS.register(kind)


def ask(ctx: Ctx, kind: str, seat: int, **fields: object) -> None:
    """Pause the agenda on a choice for ``seat``."""
    ctx.state.agenda.pending = Choice(kind=kind, seat=seat, **fields)  # type: ignore[arg-type]


def now(ctx: Ctx, *jobs: Job) -> None:
    """Queue ``jobs`` to run next, in order."""
    ctx.state.agenda.push(*jobs)


def rule_job(state: ClimaxState) -> Job | None:
    """The rule action due now, turn player first: a level-up, else a refresh penalty."""
    order = (state.active, 1 - state.active)
    for seat in order:
        if len(state.players[seat].clock) >= 7:
            return Job(kind="level_up", seat=seat)
    for seat in order:
        if state.players[seat].penalty:
            return Job(kind="penalty", seat=seat)
    return None


def _due(state: ClimaxState) -> bool:
    """True when a rule action must be queued before the next task."""
    job = rule_job(state)
    if job is None:
        return False
    tasks = state.agenda.tasks
    return not (tasks and tasks[0].kind == job.kind and tasks[0].seat == job.seat)


def advance(ctx: Ctx) -> None:
    """Run the agenda until a player must choose (raises ``GameOver`` when the game ends)."""
    agenda = ctx.state.agenda
    while agenda.pending is None:
        job = rule_job(ctx.state)
        if job is not None and _due(ctx.state):
            agenda.push(job)
        if not agenda.tasks:
            return
        for _ in run(agenda, TASKS, ctx, stop=lambda: _due(ctx.state)):
            pass  # handlers put their events on ctx
