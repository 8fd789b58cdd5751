"""Ratings: rated at the final commit, once; casual tables change nothing; a rebuild equals them."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.service import Services
from bot.service import ratings as ratings_service
from bot.service.rating import RatedGame, SeatResult, rate, shown, sides
from bot.service.values import ServiceError
from bot.store import ratings_repo
from bot.store.archive import archive
from tests.bot.service.helpers import ANN, BOB, CAT, GUILD, duel, lobby, play_out


async def _stored(services: Services) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    async with services.db.connect() as connection:
        ratings = [dict(r) for r in await ratings_repo.all_ratings(connection)]
        changes = [dict(r) for r in await ratings_repo.all_changes(connection)]
    return ratings, changes


def _mine(rows: list[dict[str, Any]], user: int, board: str = "*", mode: str = "") -> dict[str, Any]:
    return next(r for r in rows if r["user_id"] == user and r["board"] == board and r["mode"] == mode)


async def test_a_finished_duel_moves_winner_up_and_loser_down_on_every_board(services: Services) -> None:
    final = await play_out(services, await duel(services))
    assert final.outcome is not None
    winner = final.table.seats[final.outcome.winners[0]].user_id
    loser = ANN if winner == BOB else BOB
    ratings, changes = await _stored(services)
    # everywhere and this server's first season, for the game as a whole and for its mode
    assert {(r["board"], r["mode"]) for r in ratings} == {
        ("*", ""),
        ("*", "race"),
        (f"g{GUILD}:s1", ""),
        (f"g{GUILD}:s1", "race"),
    }
    start = shown(25.0, 25.0 / 3)
    assert start == 1000  # a newcomer shows the bottom of the familiar scale
    assert _mine(ratings, winner)["shown"] > start > _mine(ratings, loser)["shown"]
    assert (_mine(ratings, winner)["games"], _mine(ratings, winner)["wins"]) == (1, 1)
    assert (_mine(ratings, loser)["games"], _mine(ratings, loser)["wins"]) == (1, 0)
    change = _mine(changes, winner)
    assert (change["before"], change["after"], change["won"]) == (
        start,
        _mine(ratings, winner)["shown"],
        True,
    )


async def test_a_casual_table_changes_no_rating(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"))
    await services.tables.set_option(table.id, ANN, "rated", "false")
    await play_out(services, await services.tables.start(table.id, ANN))
    assert await _stored(services) == ([], [])


async def test_the_rated_option_takes_true_or_false_only(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"))
    with pytest.raises(Exception, match="rated takes true or false, not 'maybe'"):
        await services.tables.set_option(table.id, ANN, "rated", "maybe")


async def test_a_rebuild_from_results_gives_exactly_the_stored_ratings(services: Services) -> None:
    for _ in range(3):
        await play_out(services, await duel(services))
    three = await lobby(services, (BOB, "Bob"), (CAT, "Cat"), channel=11)
    await play_out(services, await services.tables.start(three.id, ANN))
    solo = await services.tables.open_solo(CAT, 9000, "tiny", players=2, difficulty="easy", name="Cat")
    await play_out(services, solo)
    before = await _stored(services)
    assert len({r["entity"] for r in before[0]}) == 4  # Ann, Bob, Cat and the easy bot
    done = await ratings_service.rebuild(services.db)
    assert done.games == 5
    assert await _stored(services) == before


async def test_archived_games_keep_their_ratings_and_a_rebuild_still_counts_them(
    services: Services, tmp_path: Path
) -> None:
    """Issue 23 item 6: `db archive` moves move logs and snapshots out; results and ratings stay."""
    for _ in range(2):
        await play_out(services, await duel(services))
    before = await _stored(services)
    done = await archive(services.db, services.runtime.clock() + 1, tmp_path / "a.jsonl.gz")
    assert done.games == 2
    assert await _stored(services) == before
    assert (await ratings_service.rebuild(services.db)).games == 2
    assert await _stored(services) == before


async def test_a_game_already_rated_is_not_rated_again(services: Services) -> None:
    final = await play_out(services, await duel(services))
    before = await _stored(services)
    table = final.table
    async with services.db.begin() as connection:
        rows = [dict(r) for r in await ratings_repo.results_of(connection, [table.id])]
        moved = await ratings_service.record(
            connection,
            table_id=table.id,
            guild_id=GUILD,
            game="tiny",
            mode="race",
            config={"mode": "race", "players": 2},
            outcome={"winners": [0], "ranking": [[0], [1]], "reason": "x"},
            results=rows,
            finished_at=2e9,
        )
    assert moved == []
    assert await _stored(services) == before


def _game(
    game: str, mode: str, seats: list[SeatResult], outcome: dict[str, Any], **options: Any
) -> RatedGame:
    config = {"mode": mode, "players": len(seats), "options": options}
    return RatedGame(1, None, 0, game, mode, 1.0, config, outcome, tuple(seats))


def _seat(
    seat: int, rank: int, won: bool, user: int | None = None, bot: str | None = None, forfeit: bool = False
) -> SeatResult:
    return SeatResult(seat, user, bot, f"P{seat}", rank, won, forfeit)


def test_a_2v2_is_rated_as_two_teams_of_partners_opposite() -> None:
    seats = [_seat(s, 1 if s in (0, 2) else 2, s in (0, 2), user=s + 1) for s in range(4)]
    game = _game("clashofdecks", "2v2", seats, {"winners": [0, 2], "ranking": [[0, 2], [1, 3]], "reason": ""})
    played = sides(game)
    assert [[m.user_id for m in side.members] for side in played] == [[1, 3], [2, 4]]
    new, _ = rate(game, played, {})
    after = {k[3]: s.shown for k, s in new.items() if k[2] == ""}
    assert after["u1"] == after["u3"] > after["u2"] == after["u4"]


def test_a_solo_loss_is_a_win_for_the_automaton_at_its_difficulty() -> None:
    seats = [_seat(0, 1, False, user=7)]
    game = _game("clashofdecks", "solo", seats, {"winners": [], "ranking": [[0]], "reason": ""}, difficulty=3)
    played = sides(game)
    assert [(m.key, side.won) for side in played for m in side.members] == [
        ("u7", False),
        ("auto:AI kingdom (level 3)", True),
    ]
    assert played[1].place < played[0].place


def test_hackclad_solo_beats_the_clad_at_par() -> None:
    for vp, clad_won in ((39, True), (40, False)):
        game = _game(
            "hackclad",
            "solo",
            [_seat(0, 1, True, user=7)],
            {"winners": [0], "ranking": [[0]], "reason": "", "scores": {"0": vp}},
        )
        assert [side.won for side in sides(game)][-1] is clad_won


def test_eternia_versus_puts_the_controller_against_the_team_and_a_leaver_last() -> None:
    seats = [_seat(0, 2, False, user=1), _seat(1, 1, True, user=2), _seat(2, 1, False, user=3, forfeit=True)]
    game = _game("eternia", "versus", seats, {"winners": [1, 2], "ranking": [[1, 2], [0]], "reason": ""})
    played = sides(game)
    assert [([m.user_id for m in s.members], s.won) for s in played] == [
        ([1], False),
        ([2], True),
        ([3], False),
    ]
    assert played[1].place < played[0].place < played[2].place


def test_a_game_of_bots_only_is_not_rated() -> None:
    seats = [_seat(0, 1, True, bot="easy"), _seat(1, 2, False, bot="hard")]
    assert sides(_game("climax", "duel", seats, {"winners": [0], "ranking": [[0], [1]], "reason": ""})) == []


async def test_the_board_ranks_by_rating_and_keeps_provisional_players_off(make_services: Any) -> None:
    services = await make_services(provisional_games=2)
    for _ in range(2):
        await play_out(services, await duel(services))
    board = await services.stats.board("tiny", guild_id=GUILD, caller=ANN)
    assert board.scope == "this server, season 1"
    assert [r.rank for r in board.rows] == [1, 2] or [r.rank for r in board.rows] == [1, 1]
    assert [r.rating for r in board.rows] == sorted((r.rating for r in board.rows), reverse=True)
    assert board.mine is not None and board.mine.user_id == ANN
    # the third person has one game: provisional, not on the ladder, still told their own line
    three = await lobby(services, (CAT, "Cat"), channel=12)
    await play_out(services, await services.tables.start(three.id, ANN))
    cat = await services.stats.board("tiny", guild_id=GUILD, caller=CAT)
    assert CAT not in {r.user_id for r in cat.rows}
    assert cat.mine is not None and cat.mine.rank is None and cat.mine.games == 1
    bots = await services.stats.board("tiny", guild_id=GUILD, kind="bot")
    assert bots.rows == ()


async def test_bad_board_requests_get_one_clear_line(services: Services) -> None:
    await play_out(services, await duel(services))
    cases = [
        ({"game": "chess"}, "There is no game 'chess'; the games are: "),
        ({"game": "tiny", "mode": "blitz"}, "Tiny has no mode 'blitz'"),
        ({"game": "tiny", "page": 3}, "Page 4 is past the end: this board has 1 page."),
        ({"game": "tiny", "season": "winter"}, "This server has no season 'winter'; its seasons are: 1."),
    ]
    for kwargs, message in cases:
        with pytest.raises(Exception) as caught:
            await services.stats.board(guild_id=GUILD, **kwargs)
        assert str(getattr(caught.value, "message", caught.value)).startswith(message)
    with pytest.raises(Exception, match="has no finished games of Tiny yet"):
        await services.stats.record(CAT, "tiny")


async def test_a_record_tells_rating_streak_seats_last_games_and_head_to_head(services: Services) -> None:
    for _ in range(3):
        await play_out(services, await duel(services))
    record = await services.stats.record(ANN, "tiny", guild_id=GUILD, versus=BOB)
    assert record.games == 3 and len(record.history) == 3 and len(record.last) == 3
    assert record.rating == record.history[-1] == record.last[0].after
    assert record.server_rating is not None
    assert sum(p for _, p, _ in record.by_seat) == 3 and record.by_mode == (("race", 3, record.wins),)
    assert record.versus == (3, record.wins, 3 - record.wins)
    newest = record.last[0].won
    assert (record.streak > 0) == newest and abs(record.streak) >= 1


async def test_a_new_season_starts_the_server_board_afresh_and_keeps_the_old_one(services: Services) -> None:
    await play_out(services, await duel(services))
    settings = await services.guilds.new_season(GUILD, "Winter", is_admin=True)
    assert settings.season == 2
    fresh_board = await services.stats.board("tiny", guild_id=GUILD, caller=ANN)
    assert fresh_board.scope == "this server, season Winter" and fresh_board.mine is None
    old = await services.stats.board("tiny", guild_id=GUILD, season="1", caller=ANN)
    assert old.mine is not None and old.mine.games == 1
    everywhere = await services.stats.board("tiny", guild_id=GUILD, scope="everywhere", caller=ANN)
    assert everywhere.mine is not None and everywhere.mine.games == 1


async def test_a_hidden_player_leaves_the_board_everywhere_but_not_their_servers(make_services: Any) -> None:
    services = await make_services(provisional_games=0)
    await play_out(services, await duel(services))
    await services.stats.set_private(ANN, True)
    everywhere = await services.stats.board("tiny", scope="everywhere")
    assert ANN not in {r.user_id for r in everywhere.rows} and BOB in {r.user_id for r in everywhere.rows}
    here = await services.stats.board("tiny", guild_id=GUILD)
    assert ANN in {r.user_id for r in here.rows}


async def test_two_admins_starting_a_season_at_once_get_one_season_each(make_services: Any) -> None:
    first, second = await make_services(), await make_services()  # two processes
    # both at once, before the server ever stored a setting
    one, two = await asyncio.gather(
        first.guilds.new_season(GUILD, is_admin=True), second.guilds.new_season(GUILD, is_admin=True)
    )
    assert sorted((one.season, two.season)) == [2, 3]
    assert (await first.guilds.get(GUILD)).season == 3
    async with first.db.connect() as connection:
        numbers = [int(r["number"]) for r in await ratings_repo.seasons(connection, GUILD)]
    assert numbers == [2, 3]
    # the same name at once: one starts it, the other is told in one line
    tried = await asyncio.gather(
        first.guilds.new_season(GUILD, "Winter", is_admin=True),
        second.guilds.new_season(GUILD, "Winter", is_admin=True),
        return_exceptions=True,
    )
    refused = [t for t in tried if isinstance(t, ServiceError)]
    assert [str(r.message) for r in refused] == ["This server already has a season called 'Winter'."]
    assert [t.season for t in tried if not isinstance(t, BaseException)] == [4]
