"""What a queue worker does with a click it runs a second time (its first worker died mid-job).

The end-to-end version, with a real worker process killed by SIGKILL, is the slow
``tests/bot/work/test_worker_crash.py``; this one runs anywhere, on an in-memory database.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.service import Services
from bot.service.playing import STALE_CLICK
from bot.work import Click, ClickWork
from engines import registry
from render import registry as renderers
from tests.bot.tinyrender import RENDERER
from tests.bot.work.test_workers import Recorder
from tests.engines.core.tinygame import RULESET


@pytest.fixture(autouse=True)
def tiny_registered() -> Iterator[None]:
    with registry.registered("tiny", RULESET), renderers.registered("tiny", RENDERER):
        yield


@pytest.mark.parametrize("retried", [False, True])
async def test_a_refused_click_leaves_a_redraw_only_when_its_job_is_a_retry(retried: bool) -> None:
    services = await Services.in_memory()
    try:
        opened = await services.tables.open_solo(500, 9000, "tiny", seed=3)
        [asked] = [u for u in opened.seats if u.prompt is not None]
        click = Click(opened.table.id, asked.user_id, asked.token, asked.actions[0].key, asked.seat)
        outlet = Recorder()
        work = ClickWork(services.tables, outlet)
        assert await work.run(click, draw=True) is None  # applied and shown
        # the same click again: the move stands once, and the second try is refused
        left = await work.run(click, draw=True, retried=retried)
        assert len(await services.tables.log(opened.table.id)) == 1
        assert outlet.told == [(click, STALE_CLICK)]
        # a plain double click leaves nothing to draw; a retried job may follow a worker that
        # applied the click and died before showing it, so it leaves the table to be redrawn
        assert left == (() if retried else None)
    finally:
        await services.close()
