"""``tablekeeper bench``: every registered game and mode, each figure beside its floor and target."""

from __future__ import annotations

import json
import math
import os
import platform
import sys
import time
from dataclasses import asdict, dataclass, is_dataclass
from typing import Any

from bot.bench.engine import measure_engine
from bot.bench.render import ImageFigures, measure_render
from bot.bench.samples import bench_cases, bench_config, sample_states
from bot.bench.stats import Target, fmt
from engines import registry as engines_registry
from engines.core import AnyRuleset
from render import registry as render_registry

# Targets the figures are judged by (printed beside each one as PASS or MISS).
PIPELINE_P99_MS = 150.0
PIPELINE_TO_FLOOR = 3.0
RENDER_P95_MS = 40.0
RENDER_MAX_KB = 300.0
RENDER_MIN_WIDTH = 1200
RENDER_TO_FLOOR = 2.5
LIVE_TABLES_PER_GB = 5000
ENGINE_TO_CODEC = 3.0
REVIEW_CPU_S = 20.0


@dataclass(frozen=True)
class Budget:
    """How long each measurement runs."""

    engine_seconds: float
    render_states: int
    pipeline_actions: int
    memory_tables: int
    pipeline_tables: int = 8  # tables the pipeline's clicks are spread over, in random order
    replay_seeds: int = 1  # random games per mode, the longest of which each game's replays measure
    replay_rounds: int = 3  # seeks and frames measured per game
    review_games: int = 0  # finished games reviewed (each costs seconds of CPU)


# Quick keeps every registered game and mode under three minutes on a busy 2-core machine.
QUICK = Budget(
    engine_seconds=0.6, render_states=20, pipeline_actions=60, memory_tables=100, pipeline_tables=6
)
FULL = Budget(
    engine_seconds=6.0,
    render_states=60,
    pipeline_actions=300,
    memory_tables=1000,
    pipeline_tables=25,
    replay_seeds=3,
    replay_rounds=9,
    review_games=3,
)


def _plain(value: Any) -> Any:
    """Dataclasses to dicts and NaN to None, for JSON."""
    if is_dataclass(value) and not isinstance(value, type):
        return _plain(asdict(value))
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def _image_targets(kind: str, figures: ImageFigures | None) -> list[Target]:
    if figures is None:
        return []
    return [
        # thread CPU time: other processes on a busy machine stretch the wall clock, not this
        Target(f"{kind} render p95 (thread CPU)", figures.cpu_ms_p95, RENDER_P95_MS, " ms"),
        Target(f"{kind} PNG size max", figures.kb_max, RENDER_MAX_KB, " KB"),
        Target(f"{kind} width min", figures.width_min, RENDER_MIN_WIDTH, " px", at_most=False),
        Target(f"{kind} render / encode floor (thread CPU)", figures.cpu_to_floor, RENDER_TO_FLOOR, "×"),
    ]


def measure_mode(ruleset: AnyRuleset, mode: str, budget: Budget, lang: str | None = None) -> dict[str, Any]:
    """Every figure for one game mode (in ``lang``, for a game with several languages), with its targets."""
    config = bench_config(ruleset, mode, lang)
    result: dict[str, Any] = {"game": ruleset.slug, "mode": mode, "players": config.players}
    if lang is not None:
        result["lang"] = lang
    targets: list[Target] = []

    engine = measure_engine(ruleset, config, budget.engine_seconds)
    result["engine"] = engine
    targets.append(
        Target("engine action / state encode+decode", engine.action_to_codec, ENGINE_TO_CODEC, "×")
    )

    renderer = render_registry.get(ruleset.slug)
    states = sample_states(ruleset, config, budget.render_states)
    # Warm-up states come from other seeds than the measured ones, so nothing measured is pre-drawn.
    warm = sample_states(ruleset, config, budget.render_states, first_seed=1_000)
    board, hand = measure_render(ruleset, renderer, states, warm=warm)
    result["render"] = {"public": board, "private": hand}
    targets += _image_targets("public", board) + _image_targets("private", hand)

    from bot.bench.pipeline import measure_memory, measure_pipelines

    pipelines = measure_pipelines(ruleset.slug, config, budget.pipeline_actions, budget.pipeline_tables)
    result["pipeline"] = pipelines
    for backend, figures in pipelines.items():
        if figures is None:
            continue
        targets.append(Target(f"pipeline {backend} p99", figures.ms_p99, PIPELINE_P99_MS, " ms"))
        targets.append(Target(f"pipeline {backend} / floor", figures.to_floor, PIPELINE_TO_FLOOR, "×"))

    memory = measure_memory(ruleset.slug, config, budget.memory_tables)
    result["memory"] = memory
    targets.append(Target("live tables in 1 GB", memory.tables_per_gb, LIVE_TABLES_PER_GB, at_most=False))

    from bot.bench.reviews import measure_reviews

    reviewed = measure_reviews(ruleset, config, budget.review_games)
    result["review"] = reviewed
    if reviewed is not None:
        targets.append(Target("review CPU per game max", reviewed.cpu_s_max, REVIEW_CPU_S, " s"))

    result["targets"] = [t.as_dict() for t in targets]
    result["_targets"] = targets
    return result


def _text(result: dict[str, Any]) -> list[str]:
    e = result["engine"]
    lines = [
        f"{result['game']} {result['mode']} ({result['players']} players"
        + (f", {result['lang']})" if "lang" in result else ")"),
        f"  engine    action p50 {fmt(e.action_us_p50)} µs (p95 {fmt(e.action_us_p95)}) beside state "
        f"encode+decode {fmt(e.codec_us_p50)} µs = {fmt(e.action_to_codec)}×; "
        f"{fmt(e.games_per_s)} random games/s, {fmt(e.mean_length)} actions/game, "
        f"state {fmt(e.state_bytes_p50)} B",
    ]
    for kind, figures in result["render"].items():
        if figures is None:
            lines.append(f"  {kind:<9} no image")
            continue
        drawing, shipped = fmt(figures.drawing_cpu_ms_p50), fmt(figures.shipped_cpu_ms_p50)
        lines.append(
            f"  {kind:<9} thread CPU p50 {fmt(figures.cpu_ms_p50)} ms (drawing {drawing} + shipped encode "
            f"{shipped}), p95 {fmt(figures.cpu_ms_p95)} ms "
            f"beside the reference floor {fmt(figures.cpu_floor_ms_p50)} ms = {fmt(figures.cpu_to_floor)}× "
            f"(Pillow's {figures.mode} PNG at level 3; {fmt(figures.floor_faults_p50)} page faults in it); "
            f"wall p50 {fmt(figures.ms_p50)} ms, p95 {fmt(figures.ms_p95)} ms beside "
            f"{fmt(figures.encode_floor_ms_p50)} ms = {fmt(figures.to_floor)}× (RGB encode "
            f"{fmt(figures.rgb_encode_ms_p50)} ms); "
            f"PNG p50 {fmt(figures.kb_p50)} KB, max {fmt(figures.kb_max)} KB, {figures.width_min} px wide"
        )
    for backend, p in result["pipeline"].items():
        if p is None:
            lines.append(f"  pipeline  {backend}: not measured (set TEST_DATABASE_URL)")
            continue
        lines.append(
            f"  pipeline  {backend}: p50 {fmt(p.ms_p50)} ms, p95 {fmt(p.ms_p95)}, p99 {fmt(p.ms_p99)} beside "
            f"floor (one commit + encoding each new picture) {fmt(p.floor_ms_p50)} ms = {fmt(p.to_floor)}× "
            f"(commit alone {fmt(p.commit_floor_ms_p50)} ms = {fmt(p.to_commit_floor)}×); adapter follow-up "
            f"p50 {fmt(p.follow_up_ms_p50)} ms included; {p.actions} actions over {p.tables} tables"
        )
    m = result["memory"]
    lines.append(
        f"  memory    {fmt(m.kb_per_table)} KB per live table (tracemalloc over {m.tables} cached), "
        f"RSS delta {fmt(m.rss_kb_per_table)} KB (a fresh process); {fmt(m.tables_per_gb)} tables per GB"
    )
    r = result.get("review")
    if r is None:
        lines.append("  review    not measured (a full run reviews games)")
    else:
        lines.append(
            f"  review    CPU p50 {fmt(r.cpu_s_p50)} s, max {fmt(r.cpu_s_max)} s per game over {r.games} "
            f"games of {fmt(r.moves_p50)} moves (max {r.moves_max}); {fmt(r.playout_moves_p50)} playout "
            f"moves, {fmt(r.points_p50)} chart points, at least {r.turning_min} turning points"
        )
    lines.extend(f"  target    {t.line()}" for t in result["_targets"])
    return lines


def machine() -> dict[str, Any]:
    """Where the figures were taken."""
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_avg_1m": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }


def main(quick: bool = False, as_json: bool = False, game: str | None = None) -> int:
    """Run the benchmarks and print them; returns 0 (a MISS is a figure, not a failure)."""
    budget = QUICK if quick else FULL
    slugs = [game] if game else engines_registry.slugs()
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    skipped: dict[str, str] = {}
    for slug in slugs:
        try:
            ruleset = engines_registry.get(slug)
            render_registry.get(ruleset.slug)
        except (ImportError, AttributeError, KeyError) as exc:  # a game still being written
            if game:
                raise
            skipped[slug] = f"not available: {type(exc).__name__}: {exc}"
            continue
        for mode, lang in bench_cases(ruleset):
            result = measure_mode(ruleset, mode, budget, lang)
            results.append(result)
            if not as_json:
                print("\n".join(_text(result)), flush=True)
    from bot.bench.replays import measure_replay, replay_lines, replay_targets

    measured = list(dict.fromkeys(r["game"] for r in results))
    replays = [measure_replay(slug, budget.replay_seeds, budget.replay_rounds) for slug in measured]
    replay_checks = replay_targets(replays)
    if not as_json:
        print("\n".join(replay_lines(replays, replay_checks)), flush=True)
    seconds = time.perf_counter() - started
    if as_json:
        document = {
            "quick": quick,
            "seconds": round(seconds, 1),
            "machine": machine(),
            "skipped": skipped,
            "results": [_plain({k: v for k, v in r.items() if k != "_targets"}) for r in results],
            "replays": {"games": _plain(replays), "targets": [t.as_dict() for t in replay_checks]},
        }
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for slug, why in skipped.items():
            print(f"{slug}: skipped ({why})")
        missed = sum(not t.passed for r in results for t in r["_targets"])
        missed += sum(not t.passed for t in replay_checks)
        total = sum(len(r["_targets"]) for r in results) + len(replay_checks)
        print(
            f"bench: {len(results)} game modes (each language apart) in {seconds:.0f} s; "
            f"{total - missed}/{total} targets PASS"
        )
    return 0
