"""Triggered effects on the agenda, and the phase steps that wait behind them.

A search or take-back effect asks its owner to choose (see picks.py), so effect resolution can
stop half-way through a phase. What remains is kept on ``state.agenda`` as kit tasks: one
"effect" task per triggered effect, then the task naming the step the game goes on to ("advance",
"support", "next", "recover"), with the choice as ``agenda.pending``; so the pause is a plain,
storable value.

Phase modules (turn.py, battle.py) queue effects with :func:`trigger` and the next step with
``ctx.then(Task(kind=...))``, and bind their own steps to task kinds with :func:`step`; the
context's ``run``, once an action is applied, works through the tasks. Every phase step queues
as its last act, so events keep their old order.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.arclash import zones
from engines.arclash.ctx import TASKS, Ctx
from engines.arclash.effects import resolve
from engines.core.agenda import Task

#: a phase step: it works on the context alone
Step = Callable[[Ctx], None]

EFFECT = "effect"  # a triggered effect: seat = its owner, s = the card instance, n = the effect line


def step(kind: str) -> Callable[[Step], Step]:
    """A decorator binding the task ``kind`` to a phase step."""

    def bind(function: Step) -> Step:
        TASKS.add(kind, lambda ctx, task: function(ctx))
        return function

    return bind


def trigger(ctx: Ctx, seat: int, when: str, only: str = "") -> None:
    """Queue the ``when`` effects of every card in ``seat``'s stack (or of the one card ``only``).

    Lower levels stay in play under the top card, so their abilities trigger too, bottom first.
    """
    state = ctx.state
    for iid in [only] if only else state.seats[seat].stack:
        for index, effect in enumerate(zones.card(state, iid).effects):
            if effect.when == when:
                ctx.then(Task(kind=EFFECT, seat=seat, s=iid, n=index))


@TASKS.register(EFFECT)
def _effect(ctx: Ctx, task: Task) -> None:
    zone = ctx.state.seats[task.seat]
    # A card knocked out of play by an earlier effect no longer does anything.
    if task.s not in zone.stack and task.s not in zone.supports:
        return
    design = zones.card(ctx.state, task.s)
    resolve(ctx, task.seat, design.name, design.effects[task.n])
