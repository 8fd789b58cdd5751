"""Reviews in the service (``services.reviews``): worked out once per finished game and stored, never
for a running game, and shown to whoever may watch the game's replay."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bot.service import Services, reviews
from bot.service.game import resolve
from bot.service.values import ServiceError
from bot.store import reviews_repo
from bot.store.archive import archive
from engines import registry
from engines.core import Code, GameConfig
from engines.core.driver import Match, bot_for
from engines.core.review import Review
from engines.core.timeline import build
from tests.bot.service.conftest import Clock
from tests.bot.service.helpers import ANN, BOB, CAT, CHANNEL, GUILD, asked, duel, lobby, play_out, tok

DAY = 86_400.0


@pytest.fixture
def computed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the reviews worked out (each call of ``work_out``), whichever room calls it."""
    calls: list[int] = []
    real: Callable[..., dict[str, Any]] = reviews.work_out

    def counting(*args: Any, **kwargs: Any) -> dict[str, Any]:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(reviews, "work_out", counting)
    return calls


async def _stored(services: Services, table_id: int) -> dict[str, Any] | None:
    async with services.db.connect() as connection:
        return await reviews_repo.get(connection, table_id)


async def test_a_finished_game_is_reviewed_once_and_stored(services: Services, computed: list[int]) -> None:
    done = await play_out(services, await duel(services))
    table_id = done.table.id
    assert await _stored(services, table_id) is None
    first = await services.reviews.get(table_id, ANN)
    assert first.chart_png.startswith(b"\x89PNG") and first.sides == ("Ann", "Bob")
    assert first.points[0].step == 0 and first.points[-1].step == len(await services.tables.log(table_id))
    assert first.lines and all(line.startswith("Turning point") for line in first.lines[: len(first.turning)])
    assert done.outcome is not None
    winner = done.outcome.winners[0]
    assert first.points[-1].chances[winner] == 1.0
    stored = await _stored(services, table_id)
    assert stored is not None and stored["version"] == reviews.DATA_VERSION
    assert msgspec.convert(stored["reviews"]["en"], Review).points == first.points
    again = await services.reviews.get(table_id, BOB)
    assert computed == [1]  # the second look reads the stored figures
    assert again.points == first.points and again.lines == first.lines


async def test_two_looks_at_once_work_the_review_out_once(services: Services, computed: list[int]) -> None:
    done = await play_out(services, await duel(services))
    one, two = await asyncio.gather(
        services.reviews.get(done.table.id, ANN), services.reviews.get(done.table.id, BOB)
    )
    assert computed == [1] and one.points == two.points


async def test_two_processes_both_computing_keep_the_first_stored_review(
    services: Services, make_services: Callable[..., Any], computed: list[int]
) -> None:
    done = await play_out(services, await duel(services))
    other: Services = await make_services()
    one, two = await asyncio.gather(
        services.reviews.get(done.table.id, ANN), other.reviews.get(done.table.id, BOB)
    )
    assert one.points == two.points and len(computed) in (1, 2)
    async with services.db.connect() as connection:
        assert not await reviews_repo.put(connection, done.table.id, {"version": 0}, 1.0)  # one row, kept
    stored = await _stored(services, done.table.id)
    assert stored is not None and stored["version"] == reviews.DATA_VERSION


async def test_a_running_game_and_a_lobby_get_no_review(services: Services, computed: list[int]) -> None:
    table = await lobby(services, (BOB, "Bob"))
    with pytest.raises(ServiceError) as refused:
        await services.reviews.get(table.id, ANN)
    assert refused.value.code == Code.NOT_STARTED
    running = await services.tables.start(table.id, ANN)
    _seat, user, key = asked(running)
    running = await services.tables.act(running.table.id, user, tok(running, user), key)
    with pytest.raises(ServiceError) as refused:
        await services.reviews.get(running.table.id, ANN)
    assert refused.value.code == Code.GAME_OVER and "still running" in refused.value.message
    assert computed == [] and await _stored(services, running.table.id) is None


async def test_an_aborted_game_has_no_result_to_review(services: Services) -> None:
    running = await duel(services)
    await services.tables.abort(running.table.id, ANN)
    with pytest.raises(ServiceError) as refused:
        await services.reviews.get(running.table.id, ANN)
    assert "stopped before its end" in refused.value.message


async def test_the_replays_watch_rule_decides_who_sees_a_review(services: Services) -> None:
    done = await play_out(services, await duel(services))
    with pytest.raises(ServiceError) as refused:
        await services.reviews.get(done.table.id, CAT, channel_id=CHANNEL + 5)
    assert refused.value.code == Code.NOT_PLAYER and "channel" in refused.value.message
    watched = await services.reviews.get(done.table.id, CAT, channel_id=CHANNEL)
    assert watched.points and watched.chart_png


async def test_a_review_made_before_archiving_stays_and_none_is_made_after(
    services: Services, clock: Clock, tmp_path: Path
) -> None:
    kept = await play_out(services, await duel(services, channel=11))
    first = await services.reviews.get(kept.table.id, ANN)
    lost = await play_out(services, await duel(services, channel=12))
    clock.now += 40 * DAY
    assert (await archive(services.db, clock.now - 30 * DAY, tmp_path / "a.jsonl.gz")).games == 2
    assert (await services.reviews.get(kept.table.id, ANN)).points == first.points
    with pytest.raises(ServiceError) as refused:
        await services.reviews.get(lost.table.id, ANN)
    assert refused.value.code == Code.NOT_FOUND and "archived" in refused.value.message


async def test_the_last_games_in_stats_say_which_can_be_reviewed(
    services: Services, clock: Clock, tmp_path: Path
) -> None:
    one = await play_out(services, await duel(services, channel=11))
    two = await play_out(services, await duel(services, channel=12))
    await services.reviews.get(one.table.id, ANN)
    clock.now += 40 * DAY
    await archive(services.db, clock.now - 30 * DAY, tmp_path / "a.jsonl.gz")
    record = await services.stats.record(ANN, "tiny", guild_id=GUILD)
    shown = {change.table_id: change.review for change in record.last}
    assert shown == {one.table.id: True, two.table.id: False}


@pytest.mark.slow(seconds=4)
def test_review_of_reviews_climax_in_japanese_words_when_the_table_speaks_it() -> None:
    ruleset = registry.get("climax")
    config = ruleset.resolve_config(GameConfig("duel", 2, {"lang": "ja"}))
    match = Match(ruleset, config, 2)
    match.play_out(bot_for(ruleset, "normal"))
    timeline = build(ruleset, config, 2, match.log)
    made = reviews.review_of(resolve("climax"), timeline, ["あい", "Bob"], playouts=3, budget=4_000)
    assert made.lang == "ja" and made.turning
    assert all(line.startswith("転機") and "勝率" in line for line in made.lines)
    data = reviews.work_out("climax", msgspec.to_builtins(config), 2, match.log, playouts=3, budget=4_000)
    ja = msgspec.convert(data["reviews"]["ja"], Review)
    en = msgspec.convert(data["reviews"]["en"], Review)
    assert ja.points == en.points == made.points  # one set of figures, the words per language
    assert [t.played for t in ja.turning] == [t.played for t in en.turning]
    assert [t.played_label for t in ja.turning] != [t.played_label for t in en.turning]


def test_review_of_refuses_a_running_game_in_one_line() -> None:
    ruleset = registry.get("arclash")
    config = ruleset.resolve_config(GameConfig("standard", 2, {}))
    match = Match(ruleset, config, 2)
    match.advance(bot_for(ruleset, "normal"), steps=20)
    with pytest.raises(ServiceError) as refused:
        reviews.review_of(resolve("arclash"), build(ruleset, config, 2, match.log), ["A", "B"])
    assert refused.value.code == Code.GAME_OVER and "\n" not in refused.value.message
