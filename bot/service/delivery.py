"""Turning a committed state into a :class:`Delivery`: views, pictures and narration per seat.

Rendering is CPU work, so it runs in a worker thread (``asyncio.to_thread``) and never blocks
the event loop. Everything public goes through :func:`build_public` (the secret filter, see
``bot.service.projection``); each seat's text is built from that seat's own View and the events
it may read; pictures name the seats with their display names.

The board and the hands are drawn one after another on purpose. Drawing the board in a second
thread while this one draws the hands was measured on two cores (paired runs, six-seat Arclash,
four-seat Clash of Decks and HackClad): at best 1-8% faster when every picture is new, and
7-18% slower in the usual case where the renderers' picture caches already hold the unchanged
hands, because only PNG compression releases the GIL and the hand-off costs more than it saves.

With a drawing pool installed (the ``draw_processes`` setting, see ``bot.service.drawing``),
pictures missing from the renderers' caches are drawn by worker processes instead: the thread
building the delivery waits for them without holding the GIL, so several clicks' pictures are
drawn on several cores at once. Only picture keys made from the views below leave the process.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence
from typing import NamedTuple

import msgspec

from bot.service import drawing
from bot.service.game import Game
from bot.service.projection import narration, public_prompts, public_table, public_token, seat_view_of
from bot.service.records import SeatRow, table_info
from bot.service.runtime import Loaded
from bot.service.values import Delivery, PublicPrompt, PublicTable, SeatUpdate, Shown
from engines.core import Action, Event, Outcome, ViewBase


def _drawing(loaded: Loaded) -> Game:
    """The table's game with its pictures drawn through the process's drawing pool, if one runs."""
    game = loaded.game
    renderer = drawing.renderer_for(game.renderer)
    return game if renderer is game.renderer else dataclasses.replace(game, renderer=renderer)


def seat_update(loaded: Loaded, seat: SeatRow, events: Sequence[Event] = ()) -> SeatUpdate:
    """Render what ``seat`` is shown privately (hand image, own view text, own prompt and choices)."""
    game = _drawing(loaded)
    return seat_view_of(
        game.ruleset,
        game.renderer,
        loaded.state,
        seat.seat,
        seat.user_id if seat.user_id is not None else 0,
        loaded.names(),
        moves=seat.moves,
        events=events,
        deadline_ts=seat.deadline,
        facts=loaded.facts,
    )


def outcome_of(loaded: Loaded) -> Outcome | None:
    """The stored outcome (which covers forfeits), else the engine's."""
    if loaded.table.outcome is not None:
        return msgspec.convert(loaded.table.outcome, Outcome, strict=False)
    if loaded.state is None:
        return None
    outcome: Outcome | None = loaded.game.ruleset.outcome(loaded.state)
    return outcome


class _PublicFacts(NamedTuple):
    spectator: ViewBase
    asked: tuple[PublicPrompt, ...]
    actions: dict[int, tuple[Action, ...]]
    outcome: Outcome | None
    deadline_ts: float | None


def _public_facts(loaded: Loaded) -> _PublicFacts:
    """The secret filter: all the table may know of a state, taken out of it in one place.

    This is the one function that holds a state while preparing public output, and all it lets
    through is the spectator's View, the prompts' public lines, the choices of public decisions
    only, the result and the nearest deadline; :func:`bot.service.projection.public_table`
    draws the table from these and the events' public text, and never sees more.
    """
    ruleset = loaded.game.ruleset
    state = loaded.state
    facts = loaded.facts
    outcome = outcome_of(loaded)
    prompts = {} if outcome is not None else facts.prompts()
    actions: dict[int, tuple[Action, ...]] = {
        seat: facts.actions(seat)
        for seat, prompt in prompts.items()
        if not prompt.private and not prompt.sealed and loaded.seat(seat).human
    }
    deadlines = [s.deadline for s in loaded.seats if s.human and s.deadline is not None and s.seat in prompts]
    return _PublicFacts(
        ruleset.view(state, None),
        public_prompts(prompts, loaded.names()),
        actions,
        outcome,
        min(deadlines) if deadlines else None,
    )


def build_public(loaded: Loaded, events: Sequence[Event] = ()) -> PublicTable:
    """The table's public picture after a change: board, text, public lines, public news."""
    game = _drawing(loaded)
    facts = _public_facts(loaded)
    names = loaded.names()
    return public_table(
        table_info(loaded.table, loaded.seats, game.ruleset),
        facts.spectator,
        game.renderer,
        names,
        asked=facts.asked,
        actions=facts.actions,
        lines=narration(events, None, names),
        outcome=facts.outcome,
        public_moves=loaded.table.public_moves,
        deadline_ts=facts.deadline_ts,
    )


def build_public_token(loaded: Loaded) -> str:
    """The token the table's buttons carry now (no pictures drawn)."""
    facts = _public_facts(loaded)
    return public_token(facts.spectator, facts.asked, facts.actions, facts.outcome, loaded.table.public_moves)


def build_delivery(loaded: Loaded, events: Sequence[Event] = (), *, shown: Shown | None = None) -> Delivery:
    """Render everything adapters show after a change (blocking; see :func:`deliver`)."""
    humans = [s for s in loaded.seats if s.user_id is not None and s.bot is None]
    return Delivery(
        public=build_public(loaded, events),
        seats=tuple(seat_update(loaded, s, events) for s in humans),
        shown=shown,
    )


async def deliver(loaded: Loaded, events: Sequence[Event] = (), *, shown: Shown | None = None) -> Delivery:
    """Build the :class:`Delivery` off the event loop (``shown``: what the table's messages
    showed, if the change's transaction read it)."""
    return await asyncio.to_thread(build_delivery, loaded, tuple(events), shown=shown)


async def deliver_public(loaded: Loaded) -> PublicTable:
    """Build only the table's public picture (for ``/table status`` and redraws) off the event loop."""
    return await asyncio.to_thread(build_public, loaded)
