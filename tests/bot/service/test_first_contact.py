"""First contact reads: a server's first table, and who plays a game for the first time."""

from __future__ import annotations

from bot.service import Services
from tests.bot.service.helpers import ANN, BOB, CAT, CHANNEL, GUILD, lobby, play_out


async def test_only_the_first_table_opened_in_a_server_is_its_first(services: Services) -> None:
    # a solo game started from the server does not count: nobody in the server saw it
    solo = await services.tables.open_solo(CAT, 9000, "tiny", players=2, difficulty="easy", guild_id=GUILD)
    first = await lobby(services)
    assert await services.stats.first_table(GUILD, first.id)
    await services.tables.abort(first.id, ANN)
    second = await lobby(services)
    assert not await services.stats.first_table(GUILD, second.id)
    assert await services.stats.first_table(GUILD + 1, second.id)  # another server has none
    assert solo.table.id < first.id


async def test_newcomers_are_the_people_with_no_earlier_dealt_game_of_that_game(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"))
    await services.tables.add_bot(table.id, ANN)
    assert await services.stats.newcomers(table.id) == [ANN, BOB]  # people only, in seat order
    started = await services.tables.start(table.id, ANN)
    assert await services.stats.newcomers(table.id) == [ANN, BOB]  # this game is not an earlier one
    await play_out(services, started)
    # a lobby closed before the deal makes nobody a veteran
    closed = await lobby(services, (CAT, "Cat"), channel=CHANNEL + 1)
    await services.tables.abort(closed.id, ANN)
    again = await lobby(services, (CAT, "Cat"))
    assert await services.stats.newcomers(again.id) == [CAT]
    # a game that was dealt counts, finished or not
    await services.tables.start(again.id, ANN)
    await services.tables.abort(again.id, ANN)
    third = await lobby(services, (CAT, "Cat"))
    assert await services.stats.newcomers(third.id) == []
