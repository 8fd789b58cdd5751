"""Reviews worked out in a drawing worker process: the same figures as in a thread, off this process."""

from __future__ import annotations

import os

import msgspec

from bot.service import drawing
from bot.service.reviews import work_out
from engines import registry
from engines.core import GameConfig
from engines.core.driver import Match, bot_for


def _finished(
    slug: str, mode: str, players: int, seed: int
) -> tuple[dict[str, object], list[tuple[int, int, str]]]:
    ruleset = registry.get(slug)
    config = ruleset.resolve_config(GameConfig(mode, players, {}))
    match = Match(ruleset, config, seed)
    match.play_out(bot_for(ruleset, "normal"))
    return msgspec.to_builtins(config), match.log


def test_a_worker_works_out_the_review_a_thread_does() -> None:
    config, log = _finished("clashofdecks", "solo", 1, 3)
    with drawing.started(1, warm=False) as pool:
        assert pool is not None
        assert pool.run(os.getpid) != os.getpid()  # the work really leaves this process
        far = pool.run(work_out, "clashofdecks", config, 3, log, 4, 2_000)
    assert far == work_out("clashofdecks", config, 3, log, 4, 2_000)
    assert far["reviews"]["en"]["points"]


def test_a_closed_pool_works_it_out_in_the_calling_thread() -> None:
    closed = drawing.DrawingPool(1, warm=False)
    closed.close()
    assert closed.run(os.getpid) == os.getpid() and closed.fallbacks == 1
