"""A game record read from a file for ``tablekeeper replay``, checked, replayed and written out.

FILE is a record (``/table export``, ``selfplay --save``) or an archive file written by
``tablekeeper db archive`` (then ``--table ID`` picks the game). A file is read strictly because
it comes from outside: a file that is not a record, a damaged or edited one, a game or rules
version this build does not have, moves that do not replay, or a replay that ends other than
the record says, is :class:`Refused` with the one line to print, never a traceback.

The command itself is :mod:`bot.cli.replay`; the stepping is :mod:`bot.console.replay`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.cli.stderr import fail
from engines.core import Outcome, SetupError, counted
from engines.core.record import Record, RecordError, dump, load
from engines.core.replay import ReplayError
from engines.core.timeline import Timeline, build

if TYPE_CHECKING:  # the service, the renderers and the database are imported by `replay` alone
    from bot.console.replay import Replay
    from bot.service.game import Game

GZIP_MAGIC = b"\x1f\x8b"


class Refused(Exception):
    """A file or an argument that cannot be replayed; ``str()`` is the one line to print."""


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
            fail(f"This archive holds {len(games)} games; pick one with --table ID.")
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

    Raises :class:`Refused`, also for a game this build cannot draw.
    """
    from bot.console.replay import Replay
    from bot.console.rulebook import rules_language
    from bot.service.game import resolve
    from bot.service.values import ServiceError

    try:
        game = resolve(record.game)
    except ServiceError as error:  # a game without a picture maker
        raise Refused(error.message) from None
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
        return fail(f"--out must be a folder; {out} is a file.")
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
    from bot.service.reviews import review_of
    from bot.service.values import ServiceError
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
