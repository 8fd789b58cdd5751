"""``tablekeeper work`` in a process of its own, with Discord's REST API at a test's address.

Usage: ``python -m tests.bot.discord.worker_process http://127.0.0.1:PORT/api/v10 [run]``, with
the usual ``TABLEKEEPER_*`` variables and ``DISCORD_TOKEN`` in the environment. Everything after
the address is the real command (``bot.cli.main(["work"])``, or ``["run"]`` if asked: content
check, settings, database check, migrations, the worker or the gateway); only where Discord
lives changes, and the test games are known. A worker prints its procrastinate worker id once
registered ("registered as worker N"), so a test that kills workers knows which process runs
which job.
"""

from __future__ import annotations

import sys
from typing import Any

import discord.http
from procrastinate.manager import JobManager

from bot.cli import main
from engines import registry
from render import registry as renderers
from tests.bot.discord.variants import PUBLIC
from tests.bot.tinyrender import RENDERER
from tests.engines.core.tinygame import RULESET

REGISTER = JobManager.register_worker


async def register_worker(self: JobManager) -> Any:
    """procrastinate's registration, saying the id it got."""
    worker_id = await REGISTER(self)
    print(f"registered as worker {worker_id}", flush=True)
    return worker_id


if __name__ == "__main__":
    discord.http.Route.BASE = sys.argv[1]  # every REST call, interaction webhooks included
    JobManager.register_worker = register_worker  # type: ignore[method-assign]
    with (
        registry.registered("tiny", RULESET),
        renderers.registered("tiny", RENDERER),
        registry.registered("tinypub", PUBLIC),
        renderers.registered("tinypub", RENDERER),
    ):
        sys.exit(main(sys.argv[2:] or ["work"]))
