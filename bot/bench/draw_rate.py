"""``bench --scale``'s drawing line: boards of new players drawn by several threads, per pool size.

The drawing step alone, as the click threads of a busy process do it; with a drawing pool the
threads only wait for its processes, so the boards per second can exceed one core's.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from typing import Any

from bot.bench.stats import fmt

_RUNS = itertools.count(1)


@dataclass(frozen=True)
class Drawing:
    """Pictures drawn per second by several threads of one process, with a drawing pool or none."""

    draw_processes: int
    threads: int
    pictures: int
    per_s: float


def measure_drawing(draw_processes: int, pictures: int, threads: int = 4) -> Drawing:
    """Boards of real games, each with new names (none cached), drawn by ``threads`` threads at once.

    The drawing step alone, as the click threads of a busy process do it: with a pool the threads
    only wait for workers, so the pictures/s can exceed one core's.
    """
    from concurrent.futures import ThreadPoolExecutor

    from bot.bench.samples import Names, bench_config, sample_states
    from bot.service import drawing
    from engines import registry
    from render import registry as renderers

    run = next(_RUNS)  # names new to the process on every call, so nothing measured is cached
    names = Names(f"d{run}.")
    jobs: list[tuple[Any, Any, tuple[str, ...]]] = []
    for slug, mode in (("clashofdecks", "duel"), ("arclash", "standard"), ("hackclad", "basic")):
        ruleset = registry.get(slug)
        for state in sample_states(ruleset, bench_config(ruleset, mode), max(1, pictures // 3)):
            view = ruleset.view(state, None)
            jobs.append((renderers.get(slug), view, names.seats(view.players)))
    warm = Names(f"w{run}.")
    warming = [(r, v, warm.seats(v.players)) for r, v, _ in jobs[: 2 * threads]]
    with drawing.started(draw_processes), ThreadPoolExecutor(threads) as executor:
        # untimed, other names: every worker up and warm before the clock starts
        list(executor.map(lambda job: drawing.renderer_for(job[0]).board(job[1], job[2]), warming))
        started = time.perf_counter()
        list(executor.map(lambda job: drawing.renderer_for(job[0]).board(job[1], job[2]), jobs))
        seconds = time.perf_counter() - started
    return Drawing(draw_processes, threads, len(jobs), len(jobs) / seconds)


def drawing_lines(found: list[Drawing]) -> list[str]:
    """The drawing step alone, one line per pool size."""
    first = found[0].per_s if found else float("nan")
    return [
        f"drawing   pool {d.draw_processes}: {fmt(d.per_s)} boards/s ({d.threads} threads, "
        f"{d.pictures} boards, none cached) = {fmt(d.per_s / first)}× pool {found[0].draw_processes}"
        for d in found
    ]
