"""Issue 25 at every player count the book allows: each bot level beats the one below in at least
60% of the ladder's games (``tablekeeper ladder arclash --players P``), judged as the ladder judges them.

The ladder seats the two levels alternately (a, b, a, b...) and plays every deal a second time with
the levels swapped, so each level sits in every seat of every deal. A level beats the other when
its best seat finishes above the other's best: in Arclash one seat wins and the rest trail, so that
is "the winner is one of its seats", and with equal bots it comes out at 50% by symmetry (with an
odd count the level with the extra seat in one game has one seat fewer in its twin).
"""

from __future__ import annotations

import math

import pytest

from bot.console.ladder import Pairing, play
from engines.core import GameConfig
from tests.decided import in_order, tally

#: deals per player count for hard against normal, each played from both sides (the deals the README's
#: figures come from), and the CPU seconds each test declares. Five settles at game 71 and six at
#: game 77, measured at 219 and 270 CPU seconds (README, "Arclash"); two to four took 93-162 s.
HARD_DEALS = {2: 40, 3: 40, 4: 30, 5: 40, 6: 40}
HARD_CPU = {2: 900, 3: 900, 4: 900, 5: 220, 6: 270}
#: every seat count the book allows, for normal against easy
SEATS = (2, 3, 4, 5, 6)


def ladder_win(game: tuple[int, int, tuple[str, str], str]) -> bool:
    """Whether ``strong`` beats the other level in one ladder game (``levels``: who sits first)."""
    players, seed, levels, strong = game
    played = play(Pairing("arclash", GameConfig("standard", players), seed, levels))
    mine = levels.index(strong)
    return played.places[mine] < played.places[1 - mine]


def share_settled(players: int, strong: str, weak: str, deals: int) -> None:
    """Play ``deals`` deals both ways in order and stop once 60% of the games is reached or out of reach."""
    games = [
        (players, seed, levels, strong)
        for seed in range(1, deals + 1)
        for levels in ((weak, strong), (strong, weak))
    ]
    needed = math.ceil(0.6 * len(games))
    with in_order(ladder_win, games) as results:
        found = tally(results, needed=needed, total=len(games))
    print(f"\n{players} players, {strong} vs {weak}: {found}")
    assert found.passed, found


@pytest.mark.parametrize(
    "players", [pytest.param(p, marks=pytest.mark.slow(seconds=HARD_CPU[p])) for p in sorted(HARD_DEALS)]
)
def test_issue_25_hard_beats_normal_in_sixty_percent_of_ladder_games(players: int) -> None:
    share_settled(players, "hard", "normal", HARD_DEALS[players])


@pytest.mark.slow(seconds=20)
@pytest.mark.parametrize("players", SEATS)
def test_issue_25_normal_beats_easy_in_sixty_percent_of_ladder_games(players: int) -> None:
    # Greedy against random is far apart (90% and more in every ladder run): 20 deals settle it.
    share_settled(players, "normal", "easy", 20)
