"""Review cost: CPU seconds to review one finished game, per game mode, with the shipped defaults.

The games reviewed are played by the game's normal bot in every seat from fixed seeds (a typical
game's length for the mode); each review runs in this thread, so its process CPU time is its cost.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.bench.stats import median
from engines.core import AnyRuleset, GameConfig, Rng
from engines.core.driver import Match, bot_for
from engines.core.review import BUDGET, PLAYOUTS, review
from engines.core.timeline import build


@dataclass(frozen=True)
class ReviewFigures:
    """What :func:`measure_reviews` reports."""

    games: int
    moves_p50: float  # moves in the reviewed games
    moves_max: int
    cpu_s_p50: float
    cpu_s_max: float
    playout_moves_p50: float
    points_p50: float
    turning_min: int  # the fewest turning points a review named


def measure_reviews(ruleset: AnyRuleset, config: GameConfig, games: int) -> ReviewFigures | None:
    """Play ``games`` games with the normal bot and time a review of each (None when ``games`` is 0)."""
    if games < 1:
        return None
    cpu: list[float] = []
    lengths: list[int] = []
    spent: list[float] = []
    points: list[float] = []
    turning: list[int] = []
    policy = bot_for(ruleset, "normal")
    for seed in range(1, games + 1):
        match = Match(ruleset, config, seed)
        match.play_out(policy)
        timeline = build(ruleset, config, seed, match.log)
        started = time.process_time()
        made = review(ruleset, timeline, playouts=PLAYOUTS, budget=BUDGET, rng=Rng(seed))
        cpu.append(time.process_time() - started)
        lengths.append(len(match.log))
        spent.append(made.moves)
        points.append(len(made.points))
        turning.append(len(made.turning))
    return ReviewFigures(
        games=games,
        moves_p50=median(lengths),
        moves_max=max(lengths),
        cpu_s_p50=median(cpu),
        cpu_s_max=max(cpu),
        playout_moves_p50=median(spent),
        points_p50=median(points),
        turning_min=min(turning),
    )
