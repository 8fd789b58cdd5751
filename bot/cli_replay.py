"""``tablekeeper replay FILE``: step through a game record in the terminal, or write its pictures.

FILE is a record (``/table export``, ``selfplay --save``) or an archive file written by
``tablekeeper db archive`` (then ``--table ID`` picks the game). A file is read strictly because
it comes from outside: a file that is not a record, a damaged or edited one, a game or rules
version this build does not have, moves that do not replay, or a replay that ends other than
the record says, is one line on stderr and exit status 2, never a traceback.

Kept apart from :mod:`bot.cli`, which only registers the sub-command and hands over; the
stepping itself is :mod:`bot.console.replay`.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engines.core import Outcome, SetupError, counted
from engines.core.record import Record, RecordError, dump, load
from engines.core.replay import ReplayError
from engines.core.timeline import Timeline, build

if TYPE_CHECKING:  # the service, the renderers and the database are imported by `replay` alone,
    from bot.console.replay import Replay  # so every other command starts as fast as before
    from bot.service.game import Game

EXIT_USAGE = 2
GZIP_MAGIC = b"\x1f\x8b"


class Refused(Exception):
    """A file or an argument that cannot be replayed; ``str()`` is the one line to print."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``replay``."""
    replay = sub.add_parser(
        "replay",
        help="step through a game record or an archived game, or write its pictures (--out)",
    )
    replay.add_argument(
        "file",
        type=Path,
        help="a record (.json: /table export, selfplay --save) or an archive (.jsonl.gz: db archive)",
    )
    replay.add_argument("--table", type=int, metavar="ID", help="the game to replay from an archive file")
    who = replay.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, metavar="N", help="also show seat N's private side (from 1)")
    who.add_argument("--hands", action="store_true", help="also show every seat's private side")
    replay.add_argument("--lang", metavar="LANG", help="en or ja, for a game written in both")
    replay.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="write every step's picture, the animation and the review chart here instead of stepping",
    )
    replay.add_argument(
        "--steps-only",
        action="store_true",
        help="with --out: only the steps' pictures (the animation and the review take seconds)",
    )


def cmd_replay(args: argparse.Namespace) -> int:
    """Run ``tablekeeper replay``; one line on stderr and status 2 for anything it cannot replay."""
    from bot.service.api import ServiceError

    try:
        record = read_record(args.file, args.table)
        if record is None:  # an archive of several games listed, none picked
            return EXIT_USAGE
        replay, game = prepare(record, args.seat, args.hands, args.lang)
    except Refused as refused:
        return _fail(str(refused))
    except ServiceError as error:  # a game without a picture maker
        return _fail(error.message)
    if args.out is not None:
        return write_out(replay, game, args.out, args.lang, extras=not args.steps_only)
    if args.steps_only:
        return _fail("--steps-only goes with --out DIR.")
    mode = replay.ruleset.mode(record.config.mode).title
    source = record.source or f"seed {record.seed}"
    print(
        f"{replay.ruleset.title}, {mode}: {', '.join(replay.names)} ({source}); "
        f"steps 0 (the deal) to {replay.timeline.steps}."
    )
    return replay.run(sys.stdin, sys.stdout)


def read_record(path: Path, table: int | None) -> Record | None:
    """The record in ``path`` (a record file, or game ``table`` of an archive), checked.

    None when ``path`` is an archive of several games and ``table`` is None: the games are
    listed on stdout and the choice is asked for on stderr.
    """
    try:
        data = path.read_bytes()
    except OSError as error:
        raise Refused(f"cannot read {path}: {error.strerror or error}.") from None
    if data[:2] == GZIP_MAGIC:
        return _from_archive(path, table)
    if table is not None:
        raise Refused(f"--table is for archive files; {path} holds one game, not an archive.")
    return _load(data)


def _versions() -> dict[str, tuple[str, str]]:
    """This build's (rules, content) version of every game."""
    from engines import registry

    versions: dict[str, tuple[str, str]] = {}
    for slug in registry.slugs():
        try:
            ruleset = registry.get(slug)
        except (ImportError, AttributeError):  # a game still being written has no RULESET yet
            continue
        versions[slug] = (ruleset.rules_version, ruleset.content_version)
    return versions


def _load(data: bytes) -> Record:
    try:
        return load(data, _versions())
    except RecordError as error:
        raise Refused(str(error)) from None


def _from_archive(path: Path, table: int | None) -> Record | None:
    """Game ``table`` of the archive at ``path`` as a checked record (see :func:`read_record`)."""
    from bot.store.archive import archived_record, read_archive

    try:
        games = read_archive(path)
    except (OSError, EOFError, ValueError, LookupError, TypeError):
        raise Refused(f"{path} is neither a game record nor a Tablekeeper archive we can read.") from None
    if not games:
        raise Refused(f"The archive {path} holds no games.")
    if table is None:
        if len(games) > 1:
            for entry in games.values():
                print(archive_line(entry))
            _fail(f"This archive holds {len(games)} games; pick one with --table ID.")
            return None
        table = next(iter(games))
    if table not in games:
        held = ", ".join(str(t) for t in sorted(games)[:10]) + (" ..." if len(games) > 10 else "")
        raise Refused(f"Table {table} is not in this archive; it holds table {held}.")
    try:
        record = archived_record(games[table])
    except RecordError as error:
        raise Refused(str(error)) from None
    return _load(dump(record))  # the same checks as a record file: game, rules and content versions


def archive_line(entry: dict[str, Any]) -> str:
    """One archived game as a line of the archive's list: id, game, players, end, moves."""
    table = entry.get("table", {})
    names = ", ".join(str(s.get("name", "?")) for s in entry.get("seats", []))
    ended = table.get("finished_at")
    day = time.strftime("%Y-%m-%d", time.gmtime(ended)) if isinstance(ended, int | float) else "?"
    return (
        f"table {table.get('id')}: {table.get('game')} {table.get('mode')} ({names}), "
        f"{table.get('status')} {day}, {counted(len(entry.get('moves', [])), 'move')}"
    )


def prepare(record: Record, seat: int | None, hands: bool, lang: str | None) -> tuple[Replay, Game]:
    """Replay ``record`` into steps and check it ends as it says; the seats asked for, checked.

    Raises :class:`Refused`, or ``ServiceError`` for a game this build cannot draw.
    """
    from bot.console.replay import Replay
    from bot.console.rulebook import rules_language
    from bot.service.game import resolve

    game = resolve(record.game)
    if lang is not None:
        try:
            lang = rules_language(game.ruleset, lang)
        except SetupError as error:
            raise Refused(error.message) from None
    ruleset = game.ruleset
    players = record.config.players
    if sorted(s.seat for s in record.seats) != list(range(players)):
        raise Refused(f"This record is damaged: its seats do not match its {counted(players, 'player')}.")
    timeline = _timeline(record, game, lang)
    stated = _tampered(record, timeline)
    if stated is not None:
        raise Refused(stated)
    if seat is not None and not 1 <= seat <= players:
        raise Refused(f"--seat must be a seat from 1 to {players}, not {seat}.")
    seats = tuple(range(players)) if hands else (seat - 1,) if seat is not None else ()
    replay = Replay(ruleset, game.renderer, timeline, record.names, seats, record.outcome)
    return replay, game


def _timeline(record: Record, game: Game, lang: str | None) -> Timeline:
    """The record's moves replayed from its seed; a set-up or a move refused is one line."""
    try:
        return build(game.ruleset, record.config, record.seed, record.moves, lang=lang)
    except ReplayError as error:
        raise Refused(f"This record's moves do not replay: {error}") from None
    except SetupError as error:
        raise Refused(f"This record's game cannot be set up: {error.message}") from None


def _tampered(record: Record, timeline: Timeline) -> str | None:
    """Why the replay's end differs from the record's stated result (tampered), else None.

    A record without a result is a game that was not finished: its moves must not end it. The
    one result the rules never reach is a forfeit on time, which ends a game whose late seat is
    still being asked: only that may stand at the end of moves that stop short.
    """
    reached = timeline.outcome
    if reached is None:
        if record.outcome is None or _forfeited(record.outcome, timeline):
            return None
        return "This record was tampered with: its moves stop before the result it states."
    if record.outcome is None:
        return "This record was tampered with: its moves end the game, but it says the game did not end."
    if _facts(reached) != _facts(record.outcome):
        return "This record was tampered with: its moves end the game with another result than it states."
    return None


def _facts(outcome: Outcome) -> tuple[object, ...]:
    """What a result says, without its words (a replay in another language words it otherwise)."""
    return (outcome.winners, outcome.ranking, outcome.scores, outcome.automaton)


def _forfeited(outcome: Outcome, timeline: Timeline) -> bool:
    """Whether ``outcome`` is a forfeit by a seat the end of ``timeline`` is still asking."""
    asked = timeline.ruleset.prompts(timeline.state_after(len(timeline.log)))
    last = outcome.ranking[-1] if outcome.ranking else ()
    # the table's wording for a seat that ran out of time (bot/service/timers.py)
    return len(last) == 1 and last[0] in asked and "forfeit" in outcome.reason


def write_out(replay: Replay, game: Game, out: Path, lang: str | None, *, extras: bool = True) -> int:
    """``--out DIR``: every step's pictures, then (``extras``) the animation and the review."""
    if out.exists() and not out.is_dir():
        return _fail(f"--out must be a folder; {out} is a file.")
    written = replay.write_frames(out)
    boards = replay.timeline.steps + 1
    print(f"Wrote {counted(len(written), 'picture')} of {counted(boards, 'step')} into {out}.")
    if extras:
        for line in write_extras(game, replay.timeline, replay.names, lang, out):
            print(line)
    return 0


def write_extras(
    game: Game,
    timeline: Timeline,
    names: Sequence[str],
    lang: str | None,
    out: Path,
    *,
    playouts: int | None = None,
    budget: int | None = None,
) -> list[str]:
    """Write the animation and (for a game that reached its end) the review chart into ``out``.

    One line per file written, then the review's turning points; ``playouts`` and ``budget``
    make the review rougher and quicker (the defaults are the bot's own).
    """
    from bot.service.animations import animation_of
    from bot.service.api import ServiceError
    from bot.service.reviews import review_of
    from engines.core.review import BUDGET, PLAYOUTS
    from render.core.animation import AnimationTooLarge

    said: list[str] = []
    try:
        animation = animation_of(game, timeline, names, lang)
    except AnimationTooLarge as error:  # a game too long for one file
        said.append(f"No animation written: {error}")
    else:
        path = out / f"animation{Path(animation.filename).suffix}"
        path.write_bytes(animation.data)
        said.append(f"Wrote the animation ({counted(animation.frames, 'frame')}) to {path}.")
    if not timeline.over:
        said.append("No review chart written: the game did not reach its end by the rules.")
        return said
    try:
        review = review_of(
            game,
            timeline,
            names,
            playouts=PLAYOUTS if playouts is None else playouts,
            budget=BUDGET if budget is None else budget,
        )
    except ServiceError as error:
        said.append(f"No review chart written: {error.message}")
        return said
    path = out / "review.png"
    path.write_bytes(review.chart_png)
    said.append(f"Wrote the review chart to {path}.")
    said += [f"  {line}" for line in review.lines]
    return said


def _fail(message: str, status: int = EXIT_USAGE) -> int:
    print(f"tablekeeper: {message}", file=sys.stderr)
    return status
