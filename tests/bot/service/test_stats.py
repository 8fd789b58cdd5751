"""Stats from finished games: per player, per server, leaderboards; aborted games never count."""

from __future__ import annotations

from bot.service import Services
from tests.bot.service.helpers import ANN, BOB, CAT, GUILD, duel, lobby, play_out


async def test_player_server_and_leaderboard_figures(services: Services) -> None:
    winners = []
    for _ in range(3):
        final = await play_out(services, await duel(services))
        assert final.outcome is not None
        winners.append(final.table.seats[final.outcome.winners[0]].user_id)
    aborted = await lobby(services, (CAT, "Cat"))
    await services.tables.start(aborted.id, ANN)
    await services.tables.abort(aborted.id, ANN)
    solo = await services.tables.open_solo(CAT, 9000, "tiny", players=2, difficulty="easy", name="Cat")
    await play_out(services, solo)

    ann = await services.stats.player(ANN)
    assert [(s.game, s.played, s.won) for s in ann] == [("tiny", 3, winners.count(ANN))]
    assert ann[0].win_rate == winners.count(ANN) / 3
    assert await services.stats.player(ANN, guild_id=GUILD + 1) == []
    assert [s.played for s in await services.stats.player(CAT)] == [1]  # the solo game; not the aborted one
    server = await services.stats.server(GUILD)
    assert [(s.game, s.played, s.won) for s in server] == [("tiny", 3, 3)]
    board = await services.stats.leaderboard(GUILD, "tiny")
    assert {row.user_id for row in board} == {ANN, BOB}
    assert [row.rank for row in board] == [1, 2]
    assert board[0].won >= board[1].won and board[0].won + board[1].won == 3
    assert {row.name for row in board} == {"Ann", "Bob"}
    assert await services.stats.leaderboard(GUILD, "othergame") == []
