"""``tablekeeper bench --bots``: every decision of the hard bot's seat is timed, game after game."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from bot import cli
from bot.bench.decisions import decision_line, default_cap, measure_decisions
from engines import registry as engines_registry
from engines.core import GameConfig
from engines.core.driver import Match, bot_for
from render import registry as render_registry
from tests.bot.tinyrender import RENDERER
from tests.engines.core.tinygame import RULESET


@pytest.fixture
def tiny() -> Iterator[None]:
    with engines_registry.registered("tiny", RULESET), render_registry.registered("tiny", RENDERER):
        yield


def test_each_game_times_every_decision_of_the_hard_seat_which_moves_round_the_table() -> None:
    config = RULESET.resolve_config(GameConfig("race", 3, {}))
    found = measure_decisions(RULESET, config, 3, default_cap())
    normal = bot_for(RULESET, "normal")
    made = 0
    for game in range(3):  # the same games (every tiny level is its random bot); hard sits at 0, 1, 2
        match = Match(RULESET, config, 1 + game)
        match.play_out(normal)
        made += sum(1 for _, seat, _ in match.log if seat == game)
    assert found.decisions == made > 0 and found.over_cap == 0
    assert found.cpu_ms_p50 <= found.cpu_ms_p95 <= found.cpu_ms_max
    assert decision_line(found).startswith("bots      tiny race (3 players): hard's decision CPU p50 ")


def test_the_bots_bench_prints_one_figure_a_mode_as_json(
    tiny: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["bench", "--bots", "--quick", "--json", "--game", "tiny"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [(b["game"], b["mode"], b["games"], b["cap_s"]) for b in document["bots"]] == [
        ("tiny", "race", 1, 0.5)
    ]
