"""Triggered effects and the agenda that resolves them, pausing while a player chooses cards.

A search or take-back effect asks its owner to choose (see picks.py), so effect resolution can
stop half-way through a phase. What remains is kept on ``state.agenda`` as kit tasks: one
"effect" task per triggered effect, then the task naming the step the game goes on to ("advance",
"support", "next", "recover"), with the choice as ``agenda.pending``; so the pause is a plain,
storable value.

Why a registry: the phase modules (turn.py, battle.py) import this one to queue their tasks and
bind their own steps to task kinds in ``TASKS`` with the ``@step`` decorator, so this module never
imports them and no phase module needs another's step by import (battle queues "recover", which
turn.py handles). Phase code only queues; :func:`proceed`, run once an action is applied, works
through the tasks. Every phase step queues as its last act, so events keep their old order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from engines.arclash import zones
from engines.arclash.effects import Ctx, resolve
from engines.arclash.state import ArclashState
from engines.core.agenda import Handler, Task, run
from engines.core.keywords import Registry
from engines.core.rng import Rng
from engines.core.types import Event

Step = Callable[[ArclashState, Rng], Iterator[Event]]

EFFECT = "effect"  # a triggered effect: seat = its owner, s = the card instance, n = the effect line

TASKS: Registry[Handler] = Registry("Arclash", "task")


@dataclass
class Game:
    """What a task handler works on: the state and the RNG of the action being applied."""

    state: ArclashState
    rng: Rng


def step(kind: str) -> Callable[[Step], Step]:
    """A decorator binding the task ``kind`` to a phase step that takes the state and the RNG."""

    def bind(function: Step) -> Step:
        TASKS.add(kind, lambda game, task: function(game.state, game.rng))
        return function

    return bind


def trigger(state: ArclashState, seat: int, when: str, only: str = "") -> None:
    """Queue the ``when`` effects of every card in ``seat``'s stack (or of the one card ``only``).

    Lower levels stay in play under the top card, so their abilities trigger too, bottom first.
    """
    for iid in [only] if only else state.seats[seat].stack:
        for index, effect in enumerate(zones.card(state, iid).effects):
            if effect.when == when:
                state.agenda.then(Task(kind=EFFECT, seat=seat, s=iid, n=index))


def in_play(state: ArclashState, task: Task) -> bool:
    """True while the card that triggered ``task`` is still in its owner's stack or support area."""
    zone = state.seats[task.seat]
    return task.s in zone.stack or task.s in zone.supports


def settle(state: ArclashState, then: str) -> None:
    """Queue the step named ``then`` to follow the effects queued so far (``proceed`` runs them)."""
    state.agenda.then(Task(kind=then))


def proceed(state: ArclashState, rng: Rng) -> Iterator[Event]:
    """Run the agenda: queued effects and steps in order, until a card choice pauses it or none is left."""
    yield from run(state.agenda, TASKS, Game(state, rng))


@TASKS.register(EFFECT)
def _effect(game: Game, task: Task) -> Iterator[Event]:
    state = game.state
    # A card knocked out of play by an earlier effect no longer does anything.
    if not in_play(state, task):
        return
    design = zones.card(state, task.s)
    yield from resolve(Ctx(state, task.seat, game.rng, design.name), design.effects[task.n])
