"""Engine cost: µs per applied action and random games per second, beside state encode + decode."""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.bench.stats import median, percentile, ratio
from engines.core import AnyRuleset, GameConfig
from engines.core.driver import Match


@dataclass(frozen=True)
class EngineFigures:
    """What :func:`measure_engine` reports."""

    games: int
    actions: int
    action_us_p50: float
    action_us_p95: float
    codec_us_p50: float  # encode + decode of the resulting state: the floor of an action
    action_to_codec: float
    state_bytes_p50: float
    games_per_s: float
    mean_length: float


def measure_engine(
    ruleset: AnyRuleset,
    config: GameConfig,
    seconds: float,
    min_games: int = 3,
) -> EngineFigures:
    """Play random games for about ``seconds``, timing each ``apply`` and, right after it, the
    encode + decode of the state it produced (the floor, measured side by side)."""
    apply_ns: list[int] = []
    codec_ns: list[int] = []
    sizes: list[int] = []
    games = 0
    play_ns = 0
    clock = time.perf_counter_ns
    deadline = time.perf_counter() + seconds
    seed = 1
    while games < min_games or time.perf_counter() < deadline:
        game_start = clock()
        floor_spent = 0
        match = Match(ruleset, config, seed)
        while asked := match.asked():
            rng = match.rng()
            seat = rng.choice(asked)
            action = rng.choice(match.choices(seat))
            t0 = clock()
            state = match.apply(seat, action).state
            t1 = clock()
            data = ruleset.encode(state)
            ruleset.decode(data)
            t2 = clock()
            apply_ns.append(t1 - t0)
            codec_ns.append(t2 - t1)
            sizes.append(len(data))
            floor_spent += t2 - t1
        play_ns += clock() - game_start - floor_spent
        games += 1
        seed += 1
    action_p50 = median(apply_ns) / 1000
    codec_p50 = median(codec_ns) / 1000
    return EngineFigures(
        games=games,
        actions=len(apply_ns),
        action_us_p50=action_p50,
        action_us_p95=percentile(apply_ns, 95) / 1000,
        codec_us_p50=codec_p50,
        action_to_codec=ratio(action_p50, codec_p50),
        state_bytes_p50=median(sizes),
        games_per_s=games / (play_ns / 1e9) if play_ns else 0.0,
        mean_length=len(apply_ns) / games,
    )
