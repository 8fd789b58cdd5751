"""What a click may ask of the bot: the controllers' verbs as the items, views and modals see them.

The items and views sit below the controllers (a controller draws views made of items), so they
cannot import them without closing an import circle. They reach the bot through these protocols
instead; :class:`bot.discord.cogs.controllers.Controllers` is checked against :class:`Clicks`
where it is defined, so a verb renamed on one side and not the other fails the type check.
"""

from __future__ import annotations

from typing import Protocol, cast

import discord

from bot.service import Services


class PlayClicks(Protocol):
    """A seat's choices during a game."""

    async def act(
        self, interaction: discord.Interaction, table_id: int, token: str, seat: int, key: str
    ) -> None:
        """Apply the chosen action."""

    async def turn_page(
        self, interaction: discord.Interaction, table_id: int, seat: int, page: int, where: str
    ) -> None:
        """Show another page of the seat's choices."""

    async def show_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        """Answer with the clicker's hand."""


class LobbyClicks(Protocol):
    """The lobby's buttons, selects and form."""

    async def lobby_click(self, interaction: discord.Interaction, table_id: int, verb: str) -> None:
        """Join, leave, add a bot, start, abort, or open the options or one's own choices."""

    async def seat_choice(
        self, interaction: discord.Interaction, table_id: int, option: str, value: str
    ) -> None:
        """Set a per-player option of the clicker's seat."""

    async def table_choice(
        self, interaction: discord.Interaction, table_id: int, option: str, value: str
    ) -> None:
        """Set a table option (the host's)."""

    async def add_bot(self, interaction: discord.Interaction, table_id: int, level: str | None) -> None:
        """Add a bot of the chosen strength."""

    async def reclaim_click(self, interaction: discord.Interaction, table_id: int) -> None:
        """Give a timed-out player their seat back."""

    async def apply_seat_text(
        self, interaction: discord.Interaction, table_id: int, seat: int, values: dict[str, str]
    ) -> None:
        """Store the seat's text options from the form."""


class RulesClicks(Protocol):
    """The rules and card pages."""

    async def language(self, interaction: discord.Interaction, slug: str, wanted: str | None) -> str:
        """The language to show ``slug`` in for the reader."""

    async def rules_page(
        self, interaction: discord.Interaction, slug: str, page: int, language: str | None = None
    ) -> None:
        """Show a page of the rules."""


class ReplayClicks(Protocol):
    """The replay viewer."""

    async def open(self, interaction: discord.Interaction, table_id: int, step: int = 0) -> None:
        """Open a private viewer of the game."""

    async def show(
        self,
        interaction: discord.Interaction,
        table_id: int,
        step: int | None,
        seat: int | None,
        page: int | None,
    ) -> None:
        """Show a step (the newest for None), or another page of the jump menu."""


class ReviewClicks(Protocol):
    """A finished game's review."""

    async def open(self, interaction: discord.Interaction, table_id: int) -> None:
        """Open the review as a new private message."""

    async def show(
        self, interaction: discord.Interaction, table_id: int, step: int, seat: int | None
    ) -> None:
        """Show the review in place of the viewer."""


class Clicks(Protocol):
    """The controllers a click is handed to."""

    @property
    def play(self) -> PlayClicks:
        """The game's controller."""

    @property
    def lobby(self) -> LobbyClicks:
        """The lobby's controller."""

    @property
    def rules(self) -> RulesClicks:
        """The rules' and cards' controller."""

    @property
    def replay(self) -> ReplayClicks:
        """The replay viewer's controller."""

    @property
    def review(self) -> ReviewClicks:
        """The review's controller."""


class ClickedBot(Protocol):
    """The bot as a click's handler reaches it: its controllers and its services."""

    @property
    def controls(self) -> Clicks:
        """The bot's controllers."""

    @property
    def services(self) -> Services:
        """The bot's services."""


def bot_of(interaction: discord.Interaction) -> ClickedBot:
    """The bot that received ``interaction`` (always Tablekeeper's own)."""
    return cast("ClickedBot", interaction.client)


def controls(interaction: discord.Interaction) -> Clicks:
    """The controllers of the bot that received ``interaction``."""
    return bot_of(interaction).controls
