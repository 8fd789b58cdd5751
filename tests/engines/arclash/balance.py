"""Measuring the starter decks against each other with greedy bots, as `tablekeeper selfplay` plays them.

Each game is dealt from its seed and played through the one game driver with the same bot as the
CLI's self-play, so a figure here can be checked from the terminal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import permutations

from engines.arclash import RULESET
from engines.arclash.bots import GreedyBot
from engines.arclash.decks import starters
from engines.arclash.state import ArclashState
from engines.core import GameConfig
from engines.core.driver import Match


def winner(decks: tuple[str, ...], seed: int) -> int:
    """The seat that wins a greedy-bot game with these starters (``auto`` gives the seat default)."""
    config = GameConfig("standard", len(decks), {}, tuple({"deck": d} for d in decks))
    match = Match(RULESET, config, seed)
    outcome = match.play_out(dict.fromkeys(range(len(decks)), GreedyBot()), max_steps=20_000)
    assert isinstance(match.state, ArclashState)
    assert outcome.winners, f"{decks} seed {seed} ended without a winner"
    return outcome.winners[0]


def pairing_matrix(seeds: Iterable[int]) -> dict[tuple[str, str], float]:
    """For every ordered pair (seat 1 deck, seat 2 deck) of different starters, seat 1's win share."""
    seeds = list(seeds)
    shares: dict[tuple[str, str], float] = {}
    for first, second in permutations(sorted(starters()), 2):
        wins = sum(winner((first, second), seed) == 0 for seed in seeds)
        shares[(first, second)] = wins / len(seeds)
    return shares


def seat_shares(seeds: Iterable[int], players: int = 4) -> list[float]:
    """Each seat's share of wins in ``players``-seat games where every seat plays ``deck=auto``."""
    seeds = list(seeds)
    wins = Counter(winner(("auto",) * players, seed) for seed in seeds)
    return [wins[seat] / len(seeds) for seat in range(players)]


def format_matrix(shares: dict[tuple[str, str], float]) -> str:
    """The matrix as text: rows are seat 1's deck, columns seat 2's, cells seat 1's win share."""
    names = sorted({a for a, _ in shares})
    width = max(len(n) for n in names) + 2
    lines = ["seat1 \\ seat2".ljust(width + 4) + "".join(n.rjust(width) for n in names)]
    for row in names:
        cells = "".join(("-" if row == col else f"{shares[(row, col)]:.0%}").rjust(width) for col in names)
        lines.append(row.ljust(width + 4) + cells)
    return "\n".join(lines)
