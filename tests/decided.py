"""Count a bot's wins game by game, and stop once a "wins at least N of T" check is settled.

A bot-strength test asks for at least ``needed`` wins out of ``total`` fixed games. Once
``needed`` wins are in, the games left cannot undo the pass; once more than ``total - needed``
games are lost, they cannot rescue it. Stopping there gives the very verdict the whole run would,
over the same deals, for fewer games when the bot is clearly stronger (or clearly weaker).

The games of such a run are independent, so :func:`in_order` plays them on every core the
process may use and hands the results back in game order.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Tally:
    """Wins and games played when the check was settled (or the games ran out)."""

    wins: int
    played: int
    needed: int
    total: int

    @property
    def passed(self) -> bool:
        """Whether at least ``needed`` of the ``total`` games are won."""
        return self.wins >= self.needed

    def __str__(self) -> str:
        return f"{self.wins} wins in the first {self.played} of {self.total} games (needed {self.needed})"


def tally(results: Iterable[bool], needed: int, total: int) -> Tally:
    """Walk ``results`` (a lazy iterable, one flag a game: won?) until ``needed`` of ``total`` is settled."""
    wins = played = 0
    for won in results:
        played += 1
        wins += won
        if wins >= needed or played - wins > total - needed or played == total:
            break
    return Tally(wins, played, needed, total)


@contextmanager
def in_order(play: Callable[[T], R], games: Iterable[T]) -> Iterator[Iterator[R]]:
    """``play`` over ``games`` in worker processes (one a core), results lazily in game order.

    ``play`` must be a module-level function (the workers are fresh interpreters that import it).
    Leaving the ``with`` block stops the workers, so games not yet asked for are never finished.
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    if cores < 2:
        yield map(play, games)
        return
    # spawn, not fork: the test runner's process has threads, and a forked copy could hang on a lock
    with multiprocessing.get_context("spawn").Pool(cores) as pool:  # exit terminates the workers
        yield pool.imap(play, games)
