"""A process that finishes rated tiny duels among a shared pool of people (the exactly-once test).

Usage: ``python -m tests.bot.rating_process URL NUMBER GAMES GO_FILE [HOLD_AT]``. The process
opens the services on the PostgreSQL database at ``URL``, prints ``ready``, waits for ``GO_FILE``
to exist and then plays ``GAMES`` duels one after another, each between two of the same four
people (so another such process rates the same rows at the same moment), in channels of its own.
It prints ``finished TABLE`` after each game. With ``HOLD_AT`` (counting from 1), that game's
final commit stops once it holds its rating rows locked, says ``holding TABLE`` and waits there
for the test to kill the process.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from bot.service import Services
from bot.settings import Settings
from bot.store import ratings_repo
from engines import registry
from render import registry as renderers
from tests.bot.service.helpers import play_out
from tests.bot.tinyrender import RENDERER
from tests.engines.core.tinygame import RULESET

GUILD = 1
#: the people every process deals its duels among
PEOPLE = (101, 102, 103, 104)


def pairing(number: int, game: int) -> tuple[int, int]:
    """The two people of a process's ``game``-th duel: the pool's pairs in turn."""
    first = (number + game) % len(PEOPLE)
    second = (first + 1 + game // len(PEOPLE)) % len(PEOPLE)
    if second == first:
        second = (first + 1) % len(PEOPLE)
    return PEOPLE[first], PEOPLE[second]


async def run(url: str, number: int, games: int, go: Path, hold_at: int | None) -> None:
    """Play the duels (see the module's docstring)."""
    services = await Services.start(Settings(database_url=url), url=url, migrate=False)
    playing = {"game": 0}
    save = ratings_repo.save

    async def save_or_hold(connection: Any, rows: Any) -> None:
        if playing["game"] == hold_at:
            # the rows are locked (SELECT ... FOR UPDATE) and the game claimed, nothing committed
            print(f"holding {playing['table']}", flush=True)
            await asyncio.sleep(3600)
        await save(connection, rows)

    ratings_repo.save = save_or_hold  # type: ignore[assignment]
    print("ready", flush=True)
    while not go.exists():
        await asyncio.sleep(0.01)
    try:
        for game in range(1, games + 1):
            host, guest = pairing(number, game)
            channel = number * 1000 + game
            table = await services.tables.open_table(GUILD, channel, host, f"P{host}", "tiny")
            await services.tables.join(table.id, guest, f"P{guest}")
            playing.update(game=game, table=table.id)
            await play_out(services, await services.tables.start(table.id, host))
            print(f"finished {table.id}", flush=True)
    finally:
        await services.close()


if __name__ == "__main__":
    url, number, games, go = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
    hold_at = int(sys.argv[5]) if len(sys.argv) > 5 else None
    with registry.registered("tiny", RULESET), renderers.registered("tiny", RENDERER):
        asyncio.run(run(url, number, games, go, hold_at))
