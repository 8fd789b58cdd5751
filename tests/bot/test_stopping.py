"""Stopping on SIGTERM and SIGINT: clicks in flight finish, new ones are turned away, all closes, exit 0."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.discord.gate import InteractionGate
from bot.stopping import StopSignal
from tests.bot.pgdb import PG, fresh_database

ROOT = Path(__file__).parents[2]


# ---------------------------------------------------------------- the stop request
async def test_a_real_sigint_asks_for_a_stop_once_and_says_so(caplog: Any) -> None:
    stop = StopSignal()
    with caplog.at_level("INFO", logger="tablekeeper"), stop.installed():
        os.kill(os.getpid(), signal.SIGINT)  # handled by the loop, not KeyboardInterrupt
        await asyncio.wait_for(stop.wait(), 5)
        stop.request("SIGTERM")  # a second request changes nothing
    assert stop.received == "SIGINT"
    assert [r.getMessage() for r in caplog.records if r.name == "tablekeeper"] == [
        "stopping: SIGINT received"
    ]
    # the handlers went with the first signal: a second one takes the default way (ends the process)
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


async def test_a_serving_task_that_fails_first_raises_its_error_not_a_stop() -> None:
    async def refused() -> None:
        raise RuntimeError("token refused")

    stop = StopSignal()
    task = asyncio.create_task(refused())
    try:
        await stop.race(task)
    except RuntimeError as exc:
        assert str(exc) == "token refused"
    else:
        raise AssertionError("the task's error was swallowed")


# ---------------------------------------------------------------- the interaction gate
class State:
    """A connection state's parser table, as the websocket reads it."""

    def __init__(self, handler_seconds: float) -> None:
        self.handled: list[int] = []
        self.finished: list[int] = []
        self.seconds = handler_seconds
        self.parsers: dict[str, Any] = {"INTERACTION_CREATE": self.parse}

    def parse(self, data: dict[str, Any]) -> None:
        """What discord.py does: start a handler task per interaction and return."""
        self.handled.append(data["id"])
        asyncio.get_running_loop().create_task(self.handle(data["id"]))

    async def handle(self, number: int) -> None:
        await asyncio.sleep(self.seconds)
        self.finished.append(number)


async def test_closing_the_gate_waits_for_the_clicks_in_flight_and_takes_no_new_one() -> None:
    state = State(handler_seconds=0.2)
    gate = InteractionGate(state)
    receive = state.parsers["INTERACTION_CREATE"]
    receive({"id": 1, "type": 3})
    receive({"id": 2, "type": 3})
    assert len(gate.running) == 2
    assert await gate.close(grace=5) == 0
    assert state.finished == [1, 2]  # both clicks ran to their end before close() returned
    receive({"id": 3, "type": 4})  # an autocomplete after the stop: dropped, never answered
    assert state.handled == [1, 2] and gate.turned_away == 1


async def test_a_click_that_outlasts_the_grace_is_counted_not_waited_for() -> None:
    state = State(handler_seconds=60)
    gate = InteractionGate(state)
    state.parsers["INTERACTION_CREATE"]({"id": 1, "type": 3})
    started = time.monotonic()
    assert await gate.close(grace=0.2) == 1
    assert time.monotonic() - started < 2
    for task in gate.running:
        task.cancel()


# ---------------------------------------------------------------- the real command
@asynccontextmanager
async def discord_that_hangs_on_the_command_sync() -> AsyncIterator[tuple[str, asyncio.Event]]:
    """A Discord REST API that lets the bot log in, then never answers its slash-command sync.

    The bot is then fully set up (database, services, cogs, timer loop, drawing pool) and waits
    on Discord: the state a ``docker stop`` during a slow start finds it in. The event is set
    when the sync request arrives.
    """
    user = {"id": "4242", "username": "tablekeeper", "discriminator": "0", "avatar": None, "bot": True}
    application = {**user, "name": "tablekeeper", "icon": None, "description": "", "bot_public": True}
    application.update(bot_require_code_grant=False, verify_key="0" * 64, owner=user, flags=0)
    syncing = asyncio.Event()

    async def answer(data: dict[str, Any]) -> web.Response:
        return web.Response(body=json.dumps(data).encode(), content_type="application/json")

    async def me(_request: web.Request) -> web.Response:
        return await answer(user)

    async def app_info(_request: web.Request) -> web.Response:
        return await answer(application)

    async def hang(request: web.Request) -> web.Response:
        if request.path.endswith("/commands"):
            syncing.set()
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    app.router.add_get("/api/v10/oauth2/applications/@me", app_info)
    app.router.add_route("*", "/{tail:.*}", hang)
    runner = web.AppRunner(app, shutdown_timeout=0.1)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}/api/v10", syncing
    finally:
        await runner.cleanup()


def _children(pid: int) -> list[int]:
    """The live drawing processes whose parent is ``pid`` (spawned pool workers, not the resource tracker)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            with contextlib.suppress(OSError):
                if b"spawn_main" in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
    return found


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return "?"


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; only its exit status is left to collect


async def _start_and_stop(
    command: str, url: str, logs: Path, ready: Any
) -> tuple[int, float, list[int], str]:
    """Start ``tablekeeper COMMAND`` against the stand-in Discord, SIGTERM it once ``ready()`` is true.

    Returns its exit status, the seconds it took to exit after the signal, the drawing processes
    it had, and what it printed.
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLEKEEPER_")}
    env.update(
        PYTHONPATH=str(ROOT),
        DISCORD_TOKEN="fake.token.for.the.stand.in",
        TABLEKEEPER_DATABASE_URL=url,
        TABLEKEEPER_SERVICE_DRAW_PROCESSES="1",
        TABLEKEEPER_WORK_QUEUE="procrastinate" if command == "work" else "inline",
    )
    log = logs / f"{command}.log"
    async with discord_that_hangs_on_the_command_sync() as (api, syncing):
        with log.open("wb") as out:
            process = subprocess.Popen(
                [sys.executable, "-m", "tests.bot.discord.worker_process", api, command],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 90
            while not await ready(syncing):
                assert process.poll() is None, log.read_text(encoding="utf-8", errors="replace")
                assert loop.time() < deadline, "it never got ready"
                await asyncio.sleep(0.1)
            drawing = _children(process.pid)
            process.send_signal(signal.SIGTERM)
            sent = time.monotonic()
            status = await asyncio.to_thread(process.wait, 30)
            took = time.monotonic() - sent
        finally:
            if process.poll() is None:
                process.kill()
    return status, took, drawing, log.read_text(encoding="utf-8", errors="replace")


def _stopped_cleanly(status: int, took: float, drawing: list[int], said: str) -> None:
    assert status == 0, said
    assert took < 5, f"took {took:.1f} s to stop\n{said}"
    assert "stopping: SIGTERM received" in said and said.rstrip().endswith("stopped"), said
    assert "Traceback" not in said and "fake.token" not in said, said
    assert drawing, "the drawing pool's process should have been running"
    left = [pid for pid in drawing if _alive(pid)]
    assert not left, f"drawing processes outlived the bot: {[_cmdline(pid) for pid in left]}"


async def test_run_stops_cleanly_on_sigterm_with_its_drawing_processes(tmp_path: Path) -> None:
    # SIGTERM while the bot is set up (database, services, cogs, timer loop, drawing pool) and
    # waits on Discord, as a `docker stop` during a slow start finds it
    async def syncing_commands(syncing: asyncio.Event) -> bool:
        return syncing.is_set()

    url = f"sqlite+aiosqlite:///{tmp_path}/bot.db"
    _stopped_cleanly(*await _start_and_stop("run", url, tmp_path, syncing_commands))


@pytest.mark.postgres
@pytest.mark.skipif(not PG, reason="needs TEST_DATABASE_URL pointing at PostgreSQL")
async def test_work_stops_cleanly_on_sigterm_and_leaves_the_queue(tmp_path: Path) -> None:
    pytest.importorskip("procrastinate", reason="the click queue needs the postgres extra (procrastinate)")
    async with fresh_database("tk_stop") as url:

        async def workers() -> int:
            engine = create_async_engine(url)
            try:
                async with engine.connect() as connection:
                    found = await connection.execute(text("SELECT to_regclass('procrastinate_workers')"))
                    if found.scalar() is None:
                        return 0
                    counted = await connection.execute(text("SELECT count(*) FROM procrastinate_workers"))
                    return int(counted.scalar_one())
            finally:
                await engine.dispose()

        async def working(_syncing: asyncio.Event) -> bool:
            return await workers() == 1

        _stopped_cleanly(*await _start_and_stop("work", url, tmp_path, working))
        assert await workers() == 0  # it said goodbye to the queue: nobody waits for its heartbeat
