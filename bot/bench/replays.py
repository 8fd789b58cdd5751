"""Replay cost: seeking in a long game, one replay frame beside its encode floor, and the animation.

For each game, the longest of a few random games of its modes (at their most seats) is measured:

- **seek:** a viewer jumping to the middle of the game. Cold, the timeline is built first (the
  first view of a game in a process); warm, it is cached and a seek replays at most
  ``EVERY - 1`` moves from a kept state plus the step's own. The target is the cold seek scaled
  to a 300-move game (building is linear in the moves; the seek itself is not).
- **frame:** the public board of the middle step drawn with every picture cache empty and new
  names, in thread CPU time, beside the encode floor of the very PNG shipped (as
  :mod:`bot.bench.render` measures pictures: the first and last steps' boards are drawn first,
  untimed, so fonts are loaded as in a running bot).
- **animation:** ``animation_of`` on the whole game with caches empty: its thread CPU time in all
  and per move, its frames, size and the format chosen. The target is the most CPU an animation
  of a game of at least 200 moves took.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.bench.render import encode_floor
from bot.bench.samples import Names, bench_cases, bench_config
from bot.bench.stats import Target, fmt, median, ratio
from bot.service.animations import animation_of
from bot.service.game import resolve
from engines.core import GameConfig, RandomBot
from engines.core.driver import Match
from engines.core.timeline import build
from render.core.memo import clear_all

SEEK_MOVES = 300
SEEK_P50_MS = 1000.0
ANIMATION_MOVES = 200
ANIMATION_CPU_S = 10.0

_NAMES = Names("Replay ")
_WARM = Names("Warm replay ")


@dataclass(frozen=True)
class ReplayFigures:
    """One game's replay figures (see the module docstring)."""

    game: str
    mode: str
    moves: int
    steps: int
    build_ms_p50: float
    seek_ms_p50: float  # warm: the timeline cached
    cold_seek_ms_p50: float  # build + seek
    cold_seek_ms_per_300: float  # build scaled to 300 moves, plus the seek
    frame_cpu_ms: float
    frame_floor_cpu_ms: float
    frame_to_floor: float
    animation_cpu_s: float
    animation_ms_per_move: float
    animation_frames: int
    animation_kb: float
    animation_format: str


def longest_game(slug: str, seeds: int) -> tuple[GameConfig, int, list[tuple[int, int, str]]]:
    """(config, seed, log) of the longest of ``seeds`` random games per mode of ``slug``."""
    ruleset = resolve(slug).ruleset
    best: tuple[GameConfig, int, list[tuple[int, int, str]]] | None = None
    for mode, lang in bench_cases(ruleset):
        config = bench_config(ruleset, mode, lang)
        for seed in range(1, seeds + 1):
            match = Match(ruleset, config, seed)
            match.advance(RandomBot(), steps=20_000, random_order=True)
            if best is None or len(match.log) > len(best[2]):
                best = (config, seed, match.log)
    assert best is not None
    return best


def measure_replay(slug: str, seeds: int, rounds: int) -> ReplayFigures:
    """Seek, frame and animation figures for the longest of ``seeds`` games per mode of ``slug``."""
    game = resolve(slug)
    ruleset, renderer = game.ruleset, game.renderer
    config, seed, log = longest_game(slug, seeds)
    builds, seeks = [], []
    timeline = build(ruleset, config, seed, log)
    middle = timeline.steps // 2
    for _ in range(rounds):
        started = time.thread_time()
        timeline = build(ruleset, config, seed, log)
        built = time.thread_time()
        timeline.step(middle)
        builds.append((built - started) * 1000)
        seeks.append((time.thread_time() - built) * 1000)
    build_ms, seek_ms = median(builds), median(seeks)

    state, _events = timeline.step(middle)
    spectator = ruleset.view(state, None)
    for number in (0, timeline.steps):  # untimed: fonts loaded and labels rasterised, as in a bot
        renderer.board(ruleset.view(timeline.step(number)[0], None), _WARM.seats(spectator.players))
    frame_cpu, floor_cpu = [], []
    for _ in range(rounds):
        names = _NAMES.seats(spectator.players)
        clear_all()
        started = time.thread_time()
        png = renderer.board(spectator, names)
        frame_cpu.append((time.thread_time() - started) * 1000)
        floor_cpu.append(encode_floor(png)[1])

    clear_all()
    made = animation_of(game, timeline, _NAMES.seats(spectator.players), source="bench")
    return ReplayFigures(
        game=slug,
        mode=config.mode,
        moves=len(log),
        steps=timeline.steps,
        build_ms_p50=build_ms,
        seek_ms_p50=seek_ms,
        cold_seek_ms_p50=build_ms + seek_ms,
        cold_seek_ms_per_300=build_ms * SEEK_MOVES / max(1, len(log)) + seek_ms,
        frame_cpu_ms=median(frame_cpu),
        frame_floor_cpu_ms=median(floor_cpu),
        frame_to_floor=ratio(median(frame_cpu), median(floor_cpu)),
        animation_cpu_s=made.cpu_seconds,
        animation_ms_per_move=made.cpu_seconds * 1000 / max(1, len(log)),
        animation_frames=made.frames,
        animation_kb=len(made.data) / 1024,
        animation_format=made.filename.rsplit(".", 1)[-1],
    )


def replay_targets(figures: list[ReplayFigures]) -> list[Target]:
    """The replay targets: the slowest cold seek per 300 moves, the dearest long game's animation.

    The animation target judges the most CPU any game of at least 200 moves took; with no such
    game measured it has no figure and misses.
    """
    if not figures:
        return []
    seek = max(figures, key=lambda f: f.cold_seek_ms_per_300)
    long_games = [f for f in figures if f.moves >= ANIMATION_MOVES]
    dearest = max(long_games, key=lambda f: f.animation_cpu_s) if long_games else None
    return [
        Target(
            f"replay seek to the middle, cold, per {SEEK_MOVES} moves ({seek.game} {seek.mode})",
            seek.cold_seek_ms_per_300,
            SEEK_P50_MS,
            " ms",
        ),
        Target(
            f"animation CPU, games of {ANIMATION_MOVES}+ moves"
            + (f" (dearest: {dearest.game} {dearest.mode}, {dearest.moves} moves)" if dearest else ""),
            dearest.animation_cpu_s if dearest else float("nan"),
            ANIMATION_CPU_S,
            " s",
        ),
    ]


def replay_lines(figures: list[ReplayFigures], targets: list[Target]) -> list[str]:
    """The replay figures as text, one game a line, then the targets."""
    lines = ["replays (the longest random game of each game's modes; thread CPU time)"]
    for f in figures:
        lines.append(
            f"  {f.game} {f.mode}: {f.moves} moves, {f.steps} steps; seek to the middle "
            f"{fmt(f.seek_ms_p50)} ms warm, {fmt(f.cold_seek_ms_p50)} ms cold (build "
            f"{fmt(f.build_ms_p50)} ms); frame {fmt(f.frame_cpu_ms)} ms beside encode floor "
            f"{fmt(f.frame_floor_cpu_ms)} ms = {fmt(f.frame_to_floor)}×; animation "
            f"{fmt(f.animation_cpu_s)} s ({fmt(f.animation_ms_per_move)} ms/move), "
            f"{f.animation_frames} frames, {fmt(f.animation_kb)} KB {f.animation_format}"
        )
    lines.extend(f"  target    {t.line()}" for t in targets)
    return lines
