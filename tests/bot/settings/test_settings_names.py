"""A mistyped TABLEKEEPER_* variable stops the bot at start instead of being silently ignored."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import SettingsError, known_variables, load_settings


def test_an_unknown_variable_is_refused_with_the_name_it_was_probably_meant_to_be() -> None:
    with pytest.raises(
        SettingsError, match="TABLEKEEPER_SHARD_COUNT; did you mean TABLEKEEPER_DISCORD_SHARD_COUNT"
    ):
        load_settings({"TABLEKEEPER_SHARD_COUNT": "4"}, dotenv_path=None)


def test_every_documented_variable_is_known() -> None:
    readme = (Path(__file__).parents[3] / "README.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in readme for name in known_variables())
    assert load_settings(dict.fromkeys(["TABLEKEEPER_DISCORD_LOG_LEVEL"], "INFO"), dotenv_path=None)


def test_every_variable_in_the_compose_file_is_known() -> None:
    import re

    compose = (Path(__file__).parents[3] / "compose.yaml").read_text(encoding="utf-8")
    named = set(re.findall(r"\bTABLEKEEPER_[A-Z_]+\b", compose))
    assert named and named <= set(known_variables())
    assert "TABLEKEEPER_WORK_QUEUE" in named and "TABLEKEEPER_DISCORD_SHARD_IDS" in named


def test_every_variable_the_readme_and_the_dockerfile_name_is_known() -> None:
    import re

    root = Path(__file__).parents[3]
    named: set[str] = set()
    for doc in ("README.md", "Dockerfile", "compose.yaml"):
        named |= set(re.findall(r"\bTABLEKEEPER_[A-Z_]*[A-Z]\b", (root / doc).read_text(encoding="utf-8")))
    assert named and named <= set(known_variables()), sorted(named - set(known_variables()))


@pytest.mark.parametrize("command", ["run", "work"])
def test_run_and_work_stop_at_start_naming_an_unknown_variable(
    command: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.cli import main

    monkeypatch.chdir(tmp_path)  # no .env from the developer's folder
    monkeypatch.setenv("DISCORD_TOKEN", "not-used")
    monkeypatch.setenv("TABLEKEEPER_WORK_QUEUES", "procrastinate")
    assert main([command]) != 0  # before the database or Discord is touched
    said = capsys.readouterr().err
    assert "Unknown setting TABLEKEEPER_WORK_QUEUES; did you mean TABLEKEEPER_WORK_QUEUE?" in said
