"""A worker process killed in the middle of a click: another worker takes the click over.

The worker that dies (``kill -9``) is the real ``tablekeeper work`` command in its own process.
It applies the click (the move is committed) and then hangs while delivering it, because its
Discord answers the login but never a delivery. It is killed there, the worst moment: the move
is in the database, nobody has seen it, and its job is still marked running. A second worker,
started afterwards with ``work_stalled_seconds=2``, must notice the dead worker's silence, run the
job again, refuse the click the dead worker had already applied (no move is made twice), say so
to the clicker, and redraw the table so it shows the move. The table's next clicks then go on in
order.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import web
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.service import Services
from bot.service.playing import STALE_CLICK
from bot.settings import Settings
from bot.work.clicks import COUNTED
from tests.bot import compose
from tests.bot.pgdb import NEEDS_PG, fresh_database
from tests.bot.work.test_workers import Recorder, Worker, _never, _process, _script, _settle, tiny_registered

pytest.importorskip("procrastinate", reason="the click queue needs the postgres extra (procrastinate)")
from bot.work.pgqueue import ProcrastinateQueue

pytestmark = [*NEEDS_PG, pytest.mark.slow]

ROOT = Path(__file__).parents[3]
__all__ = ["tiny_registered"]  # the tiny game, registered for every test here


@pytest.fixture
async def fresh_url() -> AsyncIterator[str]:
    async with fresh_database("tk_crash") as url:
        yield url


async def _discord_that_never_delivers() -> tuple[web.AppRunner, str]:
    """A Discord REST API that lets a worker log in and then never answers a delivery."""

    user = {"id": "4242", "username": "tablekeeper", "discriminator": "0", "avatar": None, "bot": True}
    application = {
        "id": "4242",
        "name": "tablekeeper",
        "icon": None,
        "description": "",
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "owner": user,
        "flags": 0,
    }

    def answer(data: dict[str, object]) -> web.Response:
        # bytes, so the content type is exactly what discord.py looks for (no charset)
        return web.Response(body=json.dumps(data).encode(), content_type="application/json")

    async def me(_request: web.Request) -> web.Response:
        return answer(user)

    async def app_info(_request: web.Request) -> web.Response:
        return answer(application)

    async def hang(_request: web.Request) -> web.Response:
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    app.router.add_get("/api/v10/oauth2/applications/@me", app_info)
    app.router.add_route("*", "/{tail:.*}", hang)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    return runner, f"http://127.0.0.1:{port}/api/v10"


async def _scalar(url: str, query: str, **params: object) -> object:
    engine = create_async_engine(url)
    try:
        async with engine.connect() as connection:
            return (await connection.execute(text(query), params)).scalar()
    finally:
        await engine.dispose()


async def _until(what: str, check: object, timeout: float = 90) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await check():  # type: ignore[operator]
        assert loop.time() < deadline, f"timed out waiting until {what}"
        await asyncio.sleep(0.1)


async def test_a_click_whose_worker_was_killed_after_applying_it_is_refused_once_and_redrawn(
    fresh_url: str, tmp_path: Path
) -> None:
    gateway, queue = await _process(fresh_url)
    runner, api = await _discord_that_never_delivers()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLEKEEPER_")}
    env.update(compose.environment("worker", DISCORD_TOKEN="simcord.fake.token"))
    env.update(PYTHONPATH=str(ROOT), TABLEKEEPER_DATABASE_URL=fresh_url)
    log = tmp_path / "doomed-worker.log"
    doomed: subprocess.Popen[bytes] | None = None
    survivor: Worker | None = None
    try:
        script = await _script(gateway, dm_tables=0, guild_tables=1)
        table_id = next(t for t, c in script.clicks.items() if len(c) >= 3)
        first, *rest = script.clicks[table_id]
        with log.open("wb") as out:
            command = [sys.executable, "-m", "tests.bot.discord.worker_process", api]
            doomed = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)

        async def registered() -> bool:
            assert doomed is not None and doomed.poll() is None, log.read_text(errors="replace")
            return bool(await _scalar(fresh_url, "SELECT count(*) FROM procrastinate_workers"))

        await _until("the doomed worker is registered", registered, timeout=120)
        await queue.submit(first, _never)

        async def applied_not_shown() -> bool:
            moves = await _scalar(fresh_url, "SELECT count(*) FROM moves WHERE table_id = :t", t=table_id)
            doing = await _scalar(fresh_url, "SELECT count(*) FROM procrastinate_jobs WHERE status = 'doing'")
            return moves == 1 and doing == 1

        await _until("the doomed worker has applied the click and hangs delivering it", applied_not_shown)
        doomed.send_signal(signal.SIGKILL)
        await asyncio.to_thread(doomed.wait, 30)

        services = await Services.start(
            Settings(database_url=fresh_url, work_queue="procrastinate", work_stalled_seconds=2),
            url=fresh_url,
        )
        survivor = Worker(services, ProcrastinateQueue(fresh_url, stalled_seconds=2), Recorder())
        await survivor.queue.open()
        survivor.start("survivor")
        await _settle(queue, 1, [survivor], timeout=60)  # the dead worker's job, run again

        # the move the dead worker committed stands, once; the second try is refused and says so
        assert await gateway.tables.log(table_id) == script.logs[table_id][:1]
        assert survivor.outlet.told == [(first, STALE_CLICK)]
        # ...and the table is drawn as it is now, which nobody had seen
        [(redraw_for, redrawn)] = survivor.outlet.published
        assert redraw_for is None
        assert redrawn.public.token == (await gateway.tables.current(table_id)).public.token

        for click in rest:  # the table plays on, in order
            await queue.submit(click, _never)
        await _settle(queue, 1 + len(rest), [survivor], timeout=60)
        assert await gateway.tables.log(table_id) == script.logs[table_id]
        notes = [note for _, note in survivor.outlet.told][1:]
        assert set(notes) <= {COUNTED}  # nothing else refused
        assert len(survivor.outlet.published) - 1 + len(notes) == len(rest)  # each drawn or noted
        now = await gateway.tables.current(table_id)
        assert survivor.outlet.published[-1][1].public.token == now.public.token
        assert not survivor.outlet.failures
    finally:
        if doomed is not None and doomed.poll() is None:
            doomed.kill()
        if survivor is not None:
            await survivor.stop()
        await runner.cleanup()
        await queue.close()
        await gateway.close()
