"""Guild settings (per server, admin only, effective at once) and application settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import ServiceError, Services
from bot.settings import SettingsError, load_settings
from tests.bot.service.helpers import ANN, GUILD, lobby


async def test_defaults_then_changes_per_server(services: Services) -> None:
    shown = await services.guilds.get(GUILD)
    assert shown.channels == () and "tiny" in shown.enabled_games and shown.turn_timeout_seconds == 0
    await services.guilds.allow_channel(GUILD, 5, is_admin=True)
    await services.guilds.allow_channel(GUILD, 6, is_admin=True)
    await services.guilds.disallow_channel(GUILD, 5, is_admin=True)
    await services.guilds.set_timeout_action(GUILD, "Forfeit", is_admin=True)
    await services.guilds.set_thread_per_game(GUILD, True, is_admin=True)
    await services.guilds.set_mention_on_turn(GUILD, False, is_admin=True)
    await services.guilds.disable_game(GUILD, "tiny", is_admin=True)
    shown = await services.guilds.get(GUILD)
    assert shown.channels == (6,) and shown.timeout_action == "forfeit"
    assert shown.thread_per_game and not shown.mention_on_turn
    assert "tiny" not in shown.enabled_games and shown.disabled_games == ("tiny",)
    await services.guilds.enable_game(GUILD, "tiny", is_admin=True)
    assert "tiny" in (await services.guilds.get(GUILD)).enabled_games
    assert (await services.guilds.get(GUILD + 1)).channels == ()


async def test_only_admins_change_settings_and_values_are_checked(services: Services) -> None:
    with pytest.raises(ServiceError) as error:
        await services.guilds.set_turn_timeout(GUILD, 60, is_admin=False)
    assert error.value.code == "not_admin"
    for call in (
        services.guilds.set_turn_timeout(GUILD, -1, is_admin=True),
        services.guilds.set_timeout_action(GUILD, "explode", is_admin=True),
        services.guilds.disable_game(GUILD, "nogame", is_admin=True),
    ):
        with pytest.raises(ServiceError) as error:
            await call
        assert error.value.code == "bad_option"
    assert (await services.guilds.get(GUILD)).turn_timeout_seconds == 0


async def test_settings_apply_to_the_next_request_at_once(services: Services, make_services: object) -> None:
    other = await make_services()  # type: ignore[operator]
    await other.guilds.allow_channel(GUILD, 42, is_admin=True)  # changed by another process
    with pytest.raises(ServiceError) as error:
        await lobby(services)
    assert error.value.code == "channel_not_allowed"
    await services.guilds.clear_channels(GUILD, is_admin=True)
    assert (await lobby(services)).host_id == ANN


def test_load_settings_reads_defaults_env_and_dotenv(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("DISCORD_TOKEN='secret-token'\nTABLEKEEPER_TABLES_TURN_TIMEOUT_SECONDS=30\n")
    env = {
        "TABLEKEEPER_DATABASE_URL": "postgresql+asyncpg://db/tk",
        "TABLEKEEPER_TABLES_TURN_TIMEOUT_SECONDS": "45",
    }
    settings = load_settings(env, dotenv_path=dotenv)
    assert settings.database_url == "postgresql+asyncpg://db/tk"
    assert settings.turn_timeout_seconds == 45  # the environment beats .env
    assert settings.discord_token == "secret-token" and "secret-token" not in repr(settings)
    defaults = load_settings({}, dotenv_path=None)
    assert defaults.database_url == "sqlite+aiosqlite:///tablekeeper.db" and defaults.discord_token is None
    with pytest.raises(SettingsError) as error:
        load_settings({"TABLEKEEPER_TABLES_TIMEOUT_ACTION": "nap"}, dotenv_path=None)
    assert error.value.problems == [
        "Setting TABLEKEEPER_TABLES_TIMEOUT_ACTION is 'nap'; it must be one of bot, default, forfeit."
    ]
    with pytest.raises(SettingsError) as error:
        load_settings({"TABLEKEEPER_SERVICE_CACHE_SIZE": "lots"}, dotenv_path=None)
    assert error.value.problems == [
        "Setting TABLEKEEPER_SERVICE_CACHE_SIZE is 'lots'; it must be a whole number of 1 or more."
    ]


def test_shard_settings_split_shards_between_processes() -> None:
    settings = load_settings(
        {"TABLEKEEPER_DISCORD_SHARD_COUNT": "4", "TABLEKEEPER_DISCORD_SHARD_IDS": "2, 3"}, dotenv_path=None
    )
    assert settings.shard_plan() == (4, [2, 3])
    assert load_settings({}, dotenv_path=None).shard_plan() == (None, None)


def test_shard_ids_without_count_or_out_of_range_are_refused() -> None:
    with pytest.raises(SettingsError) as error:
        load_settings({"TABLEKEEPER_DISCORD_SHARD_IDS": "0"}, dotenv_path=None)
    assert error.value.problems == [
        "Setting TABLEKEEPER_DISCORD_SHARD_IDS is '0': shard ids need TABLEKEEPER_DISCORD_SHARD_COUNT too "
        "(every process must agree on it)."
    ]
    with pytest.raises(SettingsError) as error:
        load_settings(
            {"TABLEKEEPER_DISCORD_SHARD_COUNT": "2", "TABLEKEEPER_DISCORD_SHARD_IDS": "0,2"}, dotenv_path=None
        )
    assert error.value.problems == [
        "Setting TABLEKEEPER_DISCORD_SHARD_IDS is '0,2': each shard id must be below "
        "TABLEKEEPER_DISCORD_SHARD_COUNT, which is 2."
    ]
