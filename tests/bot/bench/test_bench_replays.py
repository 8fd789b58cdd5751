"""The replay benchmark (``bot.bench.replays``) measures what it says; not a timed test."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

from bot.bench.replays import ReplayFigures, measure_replay, replay_lines, replay_targets
from engines import registry as engines_registry
from render import registry as render_registry
from tests.bot.tinyrender import RENDERER
from tests.engines.core.tinygame import RULESET


@pytest.fixture
def tiny() -> Iterator[None]:
    with engines_registry.registered("tiny", RULESET), render_registry.registered("tiny", RENDERER):
        yield


def test_a_game_s_replay_figures_are_measured_and_printed_with_targets(tiny: None) -> None:
    figures = measure_replay("tiny", seeds=2, rounds=2)
    assert figures.game == "tiny" and figures.moves > 0 and figures.steps <= figures.moves
    assert figures.cold_seek_ms_p50 == pytest.approx(figures.build_ms_p50 + figures.seek_ms_p50)
    assert figures.cold_seek_ms_per_300 > figures.cold_seek_ms_p50  # a tiny game is far shorter
    assert figures.frame_cpu_ms > 0 and figures.frame_floor_cpu_ms > 0
    assert figures.frame_to_floor == pytest.approx(figures.frame_cpu_ms / figures.frame_floor_cpu_ms)
    assert figures.animation_cpu_s > 0 and figures.animation_frames >= 2
    assert figures.animation_format in ("webp", "gif") and figures.animation_kb > 0
    targets = replay_targets([figures])
    assert len(targets) == 2
    # a game under 200 moves cannot show the animation target met: it is a MISS, not a PASS
    assert math.isnan(targets[1].value) and not targets[1].passed
    lines = replay_lines([figures], targets)
    assert lines[1].startswith(f"  tiny race: {figures.moves} moves")
    verdicts = [line.rsplit(" ", 1)[-1] for line in lines[2:]]
    assert verdicts == ["PASS" if t.passed else "MISS" for t in targets]


def test_the_targets_judge_the_slowest_seek_and_the_dearest_long_game() -> None:
    def figures(game: str, moves: int, seek: float, animation: float) -> ReplayFigures:
        return ReplayFigures(
            game, "m", moves, moves, 1.0, 1.0, 2.0, seek, 1.0, 1.0, 1.0, animation, 1.0, 10, 100.0, "webp"
        )

    games = [figures("a", 250, 1200.0, 3.0), figures("b", 120, 300.0, 20.0), figures("c", 300, 90.0, 4.0)]
    targets = replay_targets(games)
    assert targets[0].value == 1200.0 and not targets[0].passed and "(a m)" in targets[0].name
    # b's dear animation is of a short game; of the long ones, c's cost the most
    assert targets[1].value == 4.0 and targets[1].passed and "c m, 300 moves" in targets[1].name
    assert replay_targets([]) == []
