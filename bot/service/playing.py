"""The game verbs: dealing a game (from a lobby or solo in DMs), choices, reclaiming and leaving.

Every verb here changes a game's state: it takes the table's lock, resolves the table's
:class:`~bot.service.game.Game` once, applies the rules, lets the bots move, commits everything
in one transaction through :class:`~bot.service.pipeline.Pipeline` and returns a rendered
:class:`Delivery`. Its own room because it is the hot path of a click, and because nothing in
the lobby needs an engine state.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence

import msgspec

from bot.service import seating
from bot.service.delivery import build_public_token, deliver
from bot.service.game import Game, resolve
from bot.service.pipeline import Change
from bot.service.records import SeatRow
from bot.service.room import Room
from bot.service.runtime import Loaded
from bot.service.thinking import run_bot_seats
from bot.service.truth import MOVE_NOT_MADE, Unavailable
from bot.service.values import ABORTED, Delivery, ServiceError, TableInfo
from engines.core import Code, Event, GameConfig, Rejected, SetupError
from engines.core.rng import ALGORITHM
from engines.core.ruleset import LANGUAGE_OPTION
from engines.core.types import OptionValue, allowed_counts

STALE_CLICK = (
    "That choice was for an earlier moment of the game (it may already have been made); "
    "use the latest message."
)


def new_seed() -> int:
    """A fresh match seed: 63 random bits, so it fits a signed BIGINT on every database."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def is_current(loaded: Loaded, row: SeatRow, token: str) -> bool:
    """Whether ``token`` names what ``row``'s seat, or for a public decision the table, shows now.

    The seat's token is usually known already: the delivery of this very state worked it out.
    With nothing to decide, a click on the seat's current message goes on to the engine, which
    says so ("not your turn"); any other is for an earlier moment.
    """
    facts = loaded.facts
    if token == facts.token(row.seat, row.moves):
        return True
    prompt = facts.prompts().get(row.seat)
    if prompt is None or prompt.private or prompt.sealed:
        return False
    return token == build_public_token(loaded)


class Playing(Room):
    """Running games: start, solo games, choices, taking a seat back, leaving mid-game."""

    async def start(self, table_id: int, user_id: int, *, is_admin: bool = False) -> Delivery:
        """The host starts the game: deal from a fresh random seed, let bots move, deliver."""
        async with self.rt.lock(table_id):
            loaded = await self.lobby(table_id)
            if loaded.table.host_id != user_id and not is_admin:
                raise ServiceError(Code.NOT_HOST, "Only the host can start the game.")
            return await self._deal(loaded)

    async def open_solo(
        self,
        user_id: int,
        dm_channel_id: int,
        game: str,
        mode: str | None = None,
        difficulty: str | None = None,
        options: dict[str, OptionValue] | None = None,
        *,
        name: str = "You",
        players: int | None = None,
        seat_options: dict[str, OptionValue] | None = None,
        seed: int | None = None,
        names: Sequence[str] = (),
        bot_options: Sequence[Mapping[str, OptionValue]] = (),
        guild_id: int | None = None,
        locale: str | None = None,
    ) -> Delivery:
        """Start a game in the player's DMs at once; any other seats are bots of ``difficulty``.

        ``players`` defaults to the fewest the mode allows (a solo mode plays alone against
        its rule-driven opponent; a duel gets one bot). The terminal also passes the match
        ``seed`` (to deal a given game again), the seats' display ``names`` (the person's first)
        and the bots' own per-seat options (``bot_options[0]`` is seat 2's). A game with several
        languages plays in the ``/config language`` of ``guild_id`` (the server ``/solo`` was
        typed in, if any), else in the one closest to ``locale`` (the person's), unless ``lang``
        is given; the table itself belongs to no server.
        """
        handle = resolve(game)
        ruleset = handle.ruleset
        mode_name = seating.mode_name(handle, mode)
        counts = ruleset.mode(mode_name).players
        count = players if players is not None else min(counts)
        if count not in counts:
            allowed = allowed_counts(counts, "player")
            raise ServiceError(Code.BAD_OPTION, f"{ruleset.title} {mode_name} is for {allowed}, not {count}.")
        level = seating.bot_level(handle, difficulty, self.rt.settings.default_difficulty)
        chosen = seating.check_options(
            handle, mode_name, await self._language(handle, mode_name, options or {}, guild_id, locale)
        )
        me = seating.person(0, user_id, names[0] if names else name)
        if seat_options:
            try:
                resolved = ruleset.resolve_config(GameConfig(mode_name, max(counts), {}, (seat_options,)))
            except SetupError as error:
                raise ServiceError(Code.BAD_OPTION, error.message) from None
            me = dataclasses.replace(me, seat_options=dict(resolved.seat_options[0]))
        bots = [
            dataclasses.replace(
                seating.empty_seat(i, names[i] if i < len(names) else f"Bot {i} ({level})", None, level),
                seat_options=dict(bot_options[i - 1]) if i - 1 < len(bot_options) else {},
            )
            for i in range(1, count)
        ]
        info = await self.insert_table(
            guild_id=None,
            channel_id=dm_channel_id,
            host_id=user_id,
            solo=True,
            game=handle.slug,
            mode=mode_name,
            options=chosen,
            seats=[me, *bots],
        )
        async with self.rt.lock(info.id):
            loaded = await self.rt.load(info.id, fresh=True)
            try:
                return await self._deal(loaded, seed)
            except ServiceError:
                # Never leave a half-made solo table blocking the DM channel.
                await self.update_table(loaded, status=ABORTED, active_channel_id=None)
                raise

    async def _language(
        self,
        game: Game,
        mode: str,
        options: Mapping[str, OptionValue],
        guild_id: int | None,
        locale: str | None,
    ) -> dict[str, OptionValue]:
        """``options`` with a solo game's language filled in (see :meth:`open_solo`)."""
        setting = None
        # only a game that needs a language (and none was chosen) costs the settings read
        if guild_id is not None and LANGUAGE_OPTION not in options and seating.speaks_several(game, mode):
            async with self.rt.reading() as connection:
                setting = (await self.guilds.read(connection, guild_id)).language
        return seating.with_language(game, mode, options, setting, locale)

    async def _deal(self, loaded: Loaded, seed: int | None = None) -> Delivery:
        ruleset = loaded.game.ruleset
        low, high = seating.counts(loaded)
        count = len(loaded.seats)
        if count not in ruleset.mode(loaded.table.mode).players:
            raise ServiceError(
                Code.NOT_ENOUGH_PLAYERS,
                f"{ruleset.title} {loaded.table.mode} needs {low}-{high} players; this table has {count}.",
            )
        config = GameConfig(
            loaded.table.mode,
            count,
            seating.game_options(loaded.table.options),
            tuple(dict(s.seat_options) for s in loaded.seats),
        )
        seed = new_seed() if seed is None else seed
        try:
            resolved = ruleset.resolve_config(config)
            state = ruleset.setup(resolved, seed)
        except SetupError as error:
            raise ServiceError(Code.BAD_OPTION, error.message) from None
        change = Change(
            loaded=dataclasses.replace(
                loaded, table=dataclasses.replace(loaded.table, seed=seed), state=None
            ),
            state=state,
            seats=list(loaded.seats),
            table_values={
                "config": msgspec.to_builtins(resolved),
                "seed": seed,
                "rng_algorithm": ALGORITHM,
                "rules_version": ruleset.rules_version,
                "content_version": ruleset.content_version,
            },
        )
        await run_bot_seats(change, self.rt.settings.bot_think_seconds)
        committed = await self.pipeline.commit(change)
        return await deliver(committed, change.events, shown=change.shown)

    async def act(
        self, table_id: int, user_id: int, token: str, action_key: str, seat: int | None = None
    ) -> Delivery:
        """Apply ``user_id``'s choice ``action_key``, clicked on a message that carried ``token``.

        ``seat`` picks which of the user's seats acts when they hold several (default: the one
        being asked). A click whose token no longer names what that seat (or, for a public
        decision, the table) is shown is ``stale``: a click on an older message, or a second
        click on the same one. Others' hidden moves never make a seat's token stale (see
        ``bot.service.projection``). A click by someone without a seat is ``not_player``; an
        engine refusal keeps its code (``not_your_turn``, ``illegal``, ``game_over``).
        """
        committed, change = await self._apply(table_id, user_id, token, action_key, seat)
        return await deliver(committed, change.events, shown=change.shown)

    async def apply(
        self, table_id: int, user_id: int, token: str, action_key: str, seat: int | None = None
    ) -> tuple[Event, ...]:
        """:meth:`act` without drawing anything; returns the events a later click's drawing narrates."""
        _committed, change = await self._apply(table_id, user_id, token, action_key, seat)
        return tuple(change.events)

    async def _apply(
        self, table_id: int, user_id: int, token: str, action_key: str, seat: int | None
    ) -> tuple[Loaded, Change]:
        """Check, apply and commit a click under the table's lock (see :meth:`act`)."""
        try:
            return await self._apply_locked(table_id, user_id, token, action_key, seat)
        except Unavailable as error:
            if error.in_doubt:
                raise
            raise Unavailable(MOVE_NOT_MADE) from error  # the buttons still carry the move

    async def _apply_locked(
        self, table_id: int, user_id: int, token: str, action_key: str, seat: int | None
    ) -> tuple[Loaded, Change]:
        async with self.rt.lock(table_id):
            loaded = await self.rt.load(table_id)
            seating.need_playing(loaded)
            row = seating.acting_seat(loaded, user_id, seat)
            current = is_current(loaded, row, token)
            if not current and self.rt.cached(table_id) is not None:
                # Another process may have moved on: compare with the database before refusing.
                loaded = await self.rt.load(table_id, fresh=True)
                seating.need_playing(loaded)
                row = seating.acting_seat(loaded, user_id, seat)
                current = is_current(loaded, row, token)
            if not current:
                raise ServiceError(Code.STALE, STALE_CLICK)
            try:
                step = loaded.game.ruleset.apply(loaded.state, row.seat, action_key)
            except Rejected as error:
                raise ServiceError(error.code, error.message) from None
            change = Change(loaded=loaded, state=loaded.state, seats=list(loaded.seats))
            change.record(row.seat, action_key, step)
            await run_bot_seats(change, self.rt.settings.bot_think_seconds)
            committed = await self.pipeline.commit(change)
        return committed, change

    async def reclaim(self, table_id: int, user_id: int) -> Delivery:
        """Take back a seat a bot has played since ``user_id``'s time ran out; deliver the table.

        Only a seat taken over on timeout can be reclaimed: a player who left the game gave it
        up for good. From the next decision on the seat is theirs again (with a fresh timer).
        """
        async with self.rt.lock(table_id):
            loaded = await self.rt.load(table_id, fresh=True)
            seating.need_playing(loaded)
            back = seating.reclaimable(loaded, user_id)
            seats = [dataclasses.replace(s, bot=None) if s.seat in back else s for s in loaded.seats]
            change = Change(loaded=loaded, state=loaded.state, seats=seats)
            committed = await self.pipeline.commit(change)
        return await deliver(committed, shown=change.shown)

    async def leave_game(self, loaded: Loaded, user_id: int) -> TableInfo:
        """A bot plays ``user_id``'s seats on for the others; the last person out closes the table.

        The caller holds the table's lock and has checked that ``user_id`` is seated.
        """
        remaining = [s for s in loaded.seats if s.human and s.user_id != user_id]
        if not remaining:
            return await self.close(loaded)
        level = self.rt.settings.default_difficulty
        seats = [
            dataclasses.replace(s, bot=level, has_left=True) if s.user_id == user_id else s
            for s in loaded.seats
        ]
        change = Change(loaded=loaded, state=loaded.state, seats=seats)
        await run_bot_seats(change, self.rt.settings.bot_think_seconds)
        committed = await self.pipeline.commit(change)
        return committed.info()
