"""Without TEST_DATABASE_URL a run says how many PostgreSQL tests it skipped, and how to run them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]

TESTS = """
import os
import pytest

PG = os.environ.get("TEST_DATABASE_URL")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def url(request):
    if request.param == "postgres" and not PG:
        pytest.skip("no PostgreSQL")
    return request.param


def test_either_database(url):
    assert url


@pytest.mark.postgres
@pytest.mark.skipif(not PG, reason="needs TEST_DATABASE_URL")
def test_only_postgres():
    pass


def test_skipped_for_another_reason():
    pytest.skip("not about PostgreSQL")
"""


def _run(tmp_path: Path, *args: str, database: str | None = None) -> str:
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    postgres: needs PostgreSQL\n")
    (tmp_path / "conftest.py").write_text("from tests.conftest import pytest_terminal_summary\n")
    (tmp_path / "test_tiny.py").write_text(TESTS)
    env = {k: v for k, v in os.environ.items() if k != "TEST_DATABASE_URL"}
    # only xdist: the other installed plugins (SimCord's imports discord.py) cost seconds to load
    env.update(PYTHONPATH=str(ROOT), PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    if database is not None:
        env["TEST_DATABASE_URL"] = database
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "xdist", "-p", "no:cacheprovider", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_skipped_postgresql_tests_are_counted_across_xdist_workers(tmp_path: Path) -> None:
    out = _run(tmp_path, "-n", "2")
    lines = [line for line in out.splitlines() if "PostgreSQL tests skipped" in line]
    assert len(lines) == 1, out
    # the fixture's postgres variant and the marked test; the other skip is not counted
    assert "2 PostgreSQL tests skipped: no TEST_DATABASE_URL. To run them: TEST_DATABASE_URL=" in lines[0]
    assert "python -m pytest" in lines[0]


def test_nothing_is_said_when_postgresql_is_configured(tmp_path: Path) -> None:
    out = _run(tmp_path, "-n", "0", database="postgresql+asyncpg://nobody@127.0.0.1:1/none")
    assert "PostgreSQL tests skipped" not in out
    assert "2 passed" in out or "3 passed" in out, out
