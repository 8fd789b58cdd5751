"""``tablekeeper bench --quick --json`` runs and reports every figure; the helpers compute honestly.

These are not timed tests: they check the benchmark runs and emits its fields, never how fast.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator

import pytest

from bot import cli
from bot.bench.stats import Target, percentile
from engines import registry as engines_registry
from render import registry as render_registry
from tests.bot.tinyrender import RENDERER
from tests.engines.core.tinygame import RULESET


@pytest.fixture
def tiny() -> Iterator[None]:
    with engines_registry.registered("tiny", RULESET), render_registry.registered("tiny", RENDERER):
        yield


@pytest.mark.slow  # a whole quick bench (about 20 s); the text bench below runs by default
def test_quick_json_bench_emits_every_figure(tiny: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "--quick", "--json", "--game", "tiny"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["quick"] is True and document["machine"]["cpus"]
    (result,) = document["results"]
    assert (result["game"], result["mode"], result["players"]) == ("tiny", "race", 3)

    engine = result["engine"]
    assert engine["games"] >= 3 and engine["actions"] > engine["games"]
    assert engine["codec_us_p50"] > 0 and 0 < engine["action_us_p50"] <= engine["action_us_p95"]
    assert engine["action_to_codec"] == pytest.approx(engine["action_us_p50"] / engine["codec_us_p50"])
    assert engine["games_per_s"] > 0 and engine["state_bytes_p50"] > 0

    for kind in ("public", "private"):
        image = result["render"][kind]
        assert image["images"] == 20
        assert 0 < image["ms_p50"] <= image["ms_p95"]
        assert image["encode_floor_ms_p50"] > 0 and image["to_floor"] > 0
        # the drawing and its floor in thread CPU time too, the ratio the target judges
        assert 0 < image["cpu_ms_p50"] <= image["cpu_ms_p95"] and image["cpu_floor_ms_p50"] > 0
        assert image["cpu_to_floor"] == pytest.approx(image["cpu_ms_p50"] / image["cpu_floor_ms_p50"])
        # the shipped encode timed apart on the same pixels, and the drawing alone beside it
        assert image["shipped_cpu_ms_p50"] > 0 and 0 < image["drawing_cpu_ms_p50"] < image["cpu_ms_p95"]
        assert image["width_min"] == 1200 and 0 < image["kb_p50"] <= image["kb_max"]
        # how many page faults the floor's encoding took: a cold heap's floor is mostly those
        assert isinstance(image["floor_faults_p50"], float) and image["floor_faults_p50"] >= 0

    sqlite = result["pipeline"]["sqlite"]
    assert sqlite["backend"] == "sqlite" and sqlite["actions"] == 60 and sqlite["tables"] >= 1
    assert 0 < sqlite["ms_p50"] <= sqlite["ms_p95"] <= sqlite["ms_p99"]
    assert sqlite["floor_ms_p50"] > 0 and sqlite["to_floor"] > 0
    # the floor is one commit plus, when the board changed, one PNG encode: never below the commit
    assert 0 < sqlite["commit_floor_ms_p50"] <= sqlite["floor_ms_p50"]
    assert sqlite["to_commit_floor"] >= sqlite["to_floor"]
    assert (
        0 < sqlite["follow_up_ms_p50"] < sqlite["ms_p99"]
    )  # the adapter's follow-up is timed with the click
    assert sqlite["tables"] >= 6  # clicks spread over several tables, not one at a time
    assert "postgresql" in result["pipeline"]

    memory = result["memory"]
    assert memory["tables"] == 100 and memory["kb_per_table"] > 0 and memory["tables_per_gb"] > 0
    assert memory["rss_kb_per_table"] > 0  # measured in a fresh process, so never a reused page's 0

    names = {t["name"] for t in result["targets"]}
    assert {
        "engine action / state encode+decode",
        "public render p95 (thread CPU)",
        "public PNG size max",
        "public width min",
        "public render / encode floor (thread CPU)",
        "private render p95 (thread CPU)",
        "pipeline sqlite p99",
        "pipeline sqlite / floor",
        "live tables in 1 GB",
    } <= names
    assert all(isinstance(t["passed"], bool) for t in result["targets"])

    (replay,) = document["replays"]["games"]  # the replay figures of the games measured
    assert replay["game"] == "tiny" and replay["moves"] > 0 and replay["animation_frames"] >= 2
    assert [t["limit"] for t in document["replays"]["targets"]] == [1000.0, 10.0]


def test_text_bench_prints_targets_with_verdicts(tiny: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.bench import runner

    # the PostgreSQL pipeline is the slow set's (the whole quick bench above); its line says so here
    monkeypatch.delenv("TEST_DATABASE_URL", raising=False)

    result = runner.measure_mode(
        RULESET,
        "race",
        runner.Budget(engine_seconds=0.05, render_states=2, pipeline_actions=3, memory_tables=4),
    )
    lines = runner._text(result)
    assert lines[0] == "tiny race (3 players)"
    verdicts = [line for line in lines if line.lstrip().startswith("target")]
    assert verdicts and all(line.endswith(("PASS", "MISS")) for line in verdicts)
    assert "  pipeline  postgresql: not measured (set TEST_DATABASE_URL)" in lines


def test_percentile_interpolates_and_handles_empty() -> None:
    assert percentile([1, 2, 3, 4], 50) == 2.5
    assert percentile([10], 99) == 10
    assert percentile(list(range(101)), 95) == 95
    assert math.isnan(percentile([], 50))


def test_targets_pass_and_miss_both_ways() -> None:
    assert Target("t", 40.0, 40.0).passed and not Target("t", 40.1, 40.0).passed
    assert Target("w", 1200, 1200, at_most=False).passed and not Target("w", 1199, 1200, at_most=False).passed
    assert not Target("missing", float("nan"), 1.0).passed
    assert Target("t", 2.0, 3.0, "×").line() == "t: 2.00× (≤ 3.00×) PASS"


def test_a_game_with_several_languages_is_measured_in_each() -> None:
    from bot.bench.samples import bench_cases, bench_config

    climax = engines_registry.get("climax")
    assert bench_cases(climax) == [("duel", "en"), ("duel", "ja")]
    assert bench_config(climax, "duel", "ja").options["lang"] == "ja"
    assert bench_cases(RULESET) == [("race", None)]  # one language: once per mode, as always
    assert "lang" not in bench_config(RULESET, "race").options


def test_render_warm_up_and_each_measured_picture_meet_new_player_names(tiny: None) -> None:
    from bot.bench.render import measure_render
    from bot.bench.samples import bench_config, sample_states

    drawn: list[tuple[str, ...]] = []

    class Recorder:
        slug = "tiny"

        def board(self, view: object, names: tuple[str, ...] = ()) -> bytes:
            drawn.append(tuple(names))
            return RENDERER.board(view, names)

        def hand(self, view: object, names: tuple[str, ...] = ()) -> bytes | None:
            return RENDERER.hand(view, names)

        def describe(self, view: object) -> str:
            return RENDERER.describe(view)

    config = bench_config(RULESET, "race")
    states = sample_states(RULESET, config, 3)
    warm = sample_states(RULESET, config, 2, first_seed=1_000)
    measure_render(RULESET, Recorder(), states, warm=warm)
    warmed, measured = drawn[:2], drawn[2:]
    assert len(measured) == 3 and all(len(names) == 3 for names in drawn)
    seen = [name for names in measured for name in names]
    assert len(set(seen)) == len(seen)  # every measured picture has players new to the process
    assert not set(seen) & {name for names in warmed for name in names}
    # the next mode measured (a new call) meets new players too, not the last mode's again
    drawn.clear()
    measure_render(RULESET, Recorder(), states, warm=warm)
    assert not set(seen) & {name for names in drawn for name in names}


def test_a_pictures_floor_is_pillows_level_3_encode_of_its_pixels_and_the_shipped_encode_is_timed_apart(
    tiny: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # DESIGN.md, "Performance figures": the floor is the reference encode (Pillow's PNG at level 3)
    # of the very pixels shipped; a faster encoder of our own lowers the cost, not the floor
    import io

    from PIL import Image

    from bot.bench import render as bench_render
    from engines.core import GameConfig

    png = RENDERER.board(RULESET.view(RULESET.setup(GameConfig("race", 3, {}), 1), None))
    saved: list[dict[str, object]] = []
    shipped: list[str] = []
    real_save, real_palette = Image.Image.save, bench_render.encode_palette_png

    def recorded_save(image: Image.Image, fp: object, format: str | None = None, **params: object) -> None:
        saved.append({"format": format, "mode": image.mode, **params})
        real_save(image, fp, format, **params)  # type: ignore[arg-type]

    def recorded_palette(image: Image.Image) -> bytes:
        shipped.append(image.mode)
        return real_palette(image)

    monkeypatch.setattr(Image.Image, "save", recorded_save)
    monkeypatch.setattr(bench_render, "encode_palette_png", recorded_palette)
    bench_render.encode_floor(png)
    mode = Image.open(io.BytesIO(png)).mode
    assert saved == [{"format": "PNG", "mode": mode, "compress_level": 3}] and shipped == []
    saved.clear()
    assert bench_render.shipped_cpu_ms(png) >= 0
    # the shipped encode is the project's own writer for palette pictures, not the reference
    assert (saved, shipped) == (
        ([], ["P"]) if mode == "P" else ([{"format": "PNG", "mode": mode, "compress_level": 3}], [])
    )
