"""Archiving finished games (``tablekeeper db archive``): nothing a player reads is lost.

A finished game's snapshot and moves leave the database for a gzip file; its results (stats,
leaderboards), table and seat rows stay; the file replays the game to the very outcome it had;
games still running, and games over more recently than the cut-off, are left whole.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
from sqlalchemy import func, select

from bot.service import Services
from bot.service.values import ServiceError
from bot.store.archive import archive, pending, read_archive
from bot.store.schema import moves, tables
from engines import registry
from engines.core import Code, GameConfig
from engines.core.replay import replay
from tests.bot.service.conftest import Clock
from tests.bot.service.helpers import ANN, GUILD, asked, duel, play_out, tok

DAY = 86_400.0


async def _stored(services: Services, table_id: int) -> tuple[bool, int]:
    """(the snapshot is stored, how many moves are stored) for ``table_id``."""
    async with services.db.connect() as connection:
        snapshot = (
            await connection.execute(select(tables.c.snapshot).where(tables.c.id == table_id))
        ).scalar_one()
        logged = (
            await connection.execute(
                select(func.count()).select_from(moves).where(moves.c.table_id == table_id)
            )
        ).scalar_one()
    return snapshot is not None, int(logged)


async def test_games_over_before_the_cut_off_leave_for_the_archive_and_replay_from_it(
    services: Services, clock: Clock, tmp_path: Path
) -> None:
    old = await play_out(services, await duel(services, channel=11))
    clock.now += 40 * DAY
    recent = await play_out(services, await duel(services, channel=12))
    running = await duel(services, channel=13)
    _seat, user, key = asked(running)
    running = await services.tables.act(running.table.id, user, tok(running, user), key)
    old_log = await services.tables.log(old.table.id)
    stats_before = await services.stats.server(GUILD)
    clock.now += 1 * DAY

    due = await pending(services.db, clock.now - 30 * DAY)
    assert (due.games, due.moves) == (1, len(old_log)) and due.snapshot_bytes > 0

    done = await archive(services.db, clock.now - 30 * DAY, tmp_path / "a.jsonl.gz")
    assert (done.games, done.moves, done.snapshot_bytes) == (due.games, due.moves, due.snapshot_bytes)
    # the old game's bulk is gone from the database; the recent and the running game are whole
    assert await _stored(services, old.table.id) == (False, 0)
    assert await _stored(services, recent.table.id) == (True, len(await services.tables.log(recent.table.id)))
    assert await _stored(services, running.table.id) == (True, 1)
    # what players read stays: the stats and the finished table's record
    assert await services.stats.server(GUILD) == stats_before

    [record] = read_archive(tmp_path / "a.jsonl.gz").values()
    assert record["table"]["id"] == old.table.id
    assert [tuple(m[:3]) for m in record["moves"]] == [tuple(m) for m in old_log]
    assert [s["user_id"] for s in record["seats"]] == [ANN, old.table.seats[1].user_id]
    # the archive alone rebuilds the game to the outcome it had
    ruleset = registry.get(record["table"]["game"])
    config = msgspec.convert(record["table"]["config"], GameConfig)
    state = replay(ruleset, config, record["table"]["seed"], [tuple(m[:3]) for m in record["moves"]])
    assert msgspec.to_builtins(ruleset.outcome(state)) == msgspec.to_builtins(old.outcome)

    # a second run finds nothing more, and the running game plays on
    again = await archive(services.db, clock.now - 30 * DAY, tmp_path / "b.jsonl.gz")
    assert again.games == 0 and read_archive(tmp_path / "b.jsonl.gz") == {}
    _seat, user, key = asked(running)
    assert (
        await services.tables.act(running.table.id, user, tok(running, user), key)
    ).table.id == running.table.id


async def test_an_old_button_of_an_archived_game_says_the_game_is_over(
    services: Services, make_services: Any, clock: Clock, tmp_path: Path
) -> None:
    start = await duel(services)
    _seat, user, key = asked(start)
    await play_out(services, start)
    clock.now += 31 * DAY
    assert (await archive(services.db, clock.now - 30 * DAY, tmp_path / "a.jsonl.gz")).games == 1
    fresh = await make_services()  # another process: it reads the archived table from the database
    with pytest.raises(ServiceError) as refused:
        await fresh.tables.act(start.table.id, user, tok(start, user), key)
    assert refused.value.code == Code.GAME_OVER
