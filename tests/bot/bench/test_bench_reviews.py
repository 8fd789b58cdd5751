"""The review figure of ``tablekeeper bench``: CPU per reviewed game, with what was reviewed."""

from __future__ import annotations

from bot.bench.reviews import measure_reviews
from engines import registry
from engines.core import GameConfig


def test_review_figures_come_from_real_reviews_of_finished_games() -> None:
    ruleset = registry.get("clashofdecks")
    config = ruleset.resolve_config(GameConfig("solo", 1, {}))
    figures = measure_reviews(ruleset, config, 2)
    assert figures is not None and figures.games == 2
    assert figures.moves_max >= figures.moves_p50 > 0
    assert figures.cpu_s_max >= figures.cpu_s_p50 > 0
    assert figures.playout_moves_p50 > 0 and figures.points_p50 >= 2


def test_no_games_asked_means_no_review_figure() -> None:
    ruleset = registry.get("clashofdecks")
    assert measure_reviews(ruleset, ruleset.resolve_config(GameConfig("solo", 1, {})), 0) is None
