"""Two processes finish rated games of the same people at once on PostgreSQL, one is killed: each
finished game is rated exactly once.

Both processes (``tests.bot.rating_process``) play duels dealt among the same four people, so
their final commits lock the same rating rows. The second process is stopped inside one final
commit while it holds those rows (claimed, locked, nothing committed), the first is seen waiting
on its lock, and then the second is killed with SIGKILL. Its transaction dies with it: that game
is not finished, and it is played to the end afterwards by this process, as a restarted bot would.
Afterwards the ratings agree with the results everywhere, and a rebuild reproduces them.
Slow set: two interpreters importing the bot take 10-20 s on the loaded two-core machine.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from bot.service import Services
from bot.service import ratings as ratings_service
from bot.settings import Settings
from bot.store import ratings_repo, upgrade
from tests.bot.pgdb import NEEDS_PG, fresh_database
from tests.bot.service.helpers import play_out
from tests.bot.work.test_workers import tiny_registered

pytestmark = [*NEEDS_PG, pytest.mark.slow]

ROOT = Path(__file__).parents[3]
GAMES = 12  # per process
HOLD_AT = 4  # the game of the second process whose final commit is killed
__all__ = ["tiny_registered"]


@pytest.fixture
async def fresh_url() -> AsyncIterator[str]:
    async with fresh_database("tk_rated") as url:
        await upgrade(url)
        yield url


class Player:
    """One ``rating_process`` and the lines it printed."""

    def __init__(self, url: str, number: int, go: Path, hold_at: int | None = None) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TABLEKEEPER_")}
        env.update(PYTHONPATH=str(ROOT))
        command = [sys.executable, "-m", "tests.bot.rating_process", url, str(number), str(GAMES), str(go)]
        if hold_at is not None:
            command.append(str(hold_at))
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        self.lines: list[str] = []
        self.reader = asyncio.create_task(asyncio.to_thread(self._read))

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def said(self, word: str) -> list[str]:
        """The arguments of the lines starting with ``word``."""
        return [
            line.split(" ", 1)[1] if " " in line else "" for line in self.lines if line.split(" ")[0] == word
        ]

    async def until(self, word: str, timeout: float = 120) -> str:
        """The first line starting with ``word``, waiting for it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not self.said(word):
            assert loop.time() < deadline, f"no {word!r} line: " + "\n".join(self.lines)
            assert self.process.poll() is None or self.said(word), "\n".join(self.lines)
            await asyncio.sleep(0.05)
        return self.said(word)[0]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(30)


async def _rows(services: Services, query: str) -> list[Any]:
    async with services.db.connect() as connection:
        return list((await connection.execute(text(query))).all())


async def _stored(services: Services) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    async with services.db.connect() as connection:
        ratings = [dict(r) for r in await ratings_repo.all_ratings(connection)]
        changes = [dict(r) for r in await ratings_repo.all_changes(connection)]
    return ratings, changes


async def test_games_finished_at_once_by_two_processes_one_killed_are_each_rated_exactly_once(
    fresh_url: str, tmp_path: Path
) -> None:
    go = tmp_path / "go"
    steady = Player(fresh_url, 0, go)
    doomed = Player(fresh_url, 1, go, hold_at=HOLD_AT)
    services = await Services.start(Settings(database_url=fresh_url), url=fresh_url, migrate=False)
    try:
        await steady.until("ready")
        await doomed.until("ready")
        go.touch()  # both start playing at the same moment
        held = int(await doomed.until("holding"))

        async def steady_waits_on_a_lock() -> bool:
            rows = await _rows(
                services,
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND datname = current_database()",
            )
            return bool(rows[0][0])

        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        # the steady process's next duel shares a person with the held one: it queues on the rows
        while not await steady_waits_on_a_lock():
            assert loop.time() < deadline, "the steady process never waited on the held rating rows"
            await asyncio.sleep(0.05)
        doomed.process.send_signal(signal.SIGKILL)
        await asyncio.to_thread(doomed.process.wait, 30)
        assert len(doomed.said("finished")) == HOLD_AT - 1

        await asyncio.to_thread(steady.process.wait, 120)
        await steady.reader
        assert steady.process.returncode == 0, "\n".join(steady.lines)
        assert len(steady.said("finished")) == GAMES

        # the killed commit left its game unfinished and unrated; a restarted bot plays it out
        [(status,)] = await _rows(services, f"SELECT status FROM tables WHERE id = {held}")
        assert status == "playing"
        assert await _rows(services, f"SELECT table_id FROM rated_games WHERE table_id = {held}") == []
        await play_out(services, await services.tables.current(held))

        finished = {t for (t,) in await _rows(services, "SELECT id FROM tables WHERE status = 'finished'")}
        assert finished == {int(t) for t in steady.said("finished") + doomed.said("finished")} | {held}
        rated = [t for (t,) in await _rows(services, "SELECT table_id FROM rated_games")]
        assert sorted(rated) == sorted(finished)  # every finished game rated, none twice (a key)
        # each person's rated games on every board and mode are exactly their results
        results = dict(await _rows(services, "SELECT user_id, count(*) FROM results GROUP BY user_id"))
        for board in ("*", "g1:s1"):
            for mode in ("", "race"):
                counted = await _rows(
                    services,
                    "SELECT user_id, games FROM ratings WHERE kind = 'person' "
                    f"AND board = '{board}' AND mode = '{mode}'",
                )
                assert dict(counted) == results, (board, mode)
        # one change per person, board and mode for each game: nothing applied twice
        per_game = await _rows(services, "SELECT table_id, count(*) FROM rating_changes GROUP BY table_id")
        assert sorted(per_game) == sorted((t, 8) for t in finished)  # 2 people x 2 boards x 2 modes
        stored = await _stored(services)
        done = await ratings_service.rebuild(services.db)
        assert done.games == len(finished)
        assert await _stored(services) == stored
    finally:
        doomed.stop()
        steady.stop()
        await services.close()
