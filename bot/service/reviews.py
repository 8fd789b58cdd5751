"""Reviews: where a finished game was won, as a chart of each side's chances and three turning points.

The figures come from :mod:`engines.core.review` (playouts from the full states, which is fair
only once the game is over): running games and lobbies are refused, and who may look follows the
replays' rule (:func:`bot.service.replays.may_watch`). A review costs seconds of CPU, so it is
worked out once per game and stored (``reviews`` rows; the chart is drawn again from the figures
on each look), in a drawing worker process when the process runs a pool (else in a thread), one
computation per table at a time in a process. Two processes asking at once may both compute; the
first insert wins and both show the stored one.

The words: turning-point lines in English, and in Japanese for a game that speaks it (the
climax TCG) when the viewer or the table asks for Japanese; the moves' labels and chapters come
from the game itself in that language (stored per language when the review is made).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from bot.service import drawing
from bot.service.game import Game
from bot.service.replays import may_watch, read_with_log
from bot.service.room import Room
from bot.service.runtime import Loaded
from bot.service.values import ABORTED, LOBBY, PLAYING, ServiceError
from bot.store import reviews_repo
from engines import registry
from engines.core import Code, GameConfig, Rng, fill_names
from engines.core.replay import ReplayError
from engines.core.review import BUDGET, PLAYOUTS, Point, Review, ReviewError, Side, Turning, relabel, review
from engines.core.ruleset import LANGUAGE_OPTION, AnyRuleset
from engines.core.timeline import Timeline, build
from render.core.palette import RGB, seat_colour
from render.core.winchart import win_chart

#: the layout of a stored review's ``data`` (kept in it, for a later layout to read old rows by)
DATA_VERSION = 1
#: mixed into the match seed for the review's dice, so they differ from the game's own
_SALT = 0x5EED_0F_4E71E3

#: key -> language -> text
_TEXT: dict[str, dict[str, str]] = {
    "title": {"en": "{game}: chance of winning along the game", "ja": "{game}：勝率の推移"},
    "turning": {
        "en": (
            "Turning point {n} — step {step} ({chapter}): {who} played {move}; chances {before}% -> {after}%."
        ),
        "ja": "転機{n} — ステップ{step}（{chapter}）：{who}は「{move}」。勝率 {before}% → {after}%。",
    },
    "instead": {
        "en": " The hard bot would have played {move} (about {chance}%).",
        "ja": "強いボットなら「{move}」（約{chance}%）。",
    },
    "same": {
        "en": " The hard bot would have played the same.",
        "ja": "強いボットも同じ手を選んだ。",
    },
    "none": {
        "en": "No single move changed the chances much: the game was decided little by little.",
        "ja": "勝率を大きく変えた一手はなく、少しずつ勝敗が決まった。",
    },
    "and": {"en": " & ", "ja": "・"},
}


def _say(key: str, lang: str, **params: object) -> str:
    texts = _TEXT[key]
    return texts.get(lang, texts["en"]).format(**params)


@dataclass(frozen=True)
class GameReview:
    """A finished game's review as one viewer reads it: the chart, the lines and the figures."""

    chart_png: bytes
    #: one line per turning point, biggest swing first
    lines: tuple[str, ...]
    points: tuple[Point, ...]
    turning: tuple[Turning, ...]
    #: the sides' labels, in the order of each point's chances
    sides: tuple[str, ...]
    lang: str


def review_rng(seed: int) -> Rng:
    """The review's dice for the match ``seed``: the same game is reviewed alike everywhere."""
    return Rng(seed ^ _SALT)


def _languages(ruleset: AnyRuleset, config: GameConfig) -> tuple[str, ...]:
    """The languages a review of this game is kept in (the table's own first)."""
    if len(ruleset.languages) < 2 or LANGUAGE_OPTION not in config.options:
        return (ruleset.languages[0],)
    own = ruleset.language(str(config.options[LANGUAGE_OPTION]))
    return (own, *(lang for lang in ruleset.languages if lang != own))


def work_out(
    slug: str,
    config: dict[str, Any],
    seed: int,
    log: Sequence[tuple[int, int, str]],
    playouts: int = PLAYOUTS,
    budget: int = BUDGET,
) -> dict[str, Any]:
    """A finished game's review as storable data (run in a drawing worker or a thread).

    The figures are made once, in the table's own language; each other language the game speaks
    gets the same figures with the moves' labels and chapters in its words.
    """
    ruleset = registry.get(slug)
    resolved = msgspec.convert(config, GameConfig)
    languages = _languages(ruleset, resolved)
    timeline = build(ruleset, resolved, seed, log)
    made = review(ruleset, timeline, playouts=playouts, budget=budget, rng=review_rng(seed))
    kept: dict[str, Any] = {languages[0]: msgspec.to_builtins(made)}
    for lang in languages[1:]:
        kept[lang] = msgspec.to_builtins(
            relabel(ruleset, made, build(ruleset, resolved, seed, log, lang=lang))
        )
    return {"version": DATA_VERSION, "reviews": kept}


def _side_label(side: Side, names: Sequence[str], lang: str) -> str:
    if not side.seats:
        return side.automaton
    return _say("and", lang).join(names[s] if s < len(names) else f"Player {s + 1}" for s in side.seats)


def _side_colour(side: Side) -> RGB:
    """A side's colour: its first seat's, as the game's pictures use it (grey for the automaton)."""
    return seat_colour(side.seats[0] if side.seats else None)


def _percent(chance: float) -> int:
    return round(chance * 100)


def _move(label: str, names: Sequence[str]) -> str:
    """A move's label inside a sentence: names filled in, its own full stop dropped."""
    return fill_names(label, names).rstrip(".。")


def line(point: Turning, number: int, names: Sequence[str], lang: str) -> str:
    """One turning point as a sentence in ``lang``."""
    who = names[point.seat] if point.seat < len(names) else f"Player {point.seat + 1}"
    text = _say(
        "turning",
        lang,
        n=number,
        step=point.step,
        chapter=point.chapter or "—",
        who=who,
        move=_move(point.played_label, names),
        before=_percent(point.before),
        after=_percent(point.after),
    )
    if point.instead and point.instead_chance is not None:
        text += _say(
            "instead",
            lang,
            move=fill_names(point.instead_label, names),
            chance=_percent(point.instead_chance),
        )
    else:
        text += _say("same", lang)
    return text


def present(game: Game, made: Review, names: Sequence[str], lang: str) -> GameReview:
    """A review's chart and lines for readers of ``lang`` (drawing takes a few tens of milliseconds)."""
    sides = tuple(_side_label(side, names, lang) for side in made.sides)
    lines = tuple(line(point, n, names, lang) for n, point in enumerate(made.turning, start=1))
    chart = win_chart(
        [(p.step, p.chances) for p in made.points],
        [(label, _side_colour(side)) for label, side in zip(sides, made.sides, strict=True)],
        [point.step for point in made.turning],
        made.steps,
        _say("title", lang, game=game.ruleset.title),
        lang,
    )
    return GameReview(chart, lines or (_say("none", lang),), made.points, made.turning, sides, lang)


def review_of(
    game: Game,
    timeline: Timeline,
    names: Sequence[str],
    *,
    playouts: int = PLAYOUTS,
    budget: int = BUDGET,
) -> GameReview:
    """Review a finished game now, in the timeline's language (the terminal's way; the bot stores them)."""
    try:
        made = review(game.ruleset, timeline, playouts=playouts, budget=budget, rng=review_rng(timeline.seed))
    except ReviewError as error:
        raise ServiceError(Code.GAME_OVER, str(error)) from None
    return present(game, made, names, _languages(game.ruleset, timeline.config)[0])


class Reviews(Room):
    """Stored reviews of finished games (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: the reviews being worked out in this process, by table
        self._working: dict[int, asyncio.Future[dict[str, Any]]] = {}
        #: playouts per position and playout moves per review for reviews worked out from now on
        #: (lower them for quick rough reviews, as the adapters' tests do)
        self.playouts = PLAYOUTS
        self.budget = BUDGET

    async def get(
        self, table_id: int, user_id: int, *, channel_id: int | None = None, lang: str | None = None
    ) -> GameReview:
        """Table ``table_id``'s review as ``user_id`` may see it, worked out on the first look.

        Refused for lobbies, running games and games stopped before their end; ``channel_id`` is
        where the request came from (the replays' watch rule); ``lang`` the viewer's language.
        """
        loaded, log = await read_with_log(self.rt, table_id)
        table = loaded.table
        if table.status == LOBBY or table.seed is None or table.config is None:
            raise ServiceError(
                Code.NOT_STARTED, "This table's game has not started, so there is nothing to review."
            )
        if table.status == PLAYING:
            raise ServiceError(
                Code.GAME_OVER, "A game is reviewed once it is over; this one is still running."
            )
        if table.status == ABORTED or table.outcome is None:
            raise ServiceError(
                Code.GAME_OVER, "This game was stopped before its end, so it has no result to review."
            )
        if not may_watch(loaded, user_id, channel_id):
            raise ServiceError(
                Code.NOT_PLAYER, "You can see this game's review from its channel, or if you played in it."
            )
        game = loaded.game
        async with self.rt.reading() as connection:
            data = await reviews_repo.get(connection, table_id)
        if data is None:
            if loaded.state is None and not log:
                raise ServiceError(
                    Code.NOT_FOUND,
                    f"Table #{table_id}'s game was archived before anyone asked for its review.",
                )
            data = await self._work_out(loaded, log)
        config = msgspec.convert(table.config, GameConfig)
        kept: dict[str, Any] = data["reviews"]
        wanted = game.ruleset.language(lang) if lang else _languages(game.ruleset, config)[0]
        chosen = wanted if wanted in kept else next(iter(kept))
        made = msgspec.convert(kept[chosen], Review)
        return await asyncio.to_thread(present, game, made, loaded.names(), chosen)

    async def _work_out(self, loaded: Loaded, log: Sequence[tuple[int, int, str]]) -> dict[str, Any]:
        """Work the review out (once per table at a time in this process), store it, return what is stored."""
        table_id = loaded.table.id
        running = self._working.get(table_id)
        if running is None:
            running = asyncio.ensure_future(self._compute_and_store(loaded, log))
            self._working[table_id] = running
            running.add_done_callback(lambda _done: self._working.pop(table_id, None))
        return await asyncio.shield(running)

    async def _compute_and_store(self, loaded: Loaded, log: Sequence[tuple[int, int, str]]) -> dict[str, Any]:
        table = loaded.table
        config = dict(table.config or {})
        moves = [(int(seq), int(seat), str(key)) for seq, seat, key in log]
        pool = drawing.side(drawing.LONG)
        try:
            seed, playouts, budget = table.seed or 0, self.playouts, self.budget
            if pool is None:
                data = await asyncio.to_thread(work_out, table.game, config, seed, moves, playouts, budget)
            else:
                data = await asyncio.to_thread(
                    pool.run, work_out, table.game, config, seed, moves, playouts, budget
                )
        except ReplayError as error:  # the rules changed under the stored log
            raise ServiceError(
                Code.NOT_FOUND, f"Table #{table.id}'s game no longer replays: {error}"
            ) from None
        async with self.rt.transaction() as connection:
            await reviews_repo.put(connection, table.id, data, self.rt.clock())
        async with self.rt.reading() as connection:
            stored = await reviews_repo.get(connection, table.id)
        return stored if stored is not None else data
