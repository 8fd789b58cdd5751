"""``tablekeeper ratings rebuild`` and ``ratings show``: the same numbers as the bot stored."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.cli import main
from bot.service import Services
from bot.settings import Settings
from engines import registry
from render import registry as renderers
from tests.bot.service.helpers import play_out
from tests.bot.service.tinyrender import RENDERER
from tests.engines.core.tinygame import RULESET


@pytest.fixture(autouse=True)
def tiny_registered() -> Iterator[None]:
    with registry.registered("tiny", RULESET), renderers.registered("tiny", RENDERER):
        yield


async def _two_games(url: str) -> None:
    services = await Services.start(Settings(database_url=url), url=url, migrate=True)
    try:
        for n in range(2):
            solo = await services.tables.open_solo(
                7, 900 + n, "tiny", players=2, difficulty="easy", name="Ann"
            )
            await play_out(services, solo)
    finally:
        await services.close()


def test_show_lists_people_and_bots_and_rebuild_keeps_them(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio

    url = f"sqlite+aiosqlite:///{tmp_path}/tk.db"
    monkeypatch.setenv("TABLEKEEPER_DATABASE_URL", url)
    monkeypatch.setenv("TABLEKEEPER_RATINGS_PROVISIONAL_GAMES", "1")
    asyncio.run(_two_games(url))
    assert main(["ratings", "show", "tiny"]) == 0
    shown = capsys.readouterr().out
    assert "People (ranked after 1 rated games):" in shown and "Easy bot" in shown
    assert main(["ratings", "rebuild"]) == 0
    assert capsys.readouterr().out == "Rebuilt 4 ratings from 2 rated games.\n"
    assert main(["ratings", "show", "tiny"]) == 0
    assert capsys.readouterr().out == shown
    assert main(["ratings", "show", "chess"]) == 2
    assert capsys.readouterr().err.startswith("tablekeeper: There is no game 'chess'")
