"""A table's language: the server's setting, else the locale the adapter passes, unless chosen; replays
are the same move for move in every language."""

from __future__ import annotations

import pytest

from bot.service import ServiceError, Services
from engines import registry
from engines.core import Rng
from engines.core.driver import bot_for
from tests.bot.service.helpers import ANN, BOB, CHANNEL, GUILD

CLIMAX = "climax"


async def _lang(services: Services, channel: int, locale: str | None, **options: str) -> object:
    table = await services.tables.open_table(
        GUILD, channel, ANN, "Ann", CLIMAX, options=dict(options) or None, locale=locale
    )
    return table.options.get("lang")


async def test_a_new_table_follows_the_servers_discord_locale(services: Services) -> None:
    assert await _lang(services, 11, "ja") == "ja"
    assert await _lang(services, 12, "en-US") == "en"
    assert await _lang(services, 13, "en-GB") == "en"
    assert await _lang(services, 14, "fr") == "en"  # a language the game does not speak: its first
    assert await _lang(services, 15, None) == "en"
    assert await _lang(services, 16, "ja", lang="en") == "en"  # chosen explicitly: kept


async def test_the_servers_setting_wins_over_its_locale_for_new_tables_only(services: Services) -> None:
    before = await services.tables.open_table(GUILD, 21, ANN, "Ann", CLIMAX, locale="en-US")
    settings = await services.guilds.set_language(GUILD, "ja", is_admin=True)
    assert settings.language == "ja"
    assert await _lang(services, 22, "en-US") == "ja"
    assert await _lang(services, 23, "en-US", lang="en") == "en"
    assert (await services.tables.get(before.id)).options["lang"] == "en"  # an open lobby keeps its own
    await services.guilds.set_language(GUILD, "auto", is_admin=True)
    assert (await services.guilds.get(GUILD)).language is None
    assert await _lang(services, 24, "en-US") == "en"


async def test_a_game_with_one_language_gets_no_language_option(services: Services) -> None:
    await services.guilds.set_language(GUILD, "ja", is_admin=True)
    table = await services.tables.open_table(GUILD, CHANNEL, ANN, "Ann", "tiny", locale="ja")
    assert table.options == {}
    table = await services.tables.open_table(GUILD, 31, ANN, "Ann", "clashofdecks", locale="ja")
    assert "lang" not in table.options


async def test_the_language_setting_is_checked_and_admin_only(services: Services) -> None:
    assert (await services.guilds.get(GUILD)).language is None
    assert (await services.guilds.set_language(GUILD, " JA ", is_admin=True)).language == "ja"
    with pytest.raises(ServiceError) as error:
        await services.guilds.set_language(GUILD, "fr", is_admin=True)
    assert error.value.code == "bad_option" and "auto, en, ja" in error.value.message
    with pytest.raises(ServiceError) as error:
        await services.guilds.set_language(GUILD, "en", is_admin=False)
    assert error.value.code == "not_admin"
    assert (await services.guilds.get(GUILD)).language == "ja"
    assert (await services.guilds.get(GUILD + 1)).language is None


async def test_a_solo_game_follows_the_server_it_was_asked_from_else_the_player(services: Services) -> None:
    await services.guilds.set_language(GUILD, "ja", is_admin=True)
    asked_in_server = await services.tables.open_solo(ANN, 41, CLIMAX, guild_id=GUILD, locale="en-US")
    assert asked_in_server.table.options["lang"] == "ja" and asked_in_server.table.guild_id is None
    in_dms = await services.tables.open_solo(BOB, 42, CLIMAX, locale="ja")
    assert in_dms.table.options["lang"] == "ja"
    assert in_dms.seats[0].prompt is not None and "引き直し" in in_dms.seats[0].prompt.text
    english = await services.tables.open_solo(300, 43, CLIMAX, locale="en-US")
    assert english.table.options["lang"] == "en"
    chosen = await services.tables.open_solo(
        400, 44, CLIMAX, options={"lang": "en"}, guild_id=GUILD, locale="ja"
    )
    assert chosen.table.options["lang"] == "en"


async def _solo_log(services: Services, user: int, lang: str) -> tuple[list[tuple[int, int, str]], str]:
    """A whole solo duel dealt from one seed, the person's choices made by the greedy bot."""
    delivery = await services.tables.open_solo(user, user, CLIMAX, options={"lang": lang}, seed=2026)
    chooser, rng = bot_for(registry.get(CLIMAX), "greedy"), Rng(5)
    while delivery.outcome is None:
        mine = delivery.seats[0]
        assert mine.prompt is not None
        action = chooser.choose(mine.view, mine.prompt, mine.actions, rng)
        delivery = await services.tables.act(delivery.table.id, user, mine.token, action.key)
    assert await services.tables.replay_check(delivery.table.id)
    return await services.tables.log(delivery.table.id), delivery.outcome.reason


async def test_a_replay_is_the_same_move_for_move_in_either_language(services: Services, db_url: str) -> None:
    if not db_url.startswith("sqlite"):
        pytest.skip("the language never reaches the database: two whole games on SQLite say it all")
    english, why = await _solo_log(services, ANN, "en")
    japanese, naze = await _solo_log(services, BOB, "ja")
    assert english == japanese and len(english) > 50
    assert "level 4" in why and "レベル4" in naze
