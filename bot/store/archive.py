"""Archiving finished games: their snapshots and move logs go to a compressed file, then out of the database.

Why: a finished table's snapshot and move log are most of the bytes the database stores, and
nothing reads them once the game is over (``/stats`` and leaderboards read the ``results`` rows,
which stay, as do the table and seat rows). Each archived game is one JSON line: the table row
(its snapshot in base64), its seats and its moves, enough to replay the game move for move.

Order of work, so nothing is lost: a batch of games is written to the file and flushed to disk
(``fsync``) before the transaction that removes those games' moves and snapshots commits. If the
process stops in between, the next run archives the batch again into its own file; a reader keeps
the last line per table id. :func:`archived_record` turns one line back into a match record,
which ``tablekeeper replay FILE --table ID`` replays.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import RowMapping

from bot.store.db import Database
from bot.store.schema import ABORTED, FINISHED, moves, seats, tables
from engines.core.record import Record, RecordError, sealed
from engines.core.rng import ALGORITHM

#: statuses of a table whose game is over (an aborted lobby has nothing to archive: no snapshot)
OVER = (FINISHED, ABORTED)
BATCH = 200


@dataclass(frozen=True)
class Archived:
    """What one archiving run did (or, on a dry run, would do)."""

    games: int
    moves: int
    snapshot_bytes: int
    path: Path | None


def _json_ready(row: RowMapping) -> dict[str, Any]:
    """A row as JSON-ready builtins: bytes (the snapshot) in base64."""
    return {
        key: base64.b64encode(value).decode("ascii") if isinstance(value, bytes) else value
        for key, value in row.items()
    }


def _due(before: float) -> Any:
    """Games over before ``before`` that still hold a snapshot."""
    return (
        tables.c.status.in_(OVER),
        tables.c.finished_at < before,
        tables.c.snapshot.is_not(None),
    )


async def pending(db: Database, before: float) -> Archived:
    """How many games finished before ``before`` are still stored whole, with their moves and bytes."""
    async with db.connect() as connection:
        games, size = (
            await connection.execute(
                select(func.count(), func.coalesce(func.sum(func.length(tables.c.snapshot)), 0)).where(
                    *_due(before)
                )
            )
        ).one()
        logged = (
            await connection.execute(
                select(func.count())
                .select_from(moves)
                .where(moves.c.table_id.in_(select(tables.c.id).where(*_due(before))))
            )
        ).scalar_one()
    return Archived(int(games), int(logged), int(size), None)


async def _batch(db: Database, before: float, after_id: int) -> list[dict[str, Any]]:
    """The next games to archive (by id), each with its seats and moves, as JSON-ready records."""
    async with db.connect() as connection:
        rows = (
            (
                await connection.execute(
                    select(tables)
                    .where(*_due(before), tables.c.id > after_id)
                    .order_by(tables.c.id)
                    .limit(BATCH)
                )
            )
            .mappings()
            .all()
        )
        ids = [row["id"] for row in rows]
        if not ids:
            return []
        seat_rows = (
            (await connection.execute(select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)))
            .mappings()
            .all()
        )
        move_rows = (
            (await connection.execute(select(moves).where(moves.c.table_id.in_(ids)).order_by(moves.c.seq)))
            .mappings()
            .all()
        )
    records = []
    for row in rows:
        records.append(
            {
                "table": _json_ready(row),
                "seats": [_json_ready(s) for s in seat_rows if s["table_id"] == row["id"]],
                "moves": [
                    [m["seq"], m["seat"], m["action_key"], m["at"]]
                    for m in move_rows
                    if m["table_id"] == row["id"]
                ],
            }
        )
    return records


def _write(out: gzip.GzipFile, records: Sequence[dict[str, Any]]) -> None:
    """Append ``records`` as JSON lines and make sure they are on disk."""
    for record in records:
        out.write(json.dumps(record, separators=(",", ":"), sort_keys=True).encode("utf-8") + b"\n")
    out.flush()


async def archive(db: Database, before: float, path: Path) -> Archived:
    """Move every game over before ``before`` into the gzip JSON-lines file ``path``; return the tally.

    The file is created even when nothing is due (an empty archive says the run happened).
    """
    games = logged = size = 0
    last = 0
    with path.open("xb") as raw, gzip.GzipFile(fileobj=raw, mode="wb") as out:
        while records := await _batch(db, before, last):
            _write(out, records)
            out.flush()  # the gzip member so far, then the file itself
            raw.flush()
            os.fsync(raw.fileno())
            ids = [r["table"]["id"] for r in records]
            async with db.begin() as connection:
                await connection.execute(delete(moves).where(moves.c.table_id.in_(ids)))
                await connection.execute(
                    update(tables)
                    .where(tables.c.id.in_(ids), tables.c.snapshot.is_not(None))
                    .values(snapshot=None)
                )
            games += len(records)
            logged += sum(len(r["moves"]) for r in records)
            size += sum(len(base64.b64decode(r["table"]["snapshot"])) for r in records)
            last = ids[-1]
    return Archived(games, logged, size, path)


def read_archive(path: Path) -> dict[int, dict[str, Any]]:
    """The games in an archive file by table id (a game archived twice: its last line)."""
    games: dict[int, dict[str, Any]] = {}
    with gzip.open(path, "rb") as lines:
        for line in lines:
            record = json.loads(line)
            games[int(record["table"]["id"])] = record
    return games


def archived_record(game: dict[str, Any]) -> Record:
    """One archived game (a line of :func:`read_archive`) as a match record with its check filled in.

    Raises :class:`RecordError` (one line) when the line lacks what a replay needs.
    """
    table = game.get("table") or {}
    where = f"Archived table {table.get('id', '?')}"
    try:
        return sealed(
            msgspec.convert(
                {
                    "game": table["game"],
                    "rules_version": table["rules_version"],
                    "content_version": table["content_version"],
                    "rng": table.get("rng_algorithm") or ALGORITHM,
                    "config": table["config"],
                    "seed": table["seed"],
                    "seats": [{k: s[k] for k in ("seat", "name", "bot")} for s in game["seats"]],
                    "moves": [move[:3] for move in game["moves"]],
                    "outcome": table.get("outcome"),
                    "source": f"table {table['id']} (archived)",
                    "finished_at": table.get("finished_at"),
                },
                Record,
                strict=False,  # JSON keeps the scores' seat numbers as strings
            )
        )
    except KeyError as error:
        raise RecordError(f"{where} is damaged: it has no {error.args[0]!r}.") from None
    except (TypeError, msgspec.ValidationError) as error:
        raise RecordError(f"{where} is damaged: {error}.") from None
