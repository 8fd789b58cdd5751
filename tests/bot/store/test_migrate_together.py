"""Processes started together migrate a fresh PostgreSQL database once, and all start.

The proof is separate processes (slow set: four interpreters importing the bot take 20-30 s on
the loaded two-core machine); the default run has the same race inside one process, four
starts on their own connections at once.
"""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.service import Services
from bot.settings import Settings
from bot.store.migrate import current_revision, head_revision
from tests.bot.pgdb import NEEDS_PG, fresh_database

pytestmark = NEEDS_PG

ROOT = Path(__file__).parents[3]
PROCESSES = 4
#: what each process runs: what every process does at start (Services.start migrates), after a
#: barrier, so all of them reach the migration at the same moment
START = """
import asyncio, logging, sys, time
from pathlib import Path
from bot.service import Services
from bot.settings import load_settings

logging.basicConfig(level=logging.INFO, stream=sys.stdout, format="%(name)s %(message)s")
Path(sys.argv[1] + ".ready").touch()
while not Path(sys.argv[2]).exists():
    time.sleep(0.01)

async def start() -> None:
    services = await Services.start(load_settings(dotenv_path=None))
    await services.close()

asyncio.run(start())
"""


async def test_starts_at_the_same_moment_migrate_once_and_all_find_the_database_ready(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with fresh_database("tk_migrate") as url:
        with caplog.at_level(logging.INFO, logger="tablekeeper.store"):
            settings = Settings(database_url=url)
            starts = (Services.start(settings, url=url, migrate=True) for _ in range(PROCESSES))
            # without the lock the starts trip over each other's half-made tables (or wait forever)
            started = await asyncio.wait_for(asyncio.gather(*starts), 60)
        for services in started:
            await services.close()
        migrated = [r.getMessage() for r in caplog.records if "database migrated" in r.getMessage()]
        assert migrated == [f"database migrated from empty to {head_revision()}"]
        assert await current_revision(url) == head_revision()


@pytest.mark.slow
async def test_processes_started_together_migrate_once_under_the_lock_and_all_start(tmp_path: Path) -> None:
    async with fresh_database("tk_migrate") as url:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TABLEKEEPER_")}
        env.update(PYTHONPATH=str(ROOT), TABLEKEEPER_DATABASE_URL=url)
        go = tmp_path / "go"
        processes = [
            subprocess.Popen(
                [sys.executable, "-c", START, str(tmp_path / f"p{n}"), str(go)],
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
            )
            for n in range(PROCESSES)
        ]
        deadline = time.monotonic() + 120
        while not all((tmp_path / f"p{n}.ready").exists() for n in range(PROCESSES)):
            assert time.monotonic() < deadline and all(p.poll() is None for p in processes)
            await asyncio.sleep(0.05)
        go.touch()  # every process is imported and waiting: they migrate at the same moment
        outputs = [(await asyncio.to_thread(p.communicate, None, 120))[0].decode() for p in processes]

        assert [p.returncode for p in processes] == [0] * PROCESSES, outputs
        migrated = [line for out in outputs for line in out.splitlines() if "database migrated" in line]
        assert migrated == [f"tablekeeper.store database migrated from empty to {head_revision()}"], outputs
        assert await current_revision(url) == head_revision()
