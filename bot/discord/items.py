"""Persistent components: buttons and selects whose custom_id carries all their state.

discord.py rebuilds an item from its custom_id when it is clicked, so the buttons on a message
keep working after a restart or on another process sharing the database. Each item declares its
id's fields (:mod:`bot.discord.persistent` reads them back); callbacks only hand the fields over
to their controller (reached through :mod:`bot.discord.clicks`), which reloads from the service.
"""

from __future__ import annotations

from dataclasses import KW_ONLY
from typing import Any

import discord

from bot.discord import ids
from bot.discord.clicks import controls
from bot.discord.layout import OPTION_TEXT, clip
from bot.discord.persistent import PersistentButton, PersistentSelect


class ActionButton(PersistentButton, template=ids.ACTION, make_id=ids.action_id):
    """One game choice as a button."""

    table: int
    token: str
    seat: int
    key: str
    _: KW_ONLY
    label: str = "Choose"
    style: discord.ButtonStyle = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction) -> None:
        """Apply the choice."""
        await controls(interaction).play.act(interaction, self.table, self.token, self.seat, self.key)


class ActionSelect(PersistentSelect, template=ids.ACTION_SELECT, make_id=ids.action_select_id):
    """One page of game choices as a select menu (option values are action keys)."""

    table: int
    token: str
    seat: int
    page: int

    async def callback(self, interaction: discord.Interaction) -> None:
        """Apply the chosen option."""
        await controls(interaction).play.act(interaction, self.table, self.token, self.seat, self.chosen())


def action_option(key: str, label: str, description: str = "") -> discord.SelectOption:
    """A select option for an action, clipped to Discord's limits."""
    return discord.SelectOption(
        label=clip(label, OPTION_TEXT), value=key, description=clip(description, OPTION_TEXT) or None
    )


class PageButton(PersistentButton, template=ids.PAGE, make_id=ids.page_id):
    """Prev/Next over a long list of choices; redraws the controls at another page."""

    table: int
    token: str
    seat: int
    page: int
    where: str

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show another page of choices on the same message."""
        await controls(interaction).play.turn_page(interaction, self.table, self.seat, self.page, self.where)


LOBBY_LABELS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "bot": ("Add bot", discord.ButtonStyle.secondary),
    "options": ("Options", discord.ButtonStyle.secondary),
    "mine": ("My choices", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "abort": ("Abort", discord.ButtonStyle.danger),
}


class LobbyButton(PersistentButton, template=ids.LOBBY, make_id=ids.lobby_id):
    """Join / Leave / Add bot / Options / Start / Abort / My choices on a lobby message."""

    table: int
    verb: str

    async def callback(self, interaction: discord.Interaction) -> None:
        """Run the lobby verb."""
        await controls(interaction).lobby.lobby_click(interaction, self.table, self.verb)


def lobby_button(table: int, verb: str, row: int, label: str | None = None) -> LobbyButton:
    """The lobby button for ``verb``, in its usual words and colour unless ``label`` says otherwise."""
    usual, style = LOBBY_LABELS.get(verb, (verb.title(), discord.ButtonStyle.secondary))
    return LobbyButton(table, verb, label=label or usual, style=style, row=row)


class SeatChoiceSelect(PersistentSelect, template=ids.SEAT_CHOICE, make_id=ids.seat_choice_id):
    """A lobby select for a per-player option (e.g. a deck); each player picks for their own seat."""

    table: int
    option: str

    async def callback(self, interaction: discord.Interaction) -> None:
        """Record the player's choice for their seat."""
        await controls(interaction).lobby.seat_choice(interaction, self.table, self.option, self.chosen())


class BotSelect(PersistentSelect, template=ids.BOT_SELECT, make_id=ids.bot_select_id):
    """The host picks how strong a bot to add to the lobby."""

    table: int
    _: KW_ONLY
    placeholder: str = "Which bot?"

    async def callback(self, interaction: discord.Interaction) -> None:
        """Add a bot of the chosen difficulty."""
        level = self.item.values[0] if self.item.values else None
        await controls(interaction).lobby.add_bot(interaction, self.table, level)


class HandButton(PersistentButton, template=ids.HAND, make_id=ids.hand_id):
    """ "Show my hand": the clicker's private view and choices, answered ephemerally."""

    table: int
    _: KW_ONLY
    label: str = "Show my hand"

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer with the clicker's hand."""
        await controls(interaction).play.show_hand(interaction, self.table)


class ReclaimButton(PersistentButton, template=ids.RECLAIM, make_id=ids.reclaim_id):
    """ "Take my seat back": a timed-out player plays their seat again instead of the bot."""

    table: int
    _: KW_ONLY
    label: str = "Take my seat back"
    style: discord.ButtonStyle = discord.ButtonStyle.success

    async def callback(self, interaction: discord.Interaction) -> None:
        """Give the seat back to the clicker (the service checks it is theirs)."""
        await controls(interaction).lobby.reclaim_click(interaction, self.table)


class RulesButton(PersistentButton, template=ids.RULES, make_id=ids.rules_id):
    """Previous/next page of a game's rules summary (in the language the first page was shown in)."""

    slug: str
    page: int
    lang: str = ""  # an old id without a language: the reader's default

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the page."""
        await controls(interaction).rules.rules_page(interaction, self.slug, self.page, self.lang or None)


class TableChoiceSelect(PersistentSelect, template=ids.TABLE_CHOICE, make_id=ids.table_choice_id):
    """A lobby select for a table option the host picks from a short list (the table's language)."""

    table: int
    option: str

    async def callback(self, interaction: discord.Interaction) -> None:
        """Set the table option (the service refuses anyone but the host)."""
        await controls(interaction).lobby.table_choice(interaction, self.table, self.option, self.chosen())


ALL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ActionButton,
    ActionSelect,
    PageButton,
    LobbyButton,
    SeatChoiceSelect,
    TableChoiceSelect,
    BotSelect,
    HandButton,
    ReclaimButton,
    RulesButton,
)
