"""``tablekeeper bench --bots``: the CPU a hard bot's decision costs, per game mode, at its move budget.

Each game's hard bot searches within a budget of playout moves, not seconds, so that a game
replays the same anywhere; the budgets were chosen to stay under the per-decision CPU cap the
running bot sets (``bot_think_seconds``, 0.5 s by default). This measures how far under: the hard
bot plays one seat (a different seat each game) against the normal bot in the others, with no
cap, and each of its decisions is timed in thread CPU time, which other work on a shared machine
barely moves. The figures are every decision's p50, p95 and max, and how many went over the cap
(there the cap would have cut the search short).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.bench.samples import bench_config
from bot.bench.stats import Target, fmt, median, percentile
from engines.core import AnyRuleset, GameConfig, Rng
from engines.core.bots import Bot, Suggestion
from engines.core.driver import Match, bot_for
from engines.core.types import Action, Prompt

#: games per mode in a full run and in ``--quick``
GAMES = 4
QUICK_GAMES = 1


def default_cap() -> float:
    """The per-decision CPU cap a running bot has unless its operator sets another."""
    from bot.settings import Settings

    return float(Settings.model_fields["bot_think_seconds"].default)


@dataclass(frozen=True)
class DecisionFigures:
    """The hard bot's decisions in one game mode: how many, and their thread CPU time."""

    game: str
    mode: str
    players: int
    games: int
    decisions: int
    cpu_ms_p50: float
    cpu_ms_p95: float
    cpu_ms_max: float
    over_cap: int  # decisions that took longer than the cap
    cap_s: float


class _Timed:
    """A bot whose every choice is timed in this thread's CPU seconds."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.cpu: list[float] = []

    def choose(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """The wrapped bot's choice, timed."""
        started = time.thread_time()
        action = self.bot.choose(view, prompt, actions, rng)
        self.cpu.append(time.thread_time() - started)
        return action

    def suggest(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The wrapped bot's suggestion (not timed)."""
        return self.bot.suggest(view, prompt, actions, rng)


def measure_decisions(ruleset: AnyRuleset, config: GameConfig, games: int, cap: float) -> DecisionFigures:
    """``games`` games of hard in one seat (seat ``g % players`` in game ``g``) against normal."""
    timed = _Timed(bot_for(ruleset, "hard"))
    normal = bot_for(ruleset, "normal")
    for game in range(games):
        bots: dict[int, Bot] = {seat: normal for seat in range(config.players)}
        bots[game % config.players] = timed
        Match(ruleset, config, 1 + game).play_out(bots)
    ms = [1000 * s for s in timed.cpu]
    return DecisionFigures(
        game=ruleset.slug,
        mode=config.mode,
        players=config.players,
        games=games,
        decisions=len(ms),
        cpu_ms_p50=median(ms),
        cpu_ms_p95=percentile(ms, 95),
        cpu_ms_max=max(ms, default=float("nan")),
        over_cap=sum(s > cap for s in timed.cpu),
        cap_s=cap,
    )


def decision_target(found: DecisionFigures) -> Target:
    """The slowest decision beside the cap: a MISS is a decision the cap would have cut short."""
    return Target(
        f"{found.game} {found.mode} hard decision CPU max", found.cpu_ms_max, 1000 * found.cap_s, " ms"
    )


def decision_line(found: DecisionFigures) -> str:
    """One mode's figure as a line."""
    f = found
    seats = f"{f.players} player{'s' if f.players != 1 else ''}"
    return (
        f"bots      {f.game} {f.mode} ({seats}): hard's decision CPU p50 {fmt(f.cpu_ms_p50)} ms, "
        f"p95 {fmt(f.cpu_ms_p95)} ms, max {fmt(f.cpu_ms_max)} ms over {f.decisions} decisions in "
        f"{f.games} games against normal; {f.over_cap} over the {fmt(1000 * f.cap_s)} ms cap"
    )


def main(quick: bool = False, as_json: bool = False, game: str | None = None) -> int:
    """Measure every game mode's hard decisions (or one game's) and print them."""
    from bot.bench.runner import _plain, machine
    from engines import registry

    cap = default_cap()
    games = QUICK_GAMES if quick else GAMES
    started = time.perf_counter()
    load = fmt(machine()["load_avg_1m"] or float("nan"))
    found: list[DecisionFigures] = []
    for slug in [game] if game else registry.slugs():
        ruleset = registry.get(slug)
        for mode in ruleset.modes:
            figures = measure_decisions(ruleset, bench_config(ruleset, mode.name), games, cap)
            found.append(figures)
            if not as_json:
                print(decision_line(figures), flush=True)
                print(f"          target {decision_target(figures).line()}", flush=True)
    seconds = time.perf_counter() - started
    if as_json:
        document = {"quick": quick, "seconds": round(seconds, 1), "machine": machine(), "bots": _plain(found)}
        json.dump(document, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(
            f"bench --bots: {len(found)} game modes in {seconds:.0f} s; 1-minute load average "
            f"{load} at the start, {fmt(machine()['load_avg_1m'] or float('nan'))} at the end"
        )
    return 0
