"""Bot-against-bot games to the end, summarised on one line (wins, length, speed, errors).

With a folder to save into, each finished game is also written there as a record file
(:mod:`engines.core.record`) that ``tablekeeper replay`` steps through.
"""

from __future__ import annotations

import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bot.console.narrate import seat_names
from engines.core import AnyRuleset, GameConfig
from engines.core.driver import Match, bot_for
from engines.core.record import Record, RecordSeat, dump

#: a game that has not ended after this many moves is reported as an error (a loop in the rules)
MAX_MOVES = 20_000


@dataclass
class SelfplayReport:
    """What a self-play run saw."""

    games: int = 0
    errors: int = 0
    moves: int = 0
    seconds: float = 0.0
    wins: Counter[int] = field(default_factory=Counter)
    no_winner: int = 0  # draws, and games the rules' own opponent (an automaton) won
    reasons: Counter[str] = field(default_factory=Counter)

    def summary(self, slug: str, config: GameConfig, bot: str, first_seed: int) -> str:
        """The single summary line the command ends with."""
        rate = self.games / self.seconds if self.seconds > 0 else 0.0
        finished = self.games - self.errors
        mean = self.moves / finished if finished else 0.0
        wins = ",".join(f"P{seat + 1}:{self.wins.get(seat, 0)}" for seat in range(config.players))
        last = first_seed + self.games - 1
        return (
            f"selfplay game={slug} mode={config.mode} players={config.players} bot={bot} "
            f"games={self.games} errors={self.errors} games_per_s={rate:.1f} "
            f"mean_length={mean:.1f} wins={wins} no_winner={self.no_winner} seeds={first_seed}..{last}"
        )


def play_match(ruleset: AnyRuleset, config: GameConfig, seed: int, bot_name: str) -> Match:
    """Play one all-bot game from ``seed`` to its end; return the finished match (state and log)."""
    match = Match(ruleset, config, seed)
    match.play_out(bot_for(ruleset, bot_name), max_steps=MAX_MOVES)
    return match


def play_game(ruleset: AnyRuleset, config: GameConfig, seed: int, bot_name: str) -> tuple[Any, int]:
    """Play one all-bot game from ``seed``; return the final state and the number of moves."""
    match = play_match(ruleset, config, seed, bot_name)
    return match.state, len(match.log)


def record_name(slug: str, config: GameConfig, seed: int) -> str:
    """The file name a saved self-play game gets: ``<game>-<mode>-seed<N>.json``."""
    return f"{slug}-{config.mode}-seed{seed}.json"


def match_record(match: Match, bot_name: str) -> Record:
    """The finished all-bot ``match`` as a record, each seat named after the bot that played it."""
    ruleset = match.ruleset
    bot = bot_for(ruleset, bot_name).name
    names = seat_names(match.config.players, None, bot)
    return Record(
        game=ruleset.slug,
        rules_version=ruleset.rules_version,
        content_version=ruleset.content_version,
        config=match.config,
        seed=match.seed,
        seats=tuple(RecordSeat(seat, name, bot) for seat, name in enumerate(names)),
        moves=tuple(match.log),
        outcome=match.outcome(),
        source=f"selfplay seed {match.seed}",
    )


def selfplay(
    ruleset: AnyRuleset,
    config: GameConfig,
    games: int,
    first_seed: int,
    bot_name: str,
    err: TextIO,
    save: Path | None = None,
) -> SelfplayReport:
    """Play ``games`` games from consecutive seeds; failures are written to ``err`` and counted.

    With ``save``, every finished game is written into that folder as a record file.
    """
    bot_for(ruleset, bot_name)  # refuse an unknown bot before any game starts
    # A config the game refuses (say, Constructed without deck codes) is one clear error, not one per seed.
    ruleset.setup(config, first_seed)
    report = SelfplayReport()
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        report.games += 1
        try:
            match = play_match(ruleset, config, seed, bot_name)
        except Exception as exc:  # one broken game must not hide the others; each failure is reported
            report.errors += 1
            err.write(f"seed={seed} failed: {type(exc).__name__}: {exc}\n")
            err.write("".join(traceback.format_exception(exc)[-3:]))
            continue
        outcome = match.outcome()
        assert outcome is not None
        if save is not None:
            save.mkdir(parents=True, exist_ok=True)
            (save / record_name(ruleset.slug, config, seed)).write_bytes(dump(match_record(match, bot_name)))
        report.moves += len(match.log)
        report.reasons[outcome.reason] += 1
        if outcome.winners:
            report.wins.update(outcome.winners)
        else:
            report.no_winner += 1
    report.seconds = time.perf_counter() - start
    return report
