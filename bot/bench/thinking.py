"""Clicks on bot-free tables while hard bots think on other tables (``bench --scale``).

Issue: a search bot weighs each decision for up to half a second of CPU; if it thought on the event
loop, every other table in the process would wait for it. Here one process (with the drawing pool
the settings give a running bot) serves the busy mix of bot-free tables (:mod:`bot.bench.busy`)
twice over the same deals: once alone, once while ``thinkers`` Climax duels against the hard search
bot keep their bot thinking, worked out as the service works a bot's moves out
(:func:`bot.service.thinking.worked_out`), under the running bot's per-decision CPU cap
(``bot_think_seconds``). The person's moves at those tables are random legal ones made at once in
memory, and those tables are never committed or drawn: the figure is what the bots' thinking costs
other tables, not what those tables' own clicks cost. The two runs alternate ``runs`` times in the
one process (alone, with bots, alone, ...), so load from elsewhere falls on both alike; the figure
is the bot-free clicks' median p50 and p99 of each kind, side by side with their ratios, how many
moves the bots made meanwhile and how much CPU their worker used.
"""

from __future__ import annotations

import asyncio
import math
import os
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.bench.busy import ClickFigures, busy_clicks, figures
from bot.bench.stats import fmt, median, ratio
from bot.service import Services
from bot.service.thinking import worked_out
from engines import registry
from engines.core import GameConfig
from engines.core.driver import Match
from engines.core.types import counted

#: the game and mode the thinking tables play, against the hard bot
THINKER = ("climax", "duel")


@dataclass(frozen=True)
class Thinking:
    """Bot-free clicks alone and while hard bots think elsewhere in the same process."""

    draw_processes: int
    thinkers: int
    runs: int  # runs of each kind, alternated; the click figures are their medians
    think_seconds: float  # the bots' per-decision CPU cap
    alone_p50: float
    alone_p99: float
    busy_p50: float
    busy_p99: float
    bot_moves: int  # moves the hard bots made during the measured clicks (every run)
    bot_seconds: float  # the measured clicks' wall time (every run with bots)
    bot_cpu_seconds: float  # CPU the thinking worker used meanwhile (NaN where /proc is not there)


def _thinking_cpu() -> float:
    """CPU seconds the process's thinking worker has used so far (0 before it starts; NaN off Linux)."""
    from bot.service import drawing

    pool = drawing.side(drawing.THINKING)
    used = 0.0
    for pid in pool.pids() if pool is not None else []:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return math.nan
        used += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
    return used


def _warm_thinking() -> None:
    """Start the thinking worker and load the thinking game's rules there, before anything is timed."""
    from bot.service import drawing
    from bot.service.thinking import bot_moves

    pool = drawing.side(drawing.THINKING)
    if pool is not None:
        ruleset = registry.get(THINKER[0])
        snapshot = ruleset.encode(ruleset.setup(GameConfig(THINKER[1], 2), 1))
        pool.run(bot_moves, THINKER[0], snapshot, {}, 1)


async def _keep_thinking(
    index: int, stop: asyncio.Event, moves: list[int], think_seconds: float | None
) -> None:
    """A Climax duel whose second seat is the hard bot, for as long as ``stop`` is not set.

    The bot's moves are worked out as the service works them out (the thinking worker, through a
    thread of the event loop); the person's move is a random legal one, made at once in memory.
    """
    ruleset = registry.get(THINKER[0])
    rng = random.Random(index)
    seed = index
    while not stop.is_set():
        match = Match(ruleset, GameConfig(THINKER[1], 2), seed)
        seed += 1_000
        while not stop.is_set() and match.asked():
            if match.asked()[0] == 0:  # the person
                match.apply(0, rng.choice(match.choices(0)))
                continue
            snapshot = ruleset.encode(match.state)
            made = await worked_out(THINKER[0], snapshot, {1: "hard"}, match.seed, think_seconds)
            for seat, key in made:
                match.apply(seat, key)
            moves[0] += len(made)


async def _measure(
    services: Services, thinkers: int, options: dict[str, Any]
) -> tuple[ClickFigures, int, float]:
    stop = asyncio.Event()
    moves = [0]
    cap = services.runtime.settings.bot_think_seconds
    tasks = [asyncio.create_task(_keep_thinking(i, stop, moves, cap)) for i in range(thinkers)]
    started = time.perf_counter()
    try:
        clicks = await busy_clicks(services, **options)
    finally:
        stop.set()
        done = await asyncio.gather(*tasks, return_exceptions=True)
    failed = [error for error in done if isinstance(error, BaseException)]
    if failed:  # a thinking table that stopped would leave the bots idle and the figure untrue
        raise failed[0]
    return figures(1, 0, *clicks), moves[0], time.perf_counter() - started


def measure_thinking(
    url: str,
    draw_processes: int,
    thinkers: int,
    options: dict[str, Any],
    runs: int = 1,
    think_seconds: float | None = None,
) -> Thinking:
    """The busy mix alone and with ``thinkers`` hard-bot tables, alternated ``runs`` times in this
    process on ``url``; the bots capped at ``think_seconds`` (None: the setting's default)."""
    from bot.service import drawing
    from bot.settings import Settings

    settings = Settings(database_url=url)
    if think_seconds is not None:
        settings = settings.replace(bot_think_seconds=think_seconds)
    alone: list[ClickFigures] = []
    busy: list[ClickFigures] = []
    made = [0, 0.0, 0.0]  # bot moves, seconds, thinking CPU seconds

    async def go() -> None:
        services = await Services.start(settings, url=url, migrate=False)
        try:
            for _ in range(runs):
                alone.append((await _measure(services, 0, options))[0])
                cpu = _thinking_cpu()
                clicks, moves, seconds = await _measure(services, thinkers, options)
                busy.append(clicks)
                made[0] += moves
                made[1] += seconds
                made[2] += _thinking_cpu() - cpu
        finally:
            await services.close()

    with drawing.started(draw_processes):
        _warm_thinking()
        asyncio.run(go())
    return Thinking(
        draw_processes=draw_processes,
        thinkers=thinkers,
        runs=runs,
        think_seconds=settings.bot_think_seconds,
        alone_p50=median([c.ms_p50 for c in alone]),
        alone_p99=median([c.ms_p99 for c in alone]),
        busy_p50=median([c.ms_p50 for c in busy]),
        busy_p99=median([c.ms_p99 for c in busy]),
        bot_moves=int(made[0]),
        bot_seconds=made[1],
        bot_cpu_seconds=made[2] if draw_processes else math.nan,  # without a pool they think in threads
    )


def thinking_lines(found: Thinking) -> list[str]:
    """The figure as one line."""
    t = found
    return [
        f"thinking  bot-free clicks, drawing pool {t.draw_processes}, "
        f"median of {counted(t.runs, 'run')} each, "
        f"alternated: p50 {fmt(t.alone_p50)} ms, p99 {fmt(t.alone_p99)} ms alone; p50 {fmt(t.busy_p50)} ms "
        f"({fmt(ratio(t.busy_p50, t.alone_p50))}×), p99 {fmt(t.busy_p99)} ms "
        f"({fmt(ratio(t.busy_p99, t.alone_p99))}×) while {counted(t.thinkers, 'hard bot')} thought, "
        "capped at "
        f"{fmt(t.think_seconds)} s a decision ({t.bot_moves} bot moves in {fmt(t.bot_seconds)} s, "
        f"{fmt(t.bot_cpu_seconds)} s of the thinking worker's CPU)"
    ]
