"""``tablekeeper --help`` and a refused command line answer without loading the games or the service."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

#: what takes a second or more to load, and what no command line refusal needs
HEAVY = ("engines.core", "engines.registry", "bot.service", "bot.console", "bot.settings", "render")
DRIVERS = ("sqlalchemy", "pydantic", "discord", "PIL", "asyncio")

PROBE = """
import json, sys
from bot.cli import main
loaded = {}
for argv in json.loads(sys.argv[1]):
    try:
        status = main(argv)
    except SystemExit as stop:
        status = stop.code
    loaded[" ".join(argv)] = [status, sorted(sys.modules)]
print("\\n" + json.dumps(loaded))  # last, after what --help printed
"""


def _loaded(*argvs: list[str]) -> dict[str, tuple[int, list[str]]]:
    """Each command line run in turn in one fresh process: its exit status and the modules loaded by then."""
    environ = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(argvs)],
        capture_output=True,
        text=True,
        env=environ,
        timeout=60,
        check=True,
    )
    return {
        line: (status, modules)
        for line, (status, modules) in json.loads(done.stdout.splitlines()[-1]).items()
    }


def _heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if m.startswith(HEAVY) or m.split(".")[0] in DRIVERS]


def test_help_a_misspelt_command_and_a_misspelt_game_load_nothing_heavy() -> None:
    runs = _loaded(["--help"], ["play", "--help"], ["bogus"], ["rules"])
    assert [status for status, _ in runs.values()] == [0, 0, 2, 2]
    assert {line: _heavy(modules) for line, (_, modules) in runs.items()} == {line: [] for line in runs}


def test_an_unknown_game_is_refused_before_any_game_or_the_service_is_loaded() -> None:
    (status, modules), *_ = _loaded(["play", "nosuchgame"]).values()
    assert status == 2
    assert not any(m.startswith(("bot.service", "bot.console", "engines.clashofdecks")) for m in modules)
    assert not any(m.split(".")[0] in DRIVERS for m in modules)


def test_a_replay_file_that_is_not_there_is_refused_before_the_service_is_loaded(tmp_path: Path) -> None:
    (status, modules), *_ = _loaded(["replay", str(tmp_path / "nowhere.json")]).values()
    assert status == 2
    assert not any(m.startswith(("bot.service", "bot.console", "render")) for m in modules)
