"""Hints: the hard bot's suggestion for a player's own decision, in unrated games and tutorials.

A hint is the game's strongest bot asked what it would play in the player's seat, with its one
short reason (``suggest``, see :mod:`engines.core.bots`). It answers the player alone, and only
where nothing counts: a rated game refuses it (a tutorial is never rated).

It never depends on anything the player cannot see. The bot is handed the seat's View, its
prompt and its legal actions, nothing else; its dice come from the match seed and the number of
moves the seat itself has made (as a tutorial's notes do, :func:`engines.core.lesson.note`), never
from the game's move count, which counts hidden moves too. So two states that differ only in
what the seat may not know give the same hint (held by the twin test in the hints' tests).

The hard bot may search for half a second, so the hint is worked out where bots think
(:mod:`bot.service.thinking`): in the process's thinking worker when it runs a drawing pool, else
in a thread; only plain values cross, as for the bots' own moves, and the search has the bots'
CPU cap (the ``bot_think_seconds`` setting).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.service import drawing, seating
from bot.service.playing import is_current
from bot.service.ratings import is_rated
from bot.service.room import Room
from bot.service.thinking import thinking_cap
from bot.service.values import ServiceError
from engines import registry
from engines.core import AnyRuleset, Code, fill_names
from engines.core.driver import bot_for, bot_rng

#: the bot level a hint asks (the game's strongest bot)
LEVEL = "hard"
RATED = "Hints are off in rated games; they are there for casual tables and tutorials."
NOT_ASKED = "You have no decision to make right now, so there is nothing to hint at."
STALE_HINT = "That hint button was for an earlier moment of the game; use the latest message."


def offers_hints(options: Mapping[str, object]) -> bool:
    """Whether a table's options allow hints: any game that is not rated (tutorials never are)."""
    return not is_rated(options)


@dataclass(frozen=True)
class Hint:
    """The hard bot's suggestion for one seat's decision: which choice, what it reads, and why."""

    action_key: str
    label: str
    reason: str


def hint_for(ruleset: AnyRuleset, state: Any, seat: int, seed: int, moves: int) -> Hint:
    """What the hard bot suggests for ``seat`` at ``state``, from that seat's own View.

    ``moves`` is how many moves the seat has made: with the match ``seed`` it gives the bot's
    dice, so the hint is the same on any state the seat cannot tell from this one.
    """
    view = ruleset.view(state, seat)
    prompt = ruleset.prompts(state)[seat]
    actions = ruleset.legal_actions(state, seat)
    bot = bot_for(ruleset, LEVEL)
    rng = bot_rng(seed, moves)
    action, reason = bot.suggest(view, prompt, actions, rng)
    return Hint(action.key, action.label, reason)


def work_out(
    slug: str, snapshot: bytes, seat: int, seed: int, moves: int, think_seconds: float | None = None
) -> Hint:
    """:func:`hint_for` from plain values (runs in the thinking worker or a thread), its search
    capped at ``think_seconds`` of CPU (None: no cap)."""
    ruleset = registry.get(slug)
    with thinking_cap(think_seconds):
        return hint_for(ruleset, ruleset.decode(snapshot), seat, seed, moves)


def _elsewhere(slug: str, snapshot: bytes, seat: int, seed: int, moves: int, think_seconds: float) -> Hint:
    pool = drawing.side(drawing.THINKING)
    if pool is None:
        return work_out(slug, snapshot, seat, seed, moves, think_seconds)
    return pool.run(work_out, slug, snapshot, seat, seed, moves, think_seconds)


class Hints(Room):
    """The Hint button's answers (see the module docstring)."""

    async def hint(
        self, table_id: int, user_id: int, seat: int | None = None, token: str | None = None
    ) -> Hint:
        """The hard bot's suggestion for ``user_id``'s decision at ``table_id`` (their asked seat,
        or ``seat``); ``token`` is what the clicked message showed, refused once it is stale.

        Refused in lobbies, finished games, rated games, and when the seat is not asked.
        """
        loaded = await self.rt.load(table_id)
        seating.need_playing(loaded)
        if not offers_hints(loaded.table.options):
            raise ServiceError(Code.BAD_OPTION, RATED)
        game = loaded.game
        row = seating.acting_seat(loaded, user_id, seat)
        if row.seat not in loaded.facts.prompts():
            raise ServiceError(Code.NOT_YOUR_TURN, NOT_ASKED)
        if token is not None and not is_current(loaded, row, token):
            raise ServiceError(Code.STALE, STALE_HINT)
        snapshot = game.ruleset.encode(loaded.state)
        seed = loaded.table.seed or 0
        made = await asyncio.to_thread(
            _elsewhere, game.slug, snapshot, row.seat, seed, row.moves, self.rt.settings.bot_think_seconds
        )
        names = loaded.names()
        return Hint(made.action_key, fill_names(made.label, names), fill_names(made.reason, names))
