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

Timelines are kept in a small per-process cache keyed by table, seed, moves and language: a viewer's
every click redraws one step, and rebuilding a 300-move game each time would waste a tenth of a
second of CPU. Building and drawing run in a worker thread, off the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from bot.service import drawing
from bot.service.game import Game
from bot.service.projection import narration
from bot.service.room import Room
from bot.service.runtime import Loaded, Runtime, load_from
from bot.service.seating import reveals
from bot.service.values import ABORTED, FINISHED, LOBBY, PLAYING, ServiceError, TableInfo
from bot.store import replays_repo
from bot.store import tables_repo as repo
from engines import registry
from engines.core import Code, Event, GameConfig, Outcome, fill_names
from engines.core.record import Record, RecordSeat, sealed
from engines.core.replay import ReplayError
from engines.core.timeline import Chapter, Timeline, build
from render.core.lru import SharedLru

#: timelines kept per process (a few hundred KB each at most)
CACHE = 32
#: suggestions of ``/table replay`` (Discord shows at most 25)
RECENT = 25
#: how a game's status reads in a suggestion
_STATUS_WORDS = {PLAYING: "playing, started", FINISHED: "finished", ABORTED: "stopped"}


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


@dataclass(frozen=True)
class RecentGame:
    """A game ``/table replay`` suggests: its table, game and a short label ("Arclash #42 · ...")."""

    table_id: int
    game: str
    status: str
    label: str


def ago(seconds: float) -> str:
    """How long ago, as a person says it: "just now", "5 minutes ago", "2 days ago"."""
    for size, unit in ((86_400, "day"), (3_600, "hour"), (60, "minute")):
        if seconds >= size:
            count = int(seconds // size)
            return f"{count} {unit}{'s' if count != 1 else ''} ago"
    return "just now"


def game_title(slug: str) -> str:
    """A game's title (its slug when the game does not load)."""
    try:
        return str(registry.get(slug).title)
    except Exception:  # an unloadable game is still listed, by its slug
        return slug


@dataclass(frozen=True)
class StartedGame:
    """A started table read for a replay: its row, seats, log and (through ``loaded``) its game."""

    loaded: Loaded
    log: tuple[tuple[int, int, str], ...]

    @property
    def game(self) -> Game:
        """The table's game, resolved once on the loaded table."""
        return self.loaded.game

    @property
    def info(self) -> TableInfo:
        """The table as the adapters show it."""
        return self.loaded.info()

    @property
    def over(self) -> bool:
        """Whether the game has ended (finished or aborted)."""
        return self.loaded.table.status in (FINISHED, ABORTED)


async def read_with_log(rt: Runtime, table_id: int) -> tuple[Loaded, tuple[tuple[int, int, str], ...]]:
    """A table, its seats and its whole move log, read together (replays and reviews read alike)."""
    async with rt.reading() as connection:
        loaded = await load_from(connection, table_id)
        log = tuple(await repo.move_log(connection, table_id))
    return loaded, log


async def read_started(runtime: Runtime, table_id: int) -> StartedGame:
    """Table ``table_id`` with its seats and whole log, read together; refused before a game exists."""
    loaded, log = await read_with_log(runtime, table_id)
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
    return StartedGame(loaded, log)


def may_watch(loaded: Loaded, user_id: int, channel_id: int | None) -> bool:
    """Whether ``user_id`` (asking from ``channel_id``) may look back at the table's game.

    Its players may, anywhere; anyone else only from the server table's channel or thread (a
    solo game in DMs is its player's alone).
    """
    table = loaded.table
    if any(s.user_id == user_id for s in loaded.seats):
        return True
    if table.guild_id is None:
        return False
    return channel_id is not None and channel_id in (table.channel_id, table.thread_id)


_timelines: SharedLru[tuple[int, str, int], Timeline] = SharedLru(CACHE)


def timeline_of(read: StartedGame, lang: str | None) -> Timeline:
    """The table's timeline in ``lang`` (built once per table, seed, moves and language; blocking)."""
    ruleset = read.game.ruleset
    table = read.loaded.table
    lang_key = ruleset.language(lang) if lang else ""
    # the whole record in the key, not just the table and its move count: table ids start again
    # in another database (a test's, a restored copy), and a log of the same length may be
    # another game's
    key = (table.id, lang_key, hash((table.game, table.seed, repr(table.config), read.log)))
    timeline = _timelines.get(key)
    if timeline is None:
        config = msgspec.convert(table.config, GameConfig)
        try:
            timeline = build(ruleset, config, table.seed or 0, read.log, lang=lang)
        except ReplayError as error:  # a log that no longer replays: the rules changed under it
            raise ServiceError(
                Code.NOT_FOUND, f"Table #{table.id}'s game no longer replays: {error}"
            ) from None
        _timelines.put(key, timeline)
    return timeline


class Replays(Room):
    """Replay frames and game records (see the module docstring)."""

    @staticmethod
    def _seats_for(read: StartedGame, user_id: int) -> tuple[int, ...]:
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
        read = await read_started(self.rt, table_id)
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
        self,
        read: StartedGame,
        step: int | None,
        seat: int | None,
        allowed: tuple[int, ...],
        lang: str | None,
    ) -> ReplayFrame:
        """Build the frame (in a worker thread): replay to the step, then draw its pictures."""
        timeline = timeline_of(read, lang)
        number = timeline.steps if step is None else timeline.clamp(step)
        state, events = timeline.step(number)
        names = read.loaded.names()
        seen = seen_at(read.game, state, events, seat, names)
        outcome = timeline.outcome if number == timeline.steps else None
        if outcome is not None:
            outcome = msgspec.structs.replace(outcome, reason=fill_names(outcome.reason, names))
        return ReplayFrame(
            table=read.info,
            step=number,
            steps=timeline.steps,
            chapter=timeline.moments[number].chapter,
            chapters=timeline.chapters(),
            board_png=seen.board_png,
            text=seen.text,
            narration=seen.narration,
            seat=seat,
            hand_png=seen.hand_png,
            may_show=allowed,
            over=timeline.over,
            outcome=outcome,
            mover=timeline.mover(number),
        )

    async def recent(
        self, user_id: int, channel_id: int | None = None, limit: int = RECENT
    ) -> tuple[RecentGame, ...]:
        """The dealt games ``user_id`` played and those of ``channel_id``, newest first.

        Each is one the caller may replay from ``channel_id``: their own anywhere, the
        channel's (or thread's) because they are in it.
        """
        async with self.rt.reading() as connection:
            rows = list(await replays_repo.games_of(connection, user_id, limit))
            if channel_id is not None:
                rows += await replays_repo.games_in(connection, channel_id, limit)
        now = self.rt.clock()
        found: dict[int, RecentGame] = {}
        for row in sorted(rows, key=lambda r: int(r["id"]), reverse=True):
            table_id, status = int(row["id"]), str(row["status"])
            if table_id in found:
                continue
            when = row["finished_at"] if status != PLAYING else row["created_at"]
            words = _STATUS_WORDS.get(status, status)
            label = f"{game_title(row['game'])} #{table_id} · {words} {ago(now - float(when or now))}"
            found[table_id] = RecentGame(table_id, str(row["game"]), status, label)
        return tuple(found.values())[:limit]

    async def last_in(self, channel_id: int) -> int:
        """The table id of the newest dealt game of a channel or thread (running or over)."""
        async with self.rt.reading() as connection:
            rows = await replays_repo.games_in(connection, channel_id, 1)
        if not rows:
            raise ServiceError(Code.NOT_FOUND, "No game has been played in this channel yet.")
        return int(rows[0]["id"])

    async def record(self, table_id: int, user_id: int) -> Record:
        """The finished game's record file contents (``/table export``), for its players only."""
        read = await read_started(self.rt, table_id)
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


@dataclass(frozen=True)
class Seen:
    """What one viewer is shown of one replayed step: pictures, text and narration."""

    board_png: bytes
    text: str
    narration: tuple[str, ...]
    hand_png: bytes | None


def seen_at(game: Game, state: Any, events: Sequence[Event], seat: int | None, names: Sequence[str]) -> Seen:
    """What ``seat`` (None: anyone watching) is shown of ``state`` and the events that led to it.

    The board is always the spectator's; the text, the narration and the second picture are the
    seat's own. Everything is built from Views and the viewer's event text (the secret filter).
    """
    ruleset = game.ruleset
    renderer = drawing.renderer_for(game.renderer)
    board = renderer.board(ruleset.view(state, None), names)
    view = ruleset.view(state, seat)
    hand = renderer.hand(view, names) if seat is not None else None
    return Seen(board, fill_names(renderer.describe(view), names), narration(events, seat, names), hand)


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
