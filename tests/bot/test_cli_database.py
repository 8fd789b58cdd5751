"""The database URL at start: refused in one line when it cannot be used, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


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
