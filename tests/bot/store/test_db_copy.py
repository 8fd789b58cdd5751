"""``tablekeeper db copy``: every row of every table lands in the new database, ids carry on after them."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, select, text

from bot import cli
from bot.store.copy import copy_database
from bot.store.db import create_engine
from bot.store.migrate import upgrade
from bot.store.schema import metadata, tables
from tests.bot.pgdb import PG, fresh_database

BIG = 1_234_567_890_123_456_789  # a Discord snowflake: needs a 64-bit column on PostgreSQL


def _table(table_id: int, status: str, **changes: Any) -> dict[str, Any]:
    row = dict(
        id=table_id, guild_id=BIG, channel_id=BIG + table_id, thread_id=None, active_channel_id=None,
        host_id=BIG, solo=False, game="tiny", mode="duel", options={"score": 15}, status=status,
        rules_version="1", content_version="1", config={"mode": "duel", "players": 2}, seed=7,
        rng_algorithm="pcg", seq=2, snapshot=b"\x00\xffstate", outcome=None, version=3,
        public_message_id=BIG, public_digest="d" * 64, public_moves=1, created_at=1.5,
        updated_at=2.25, finished_at=None,
    )  # fmt: skip
    row.update(changes)
    return row


ROWS: dict[str, list[dict[str, Any]]] = {
    "guild_settings": [
        dict(
            guild_id=BIG,
            channels=[BIG],
            disabled_games=["climax"],
            turn_timeout_seconds=300,
            timeout_action="bot",
            thread_per_game=True,
            mention_on_turn=False,
            updated_at=1.0,
            language="ja",
            leaderboard=False,
            provisional_games=3,
            season=2,
        ),
    ],
    "tables": [
        _table(1, "finished", finished_at=3.5, outcome={"ranking": [0, 1]}),
        _table(2, "playing", active_channel_id=BIG + 2),
        _table(5, "lobby", snapshot=None, seed=None, config=None, guild_id=None, solo=True),
    ],
    "seats": [
        dict(
            table_id=t,
            seat=s,
            user_id=BIG + s if s == 0 else None,
            bot=None if s == 0 else "hard",
            name=f"seat {s} ✓",
            dm_open=s == 0,
            dm_message_id=None,
            dm_digest=None,
            has_left=False,
            seat_options={"deck": "ironclad"},
            prompted_at=1.0,
            deadline=None if t == 1 else 99.5,
            remind_at=None,
            reminded=False,
            moves=s,
        )
        for t in (1, 2)
        for s in (0, 1)
    ],
    "moves": [
        dict(table_id=t, seq=q, seat=q % 2, action_key=f"play:{q}", at=1.0 + q)
        for t in (1, 2)
        for q in (1, 2)
    ],
    "results": [
        dict(
            table_id=1,
            seat=s,
            guild_id=BIG,
            game="tiny",
            mode="duel",
            user_id=None,
            bot="hard",
            name="x",
            won=s == 0,
            rank=s + 1,
            score=None,
            forfeit=False,
            finished_at=3.5,
        )
        for s in (0, 1)
    ],
    "rated_games": [dict(table_id=1, guild_id=BIG, season=2, game="tiny", mode="duel", rated_at=3.5)],
    "ratings": [
        dict(
            board=board,
            game="tiny",
            mode=mode,
            entity="bot:hard",
            kind="bot",
            user_id=None,
            name="Hard bot ✓",
            mu=27.5,
            sigma=7.9,
            shown=1040,
            games=1,
            wins=1,
            updated_at=3.5,
        )
        for board in ("*", f"g{BIG}:s2")
        for mode in ("", "duel")
    ],
    "rating_changes": [
        dict(
            table_id=1,
            board="*",
            mode="",
            entity="bot:hard",
            game="tiny",
            user_id=None,
            before=1000,
            after=1040,
            won=True,
            at=3.5,
        )
    ],
    "seasons": [dict(guild_id=BIG, number=2, name="Spring ✓", started_at=2.0)],
    "hidden_players": [dict(user_id=BIG, at=1.5)],
    "reviews": [dict(table_id=1, data={"en": {"steps": 12, "note": "✓"}}, made_at=4.5)],
}


#: what `db copy` says it copied from ROWS (every table, in the order it copies them)
LINE = ", ".join(f"{len(ROWS[table.name]):,} {table.name}" for table in metadata.sorted_tables)


async def _fill(url: str) -> None:
    await upgrade(url)
    engine = create_engine(url)
    try:
        async with engine.begin() as connection:
            for table in metadata.sorted_tables:  # parents first
                if table.name in ROWS:
                    await connection.execute(insert(table), ROWS[table.name])
    finally:
        await engine.dispose()


async def _everything(url: str) -> dict[str, list[dict[str, Any]]]:
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            found = {}
            for table in metadata.sorted_tables:
                query = select(table).order_by(*table.primary_key.columns)
                found[table.name] = [dict(row) for row in (await connection.execute(query)).mappings()]
            return found
    finally:
        await engine.dispose()


async def _next_table_id(url: str) -> int:
    engine = create_engine(url)
    try:
        async with engine.begin() as connection:
            row = _table(0, "lobby")
            del row["id"]
            made = await connection.execute(insert(tables).returning(tables.c.id), [row])
            return int(made.scalar_one())
    finally:
        await engine.dispose()


async def _copies_everything(source: str, target: str) -> None:
    await _fill(source)
    copied = await copy_database(source, target, batch=2)  # batches of 2: several per table
    assert copied.rows == {name: len(ROWS[name]) for name in copied.rows}
    assert set(copied.rows) == set(metadata.tables)
    assert (
        await _everything(target)
        == await _everything(source)
        == {
            name: sorted(rows, key=lambda r: tuple(r[c.name] for c in metadata.tables[name].primary_key))
            for name, rows in ROWS.items()
        }
    )
    assert await _next_table_id(target) == 6  # a new table's id follows the copied ones (5 was the last)


async def test_sqlite_to_sqlite_copies_every_row_and_new_ids_follow(tmp_path: Path) -> None:
    await _copies_everything(
        f"sqlite+aiosqlite:///{tmp_path}/old.db", f"sqlite+aiosqlite:///{tmp_path}/new.db"
    )


@pytest.mark.postgres
@pytest.mark.skipif(not PG, reason="needs TEST_DATABASE_URL pointing at PostgreSQL")
async def test_sqlite_to_postgresql_copies_every_row_and_new_ids_follow(tmp_path: Path) -> None:
    async with fresh_database("tk_copy") as target:
        await _copies_everything(f"sqlite+aiosqlite:///{tmp_path}/old.db", target)


def test_the_command_refuses_a_target_that_holds_rows_and_leaves_it_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, target = f"sqlite+aiosqlite:///{tmp_path}/a.db", f"sqlite+aiosqlite:///{tmp_path}/b.db"
    asyncio.run(_fill(source))
    asyncio.run(_fill(target))
    before = asyncio.run(_everything(target))
    assert cli.main(["db", "copy", "--from", source, "--to", target]) == 1
    err = capsys.readouterr().err.strip()
    assert err == (
        f"tablekeeper: {target} already holds 1 row in guild_settings: copy only into an empty database "
        "(a new one, or one whose Tablekeeper tables were dropped)."
    )
    assert asyncio.run(_everything(target)) == before


def test_the_command_copies_into_a_new_file_and_says_what_it_copied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, target = f"sqlite+aiosqlite:///{tmp_path}/a.db", f"sqlite+aiosqlite:///{tmp_path}/b.db"
    asyncio.run(_fill(source))
    assert cli.main(["db", "copy", "--from", source, "--to", target]) == 0
    assert capsys.readouterr().out.strip() == (f"Copied {LINE} from {source} to {target}.")


@pytest.mark.parametrize(
    ("prepare", "said"),
    [
        ("same", "--from and --to name the same database; give the new database as --to."),
        ("unmigrated", "holds no Tablekeeper database (no migration recorded)."),
        ("newer", "is at migration 9999, newer than this release's"),
    ],
)
def test_the_command_refuses_a_source_it_cannot_copy_in_one_line(
    prepare: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, target = f"sqlite+aiosqlite:///{tmp_path}/a.db", f"sqlite+aiosqlite:///{tmp_path}/b.db"
    if prepare == "same":
        target = source
    elif prepare == "unmigrated":
        asyncio.run(_touch(source, "CREATE TABLE other (x INTEGER)"))
    else:
        asyncio.run(_fill(source))
        asyncio.run(_touch(source, "UPDATE alembic_version SET version_num = '9999'"))
    assert cli.main(["db", "copy", "--from", source, "--to", target]) == 1
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "b.db").exists() or prepare == "same"  # nothing was made


async def _touch(url: str, statement: str) -> None:
    engine = create_engine(url)
    try:
        async with engine.begin() as connection:
            await connection.execute(text(statement))
    finally:
        await engine.dispose()
