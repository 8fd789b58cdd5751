"""A broken content file stops ``run``, ``games`` and ``play`` at once: one line, exit status 1."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot import cli
from engines.core.content import overridden, shipped_text

FILE = "engines/clashofdecks/data/cards.toml"
LINE = (
    f"tablekeeper: Clash of Decks content: {FILE}: entry 'annihilation', field 'power': Expected `int` >= 0"
)


@pytest.fixture
def broken() -> Iterator[None]:
    text = shipped_text("engines.clashofdecks.data", "cards.toml")
    with overridden(FILE, text.replace("power = 4", "power = -4", 1)):
        yield


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert captured.err.count("\n") == 1, captured.err
    return captured.err.strip()


@pytest.mark.usefixtures("broken")
def test_games_stops_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games"]) == 1
    assert _one_line(capsys) == LINE
    assert capsys.readouterr().out == ""


@pytest.mark.usefixtures("broken")
def test_play_stops_before_asking_anything(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "arclash", "--seed", "1"]) == 1  # every game is checked, not only this one
    assert _one_line(capsys) == LINE


@pytest.mark.usefixtures("broken")
def test_run_stops_before_the_database_or_discord(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import bot.discord.run
    import bot.store.migrate

    async def no_database(url: str) -> None:
        pytest.fail("the database was contacted")

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setattr(bot.store.migrate, "current_revision", no_database)
    monkeypatch.setattr(bot.discord.run, "run", lambda settings: pytest.fail("Discord was contacted"))
    assert cli.main(["run"]) == 1
    assert _one_line(capsys) == LINE


def test_shipped_content_lets_games_list_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert "clashofdecks" in out and "arclash" in out and "hackclad" in out
