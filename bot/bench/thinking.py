"""Clicks on bot-free tables while hard bots think on other tables (``bench --scale``).

Issue: a search bot weighs each decision for up to half a second of CPU; if it thought on the
event loop, every other table in the process would wait for it. Here one process (with the
drawing pool the settings give a running bot) serves the busy mix of bot-free tables
(:mod:`bot.bench.busy`) twice over the same deals: once alone, once while ``thinkers`` solo
Climax tables against the hard search bot keep their bot thinking (each person's move there is
a random legal one, so the bot thinks after every click). The figure is the bot-free clicks'
p99 in both runs, side by side, and how many bot decisions were made meanwhile.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from typing import Any

from bot.bench.busy import busy_clicks, figures
from bot.bench.stats import fmt
from bot.service import Delivery, ServiceError, Services

#: the game and mode the thinking tables play, against the hard bot
THINKER = ("climax", "duel")


@dataclass(frozen=True)
class Thinking:
    """Bot-free clicks alone and while hard bots think elsewhere in the same process."""

    draw_processes: int
    thinkers: int
    alone_p50: float
    alone_p99: float
    busy_p50: float
    busy_p99: float
    bot_moves: int  # moves the hard bots made during the measured clicks
    bot_seconds: float  # the measured clicks' wall time


async def _keep_thinking(services: Services, index: int, stop: asyncio.Event, moves: list[int]) -> None:
    """One solo table against the hard bot: click a random legal choice, let the bot answer, again."""
    rng = random.Random(index)
    user = 9_000_000_000 + index
    slug, mode = THINKER
    delivery: Delivery | None = None
    while not stop.is_set():
        if delivery is None or delivery.outcome is not None:
            delivery = await services.tables.open_solo(user, user, slug, mode, difficulty="hard", seed=index)
            user += 1_000
        mine = [u for u in delivery.seats if u.actions]
        if not mine:
            delivery = None
            continue
        own = mine[0]
        before = len(await services.tables.log(delivery.table.id))
        try:
            delivery = await services.tables.act(
                delivery.table.id, own.user_id, own.token, rng.choice(own.actions).key, seat=own.seat
            )
        except ServiceError:
            delivery = None
            continue
        moves[0] += len(await services.tables.log(delivery.table.id)) - before - 1


async def _measure(services: Services, thinkers: int, options: dict[str, Any]) -> tuple[Any, int, float]:
    stop = asyncio.Event()
    moves = [0]
    tasks = [asyncio.create_task(_keep_thinking(services, i, stop, moves)) for i in range(thinkers)]
    started = time.perf_counter()
    try:
        run = await busy_clicks(services, **options)
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    return run, moves[0], time.perf_counter() - started


def measure_thinking(url: str, draw_processes: int, thinkers: int, options: dict[str, Any]) -> Thinking:
    """Run the busy mix alone and with ``thinkers`` hard-bot tables, in this process, on ``url``."""
    from bot.service import drawing
    from bot.settings import Settings

    async def go() -> tuple[Any, tuple[Any, int, float]]:
        services = await Services.start(Settings(database_url=url), url=url, migrate=False)
        try:
            alone, _, _ = await _measure(services, 0, options)
            return alone, await _measure(services, thinkers, options)
        finally:
            await services.close()

    with drawing.started(draw_processes):
        alone, (busy, moves, seconds) = asyncio.run(go())
    quiet = figures(1, draw_processes, *alone)
    loud = figures(1, draw_processes, *busy)
    return Thinking(
        draw_processes, thinkers, quiet.ms_p50, quiet.ms_p99, loud.ms_p50, loud.ms_p99, moves, seconds
    )


def thinking_lines(found: Thinking) -> list[str]:
    """The figure as one line."""
    t = found
    return [
        f"thinking  bot-free clicks, drawing pool {t.draw_processes}: p50 {fmt(t.alone_p50)} ms, "
        f"p99 {fmt(t.alone_p99)} ms alone; p50 {fmt(t.busy_p50)} ms, p99 {fmt(t.busy_p99)} ms "
        f"({fmt(t.busy_p99 / t.alone_p99)}× alone) while {t.thinkers} hard bots thought "
        f"({t.bot_moves} bot moves in {fmt(t.bot_seconds)} s)"
    ]
