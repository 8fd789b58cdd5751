"""The lobby controller: open a table, join, leave or take back a seat, the host's options and bots,
each player's own choices, start and abort.

Separate from play because all of it changes who sits at a table or how it is set up (the service's
lobby and seating rooms); the options modal lives here as the lobby is its only user.
"""

from __future__ import annotations

import contextlib
import logging

import discord

from bot.discord.cogs.asking import display_name, is_admin, parse_options, split_seat_options, table_here
from bot.discord.courier import Courier
from bot.discord.first_contact import lobby_note
from bot.discord.language import server_locale
from bot.discord.replies import defer, reported, tell
from bot.discord.seat_text import SeatTextModal, option_label, text_specs
from bot.discord.views import bot_view
from bot.service import Services, TableService
from bot.service.values import ABORTED, LOBBY, PLAYING, ServiceError, TableInfo
from bot.words import language_name
from engines.core import Code
from engines.core.ruleset import LANGUAGE_OPTION
from engines.core.types import OptionValue

log = logging.getLogger("tablekeeper.discord")


class OptionsModal(discord.ui.Modal, title="Table options"):
    """The host edits the table options as ``key=value`` pairs."""

    def __init__(self, control: LobbyControl, table: TableInfo) -> None:
        super().__init__(timeout=600)
        self.control = control
        self.table_id = table.id
        mode = table.spec
        known = "see /rules"  # an unloadable game still gets the modal
        if mode is not None:
            known = ", ".join(s.name for s in mode.options if not s.per_seat) or "none"
        current = " ".join(f"{k}={v}" for k, v in sorted(table.options.items()))
        self.pairs: discord.ui.TextInput[OptionsModal] = discord.ui.TextInput(
            label="Options (key=value, separated by spaces)",
            custom_id="options",
            placeholder=f"Options: {known}"[:100],
            default=current[:400] or None,
            required=False,
            max_length=400,
        )
        self.add_item(self.pairs)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Apply every pair, then redraw the lobby."""
        await self.control.apply_options(interaction, self.table_id, self.pairs.value)


class LobbyControl:
    """What the ``/table`` lobby commands and the lobby's buttons, selects and modals do."""

    def __init__(self, services: Services, courier: Courier) -> None:
        self.services = services
        self.courier = courier

    @property
    def tables(self) -> TableService:
        """The service's table API."""
        return self.services.tables

    # ------------------------------------------------------------------ opening
    async def open_table(
        self, interaction: discord.Interaction, game: str, mode: str | None, options: str | None
    ) -> None:
        """``/table new``: open a lobby in this channel (or in a new thread, per server setting)."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "table new"):
            if interaction.guild_id is None or interaction.channel_id is None:
                raise ServiceError(Code.BAD_OPTION, "Tables live in servers; use /solo to play here.")
            table = await self.tables.open_table(
                interaction.guild_id,
                interaction.channel_id,
                interaction.user.id,
                display_name(interaction.user),
                game,
                mode,
                parse_options(options),
                locale=server_locale(interaction),
            )
            table = await self._maybe_thread(interaction, table)
            await self.courier.show_lobby(
                table, await lobby_note(self.services, table, interaction.user.id, opened=True)
            )
            where = f" in <#{table.thread_id}>" if table.thread_id else ""
            await tell(interaction, f"Table #{table.id} is open{where}. Others join with the Join button.")

    async def _maybe_thread(self, interaction: discord.Interaction, table: TableInfo) -> TableInfo:
        settings = await self.services.guilds.get(table.guild_id or 0)
        channel = interaction.channel
        if not settings.thread_per_game or not isinstance(channel, discord.TextChannel):
            return table
        try:
            thread = await channel.create_thread(
                name=f"{table.title} #{table.id}"[:100],
                type=discord.ChannelType.public_thread,
            )
        except discord.HTTPException as exc:
            log.warning("could not open a thread for table %s: %s", table.id, type(exc).__name__)
            return table
        await self.tables.record_thread(table.id, thread.id)
        return await self.tables.get(table.id)

    # ------------------------------------------------------------------ lobby
    async def lobby_click(self, interaction: discord.Interaction, table_id: int, verb: str) -> None:
        """A lobby button: join, leave, bot, options, start or abort."""
        if verb == "options":
            await self._options(interaction, table_id)
            return
        if verb == "mine":
            await self._my_choices(interaction, table_id)
            return
        await defer(interaction, ephemeral=True)
        async with reported(interaction, f"lobby {verb}"):
            if verb == "join":
                await self._join(interaction, table_id, {})
            elif verb == "leave":
                await self._leave(interaction, table_id)
            elif verb == "bot":
                table = await self.tables.get(table_id)
                if table.host_id != interaction.user.id:
                    raise ServiceError(Code.NOT_HOST, "Only the table's host can add bots.")
                if table.status != LOBBY:
                    raise ServiceError(Code.ALREADY_STARTED, "This game has already started.")
                await interaction.followup.send(
                    "Which bot should join?", view=bot_view(table), ephemeral=True
                )
            elif verb == "start":
                await self._start(interaction, table_id)
            elif verb == "abort":
                await self._abort(interaction, table_id)
            else:
                raise ServiceError(Code.BAD_OPTION, "That button is no longer in use.")

    async def join(
        self, interaction: discord.Interaction, deck: str | None, options: str | None = None
    ) -> None:
        """``/table join [deck] [options]``: take a seat here with the player's own choices."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "table join"):
            table = await table_here(self.tables, interaction)
            mine = self._own_choices(table, parse_options(options))
            if deck:
                mine["deck"] = deck
            await self._join(interaction, table.id, mine)

    @staticmethod
    def _own_choices(table: TableInfo, given: dict[str, OptionValue]) -> dict[str, OptionValue]:
        """The per-player options of ``given``; a table option there is refused (it is the host's)."""
        table_options, mine = split_seat_options(table.game, table.mode, given)
        if table_options:
            names = ", ".join(sorted(table_options))
            raise ServiceError(
                Code.BAD_OPTION,
                f"Joining takes only your own choices; {names} is not one (the host sets table options).",
            )
        return mine

    async def _join(
        self, interaction: discord.Interaction, table_id: int, choices: dict[str, OptionValue]
    ) -> None:
        table = await self.tables.join(table_id, interaction.user.id, display_name(interaction.user))
        note = ""
        if choices:
            try:
                table = await self.tables.set_seat_options(table_id, interaction.user.id, choices)
            except ServiceError as error:
                # The seat is taken either way; say why the choices were not kept.
                note = f" Your choices were not saved: {error.message}"
        hint = await lobby_note(self.services, table, interaction.user.id)
        await self.courier.show_lobby(table, f"{display_name(interaction.user)} joined. {hint}".strip())
        await tell(interaction, f"You joined table #{table_id}.{note}")

    async def leave(self, interaction: discord.Interaction) -> None:
        """``/table leave``: give up your seat here."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "table leave"):
            table = await table_here(self.tables, interaction)
            await self._leave(interaction, table.id)

    async def _leave(self, interaction: discord.Interaction, table_id: int) -> None:
        before = await self.tables.get(table_id)
        table = await self.tables.leave(table_id, interaction.user.id)
        name = display_name(interaction.user)
        if table.status == ABORTED:
            if before.status == LOBBY:
                await self.courier.close_lobby(table, f"{name} left; nobody is left, so the table is closed.")
            else:
                await self.courier.close_game(
                    table, f"{name} left and no players remain; the game is stopped."
                )
        elif table.status == LOBBY:
            await self.courier.show_lobby(table, f"{name} left.")
        else:
            # A bot now plays the seat and may already have moved: show the game as it stands,
            # and say so in the channel, where everyone looks.
            delivery = await self.tables.current(table_id)
            seats = [s.seat for s in table.seats if s.user_id == interaction.user.id]
            bot = next((s.bot for s in table.seats if s.seat in seats), None) or "normal"
            await self.courier.publish(delivery, actor_id=interaction.user.id)
            await self.courier.announce(
                table, f"{name} left the game; a {bot} bot plays their seat from now on."
            )
            await tell(
                interaction,
                f"You left table #{table_id}. A {bot} bot plays your seat until the game ends "
                "(it counts as a loss for you), and you can't take the seat back.",
            )
            return
        await tell(interaction, f"You left table #{table_id}.")

    async def rejoin(self, interaction: discord.Interaction) -> None:
        """``/table rejoin``: take back the seat a bot has played since your time ran out."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "table rejoin"):
            table = await table_here(self.tables, interaction)
            await self._reclaim(interaction, table.id)
            await tell(interaction, f"Your seat at table #{table.id} is yours again.")

    async def reclaim_click(self, interaction: discord.Interaction, table_id: int) -> None:
        """The "Take my seat back" button (in a DM or the table's channel)."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "take seat back"):
            await self._reclaim(interaction, table_id)
            message = interaction.message
            if message is not None and message.guild is None:
                # In the player's own DM: the notice has served its purpose.
                with contextlib.suppress(discord.HTTPException):
                    await message.edit(content=f"You took your seat back at table #{table_id}.", view=None)
            await tell(interaction, f"Your seat at table #{table_id} is yours again.")

    async def _reclaim(self, interaction: discord.Interaction, table_id: int) -> None:
        delivery = await self.tables.reclaim(table_id, interaction.user.id)
        await self.courier.publish(delivery, actor_id=interaction.user.id)
        note = f"{display_name(interaction.user)} is back and plays their own seat again."
        await self.courier.announce(delivery.table, note)

    async def _options(self, interaction: discord.Interaction, table_id: int) -> None:
        # A modal must be the first answer to the click, so no defer here.
        async with reported(interaction, "lobby options"):
            table = await self.tables.get(table_id)
            if table.host_id != interaction.user.id:
                raise ServiceError(Code.NOT_HOST, "Only the table's host can change the options.")
            if table.status != LOBBY:
                raise ServiceError(Code.ALREADY_STARTED, "This game has already started.")
            await interaction.response.send_modal(OptionsModal(self, table))

    async def apply_options(self, interaction: discord.Interaction, table_id: int, text: str) -> None:
        """The options modal was submitted: set each option, then redraw the lobby."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "lobby options"):
            table = await self.tables.get(table_id)
            for name, value in parse_options(text).items():
                table = await self.tables.set_option(table_id, interaction.user.id, name, value)
            await self.courier.show_lobby(table, "Options changed.")
            await tell(interaction, "Options saved.")

    async def _my_choices(self, interaction: discord.Interaction, table_id: int) -> None:
        # A modal must be the first answer to the click, so no defer here.
        async with reported(interaction, "lobby my choices"):
            table = await self.tables.get(table_id)
            if table.status != LOBBY:
                raise ServiceError(Code.ALREADY_STARTED, "This game has already started.")
            seat = next((s for s in table.seats if s.user_id == interaction.user.id and s.bot is None), None)
            if seat is None:
                raise ServiceError(Code.NOT_PLAYER, "Join the table first; then you can make your choices.")
            if not text_specs(table):
                raise ServiceError(Code.BAD_OPTION, "This game has nothing for you to type in.")
            await interaction.response.send_modal(SeatTextModal(self, table, seat))

    async def apply_seat_text(
        self, interaction: discord.Interaction, table_id: int, seat: int, values: dict[str, str]
    ) -> None:
        """The "My choices" modal was submitted: store the values for the player's seat, redraw the lobby."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "lobby my choices"):
            table = await self.tables.set_seat_options(table_id, interaction.user.id, dict(values), seat)
            await self.courier.show_lobby(table)
            names = ", ".join(
                f"{option_label(s).lower()} {'set' if values.get(s.name) else 'cleared'}"
                for s in text_specs(table)
                if s.name in values
            )
            await tell(interaction, f"Saved: {names}.")

    async def seat_choice(
        self, interaction: discord.Interaction, table_id: int, option: str, value: str
    ) -> None:
        """A player picked a per-seat option (e.g. a deck) from the lobby select."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "lobby choice"):
            table = await self.tables.set_seat_option(table_id, interaction.user.id, option, value)
            await self.courier.show_lobby(table)
            await tell(interaction, f"Your {option} is now {value}.")

    async def table_choice(
        self, interaction: discord.Interaction, table_id: int, option: str, value: str
    ) -> None:
        """The host picked a table option (the language) from the lobby select."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "lobby table choice"):
            table = await self.tables.set_option(table_id, interaction.user.id, option, value)
            shown = language_name(value) if option == LANGUAGE_OPTION else value
            await self.courier.show_lobby(table, f"The host set {option} to {shown}.")
            await tell(interaction, f"The table's {option} is now {shown}.")

    async def add_bot(self, interaction: discord.Interaction, table_id: int, level: str | None) -> None:
        """The host picked a bot strength: seat the bot and redraw the lobby."""
        await defer(interaction, update=True)
        async with reported(interaction, "lobby bot"):
            table = await self.tables.add_bot(table_id, interaction.user.id, level)
            await self.courier.show_lobby(table, f"A {level or 'normal'} bot joined.")
            await interaction.edit_original_response(content=f"Added a {level or 'default'} bot.", view=None)

    # ------------------------------------------------------------------ start, abort
    async def start(self, interaction: discord.Interaction) -> None:
        """``/table start``: the host starts this channel's game."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "table start"):
            table = await table_here(self.tables, interaction)
            await self._start(interaction, table.id)

    async def _start(self, interaction: discord.Interaction, table_id: int) -> None:
        delivery = await self.tables.start(table_id, interaction.user.id, is_admin=is_admin(interaction))
        await self.courier.publish(delivery, actor_id=None)
        await tell(interaction, "The game is on. Good luck!")

    async def abort(self, interaction: discord.Interaction) -> None:
        """``/table abort``: the host or an admin closes this channel's table."""
        await defer(interaction, ephemeral=True)
        async with reported(interaction, "table abort"):
            table = await table_here(self.tables, interaction)
            await self._abort(interaction, table.id)

    async def _abort(self, interaction: discord.Interaction, table_id: int) -> None:
        before = await self.tables.get(table_id)
        table = await self.tables.abort(table_id, interaction.user.id, is_admin=is_admin(interaction))
        text = f"Aborted by {display_name(interaction.user)}."
        if before.status == PLAYING:
            await self.courier.close_game(table, text)
        else:
            await self.courier.close_lobby(table, text)
        await tell(interaction, f"Table #{table_id} is closed.")
