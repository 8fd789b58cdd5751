"""Turning a committed state into a :class:`Delivery`: views, pictures and narration per seat.

Rendering is CPU work, so it runs in a worker thread (``asyncio.to_thread``) and never blocks
the event loop. Each seat's text is built from that seat's own View and the events it may read;
pictures name the seats with their display names.

The board and the hands are drawn one after another on purpose. Drawing the board in a second
thread while this one draws the hands was measured on two cores (paired runs, six-seat Arclash,
four-seat Clash of Decks and HackClad): at best 1-8% faster when every picture is new, and
7-18% slower in the usual case where the renderers' picture caches already hold the unchanged
hands, because only PNG compression releases the GIL and the hand-off costs more than it saves.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import msgspec

from bot.service.api import Delivery, SeatUpdate
from bot.service.records import SeatRow, table_info
from bot.service.runtime import Loaded
from engines import registry
from engines.core import Event, Outcome, Prompt, fill_names
from render import registry as renderers


def _narrate(events: Sequence[Event], viewer: int | None, names: list[str]) -> tuple[str, ...]:
    lines = []
    for event in events:
        text = event.text_for(viewer)
        if text:
            lines.append(fill_names(text, names))
    return tuple(lines)


def sealed_progress(prompts: dict[int, Prompt], players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(seats still to choose, seats that have sealed their choice) for the current prompts.

    While any prompt is sealed, a seat no longer asked has already sealed its choice.
    """
    waiting = tuple(sorted(prompts))
    if not any(p.sealed for p in prompts.values()):
        return waiting, ()
    return waiting, tuple(s for s in range(players) if s not in prompts)


def seat_update(loaded: Loaded, seat: SeatRow, events: Sequence[Event] = ()) -> SeatUpdate:
    """Render what ``seat`` is shown privately (hand image, own view text, own prompt and choices)."""
    ruleset = registry.get(loaded.table.game)
    renderer = renderers.get(loaded.table.game)
    state = loaded.state
    names = loaded.names()
    view = ruleset.view(state, seat.seat)
    prompts = ruleset.prompts(state)
    prompt = prompts.get(seat.seat)
    actions = tuple(ruleset.legal_actions(state, seat.seat)) if prompt is not None else ()
    return SeatUpdate(
        seat=seat.seat,
        user_id=seat.user_id if seat.user_id is not None else 0,
        view=view,
        text=fill_names(renderer.describe(view), names),
        narration=_narrate(events, seat.seat, names),
        prompt=prompt,
        actions=actions,
        image=renderer.hand(view, names),
        deadline_ts=seat.deadline,
    )


def outcome_of(loaded: Loaded) -> Outcome | None:
    """The stored outcome (which covers forfeits), else the engine's."""
    if loaded.table.outcome is not None:
        return msgspec.convert(loaded.table.outcome, Outcome, strict=False)
    if loaded.state is None:
        return None
    outcome: Outcome | None = registry.get(loaded.table.game).outcome(loaded.state)
    return outcome


def build_delivery(loaded: Loaded, events: Sequence[Event] = ()) -> Delivery:
    """Render everything adapters show after a change (blocking; see :func:`deliver`)."""
    ruleset = registry.get(loaded.table.game)
    renderer = renderers.get(loaded.table.game)
    state = loaded.state
    names = loaded.names()
    outcome = outcome_of(loaded)
    public_view = ruleset.view(state, None)
    prompts: dict[int, Prompt] = {} if outcome is not None else ruleset.prompts(state)
    public_actions: dict[int, tuple[Any, ...]] = {
        seat: tuple(ruleset.legal_actions(state, seat))
        for seat, prompt in prompts.items()
        if not prompt.private and loaded.seat(seat).human
    }
    humans = [s for s in loaded.seats if s.user_id is not None and s.bot is None]
    updates = tuple(seat_update(loaded, s, events) for s in humans)
    waiting, sealed = sealed_progress(prompts, len(loaded.seats))
    deadlines = [s.deadline for s in humans if s.deadline is not None and s.seat in prompts]
    return Delivery(
        table=table_info(loaded.table, loaded.seats),
        seq=loaded.table.seq,
        text=fill_names(renderer.describe(public_view), names),
        narration=_narrate(events, None, names),
        board_png=renderer.board(public_view, names),
        prompts=prompts,
        public_actions=public_actions,
        seats=updates,
        outcome=outcome,
        waiting_on=waiting,
        sealed_done=sealed,
        deadline_ts=min(deadlines) if deadlines else None,
    )


async def deliver(loaded: Loaded, events: Sequence[Event] = ()) -> Delivery:
    """Build the :class:`Delivery` off the event loop."""
    return await asyncio.to_thread(build_delivery, loaded, tuple(events))
