"""Plain copies of database rows, and turning them into the values adapters see."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from bot.service.values import DmRef, PublicRef, SeatInfo, Shown, TableInfo
from bot.store.tables_repo import Refs
from engines import registry
from engines.core import AnyRuleset, SetupError


@dataclass(frozen=True)
class TableRow:
    """A ``tables`` row without its snapshot bytes."""

    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    host_id: int
    solo: bool
    game: str
    mode: str
    options: dict[str, Any]
    status: str
    config: dict[str, Any] | None
    seed: int | None
    seq: int
    outcome: dict[str, Any] | None
    version: int
    public_message_id: int | None
    rules_version: str | None = None
    content_version: str | None = None
    rng_algorithm: str | None = None
    #: moves made on public decisions (part of the table's button token; hidden moves never count)
    public_moves: int = 0
    #: the fingerprint of what the table message last showed (see ``PublicTable.digest``)
    public_digest: str | None = None


@dataclass(frozen=True)
class SeatRow:
    """A ``seats`` row."""

    seat: int
    user_id: int | None
    bot: str | None
    name: str
    dm_open: bool
    dm_message_id: int | None
    seat_options: dict[str, Any]
    prompted_at: float | None
    deadline: float | None
    remind_at: float | None
    reminded: bool
    has_left: bool
    dm_digest: str | None = None
    #: moves this seat has made (part of its button token, so a duplicate click is refused)
    moves: int = 0

    @property
    def human(self) -> bool:
        """A person decides for this seat (no bot plays it)."""
        return self.user_id is not None and self.bot is None


TABLE_FIELDS = tuple(TableRow.__dataclass_fields__)
SEAT_FIELDS = tuple(SeatRow.__dataclass_fields__)


def table_row(mapping: Any) -> TableRow:
    """Build a :class:`TableRow` from a result row mapping."""
    return TableRow(**{name: mapping[name] for name in TABLE_FIELDS})


def seat_row(mapping: Any) -> SeatRow:
    """Build a :class:`SeatRow` from a result row mapping."""
    return SeatRow(**{name: mapping[name] for name in SEAT_FIELDS})


def _rules(game: str) -> AnyRuleset | None:
    """The rules registered as ``game``, or None once the game is gone."""
    try:
        return registry.get(game)
    except SetupError:
        return None


def player_counts(ruleset: AnyRuleset | None, mode: str) -> tuple[int, int]:
    """Fewest and most seats ``mode`` of the game ``ruleset`` allows ((1, 1) if either is gone)."""
    try:
        counts = ruleset.mode(mode).players if ruleset is not None else (1,)
    except SetupError:
        return (1, 1)
    return (min(counts), max(counts))


def table_info(
    row: TableRow, seats: tuple[SeatRow, ...] | list[SeatRow], ruleset: AnyRuleset | None = None
) -> TableInfo:
    """The adapter-facing :class:`TableInfo` of a table (``ruleset``: its game's, if at hand)."""
    if ruleset is None:
        # Read without its loaded table (a reminder): the one look-up, so adapters need none.
        ruleset = _rules(row.game)
    low, high = player_counts(ruleset, row.mode)
    return TableInfo(
        id=row.id,
        game=row.game,
        mode=row.mode,
        status=row.status,
        host_id=row.host_id,
        channel_id=row.channel_id,
        guild_id=row.guild_id,
        thread_id=row.thread_id,
        solo=row.solo,
        options=dict(row.options),
        seats=tuple(
            SeatInfo(
                seat=s.seat,
                name=s.name,
                user_id=s.user_id,
                bot=s.bot,
                dm_open=s.dm_open,
                has_left=s.has_left,
                options=dict(s.seat_options),
            )
            for s in seats
        ),
        min_players=low,
        max_players=high,
        public_message_id=row.public_message_id,
        rules=ruleset,
    )


def shown_of(refs: Refs, mention: bool | None = None) -> Shown:
    """The :class:`Shown` of message references as the store reads them (and the server's
    mention setting, when read with them)."""
    public, dms = refs
    return Shown(PublicRef(*public), {seat: DmRef(*ref) for seat, ref in dms.items()}, mention)


def with_shown(
    table: TableRow, seats: tuple[SeatRow, ...], shown: Shown
) -> tuple[TableRow, tuple[SeatRow, ...]]:
    """``table`` and ``seats`` with the message references of ``shown`` (read from the database)."""
    table = dataclasses.replace(
        table, public_message_id=shown.public.message_id, public_digest=shown.public.digest
    )
    refs = [shown.dms.get(s.seat, DmRef(None, None)) for s in seats]
    return table, tuple(
        dataclasses.replace(s, dm_message_id=ref.message_id, dm_digest=ref.digest)
        for s, ref in zip(seats, refs, strict=True)
    )
