"""Lobby rules: opening tables, seats, options, starting and aborting."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.service import ABORTED, LOBBY, PLAYING, ServiceError, Services
from engines import registry
from engines.core import ModeSpec, OptionSpec
from render import registry as renderers
from tests.bot.service.helpers import ANN, BOB, CAT, CHANNEL, GUILD, lobby, moves
from tests.bot.service.tinyrender import RENDERER
from tests.engines.core.tinygame import TinyRules


class DeckTiny(TinyRules):
    """Tiny with a per-player choice, to exercise per-seat options."""

    slug = "decktiny"
    modes = (
        ModeSpec(
            "race",
            "Race",
            (2, 3),
            "Play cards; reach the target.",
            (
                OptionSpec("target", "Pile total that wins", 15, kind="int", minimum=5, maximum=40),
                OptionSpec("deck", "Your deck", "red", choices=("red", "blue"), per_seat=True),
            ),
        ),
    )


@pytest.fixture
def decktiny() -> Iterator[None]:
    with registry.registered("decktiny", DeckTiny()), renderers.registered("decktiny", RENDERER):
        yield


async def code_of(awaitable: object) -> str:
    with pytest.raises(ServiceError) as error:
        await awaitable  # type: ignore[misc]
    assert error.value.message  # every refusal explains itself
    return error.value.code


async def test_open_seats_the_host_and_validates_options(services: Services) -> None:
    table = await services.tables.open_table(GUILD, CHANNEL, ANN, "Ann", "tiny", "race", {"target": "20"})
    assert table.status == LOBBY and table.options == {"target": 20}
    assert [(s.seat, s.user_id, s.name) for s in table.seats] == [(0, ANN, "Ann")]
    assert (table.min_players, table.max_players) == (1, 3)
    with pytest.raises(ServiceError, match="at most 40") as error:
        await services.tables.open_table(GUILD, 11, ANN, "Ann", "tiny", options={"target": 99})
    assert error.value.code == "bad_option"
    assert await code_of(services.tables.open_table(GUILD, 12, ANN, "Ann", "tiny", "chaos")) == "bad_option"
    assert await code_of(services.tables.open_table(GUILD, 13, ANN, "Ann", "nogame")) == "not_found"


async def test_one_active_table_per_channel(services: Services) -> None:
    first = await lobby(services)
    assert await code_of(services.tables.open_table(GUILD, CHANNEL, BOB, "Bob", "tiny")) == "already_active"
    await services.tables.abort(first.id, ANN)
    again = await services.tables.open_table(GUILD, CHANNEL, BOB, "Bob", "tiny")
    assert again.id != first.id and again.host_id == BOB


async def test_allowed_channels_and_disabled_games_come_from_guild_settings(services: Services) -> None:
    await services.guilds.allow_channel(GUILD, 55, is_admin=True)
    with pytest.raises(ServiceError, match="<#55>") as error:
        await lobby(services)
    assert error.value.code == "channel_not_allowed"
    assert (await services.tables.open_table(GUILD, 55, ANN, "Ann", "tiny")).channel_id == 55
    await services.guilds.disable_game(GUILD, "tiny", is_admin=True)
    assert await code_of(services.tables.open_table(GUILD, 55 + 1, ANN, "Ann", "tiny")) in {
        "channel_not_allowed",
        "game_disabled",
    }
    await services.guilds.clear_channels(GUILD, is_admin=True)
    assert await code_of(services.tables.open_table(GUILD, 56, ANN, "Ann", "tiny")) == "game_disabled"
    # another server is unaffected
    assert (await services.tables.open_table(GUILD + 1, 57, ANN, "Ann", "tiny")).status == LOBBY


async def test_join_full_and_already_seated(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"))
    assert await code_of(services.tables.join(table.id, BOB, "Bob")) == "already_seated"
    table = await services.tables.join(table.id, CAT, "Cat")
    assert [s.user_id for s in table.seats] == [ANN, BOB, CAT]
    assert await code_of(services.tables.join(table.id, 400, "Dan")) == "full"


async def test_leave_renumbers_and_passes_host_and_last_leaver_closes(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"), (CAT, "Cat"))
    table = await services.tables.leave(table.id, ANN)
    assert table.host_id == BOB and [(s.seat, s.user_id) for s in table.seats] == [(0, BOB), (1, CAT)]
    assert await code_of(services.tables.leave(table.id, ANN)) == "not_player"
    await services.tables.leave(table.id, CAT)
    closed = await services.tables.leave(table.id, BOB)
    assert closed.status == ABORTED
    assert await services.tables.status(CHANNEL) is None


async def test_bots_need_the_host_and_a_known_difficulty(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"))
    assert await code_of(services.tables.add_bot(table.id, BOB, "easy")) == "not_host"
    assert await code_of(services.tables.add_bot(table.id, ANN, "godlike")) == "bad_option"
    table = await services.tables.add_bot(table.id, ANN, "hard")
    assert table.seats[2].bot == "hard" and table.seats[2].user_id is None
    assert await code_of(services.tables.add_bot(table.id, ANN)) == "full"
    table = await services.tables.remove_seat(table.id, ANN, 2)
    assert len(table.seats) == 2


async def test_set_option_is_host_only_and_validated(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"))
    assert await code_of(services.tables.set_option(table.id, BOB, "target", 10)) == "not_host"
    with pytest.raises(ServiceError, match="no option 'speed'"):
        await services.tables.set_option(table.id, ANN, "speed", 3)
    table = await services.tables.set_option(table.id, ANN, "target", "9")
    assert table.options == {"target": 9}
    delivery = await services.tables.start(table.id, ANN)
    assert delivery.table.options == {"target": 9}
    assert await code_of(services.tables.set_option(table.id, ANN, "target", 12)) == "already_started"


async def test_per_seat_option_reaches_the_game_config(services: Services, decktiny: None) -> None:
    table = await services.tables.open_table(GUILD, CHANNEL, ANN, "Ann", "decktiny")
    table = await services.tables.join(table.id, BOB, "Bob")
    with pytest.raises(ServiceError, match="must be one of red, blue"):
        await services.tables.set_seat_option(table.id, BOB, "deck", "green")
    assert await code_of(services.tables.set_seat_option(table.id, CAT, "deck", "blue")) == "not_player"
    await services.tables.set_seat_option(table.id, BOB, "deck", "BLUE")
    await services.tables.start(table.id, ANN)
    loaded = await services.runtime.load(table.id, fresh=True)
    assert loaded.table.config is not None
    assert loaded.table.config["seat_options"] == [{}, {"deck": "blue"}]


async def test_start_needs_the_host_and_enough_players(services: Services, decktiny: None) -> None:
    table = await services.tables.open_table(GUILD, CHANNEL, ANN, "Ann", "decktiny")
    assert await code_of(services.tables.start(table.id, ANN)) == "not_enough_players"
    table = await services.tables.join(table.id, BOB, "Bob")
    assert await code_of(services.tables.start(table.id, BOB)) == "not_host"
    delivery = await services.tables.start(table.id, ANN)
    assert delivery.table.status == PLAYING and await moves(services, delivery.table.id) == 0
    assert await code_of(services.tables.start(table.id, ANN)) == "already_started"
    assert await code_of(services.tables.join(table.id, CAT, "Cat")) == "already_started"


async def test_abort_by_host_or_admin_only(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"))
    await services.tables.start(table.id, ANN)
    assert await code_of(services.tables.abort(table.id, BOB)) == "not_host"
    aborted = await services.tables.abort(table.id, BOB, is_admin=True)
    assert aborted.status == ABORTED
    assert await code_of(services.tables.act(table.id, ANN, "0", "x")) == "game_over"
    assert await code_of(services.tables.abort(table.id, ANN)) == "game_over"


async def test_status_by_channel_or_thread_and_tables_of_a_user(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"))
    await services.tables.record_thread(table.id, 999)
    assert (await services.tables.status(CHANNEL)).id == table.id  # type: ignore[union-attr]
    assert (await services.tables.status(999)).id == table.id  # type: ignore[union-attr]
    assert await services.tables.status(12345) is None
    other = await services.tables.open_table(GUILD, 20, BOB, "Bob", "tiny")
    assert [t.id for t in await services.tables.tables_of(BOB)] == [other.id, table.id]
    assert [t.id for t in await services.tables.tables_of(ANN)] == [table.id]
    assert await services.tables.tables_of(CAT) == []
