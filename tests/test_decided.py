"""The early-settled win count the bot-strength slow tests use gives the whole run's verdict."""

from __future__ import annotations

import itertools

from tests.decided import in_order, tally


def test_tally_stops_at_the_needed_wins_and_agrees_with_the_whole_run() -> None:
    games = [True, False, True, True, True, False, True, True, False, False]
    played = iter(games)
    found = tally(played, needed=6, total=10)
    assert (found.wins, found.played, found.passed) == (6, 8, True)
    assert list(played) == [False, False]  # the last two games were never asked for


def test_tally_stops_when_too_many_games_are_lost() -> None:
    found = tally(itertools.cycle([False, True]), needed=6, total=10)
    assert (found.wins, found.played, found.passed) == (4, 9, False)  # a fifth loss: 6 of 10 is out of reach


def test_tally_agrees_with_counting_every_game() -> None:
    for games in itertools.product([True, False], repeat=8):
        for needed in range(9):
            assert tally(iter(games), needed, 8).passed == (sum(games) >= needed)


def test_in_order_hands_back_every_result_in_game_order_and_stops_when_left() -> None:
    with in_order(str, range(12)) as results:
        assert [next(results) for _ in range(3)] == ["0", "1", "2"]
        found = tally((int(r) % 3 == 0 for r in results), needed=2, total=9)
    assert (found.wins, found.played) == (2, 4)  # 3 and 6 are wins: 3, 4, 5, 6 asked for
