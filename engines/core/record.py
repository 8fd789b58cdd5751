"""The match record as a file people can keep and share: what ``/table export`` writes and
``tablekeeper replay`` reads.

A record holds what DESIGN.md calls the match record (game, rules and content versions, config,
seed, the RNG's name and the log of ``(seq, seat, action key)``) plus what a person needs to read
it again: the seats' names as they appeared and the result. It never holds a state or a picture:
everything is replayed from the seed, so a record is small and cannot show what its moves did not.

Reading a file is strict, because the file comes from outside. :func:`load` turns every fault
into one :class:`RecordError` whose message is one line a person can act on: not JSON, not a
record, a format from a newer Tablekeeper, a field missing or of the wrong type, a check that no
longer matches the contents (the file was edited), a game this build does not have, or rules of
another version (a replay under other rules would play other moves). Whether the moves still
replay, and to the stated result, is the timeline's check (:func:`engines.core.timeline.build`).
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from engines.core.rng import ALGORITHM
from engines.core.types import GameConfig, Outcome

#: names the file as ours: a JSON file without it is "not a record"
KIND = "tablekeeper-record"
#: the layout of the file; a newer layout is refused with a message saying so
FORMAT = 1


class RecordError(ValueError):
    """A record file that cannot be replayed; ``str()`` is one line for the person who gave it."""


class RecordSeat(msgspec.Struct, frozen=True):
    """One seat as it appeared: its name, and the bot level if a bot played it."""

    seat: int
    name: str
    bot: str | None = None


class Record(msgspec.Struct, frozen=True, kw_only=True):
    """A whole game, enough to replay it move for move (see the module's docstring)."""

    kind: str = KIND
    format: int = FORMAT
    game: str
    rules_version: str
    content_version: str
    rng: str = ALGORITHM
    config: GameConfig
    seed: int
    seats: tuple[RecordSeat, ...]
    moves: tuple[tuple[int, int, str], ...]
    outcome: Outcome | None = None
    #: where it came from, for people: "table 42", "selfplay seed 7"; never read by a rule
    source: str = ""
    finished_at: float | None = None
    #: SHA-256 of everything above; a file edited by hand no longer matches it
    check: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names in seat order."""
        return tuple(s.name for s in sorted(self.seats, key=lambda s: s.seat))


_encoder = msgspec.json.Encoder()


def _canonical(record: Record) -> bytes:
    """``record`` as canonical JSON: fields in their order, map keys sorted.

    JSON keys are strings, so a result's scores (keyed by seat number) are written with string
    keys; :func:`load` reads them back as seat numbers.
    """
    return _encoder.encode(msgspec.to_builtins(record, str_keys=True, order="deterministic"))


def _body_check(record: Record) -> str:
    """The check of ``record``: a hash of its canonical JSON without the check itself."""
    body = _canonical(msgspec.structs.replace(record, check=""))
    return hashlib.sha256(body).hexdigest()


def sealed(record: Record) -> Record:
    """``record`` with its check filled in."""
    return msgspec.structs.replace(record, check=_body_check(record))


def dump(record: Record) -> bytes:
    """The record as the JSON bytes of a file (indented, check included)."""
    return msgspec.json.format(_canonical(sealed(record)), indent=1) + b"\n"


def load(data: bytes, versions: dict[str, tuple[str, str]]) -> Record:
    """Read a record file; ``versions[game]`` is this build's (rules, content) version of each game.

    Raises :class:`RecordError` with one line naming what is wrong.
    """
    try:
        raw: Any = msgspec.json.decode(data)
    except msgspec.DecodeError:
        raise RecordError("This file is not a game record: it is not JSON.") from None
    if not isinstance(raw, dict) or raw.get("kind") != KIND:
        raise RecordError("This file is not a game record (it has no kind: tablekeeper-record).")
    made = raw.get("format")
    if not isinstance(made, int) or made > FORMAT:
        raise RecordError(
            f"This record is in format {made!r}, newer than this Tablekeeper reads ({FORMAT}); "
            "upgrade to replay it."
        )
    try:
        record = msgspec.convert(raw, Record, str_keys=True)
    except msgspec.ValidationError as error:
        raise RecordError(f"This record is damaged: {error}.") from None
    if record.check != _body_check(record):
        raise RecordError("This record was changed after it was exported (its check does not match).")
    if record.game not in versions:
        raise RecordError(f"This record is of a game this Tablekeeper does not have: {record.game!r}.")
    rules, content = versions[record.game]
    if (record.rules_version, record.content_version) != (rules, content):
        raise RecordError(
            f"This record was played under {record.game} rules {record.rules_version} with content "
            f"{record.content_version}; this Tablekeeper has rules {rules} with content {content}, "
            "so its moves would not replay."
        )
    if record.rng != ALGORITHM:
        raise RecordError(
            f"This record's dice come from {record.rng!r}; this Tablekeeper uses {ALGORITHM!r}."
        )
    return record
