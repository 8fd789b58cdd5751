"""A whole game as one animated picture of its public board, drawn off the click path.

The frames come from the game's timeline (``engines.core.timeline``), so an animation shows
exactly what a spectator's replay shows: the public board at chosen steps, each captioned with
the public narration of the steps since the frame before (``projection.narration`` for the
table, the secret filter's own text) and "Round 3 · step 37/212". No hand is ever drawn, for
running and finished games alike, and a running game's timeline ends at the last step the
table could see, so an animation of it depends on nothing hidden.

Which steps become frames (:func:`frame_steps`): the deal, then the end of every round or
turn; a game of few rounds (Eternia has five) gets a frame every k-th public step instead. Either
way at most :data:`FRAMES_MAX` frames, the first and last step always among them.

Drawing a game's frames and encoding them costs seconds of CPU, so :class:`Animations` never
does it on the event loop: with a drawing pool running (``bot.service.drawing``) a pool process
replays the record and draws (its own process, so not even the GIL of the clicks is held);
without one, a thread does. A process makes one animation at a time; a second request for the
same game waits for the first and gets its result, kept in a small cache.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass

import msgspec
from PIL import Image

from bot.service import drawing
from bot.service.game import Game, resolve
from bot.service.guilds import GuildService
from bot.service.pipeline import Pipeline
from bot.service.projection import narration
from bot.service.replays import StartedGame, may_watch, read_started, timeline_of
from bot.service.room import Room
from bot.service.runtime import Runtime
from bot.service.values import ServiceError
from engines.core import Code, GameConfig, Outcome, fill_names
from engines.core.timeline import Timeline, build
from render.core.animation import LIMIT, AnimationTooLarge, Caption, animate, board_image
from render.core.lru import SharedLru

#: the most frames an animation has (a minute of pictures at 1.2 s each)
FRAMES_MAX = 60
#: a game with fewer rounds or turns than this gets a frame per public step (every k-th): a
#: HackClad game's nine rounds would otherwise be nine frames of some thirty moves each
CHAPTERS_MIN = 12
#: finished animations kept per process (the final message's is often asked for again)
CACHE = 4

_STEP_WORD = {"ja": "ステップ"}


@dataclass(frozen=True)
class Animation:
    """An encoded animation of a game: its bytes, file name, frame count and the CPU it took."""

    data: bytes
    filename: str
    frames: int
    cpu_seconds: float


@dataclass(frozen=True)
class AnimationJob:
    """What a drawing process needs to animate a game: its match record, names and language."""

    game: str
    config: GameConfig
    seed: int
    log: tuple[tuple[int, int, str], ...]
    names: tuple[str, ...]
    lang: str | None
    source: str
    limit: int = LIMIT


def _evenly(steps: Sequence[int], most: int) -> list[int]:
    """At most ``most`` of ``steps``, evenly spread, the first and last kept."""
    if len(steps) <= most:
        return list(steps)
    stride = (len(steps) - 1) / (most - 1)
    return sorted({steps[round(i * stride)] for i in range(most)})


def frame_steps(timeline: Timeline, most: int = FRAMES_MAX) -> tuple[int, ...]:
    """The steps drawn as frames: the deal, then each round's or turn's last step (see the module)."""
    chapters = timeline.chapters()
    if len(chapters) >= CHAPTERS_MIN:
        ends = [chapter.step - 1 for chapter in chapters[1:]] + [timeline.steps]
        chosen = [0, *(end for end in ends if end > 0)]
    else:
        chosen = list(range(timeline.steps + 1))
    return tuple(_evenly(sorted(set(chosen)), most))


def _lines(told: Sequence[str]) -> tuple[str, ...]:
    """The last two things that happened; "…" marks that earlier ones were left out."""
    if len(told) <= 2:
        return tuple(told)
    return (f"… {told[-2]}", told[-1])


def result_line(outcome: Outcome, names: Sequence[str], lang: str = "en") -> str:
    """The last frame's word on the result: "Game over: Cleo wins (nine rounds played)"."""
    reason = fill_names(outcome.reason, names).rstrip(".")
    if lang == "ja":  # a Japanese game's reason already names who won, in its own words
        return f"ゲーム終了：{reason}"
    who = outcome.who_won(lambda seat: names[seat] if seat < len(names) else f"Player {seat + 1}")
    if outcome.winners:
        return f"Game over: {who} {'wins' if len(outcome.winners) == 1 else 'win'} ({reason})."
    if who:  # the rules' own opponent won, not a seat
        return f"Game over: {who[:1].upper()}{who[1:]} won ({reason})."
    return f"Game over, no player wins: {reason}."


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "game"


def animation_of(
    game: Game,
    timeline: Timeline,
    names: Sequence[str],
    lang: str | None = None,
    *,
    source: str | None = None,
    limit: int = LIMIT,
) -> Animation:
    """The animation of ``timeline``'s public board (blocking; seconds of CPU for a long game).

    ``names`` fill the seats' names in pictures and captions; ``source`` ("table 12") names the
    file, the seed does otherwise. ``cpu_seconds`` is this thread's CPU time for the whole job.
    """
    started = time.thread_time()
    ruleset, renderer = game.ruleset, game.renderer
    wanted = set(frame_steps(timeline))
    language = ruleset.language(lang) if lang else "en"
    step_word = _STEP_WORD.get(language, "step")
    boards: list[bytes | Image.Image] = []
    captions: list[Caption] = []
    told: list[str] = []
    for moment, state, events in timeline.walk():
        told.extend(narration(events, None, names))
        if moment.number not in wanted:
            continue
        spectator = ruleset.view(state, None)
        lines = list(told)
        if moment.number == timeline.steps and timeline.outcome is not None:
            lines.append(result_line(timeline.outcome, names, language))
        title = f"{fill_names(moment.chapter, names)} · " if moment.chapter else ""
        captions.append(Caption(f"{title}{step_word} {moment.number}/{timeline.steps}", _lines(lines)))
        boards.append(board_image(renderer, spectator, names))
        told.clear()
    made = animate(boards, captions, lang=lang, limit=limit)
    label = _slug(source) if source else f"seed-{timeline.seed}"
    return Animation(
        data=made.data,
        filename=f"tablekeeper-{game.slug}-{label}.{made.ext}",
        frames=made.frames,
        cpu_seconds=time.thread_time() - started,
    )


def run_job(job: AnimationJob) -> Animation:
    """Replay ``job``'s record and animate it (in a drawing process, or a thread without a pool)."""
    game = resolve(job.game)
    timeline = build(game.ruleset, job.config, job.seed, job.log, lang=job.lang)
    return animation_of(game, timeline, job.names, job.lang, source=job.source, limit=job.limit)


def job_for(read: StartedGame, lang: str | None) -> AnimationJob:
    """The job animating a started table's game as far as it has gone."""
    table = read.loaded.table
    return AnimationJob(
        game=read.game.slug,
        config=msgspec.convert(table.config, GameConfig),
        seed=table.seed or 0,
        log=read.log,
        names=tuple(read.loaded.names()),
        lang=lang,
        source=f"table {table.id}",
    )


class Animations(Room):
    """Animations of tables' games, made off the event loop (see the module docstring)."""

    def __init__(self, runtime: Runtime, guilds: GuildService, pipeline: Pipeline) -> None:
        super().__init__(runtime, guilds, pipeline)
        #: table -> (its lock, how many requests hold or wait for it)
        self._tables: dict[int, tuple[asyncio.Lock, list[int]]] = {}
        self._one = asyncio.Semaphore(1)
        self._kept: SharedLru[tuple[object, ...], Animation] = SharedLru(CACHE)

    async def make(
        self,
        table_id: int,
        user_id: int | None = None,
        *,
        channel_id: int | None = None,
        lang: str | None = None,
    ) -> Animation:
        """The animation of table ``table_id``'s game so far (its whole game once it is over).

        ``user_id`` None is the bot itself (the final table message); anyone else must be allowed
        to watch the game's replay (its players, or anyone in its channel or thread).
        """
        read = await read_started(self.rt, table_id)
        if user_id is not None and not may_watch(read.loaded, user_id, channel_id):
            raise ServiceError(
                Code.NOT_PLAYER,
                "You can ask for this game's animation from its channel, or if you played in it.",
            )
        timeline = await asyncio.to_thread(timeline_of, read, lang)
        # Keyed by the steps the table has seen, never by the log's length: a hidden move must
        # not make the next request slower than the one before it.
        lang_key = read.game.ruleset.language(lang) if lang else ""
        names = tuple(read.loaded.names())
        key = (table_id, read.loaded.table.seed, timeline.steps, timeline.over, lang_key, names)
        lock, users = self._tables.setdefault(table_id, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                found = self._kept.get(key)
                if found is None:
                    async with self._one:  # an animation takes a core for seconds: one at a time
                        found = await self._run(read, timeline, lang)
                    self._kept.put(key, found)
        finally:
            users[0] -= 1
            if not users[0]:
                del self._tables[table_id]
        return found

    @staticmethod
    async def _run(read: StartedGame, timeline: Timeline, lang: str | None) -> Animation:
        """Animate ``read``'s game in a drawing process when a pool runs, else in a thread."""
        pool = drawing.side(drawing.LONG)
        try:
            if pool is None:
                names, source = read.loaded.names(), f"table {read.loaded.table.id}"
                return await asyncio.to_thread(animation_of, read.game, timeline, names, lang, source=source)
            return await asyncio.to_thread(pool.run, run_job, job_for(read, lang))
        except AnimationTooLarge as error:
            raise ServiceError(Code.NOT_FOUND, str(error)) from None
