"""Replays: any started game, step by step, as each viewer may see it; and its record as a file.

The steps come from the match record (``engines.core.timeline``), never from stored pictures.
Who sees what is decided here, once, and follows the secret filter:

- everyone allowed to watch (the game's players; anyone in a server table's channel or thread)
  sees the public board and the public narration of each step;
- a player also sees their own private picture and lines at each step, never another's;
- once the game is over, its players may open every seat's picture, unless the host turned the
  table's ``reveal`` option off; everyone else keeps the public view.

A running game's timeline ends at the last step the table could see (see
:mod:`engines.core.timeline`), so its replay shows nothing the live table has not shown. The
record file (``/table export``) replays every hand, so it is given only to the players of a
finished game whose hands may be shown.

Timelines are kept in a small per-process cache keyed by table, moves and language: a viewer's
every click redraws one step, and rebuilding a 300-move game each time would waste a tenth of a
second of CPU. Building and drawing run in a worker thread, off the event loop.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import msgspec

from bot.service import drawing
from bot.service.api import ABORTED, FINISHED, LOBBY, ServiceError, TableInfo
from bot.service.game import Game, resolve
from bot.service.projection import narration
from bot.service.records import table_info
from bot.service.room import Room
from bot.service.runtime import Loaded, Runtime, load_from
from bot.service.seating import reveals
from bot.store import tables_repo as repo
from engines.core import Code, GameConfig, Outcome, fill_names
from engines.core.record import Record, RecordSeat, sealed
from engines.core.replay import ReplayError
from engines.core.timeline import Chapter, Timeline, build

#: timelines kept per process (a few hundred KB each at most)
CACHE = 32


@dataclass(frozen=True)
class ReplayFrame:
    """One step of a replay as one viewer may see it.

    ``seat`` is whose private picture and lines are shown (None: the public view only);
    ``may_show`` lists the seats whose pictures this viewer may open at this step.
    """

    table: TableInfo
    step: int
    steps: int
    chapter: str
    chapters: tuple[Chapter, ...]
    board_png: bytes
    text: str
    narration: tuple[str, ...]
    seat: int | None
    hand_png: bytes | None
    may_show: tuple[int, ...]
    #: the game is over and its whole log is replayed
    over: bool
    #: the result, shown on the last step of a finished game
    outcome: Outcome | None
    #: the seat that made the step's last move (None at the deal)
    mover: int | None


class _Timelines:
    """A small thread-safe LRU of built timelines."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[int, int, str], Timeline] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[int, int, str]) -> Timeline | None:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def put(self, key: tuple[int, int, str], timeline: Timeline) -> None:
        with self._lock:
            self._kept[key] = timeline
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)


@dataclass(frozen=True)
class _Game:
    """A started table read for a replay: its row, seats, log and resolved game."""

    loaded: Loaded
    log: tuple[tuple[int, int, str], ...]
    game: Game

    @property
    def info(self) -> TableInfo:
        return table_info(self.loaded.table, self.loaded.seats)

    @property
    def over(self) -> bool:
        return self.loaded.table.status in (FINISHED, ABORTED)


async def read_with_log(rt: Runtime, table_id: int) -> tuple[Loaded, tuple[tuple[int, int, str], ...]]:
    """A table, its seats and its whole move log, read together (replays and reviews read alike)."""
    async with rt.reading() as connection:
        loaded = await load_from(connection, table_id)
        log = tuple(await repo.move_log(connection, table_id))
    return loaded, log


def may_watch(loaded: Loaded, user_id: int, channel_id: int | None) -> bool:
    """Whether ``user_id`` may look back at the table's game: its players, or anyone asking from
    a server table's channel or thread (a solo game in DMs is its player's alone)."""
    table = loaded.table
    if any(s.user_id == user_id for s in loaded.seats):
        return True
    if table.guild_id is None:
        return False
    return channel_id is not None and channel_id in (table.channel_id, table.thread_id)


class Replays(Room):
    """Replay frames and game records (see the module docstring)."""

    _timelines = _Timelines(CACHE)

    async def _read(self, table_id: int) -> _Game:
        """The table, its seats and its whole log, read together; refused before a game exists."""
        loaded, log = await read_with_log(self.rt, table_id)
        table = loaded.table
        if table.status == LOBBY or table.seed is None or table.config is None:
            raise ServiceError(
                Code.NOT_STARTED, "This table's game has not started, so there is nothing to replay."
            )
        if loaded.state is None and not log:
            raise ServiceError(
                Code.NOT_FOUND,
                f"Table #{table_id}'s game was archived; an admin can replay it from the archive file "
                f"with `tablekeeper replay FILE --table {table_id}`.",
            )
        return _Game(loaded, log, resolve(table.game))

    def _timeline(self, read: _Game, lang: str | None) -> Timeline:
        """The table's timeline in ``lang`` (built once per moves and language)."""
        ruleset = read.game.ruleset
        config = msgspec.convert(read.loaded.table.config, GameConfig)
        lang_key = ruleset.language(lang) if lang else ""
        key = (read.loaded.table.id, len(read.log), lang_key)
        timeline = self._timelines.get(key)
        if timeline is None:
            try:
                timeline = build(ruleset, config, read.loaded.table.seed or 0, read.log, lang=lang)
            except ReplayError as error:  # a log that no longer replays: the rules changed under it
                raise ServiceError(
                    Code.NOT_FOUND, f"Table #{read.loaded.table.id}'s game no longer replays: {error}"
                ) from None
            self._timelines.put(key, timeline)
        return timeline

    @staticmethod
    def _seats_for(read: _Game, user_id: int) -> tuple[int, ...]:
        """The seats whose private side ``user_id`` may see in the replay."""
        own = tuple(s.seat for s in read.loaded.seats if s.user_id == user_id)
        if own and read.over and reveals(read.loaded.table.options):
            return tuple(s.seat for s in read.loaded.seats)
        return own

    async def frame(
        self,
        table_id: int,
        user_id: int,
        step: int | None = None,
        seat: int | None = None,
        *,
        channel_id: int | None = None,
        lang: str | None = None,
    ) -> ReplayFrame:
        """Step ``step`` (None: the last) of table ``table_id``'s game as ``user_id`` may see it.

        ``seat`` asks for that seat's private side (refused unless ``user_id`` may see it; None
        shows the caller's own seat if they played); ``channel_id`` is where the request came
        from (anyone in a server table's channel may watch); ``lang`` the viewer's language.
        """
        read = await self._read(table_id)
        if not may_watch(read.loaded, user_id, channel_id):
            raise ServiceError(
                Code.NOT_PLAYER,
                "You can replay this game from its channel, or if you played in it.",
            )
        allowed = self._seats_for(read, user_id)
        if seat is None:
            own = [s.seat for s in read.loaded.seats if s.user_id == user_id]
            seat = own[0] if own else None
        elif seat not in allowed:
            raise ServiceError(Code.NOT_PLAYER, "You may not see that seat's hand in this replay.")
        return await asyncio.to_thread(self._draw, read, step, seat, allowed, lang)

    def _draw(
        self, read: _Game, step: int | None, seat: int | None, allowed: tuple[int, ...], lang: str | None
    ) -> ReplayFrame:
        """Build the frame (in a worker thread): replay to the step, then draw its pictures."""
        timeline = self._timeline(read, lang)
        number = timeline.steps if step is None else timeline.clamp(step)
        state, events = timeline.step(number)
        ruleset = read.game.ruleset
        renderer = drawing.renderer_for(read.game.renderer)
        names = read.loaded.names()
        spectator = ruleset.view(state, None)
        hand_png = None
        lines: Sequence[str]
        if seat is not None:
            own_view = ruleset.view(state, seat)
            hand_png = renderer.hand(own_view, names)
            text = renderer.describe(own_view)
            lines = narration(events, seat, names)
        else:
            text = renderer.describe(spectator)
            lines = narration(events, None, names)
        moment = timeline.moments[number]
        last = number == timeline.steps
        outcome = timeline.outcome if last else None
        if outcome is not None:
            outcome = msgspec.structs.replace(outcome, reason=fill_names(outcome.reason, names))
        return ReplayFrame(
            table=read.info,
            step=number,
            steps=timeline.steps,
            chapter=moment.chapter,
            chapters=timeline.chapters(),
            board_png=renderer.board(spectator, names),
            text=fill_names(text, names),
            narration=tuple(lines),
            seat=seat,
            hand_png=hand_png,
            may_show=allowed,
            over=timeline.over,
            outcome=outcome,
            mover=timeline.mover(number),
        )

    async def record(self, table_id: int, user_id: int) -> Record:
        """The finished game's record file contents (``/table export``), for its players only."""
        read = await self._read(table_id)
        if not read.over:
            raise ServiceError(Code.GAME_OVER, "A game's record can be exported once the game is over.")
        if not any(s.user_id == user_id for s in read.loaded.seats):
            raise ServiceError(Code.NOT_PLAYER, "Only the game's players can export its record.")
        if not reveals(read.loaded.table.options):
            raise ServiceError(
                Code.NOT_PLAYER,
                "The host kept this game's hands private, and its record replays every hand, "
                "so it is not exported.",
            )
        return record_of(read.loaded, read.log, read.game)


def record_of(loaded: Loaded, log: Sequence[tuple[int, int, str]], game: Game) -> Record:
    """A table's match record as a shareable :class:`Record` (its check filled in)."""
    table = loaded.table
    ruleset = game.ruleset
    outcome = None
    if table.outcome is not None:
        outcome = msgspec.convert(table.outcome, Outcome, strict=False)
    return sealed(
        Record(
            game=table.game,
            rules_version=table.rules_version or ruleset.rules_version,
            content_version=table.content_version or ruleset.content_version,
            config=msgspec.convert(table.config, GameConfig),
            seed=table.seed or 0,
            seats=tuple(RecordSeat(s.seat, s.name, s.bot) for s in loaded.seats),
            moves=tuple((int(q), int(s), str(k)) for q, s, k in log),
            outcome=outcome,
            source=f"table {table.id}",
        )
    )
