"""Tables: lobbies in channels, starting games, applying moves, solo games in DMs, resuming.

Every method either returns the new situation or raises :class:`ServiceError` with a message
for the user, having changed nothing. Lobby methods return a :class:`TableInfo`; methods that
change a game's state return a rendered :class:`Delivery`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
from collections.abc import Mapping
from typing import Any

import msgspec
from sqlalchemy.exc import IntegrityError

from bot.service.api import (
    ABORTED,
    FINISHED,
    LOBBY,
    PLAYING,
    Delivery,
    DmRef,
    PublicRef,
    PublicTable,
    SeatUpdate,
    ServiceError,
    TableInfo,
)
from bot.service.delivery import build_public_token, deliver, deliver_public, seat_update
from bot.service.guilds import GuildService
from bot.service.play import Change, Pipeline, run_bot_seats
from bot.service.projection import seat_token
from bot.service.records import SeatRow, table_info
from bot.service.runtime import Loaded, Runtime, load_from
from bot.service.seatcheck import check_seat_choices
from bot.store import tables_repo as repo
from engines import registry
from engines.core import AnyRuleset, Code, GameConfig, ModeSpec, Rejected, SetupError
from engines.core.autoplay import bot_for
from engines.core.replay import ReplayError, replay
from engines.core.rng import ALGORITHM
from engines.core.types import OptionValue

ACTIVE = (LOBBY, PLAYING)
MAX_NAME = 100


def _ruleset(game: str) -> AnyRuleset:
    try:
        return registry.get(game)
    except SetupError as error:
        raise ServiceError(Code.NOT_FOUND, error.message) from None


def _is_text(mode: ModeSpec, name: str) -> bool:
    """Whether ``name`` is a free-text option of ``mode`` (an empty one means "not chosen")."""
    spec = mode.option_spec(name)
    return spec is not None and spec.kind == "text"


def _new_seed() -> int:
    # 63 bits: fits a signed BIGINT on every database.
    return int.from_bytes(os.urandom(8), "big") >> 1


def _config_of(loaded: Loaded) -> GameConfig:
    return msgspec.convert(loaded.table.config, GameConfig)


class TableService:
    """Everything about tables and the games on them (see bot/service/__init__.py)."""

    def __init__(self, runtime: Runtime, guilds: GuildService, pipeline: Pipeline) -> None:
        self.rt = runtime
        self.guilds = guilds
        self.pipeline = pipeline

    # ------------------------------------------------------------------ reading
    async def get(self, table_id: int) -> TableInfo:
        """The table ``table_id`` (``not_found`` if there is none)."""
        loaded = await self.rt.load(table_id, fresh=True)
        return table_info(loaded.table, loaded.seats)

    async def status(self, channel_id: int) -> TableInfo | None:
        """The open or running table in ``channel_id`` (or in the thread ``channel_id``), if any."""
        async with self.rt.reading() as connection:
            table_id = await repo.active_table_in(connection, channel_id)
            if table_id is None:
                return None
            loaded = await load_from(connection, table_id)
        return table_info(loaded.table, loaded.seats)

    async def tables_of(self, user_id: int) -> list[TableInfo]:
        """Open and running tables where ``user_id`` holds a seat (newest first)."""
        async with self.rt.reading() as connection:
            ids = await repo.active_tables_of(connection, user_id)
            found = [await load_from(connection, table_id) for table_id in ids]
        return [table_info(x.table, x.seats) for x in found]

    async def current(self, table_id: int) -> Delivery:
        """Render the table's latest state (to redraw a message, e.g. after a restart)."""
        loaded = await self.rt.load(table_id)
        if loaded.state is None:
            raise ServiceError(Code.NOT_STARTED, "This table has not started yet.")
        return await deliver(loaded)

    async def public(self, table_id: int) -> PublicTable:
        """What anyone at the table may see now (``/table status``, a redraw of the table message)."""
        loaded = await self.rt.load(table_id)
        if loaded.state is None:
            raise ServiceError(Code.NOT_STARTED, "This table has not started yet.")
        return await deliver_public(loaded)

    async def hand(self, table_id: int, user_id: int, seat: int | None = None) -> SeatUpdate:
        """What ``user_id`` sees privately at ``table_id`` (the "Show my hand" fallback)."""
        loaded = await self.rt.load(table_id)
        if loaded.state is None:
            raise ServiceError(Code.NOT_STARTED, "This table has not started yet.")
        row = self._own_seat(loaded, user_id, seat, allow_bot=True)
        return await asyncio.to_thread(seat_update, loaded, row)

    async def dm_messages(self, table_id: int) -> dict[int, int]:
        """The DM message id recorded for each seat (seat -> message id)."""
        loaded = await self.rt.load(table_id, fresh=True)
        return {s.seat: s.dm_message_id for s in loaded.seats if s.dm_message_id is not None}

    async def dm_refs(self, table_id: int) -> dict[int, DmRef]:
        """Each seat's recorded DM message and the fingerprint of what it shows (from the database)."""
        loaded = await self.rt.load(table_id, fresh=True)
        return {
            s.seat: DmRef(s.dm_message_id, s.dm_digest)
            for s in loaded.seats
            if s.dm_message_id is not None or s.dm_digest is not None
        }

    # ------------------------------------------------------------------ lobby
    async def open_table(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        mode: str | None = None,
        options: dict[str, OptionValue] | None = None,
    ) -> TableInfo:
        """Open a lobby for ``game`` in ``channel_id`` with the host in seat 1."""
        slug = game.strip().lower()
        ruleset = _ruleset(slug)
        async with self.rt.reading() as connection:
            settings = await self.guilds.read(connection, guild_id)
        if not settings.allows_channel(channel_id):
            where = ", ".join(f"<#{c}>" for c in settings.channels)
            raise ServiceError(Code.CHANNEL_NOT_ALLOWED, f"Tables can't be opened here. Try one of: {where}.")
        if slug not in settings.enabled_games:
            raise ServiceError(Code.GAME_DISABLED, f"{ruleset.title} is switched off on this server.")
        mode_name = self._mode_name(ruleset, mode)
        chosen = self._check_options(ruleset, mode_name, options or {})
        return await self._insert_table(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            solo=False,
            game=slug,
            mode=mode_name,
            options=chosen,
            seats=[self._person(0, host_id, host_name)],
        )

    async def join(self, table_id: int, user_id: int, name: str) -> TableInfo:
        """Take the next free seat at a lobby."""
        async with self.rt.lock(table_id):
            loaded = await self._lobby(table_id)
            if any(s.user_id == user_id for s in loaded.seats):
                raise ServiceError(Code.ALREADY_SEATED, "You already have a seat at this table.")
            _, high = self._counts(loaded)
            if len(loaded.seats) >= high:
                raise ServiceError(Code.FULL, f"This table is full ({high} seats).")
            seats = [*loaded.seats, self._person(len(loaded.seats), user_id, name)]
            return await self._save_lobby(loaded, seats)

    async def leave(self, table_id: int, user_id: int) -> TableInfo:
        """Give up your seat. In a lobby the seat goes; in a game a bot plays it on for the others.

        When the host leaves a lobby the next person becomes host; when the last person leaves,
        the table closes.
        """
        async with self.rt.lock(table_id):
            loaded = await self.rt.load(table_id, fresh=True)
            if loaded.table.status not in ACTIVE:
                raise ServiceError(Code.GAME_OVER, "This table has already closed.")
            mine = [s for s in loaded.seats if s.user_id == user_id and not s.has_left]
            if not mine:
                raise ServiceError(Code.NOT_PLAYER, "You don't have a seat at this table.")
            if loaded.table.status == LOBBY:
                return await self._leave_lobby(loaded, user_id)
            return await self._leave_game(loaded, user_id)

    async def add_bot(self, table_id: int, user_id: int, difficulty: str | None = None) -> TableInfo:
        """The host fills the next seat with a bot of ``difficulty`` (easy, normal, hard or a bot name)."""
        async with self.rt.lock(table_id):
            loaded = await self._lobby(table_id)
            self._need_host(loaded, user_id)
            ruleset = _ruleset(loaded.table.game)
            level = (difficulty or self.rt.settings.default_difficulty).strip().lower()
            try:
                bot_for(ruleset, level)
            except ValueError as error:
                raise ServiceError(Code.BAD_OPTION, str(error)) from None
            _, high = self._counts(loaded)
            if len(loaded.seats) >= high:
                raise ServiceError(Code.FULL, f"This table is full ({high} seats).")
            number = sum(1 for s in loaded.seats if s.user_id is None) + 1
            seat = self._empty_seat(len(loaded.seats), f"Bot {number} ({level})", None, level)
            return await self._save_lobby(loaded, [*loaded.seats, seat])

    async def remove_seat(self, table_id: int, user_id: int, seat: int) -> TableInfo:
        """The host removes a bot (or a person) from a lobby seat; later seats move up."""
        async with self.rt.lock(table_id):
            loaded = await self._lobby(table_id)
            self._need_host(loaded, user_id)
            if not 0 <= seat < len(loaded.seats):
                raise ServiceError(Code.BAD_OPTION, f"There is no seat {seat + 1} at this table.")
            if loaded.seats[seat].user_id == loaded.table.host_id:
                raise ServiceError(
                    Code.BAD_OPTION, "The host can't remove their own seat; use leave instead."
                )
            return await self._save_lobby(loaded, [s for s in loaded.seats if s.seat != seat])

    async def set_option(self, table_id: int, user_id: int, name: str, value: OptionValue) -> TableInfo:
        """The host sets a table option (validated by the game; its message is passed on)."""
        async with self.rt.lock(table_id):
            loaded = await self._lobby(table_id)
            self._need_host(loaded, user_id)
            ruleset = _ruleset(loaded.table.game)
            options = self._check_options(ruleset, loaded.table.mode, {**loaded.table.options, name: value})
            return await self._save_lobby(loaded, list(loaded.seats), options=options)

    async def set_seat_option(
        self, table_id: int, user_id: int, name: str, value: OptionValue, seat: int | None = None
    ) -> TableInfo:
        """A player sets a per-player option for their own seat (e.g. their deck)."""
        return await self.set_seat_options(table_id, user_id, {name: value}, seat)

    async def set_seat_options(
        self,
        table_id: int,
        user_id: int,
        values: Mapping[str, OptionValue],
        seat: int | None = None,
    ) -> TableInfo:
        """A player sets several per-player options for their own seat at once (all or none).

        Each value is parsed by the game, then the game's own seat check (``Ruleset.check_seat``,
        the one ``setup`` runs) looks at it, so a refusal comes now, in the game's words. An empty text
        value clears that choice.
        """
        async with self.rt.lock(table_id):
            loaded = await self._lobby(table_id)
            row = self._own_seat(loaded, user_id, seat, allow_bot=False)
            ruleset = _ruleset(loaded.table.game)
            mode = ruleset.mode(loaded.table.mode)
            chosen = {**row.seat_options, **values}
            try:
                resolved = ruleset.resolve_config(
                    GameConfig(loaded.table.mode, max(mode.players), {}, (chosen,))
                )
                mine = {
                    k: v
                    for k, v in resolved.seat_options[0].items()
                    if not (k in values and v == "" and _is_text(mode, k))
                }
                everyone = [dict(s.seat_options) for s in loaded.seats]
                everyone[row.seat] = mine
                given = {k for k in values if k in mine}  # a cleared choice has nothing to check
                check_seat_choices(
                    ruleset, loaded.table.mode, loaded.table.options, everyone, row.seat, given
                )
            except SetupError as error:
                raise ServiceError(Code.BAD_OPTION, error.message) from None
            seats = list(loaded.seats)
            seats[row.seat] = dataclasses.replace(row, seat_options=mine)
            return await self._save_lobby(loaded, seats)

    async def abort(self, table_id: int, user_id: int, *, is_admin: bool = False) -> TableInfo:
        """Close a lobby or stop a game (the host or a server admin); no result is recorded."""
        async with self.rt.lock(table_id):
            loaded = await self.rt.load(table_id, fresh=True)
            if loaded.table.status not in ACTIVE:
                raise ServiceError(Code.GAME_OVER, "This table has already closed.")
            if loaded.table.host_id != user_id and not is_admin:
                raise ServiceError(Code.NOT_HOST, "Only the host or a server admin can abort this table.")
            now = self.rt.clock()
            await self._update_table(
                loaded, status=ABORTED, active_channel_id=None, finished_at=now, updated_at=now
            )
            async with self.rt.transaction() as connection:
                await repo.update_seats(
                    connection, table_id, {"prompted_at": None, "deadline": None, "remind_at": None}
                )
            self.rt.release(table_id)
            return await self.get(table_id)

    async def reclaim(self, table_id: int, user_id: int) -> Delivery:
        """Take back a seat a bot has played since ``user_id``'s time ran out; deliver the table.

        Only a seat taken over on timeout can be reclaimed: a player who left the game gave it
        up for good. From the next decision on the seat is theirs again (with a fresh timer).
        """
        async with self.rt.lock(table_id):
            loaded = await self.rt.load(table_id, fresh=True)
            self._need_playing(loaded)
            mine = [s for s in loaded.seats if s.user_id == user_id]
            if not mine:
                raise ServiceError(Code.NOT_PLAYER, "You don't have a seat at this table.")
            taken = [s for s in mine if s.bot is not None and not s.has_left]
            if not taken:
                if all(s.has_left for s in mine):
                    raise ServiceError(
                        Code.NOT_PLAYER, "You left this game, so your seat stays with the bot until it ends."
                    )
                raise ServiceError(Code.ALREADY_SEATED, "You are already playing your seat yourself.")
            back = {s.seat for s in taken}
            seats = [dataclasses.replace(s, bot=None) if s.seat in back else s for s in loaded.seats]
            change = Change(loaded=loaded, state=loaded.state, seats=seats)
            committed = await self.pipeline.commit(change)
        return await deliver(committed)

    # ------------------------------------------------------------------ starting
    async def start(self, table_id: int, user_id: int, *, is_admin: bool = False) -> Delivery:
        """The host starts the game: deal from a fresh random seed, let bots move, deliver."""
        async with self.rt.lock(table_id):
            loaded = await self._lobby(table_id)
            if loaded.table.host_id != user_id and not is_admin:
                raise ServiceError(Code.NOT_HOST, "Only the host can start the game.")
            return await self._start(loaded)

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
    ) -> Delivery:
        """Start a game in the player's DMs at once; any other seats are bots of ``difficulty``.

        ``players`` defaults to the fewest the mode allows (a solo mode plays alone against
        its rule-driven opponent; a duel gets one bot).
        """
        slug = game.strip().lower()
        ruleset = _ruleset(slug)
        mode_name = self._mode_name(ruleset, mode)
        counts = ruleset.mode(mode_name).players
        count = players if players is not None else min(counts)
        if count not in counts:
            allowed = ", ".join(str(n) for n in counts)
            raise ServiceError(
                Code.BAD_OPTION, f"{ruleset.title} {mode_name} is for {allowed} player(s), not {count}."
            )
        level = (difficulty or self.rt.settings.default_difficulty).strip().lower()
        try:
            bot_for(ruleset, level)
        except ValueError as error:
            raise ServiceError(Code.BAD_OPTION, str(error)) from None
        chosen = self._check_options(ruleset, mode_name, options or {})
        me = self._person(0, user_id, name)
        if seat_options:
            try:
                resolved = ruleset.resolve_config(GameConfig(mode_name, max(counts), {}, (seat_options,)))
            except SetupError as error:
                raise ServiceError(Code.BAD_OPTION, error.message) from None
            me = dataclasses.replace(me, seat_options=dict(resolved.seat_options[0]))
        seats = [me] + [self._empty_seat(i, f"Bot {i} ({level})", None, level) for i in range(1, count)]
        info = await self._insert_table(
            guild_id=None,
            channel_id=dm_channel_id,
            host_id=user_id,
            solo=True,
            game=slug,
            mode=mode_name,
            options=chosen,
            seats=seats,
        )
        async with self.rt.lock(info.id):
            loaded = await self.rt.load(info.id, fresh=True)
            try:
                return await self._start(loaded)
            except ServiceError:
                # Never leave a half-made solo table blocking the DM channel.
                await self._update_table(loaded, status=ABORTED, active_channel_id=None)
                raise

    async def _start(self, loaded: Loaded) -> Delivery:
        ruleset = _ruleset(loaded.table.game)
        low, high = self._counts(loaded)
        count = len(loaded.seats)
        if count not in ruleset.mode(loaded.table.mode).players:
            raise ServiceError(
                Code.NOT_ENOUGH_PLAYERS,
                f"{ruleset.title} {loaded.table.mode} needs {low}-{high} players; this table has {count}.",
            )
        config = GameConfig(
            loaded.table.mode,
            count,
            dict(loaded.table.options),
            tuple(dict(s.seat_options) for s in loaded.seats),
        )
        seed = _new_seed()
        try:
            resolved = ruleset.resolve_config(config)
            state = ruleset.setup(resolved, seed)
        except SetupError as error:
            raise ServiceError(Code.BAD_OPTION, error.message) from None
        table = dataclasses.replace(loaded.table, seed=seed)
        change = Change(
            loaded=Loaded(table, loaded.seats, None),
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
        run_bot_seats(ruleset, change)
        committed = await self.pipeline.commit(change)
        return await deliver(committed, change.events)

    # ------------------------------------------------------------------ playing
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
        async with self.rt.lock(table_id):
            loaded = await self.rt.load(table_id)
            ruleset = _ruleset(loaded.table.game)
            self._need_playing(loaded)
            row = self._acting_seat(ruleset, loaded, user_id, seat)
            if not self._current(ruleset, loaded, row, token) and self.rt.cached(table_id) is not None:
                # Another process may have moved on: compare with the database before refusing.
                loaded = await self.rt.load(table_id, fresh=True)
                self._need_playing(loaded)
                row = self._acting_seat(ruleset, loaded, user_id, seat)
            if not self._current(ruleset, loaded, row, token):
                raise ServiceError(
                    Code.STALE,
                    "That choice was for an earlier moment of the game (it may already have been made); "
                    "use the latest message.",
                )
            try:
                step = ruleset.apply(loaded.state, row.seat, action_key)
            except Rejected as error:
                raise ServiceError(error.code, error.message) from None
            change = Change(loaded=loaded, state=loaded.state, seats=list(loaded.seats))
            change.record(row.seat, action_key, step)
            run_bot_seats(ruleset, change)
            committed = await self.pipeline.commit(change)
        return await deliver(committed, change.events)

    @staticmethod
    def _current(ruleset: AnyRuleset, loaded: Loaded, row: SeatRow, token: str) -> bool:
        """Whether ``token`` names what ``row``'s seat, or for a public decision the table, shows now."""
        state = loaded.state
        prompt = ruleset.prompts(state).get(row.seat)
        if prompt is None:
            # Nothing to decide: a click on the seat's current message goes on to the engine,
            # which says so ("not your turn"); any other is for an earlier moment.
            return token == seat_token(ruleset.view(state, row.seat), None, (), row.moves)
        actions = ruleset.legal_actions(state, row.seat)
        if token == seat_token(ruleset.view(state, row.seat), prompt, actions, row.moves):
            return True
        if prompt.private or prompt.sealed:
            return False
        return token == build_public_token(loaded)

    # ------------------------------------------------------------------ messages and DMs
    async def record_public_message(self, table_id: int, message_id: int, digest: str | None = None) -> None:
        """Remember the public table message to edit after each change, and what it shows."""
        await self._set_message(table_id, public_message_id=message_id, public_digest=digest)

    async def public_ref(self, table_id: int) -> PublicRef:
        """The table message and the fingerprint of what it shows (from the database)."""
        async with self.rt.reading() as connection:
            row = await repo.public_message(connection, table_id)
        if row is None:
            raise ServiceError(Code.NOT_FOUND, f"There is no table #{table_id}.")
        return PublicRef(*row)

    async def record_thread(self, table_id: int, thread_id: int) -> None:
        """Remember the thread a table plays in (thread-per-game servers)."""
        await self._set_message(table_id, thread_id=thread_id)

    async def record_dm_message(
        self, table_id: int, seat: int, message_id: int | None, digest: str | None = None
    ) -> None:
        """Remember the DM message showing ``seat``'s hand (None: none to edit) and what it shows.

        ``digest`` is the adapter's opaque fingerprint of the message's content; the adapter
        compares it before editing so an unchanged DM costs no request to Discord.
        """
        values = {"dm_message_id": message_id, "dm_digest": digest}
        await self._set_seat(table_id, seat, **values)
        self._patch_cached_seats(table_id, lambda r: r.seat == seat, **values)

    async def set_dm_open(self, user_id: int, is_open: bool, table_id: int | None = None) -> None:
        """Record whether Tablekeeper can DM ``user_id`` (at one table, or at all active ones)."""
        async with self.rt.transaction() as connection:
            ids = await repo.set_dm_open(connection, user_id, is_open, table_id)
        for changed in ids:
            self._patch_cached_seats(changed, lambda r: r.user_id == user_id, dm_open=is_open)

    # ------------------------------------------------------------------ restarts and checks
    async def resume(self) -> list[TableInfo]:
        """Load every running game into this process (after a restart); return their tables."""
        async with self.rt.reading() as connection:
            ids = await repo.playing_tables(connection)
            found = [await load_from(connection, table_id) for table_id in ids]
        for loaded in found:
            self.rt.remember(loaded)
        return [table_info(x.table, x.seats) for x in found]

    async def replay_check(self, table_id: int) -> bool:
        """Replay the stored log from the seed and compare with the stored snapshot (True = equal)."""
        async with self.rt.reading() as connection:
            loaded = await load_from(connection, table_id)
        if loaded.state is None or loaded.table.seed is None:
            raise ServiceError(Code.NOT_STARTED, "This table has not started yet.")
        ruleset = _ruleset(loaded.table.game)
        try:
            state = replay(ruleset, _config_of(loaded), loaded.table.seed, await self.log(table_id))
        except ReplayError:  # a gap or a repeat in the logged move numbers
            return False
        return bool(ruleset.encode(state) == ruleset.encode(loaded.state))

    async def log(self, table_id: int) -> list[tuple[int, int, str]]:
        """The match log as (seq, seat, action key), oldest first."""
        async with self.rt.reading() as connection:
            return await repo.move_log(connection, table_id)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _mode_name(ruleset: AnyRuleset, mode: str | None) -> str:
        if mode is None or not mode.strip():
            return ruleset.modes[0].name
        try:
            return ruleset.mode(mode.strip().lower()).name
        except SetupError as error:
            raise ServiceError(Code.BAD_OPTION, error.message) from None

    @staticmethod
    def _check_options(
        ruleset: AnyRuleset,
        mode: str,
        options: dict[str, OptionValue],
    ) -> dict[str, OptionValue]:
        """Validate table options; keep the parsed values of the ones given."""
        spec = ruleset.mode(mode)
        try:
            resolved = ruleset.resolve_config(GameConfig(mode, min(spec.players), dict(options)))
        except SetupError as error:
            raise ServiceError(Code.BAD_OPTION, error.message) from None
        return {name: resolved.options[name] for name in options}

    @staticmethod
    def _person(seat: int, user_id: int, name: str) -> SeatRow:
        return TableService._empty_seat(seat, name, user_id, None)

    @staticmethod
    def _empty_seat(seat: int, name: str, user_id: int | None, bot: str | None) -> SeatRow:
        clean = " ".join(name.split())[:MAX_NAME] or f"Player {seat + 1}"
        return SeatRow(
            seat=seat,
            user_id=user_id,
            bot=bot,
            name=clean,
            dm_open=True,
            dm_message_id=None,
            seat_options={},
            prompted_at=None,
            deadline=None,
            remind_at=None,
            reminded=False,
            has_left=False,
        )

    @staticmethod
    def _counts(loaded: Loaded) -> tuple[int, int]:
        players = _ruleset(loaded.table.game).mode(loaded.table.mode).players
        return min(players), max(players)

    @staticmethod
    def _need_host(loaded: Loaded, user_id: int) -> None:
        if loaded.table.host_id != user_id:
            raise ServiceError(Code.NOT_HOST, "Only the table's host can do that.")

    @staticmethod
    def _need_playing(loaded: Loaded) -> None:
        status = loaded.table.status
        if status == LOBBY:
            raise ServiceError(Code.NOT_STARTED, "The game has not started yet.")
        if status == FINISHED:
            raise ServiceError(Code.GAME_OVER, "This game is over.")
        if status == ABORTED:
            raise ServiceError(Code.GAME_OVER, "This game was aborted.")

    @staticmethod
    def _own_seat(loaded: Loaded, user_id: int, seat: int | None, *, allow_bot: bool) -> SeatRow:
        mine = [s for s in loaded.seats if s.user_id == user_id and (allow_bot or s.bot is None)]
        if not mine:
            raise ServiceError(Code.NOT_PLAYER, "You don't have a seat at this table.")
        if seat is None:
            return mine[0]
        for row in mine:
            if row.seat == seat:
                return row
        raise ServiceError(Code.NOT_PLAYER, f"Seat {seat + 1} is not yours.")

    @staticmethod
    def _acting_seat(
        ruleset: AnyRuleset,
        loaded: Loaded,
        user_id: int,
        seat: int | None,
    ) -> SeatRow:
        mine = [s for s in loaded.seats if s.user_id == user_id]
        if not mine:
            raise ServiceError(
                Code.NOT_PLAYER, "You are not playing at this table; only its players can choose."
            )
        people = [s for s in mine if s.bot is None]
        if not people:
            if any(s.has_left for s in mine):
                raise ServiceError(Code.NOT_PLAYER, "You left this game; a bot is playing your seat now.")
            raise ServiceError(
                Code.NOT_PLAYER,
                "A bot took over your seat after your time ran out; "
                "press **Take my seat back** or use /table rejoin to play on.",
            )
        if seat is not None:
            for row in people:
                if row.seat == seat:
                    return row
            raise ServiceError(Code.NOT_PLAYER, f"Seat {seat + 1} is not yours.")
        asked = ruleset.prompts(loaded.state)
        for row in people:
            if row.seat in asked:
                return row
        return people[0]

    async def _lobby(self, table_id: int) -> Loaded:
        loaded = await self.rt.load(table_id, fresh=True)
        if loaded.table.status != LOBBY:
            if loaded.table.status == PLAYING:
                raise ServiceError(Code.ALREADY_STARTED, "This game has already started.")
            raise ServiceError(Code.GAME_OVER, "This table has already closed.")
        return loaded

    async def _insert_table(self, *, seats: list[SeatRow], **values: Any) -> TableInfo:
        now = self.rt.clock()
        row = {
            **values,
            "active_channel_id": values["channel_id"],
            "status": LOBBY,
            "seq": 0,
            "version": 1,
            "created_at": now,
            "updated_at": now,
        }
        try:
            async with self.rt.transaction() as connection:
                table_id = await repo.insert_table(connection, row)
                await repo.insert_seats(connection, [self._seat_values(table_id, s) for s in seats])
        except IntegrityError:
            raise ServiceError(
                Code.ALREADY_ACTIVE,
                "A game is already open here; finish or abort it first (/table status shows it).",
            ) from None
        return await self.get(table_id)

    @staticmethod
    def _seat_values(table_id: int, seat: SeatRow) -> dict[str, Any]:
        return {"table_id": table_id, **dataclasses.asdict(seat)}

    async def _update_table(self, loaded: Loaded, **values: Any) -> None:
        """Update the table row if nobody changed it meanwhile (bumps the row version)."""
        async with self.rt.transaction() as connection:
            if not await repo.update_table_at(connection, loaded.table.id, loaded.table.version, values):
                self.rt.forget(loaded.table.id)
                raise ServiceError(Code.STALE, "The table changed at the same moment; please try again.")
        self.rt.forget(loaded.table.id)

    async def _save_lobby(
        self, loaded: Loaded, seats: list[SeatRow], *, options: dict[str, OptionValue] | None = None
    ) -> TableInfo:
        """Rewrite a lobby's seats (renumbered in order) and options in one transaction."""
        renumbered = [dataclasses.replace(s, seat=i) for i, s in enumerate(seats)]
        values: dict[str, Any] = {"updated_at": self.rt.clock()}
        if options is not None:
            values["options"] = options
        table_id = loaded.table.id
        async with self.rt.transaction() as connection:
            if not await repo.update_table_at(connection, table_id, loaded.table.version, values):
                raise ServiceError(Code.STALE, "The table changed at the same moment; please try again.")
            await repo.delete_seats(connection, table_id)
            await repo.insert_seats(connection, [self._seat_values(table_id, s) for s in renumbered])
        self.rt.forget(loaded.table.id)
        return await self.get(loaded.table.id)

    async def _leave_lobby(self, loaded: Loaded, user_id: int) -> TableInfo:
        rest = [s for s in loaded.seats if s.user_id != user_id]
        people = [s for s in rest if s.user_id is not None]
        if not people:
            now = self.rt.clock()
            await self._update_table(loaded, status=ABORTED, active_channel_id=None, finished_at=now)
            self.rt.release(loaded.table.id)
            return await self.get(loaded.table.id)
        if loaded.table.host_id == user_id:
            await self._update_table(loaded, host_id=people[0].user_id)
            loaded = await self.rt.load(loaded.table.id, fresh=True)
        return await self._save_lobby(loaded, rest)

    async def _leave_game(self, loaded: Loaded, user_id: int) -> TableInfo:
        remaining = [s for s in loaded.seats if s.human and s.user_id != user_id]
        if not remaining:
            now = self.rt.clock()
            await self._update_table(loaded, status=ABORTED, active_channel_id=None, finished_at=now)
            self.rt.release(loaded.table.id)
            return await self.get(loaded.table.id)
        level = self.rt.settings.default_difficulty
        seats = [
            dataclasses.replace(s, bot=level, has_left=True) if s.user_id == user_id else s
            for s in loaded.seats
        ]
        ruleset = _ruleset(loaded.table.game)
        change = Change(loaded=loaded, state=loaded.state, seats=seats)
        run_bot_seats(ruleset, change)
        committed = await self.pipeline.commit(change)
        return table_info(committed.table, committed.seats)

    async def _set_message(self, table_id: int, **values: Any) -> None:
        async with self.rt.transaction() as connection:
            if not await repo.update_table(connection, table_id, values):
                raise ServiceError(Code.NOT_FOUND, f"There is no table #{table_id}.")
        hit = self.rt.cached(table_id)
        if hit is not None:
            self.rt.remember(dataclasses.replace(hit, table=dataclasses.replace(hit.table, **values)))

    async def _set_seat(self, table_id: int, seat: int, **values: Any) -> None:
        async with self.rt.transaction() as connection:
            if await repo.update_seats(connection, table_id, values, seat=seat) < 1:
                raise ServiceError(Code.NOT_FOUND, f"Table #{table_id} has no such seat.")

    def _patch_cached_seats(self, table_id: int, match: Any, **values: Any) -> None:
        hit = self.rt.cached(table_id)
        if hit is None:
            return
        seats = tuple(dataclasses.replace(s, **values) if match(s) else s for s in hit.seats)
        self.rt.remember(dataclasses.replace(hit, seats=seats))
