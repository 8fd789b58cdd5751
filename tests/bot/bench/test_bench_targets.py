"""``bench --scale --targets``: issue 27's click targets, each the median of alternated runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot import cli
from bot.bench import scale, targets
from bot.bench.busy import ClickFigures


def run(per_s: float, p99: float, cpu_s: float, draw: int = 0, one_core: str = "") -> ClickFigures:
    return ClickFigures(
        processes=1,
        draw_processes=draw,
        clicks=100,
        refused=0,
        seconds=100 / per_s,
        clicks_per_s=per_s,
        ms_p50=p99 / 2,
        ms_p99=p99,
        follow_up_ms_p50=1.0,
        picture_hit_rate=0.1,
        cpu_s=cpu_s,
        shares=(("drawing", 0.5), ("adapter", 0.5)),
        one_core=one_core,
    )


def test_each_target_is_the_median_of_its_runs_and_says_whether_it_is_met() -> None:
    runs = targets.TargetRuns(
        threads=[run(40, 900, 1.0), run(38, 950, 1.25), run(42, 800, 0.8)],  # 100, 80, 125 per CPU-s
        pool=[run(70, 500, 1.0, 2), run(60, 520, 1.0, 2), run(66, 510, 1.0, 2)],
        few=[run(20, 140, 1.0, 2), run(20, 170, 1.0, 2), run(20, 120, 1.0, 2)],
        pool_size=2,
        backend="sqlite",
    )
    assert runs.clicks_per_cpu_s == pytest.approx(100)
    assert runs.pool_over_threads == pytest.approx(66 / 40)
    assert runs.p99_few_ms == pytest.approx(140)
    first, cpu, third, fourth = targets.target_lines(runs)
    assert first.startswith("target 1  100 clicks per CPU-second") and first.endswith("met (≥ 100)")
    assert "clicks per CPU-second" in cpu and "drawing 50" in cpu
    assert "1.65× clicks/s" in third and third.endswith("met (≥ 1.60×; idle cores only)")
    assert "p99 140 ms at 4 clicks in flight" in fourth and "not met" not in fourth


def test_the_bench_says_where_each_kind_of_run_ran_run_by_run() -> None:
    runs = targets.TargetRuns(
        threads=[
            run(40, 900, 1.0, one_core="kept on core 1 of 2"),
            run(40, 900, 1.0, one_core="kept on core 0 of 2"),
        ],
        pool=[run(60, 500, 1.0, 2, "kept on core 0 of 2; its workers on 1")] * 2,
        few=[run(20, 140, 1.0, 2, "not kept on one core (one_core is off)"), run(20, 140, 1.0, 2)],
        pool_size=2,
        backend="sqlite",
    )
    threads, pool, few = targets.placement_lines(runs)
    assert threads == "cores     threads: kept on core 1 of 2 | kept on core 0 of 2"
    assert (
        pool
        == "cores     pool: kept on core 0 of 2; its workers on 1 | kept on core 0 of 2; its workers on 1"
    )
    assert few == "cores     few: not kept on one core (one_core is off) | ?"  # ?: a run that did not say


def test_a_missed_target_says_so() -> None:
    slow = [run(40, 400, 2.5)]  # 40 clicks per CPU-second
    runs = targets.TargetRuns(slow, [run(48, 300, 1.0, 2)], [run(20, 151, 1.0, 2)], 2, "postgresql")
    first, _, third, fourth = targets.target_lines(runs)
    assert all("not met" in line for line in (third, fourth))
    assert "40.0 clicks per CPU-second (postgresql" in first and "not met" in first


def test_the_three_kinds_alternate_on_fresh_databases(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    made: list[tuple[str, int, int]] = []

    def fake(folder: Path, name: str, processes: int, options: dict[str, Any]) -> ClickFigures:
        made.append((name, options["draw_processes"], options["inflight"]))
        return run(10, 100, 1.0, options["draw_processes"])

    monkeypatch.delenv("TEST_DATABASE_URL", raising=False)
    monkeypatch.setattr(targets, "run_fresh", fake)
    monkeypatch.setattr(targets, "default_pool", lambda: 2)
    found = targets.measure_targets({"tables": 3, "inflight": 32, "clicks": 5, "warm": 0}, 2, tmp_path)
    assert made == [
        ("targets-threads-0", 0, 32),
        ("targets-pool-0", 2, 32),
        ("targets-few-0", 2, 4),
        ("targets-threads-1", 0, 32),
        ("targets-pool-1", 2, 32),
        ("targets-few-1", 2, 4),
    ]
    assert (len(found.threads), len(found.pool), len(found.few), found.pool_size) == (2, 2, 2, 2)


def test_bench_scale_targets_runs_only_the_targets(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[dict[str, bool]] = []
    monkeypatch.setattr(scale, "main", lambda **kw: asked.append(kw) or 0)
    assert cli.main(["bench", "--scale", "--targets", "--quick"]) == 0
    assert asked == [{"quick": True, "as_json": False, "targets": True}]


def test_a_fresh_run_clicks_on_its_own_migrated_database(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from bot.bench.fresh import run_fresh

    monkeypatch.delenv("TEST_DATABASE_URL", raising=False)
    options = {"tables": 2, "inflight": 1, "clicks": 3, "warm": 0, "draw_processes": 0}
    found = run_fresh(tmp_path, "tiny", 1, options)
    assert (tmp_path / "tiny.db").exists()
    assert found.clicks + found.refused == 3 and found.processes == 1 and found.cpu_s > 0
