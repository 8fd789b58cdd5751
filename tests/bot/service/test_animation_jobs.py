"""Animations made in a drawing process: the bytes a thread makes, and made here once the pool is gone."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from bot.bench.samples import bench_config
from bot.service import drawing
from bot.service.animations import AnimationJob, run_job
from engines import registry
from engines.core import RandomBot
from engines.core.driver import Match


def _job(slug: str, mode: str, seed: int = 4) -> AnimationJob:
    ruleset = registry.get(slug)
    config = bench_config(ruleset, mode)
    match = Match(ruleset, config, seed)
    match.advance(RandomBot(), steps=5000)
    names = tuple(f"Seat {n + 1}" for n in range(config.players))
    return AnimationJob(slug, config, seed, tuple(match.log), names, None, "table 5")


@pytest.fixture(scope="module")
def pool() -> Iterator[drawing.DrawingPool]:
    with drawing.started(1, warm=False) as started:
        assert started is not None
        yield started


def _pid(_: int) -> int:
    return os.getpid()


def test_a_drawing_process_animates_a_game_byte_for_byte_as_a_thread_does(pool: drawing.DrawingPool) -> None:
    job = _job("clashofdecks", "solo")
    fallbacks = pool.fallbacks
    there = pool.run(run_job, job)
    here = run_job(job)
    assert pool.fallbacks == fallbacks  # made by the worker, not here
    assert pool.run(_pid, 0) != os.getpid()
    assert (there.data, there.filename, there.frames) == (here.data, here.filename, here.frames)
    assert there.filename.startswith("tablekeeper-clashofdecks-table-5.") and there.cpu_seconds > 0


def test_a_job_s_own_error_comes_back_as_raised(pool: drawing.DrawingPool) -> None:
    job = _job("clashofdecks", "solo")
    broken = AnimationJob(job.game, job.config, job.seed, ((9, 0, "nope"),), job.names, None, "table 5")
    fallbacks = pool.fallbacks
    with pytest.raises(ValueError, match="numbered 9"):
        pool.run(run_job, broken)
    assert pool.fallbacks == fallbacks  # not tried again here


def test_a_closed_pool_runs_the_job_in_the_calling_thread() -> None:
    closed = drawing.DrawingPool(1, warm=False)
    closed.close()
    assert closed.run(_pid, 0) == os.getpid()
    assert closed.fallbacks == 1


def test_side_workers_run_below_the_clicks_priority(pool: drawing.DrawingPool) -> None:
    # where no core is idle, a click's pictures go before a bot's search or a review
    thinker = drawing.side(drawing.THINKING)
    assert thinker is not None and thinker is not pool
    assert thinker.run(os.nice, 0) == min(19, os.nice(0) + drawing.SIDE_NICE)
    assert pool.run(os.nice, 0) == os.nice(0)  # the drawing workers keep the clicks' priority
