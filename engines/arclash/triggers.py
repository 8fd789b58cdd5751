"""Triggered effects: queued in order, resolved one by one, paused while a player chooses cards.

A search or take-back effect asks its owner to choose (see picks.py), so effect resolution can
stop half-way through a phase. The queue and ``state.then`` (the step the game goes on to when
the queue is empty) live in the state, which keeps the pause a plain, storable value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engines.arclash import zones
from engines.arclash.effects import Ctx, resolve
from engines.arclash.state import ArclashState, Queued
from engines.core.rng import Rng
from engines.core.types import Event

Step = Callable[[ArclashState, Rng], Iterator[Event]]


def trigger(state: ArclashState, seat: int, when: str, only: str = "") -> None:
    """Queue the ``when`` effects of every card in ``seat``'s stack (or of the one card ``only``).

    Lower levels stay in play under the top card, so their abilities trigger too, bottom first.
    """
    for iid in [only] if only else state.seats[seat].stack:
        for index, effect in enumerate(zones.card(state, iid).effects):
            if effect.when == when:
                state.queue.append(Queued(seat, iid, index))


def in_play(state: ArclashState, item: Queued) -> bool:
    """True while the card that triggered ``item`` is still in its owner's stack or support area."""
    zone = state.seats[item.seat]
    return item.iid in zone.stack or item.iid in zone.supports


def settle(state: ArclashState, then: str, rng: Rng) -> Iterator[Event]:
    """Resolve the queued effects, then go on to the step named ``then``."""
    state.then = then
    yield from drain(state, rng)


def drain(state: ArclashState, rng: Rng) -> Iterator[Event]:
    """Resolve queued effects in order; stop at a card choice; with none left, go on."""
    while state.queue and state.pick is None:
        item = state.queue.pop(0)
        # A card knocked out of play by an earlier effect no longer does anything.
        if not in_play(state, item):
            continue
        design = zones.card(state, item.iid)
        yield from resolve(Ctx(state, item.seat, rng, design.name), design.effects[item.index])
    if state.pick is not None:
        return
    then, state.then = state.then, ""
    if then:  # empty only when an effect was fired on its own (rule tests), outside any phase
        yield from _steps()[then](state, rng)


def _steps() -> dict[str, Step]:
    # Imported here: the phase modules queue effects through this one.
    from engines.arclash.battle import next_supporter, support_order
    from engines.arclash.turn import open_advance_round

    return {"advance": open_advance_round, "support": support_order, "next": next_supporter}
