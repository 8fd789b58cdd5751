"""Bots think off the event loop: the moves of bot-played seats are worked out in a worker.

A search bot weighs its choices for up to half a second of CPU a decision, and a table may ask
several bots in a row. Worked out on the event loop (as it once was, inside the click's
transaction), that time would hold up every other table's clicks in the process. So the moves
are worked out elsewhere: in the process's thinking worker when it runs a drawing pool (another
process, so another core and GIL; see ``drawing.side``), else in a thread. Only plain values
cross: the game's slug, the encoded state, which level plays each bot seat and the match seed;
back come the moves as ``(seat, action key)``. The caller then applies them to its own state and
records them, so the log, the events and the commit are exactly what they were when the bots
thought in place.

A bot's move depends only on its seat's View and the generator ``bot_rng(seed, seq)`` gives it,
so where it is worked out never changes what it is. Each decision's search is also capped at the
``bot_think_seconds`` setting of CPU (:func:`thinking_cap`): a bot's move budget keeps it well
under that on this machine kind, so the cap only cuts in on a slower machine, and then
the bot plays the best move over the sampled futures it weighed (what it plays is logged, so the
game still replays exactly).
"""

from __future__ import annotations

import asyncio
import time
from contextlib import AbstractContextManager, nullcontext

from bot.service import drawing
from bot.service.pipeline import Change
from engines import registry
from engines.core.driver import bot_for, run_bots
from engines.core.search import capped


def thinking_cap(seconds: float | None) -> AbstractContextManager[None]:
    """Inside, each search stops after ``seconds`` of this thread's CPU (None: only its move budget).

    Thread CPU time, not the process's: without a pool bots think in one of the event loop's
    threads, and the other threads' work is not this decision's.
    """
    return nullcontext() if seconds is None else capped(time.thread_time, seconds)


def bot_moves(
    slug: str, snapshot: bytes, levels: dict[int, str], seed: int, think_seconds: float | None = None
) -> list[tuple[int, str]]:
    """The moves bots make from ``snapshot`` until a person must decide (runs in a worker)."""
    ruleset = registry.get(slug)
    state = ruleset.decode(snapshot)
    bots = {seat: bot_for(ruleset, level) for seat, level in levels.items()}
    made: list[tuple[int, str]] = []
    with thinking_cap(think_seconds):
        run_bots(ruleset, state, bots, seed, on_step=lambda seat, key, _step: made.append((seat, key)))
    return made


def _work_out(
    slug: str, snapshot: bytes, levels: dict[int, str], seed: int, think_seconds: float | None
) -> list[tuple[int, str]]:
    pool = drawing.side(drawing.THINKING)
    if pool is None:
        return bot_moves(slug, snapshot, levels, seed, think_seconds)
    return pool.run(bot_moves, slug, snapshot, levels, seed, think_seconds)


async def worked_out(
    slug: str, snapshot: bytes, levels: dict[int, str], seed: int, think_seconds: float | None
) -> list[tuple[int, str]]:
    """:func:`bot_moves`, worked out off the event loop: in the thinking worker, else in a thread."""
    return await asyncio.to_thread(_work_out, slug, snapshot, levels, seed, think_seconds)


async def run_bot_seats(change: Change, think_seconds: float | None = None) -> None:
    """Let every bot-played seat move until a person must decide (or the game ends).

    ``think_seconds`` caps each decision's search (the ``bot_think_seconds`` setting; None: no cap).
    """
    ruleset = change.game.ruleset
    if ruleset.outcome(change.state) is not None:
        return
    levels = {s.seat: s.bot for s in change.seats if s.bot is not None}
    if not levels or not any(seat in levels for seat in ruleset.prompts(change.state)):
        return
    seed = change.loaded.table.seed or 0
    snapshot = ruleset.encode(change.state)
    moves = await worked_out(change.game.slug, snapshot, levels, seed, think_seconds)
    for seat, key in moves:
        change.record(seat, key, ruleset.apply(change.state, seat, key))
