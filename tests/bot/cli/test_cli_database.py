"""The database URL at start: refused in one line when it cannot be used, never a traceback."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot import cli
from bot.store import migrate
from bot.store.migrate import SHIPPED_HEAD

ROOT = Path(__file__).resolve().parents[3]


def _python(code: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("TABLEKEEPER_", "DISCORD_"))}
    environ["PYTHONPATH"] = str(ROOT)
    environ.update(env)
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, env=environ, timeout=120
    )


def test_an_unusable_sqlite_path_is_one_line_every_time_without_the_driver_thread_traceback(
    tmp_path: Path,
) -> None:
    # Issue item 9: after the one-line error, 2 runs in 7 also printed aiosqlite's thread dying on
    # a closed event loop. Ten starts in one process (each its own event loop, as each CLI run
    # is) showed it in about half of them before the fix.
    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("")
    runs = 10
    code = f"from bot.cli import main\nprint([main(['run']) for _ in range({runs})])\n"
    env = {
        "DISCORD_TOKEN": "not-used",
        "TABLEKEEPER_DATABASE_URL": f"sqlite+aiosqlite:///{in_the_way}/tk.db",
        "TABLEKEEPER_SERVICE_DRAW_PROCESSES": "0",
    }
    done = _python(code, env, tmp_path)
    assert done.stdout.strip() == str([1] * runs), done.stderr
    lines = done.stderr.strip().splitlines()
    assert "Event loop is closed" not in done.stderr and "Exception in thread" not in done.stderr
    assert len(lines) == runs and len(set(lines)) == 1, done.stderr
    assert lines[0].startswith(
        f"tablekeeper: cannot use the database sqlite+aiosqlite:///{in_the_way}/tk.db: unable to open"
    )


FORMS = (
    "it must be sqlite+aiosqlite:///FILE (a SQLite file) or "
    "postgresql+asyncpg://USER:PASSWORD@HOST[:PORT]/DATABASE."
)


@pytest.mark.parametrize(
    ("url", "line"),
    [
        (
            "postgresql+asyncpg://",
            "Setting TABLEKEEPER_DATABASE_URL is 'postgresql+asyncpg://': it names no host and no "
            f"database name; {FORMS}",
        ),
        (
            "postgresql+asyncpg://:@/",
            "Setting TABLEKEEPER_DATABASE_URL is 'postgresql+asyncpg://:***@/': it names no host and no "
            f"database name; {FORMS}",
        ),
        (
            "postgresql+asyncpg://tk@db.example",
            "Setting TABLEKEEPER_DATABASE_URL is 'postgresql+asyncpg://tk@db.example': it names no "
            f"database name; {FORMS}",
        ),
        (
            "postgresql+asyncpg://tk:s3cret@db.example:99999/tk",
            "Setting TABLEKEEPER_DATABASE_URL is 'postgresql+asyncpg://tk:***@db.example:99999/tk': "
            f"port 99999 is out of range (1 to 65535); {FORMS}",
        ),
        (
            "postgresql+asyncpg://tk@db.example:five/tk",
            "Setting TABLEKEEPER_DATABASE_URL is 'postgresql+asyncpg://tk@db.example:five/tk': its port "
            f"is not a number; {FORMS}",
        ),
        ("not a url", f"Setting TABLEKEEPER_DATABASE_URL is 'not a url': that is not a URL; {FORMS}"),
    ],
    ids=[
        "no host or database",
        "empty host and database",
        "no database",
        "port 99999",
        "port five",
        "not a url",
    ],
)
def test_a_database_url_that_names_no_database_of_ours_is_refused_before_connecting(
    url: str, line: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue item 8: asyncpg fills a missing host and database from its defaults, and `db upgrade`
    # then migrated another application's database; a port out of range was a traceback.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TABLEKEEPER_DATABASE_URL", url)
    monkeypatch.setattr(migrate, "create_engine", lambda *a, **k: pytest.fail("a database was contacted"))
    assert cli.main(["db", "upgrade"]) == 2
    assert capsys.readouterr().err == f"tablekeeper: {line}\n"
    assert "s3cret" not in line


@pytest.mark.parametrize(
    "url",
    ["sqlite+aiosqlite://", "sqlite+aiosqlite:///:memory:", "sqlite+aiosqlite:///file::memory:?uri=true"],
)
def test_run_refuses_an_in_memory_database_that_would_lose_every_game(
    url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import bot.discord.run

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-used")
    monkeypatch.setenv("TABLEKEEPER_DATABASE_URL", url)
    monkeypatch.setattr(bot.discord.run, "run", lambda settings: pytest.fail("Discord was contacted"))
    assert cli.main(["run"]) == 2
    assert capsys.readouterr().err == (
        f"tablekeeper: Setting TABLEKEEPER_DATABASE_URL is {url!r}: an in-memory database would lose every "
        "game when the bot stops; for `run` it must be a SQLite file (sqlite+aiosqlite:///tablekeeper.db) "
        "or postgresql+asyncpg://USER:PASSWORD@HOST[:PORT]/DATABASE.\n"
    )


def test_db_upgrade_says_from_which_revision_to_which_it_migrated(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "tk.db"
    url = f"sqlite+aiosqlite:///{database}"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TABLEKEEPER_DATABASE_URL", url)
    assert cli.main(["db", "upgrade"]) == 0
    assert cli.main(["db", "upgrade"]) == 0
    asyncio.run(migrate.upgrade(f"sqlite+aiosqlite:///{tmp_path}/older.db", "0004"))
    monkeypatch.setenv("TABLEKEEPER_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path}/older.db")
    assert cli.main(["db", "upgrade"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"Database migrated from empty to {SHIPPED_HEAD}: {url}",
        f"Database was already at {SHIPPED_HEAD}: {url}",
        f"Database migrated from 0004 to {SHIPPED_HEAD}: sqlite+aiosqlite:///{tmp_path}/older.db",
    ]


@pytest.mark.parametrize(
    ("stamp", "said"),
    [
        (
            "0099",
            "was written by a newer Tablekeeper release (revision 0099; this release knows up to "
            f"{SHIPPED_HEAD}): upgrade Tablekeeper, or point TABLEKEEPER_DATABASE_URL at another database.",
        ),
        (
            "3f2a9c1b7d4e",
            "records the migration '3f2a9c1b7d4e', which is not one of Tablekeeper's (this release knows up "
            f"to {SHIPPED_HEAD}), so it may belong to another application: point TABLEKEEPER_DATABASE_URL "
            "at Tablekeeper's own database.",
        ),
    ],
    ids=["newer release", "another application"],
)
@pytest.mark.parametrize("command", [["db", "upgrade"], ["run"]], ids=" ".join)
def test_a_database_at_a_revision_this_release_does_not_have_is_refused_in_one_line(
    stamp: str,
    said: str,
    command: list[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import bot.discord.run

    database = tmp_path / "tk.db"
    asyncio.run(migrate.upgrade(f"sqlite+aiosqlite:///{database}"))
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE alembic_version SET version_num = ?", (stamp,))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-used")
    monkeypatch.setenv("TABLEKEEPER_DATABASE_URL", f"sqlite+aiosqlite:///{database}")
    monkeypatch.setattr(bot.discord.run, "run", lambda settings: pytest.fail("Discord was contacted"))
    assert cli.main(command) == 1
    assert capsys.readouterr().err == f"tablekeeper: the database sqlite+aiosqlite:///{database} {said}\n"
    with sqlite3.connect(database) as connection:  # left as it was
        assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [(stamp,)]
