"""Persistent components: ``DynamicItem`` subclasses whose custom_id carries all their state.

discord.py rebuilds an item from its custom_id when it is clicked, so the buttons on a message
keep working after a restart or on another process sharing the database. Callbacks only parse
the id and hand over to their controller (:class:`bot.discord.cogs.controllers.Controllers`),
which reloads from the service.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord import ids
from bot.discord.layout import BUTTON_LABEL, OPTION_TEXT, clip

if TYPE_CHECKING:
    from bot.discord.client import TablekeeperBot
    from bot.discord.cogs.controllers import Controllers


def controls(interaction: discord.Interaction) -> Controllers:
    """The controllers of the bot that received ``interaction``."""
    return cast("TablekeeperBot", interaction.client).controls


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.ACTION):
    """One game choice as a button."""

    def __init__(
        self,
        table: int,
        token: str,
        seat: int,
        key: str,
        label: str = "Choose",
        row: int | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                custom_id=ids.action_id(table, token, seat, key),
                style=style,
                row=row,
            )
        )
        self.table, self.token, self.seat, self.key = table, token, seat, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        """Rebuild the button from its custom_id."""
        label = getattr(item, "label", None) or "Choose"
        return cls(int(match["table"]), match["token"], int(match["seat"]), match["key"], label)

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Apply the choice."""
        await controls(interaction).play.act(interaction, self.table, self.token, self.seat, self.key)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.ACTION_SELECT):
    """One page of game choices as a select menu (option values are action keys)."""

    def __init__(
        self,
        table: int,
        token: str,
        seat: int,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "Choose…",
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.action_select_id(table, token, seat, page),
                options=options or [discord.SelectOption(label="…", value="-")],
                placeholder=clip(placeholder, 150),
                row=row,
            )
        )
        self.table, self.token, self.seat, self.page = table, token, seat, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        """Rebuild the select (with the options it was sent with) from its custom_id."""
        options = list(getattr(item, "options", []) or [])
        return cls(int(match["table"]), match["token"], int(match["seat"]), int(match["page"]), options)

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Apply the chosen option."""
        key = self.item.values[0] if self.item.values else ""
        await controls(interaction).play.act(interaction, self.table, self.token, self.seat, key)


def action_option(key: str, label: str, description: str = "") -> discord.SelectOption:
    """A select option for an action, clipped to Discord's limits."""
    return discord.SelectOption(
        label=clip(label, OPTION_TEXT), value=key, description=clip(description, OPTION_TEXT) or None
    )


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PAGE):
    """Prev/Next over a long list of choices; redraws the controls at another page."""

    def __init__(
        self,
        table: int,
        token: str,
        seat: int,
        page: int,
        where: str,
        label: str,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=ids.page_id(table, token, seat, page, where),
                style=discord.ButtonStyle.secondary,
                row=row,
                disabled=disabled,
            )
        )
        self.table, self.token, self.seat, self.page, self.where = table, token, seat, page, where

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        """Rebuild the button from its custom_id."""
        label = getattr(item, "label", None) or "Page"
        return cls(
            int(match["table"]),
            match["token"],
            int(match["seat"]),
            int(match["page"]),
            match["where"],
            label,
        )

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
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


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY):
    """Join / Leave / Add bot / Options / Start / Abort / My choices on a lobby message."""

    def __init__(self, table: int, verb: str, row: int | None = None, label: str | None = None) -> None:
        default, style = LOBBY_LABELS.get(verb, (verb.title(), discord.ButtonStyle.secondary))
        super().__init__(
            discord.ui.Button(
                label=clip(label or default, BUTTON_LABEL),
                custom_id=ids.lobby_id(table, verb),
                style=style,
                row=row,
            )
        )
        self.table, self.verb = table, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["table"]), match["verb"], label=getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Run the lobby verb."""
        await controls(interaction).lobby.lobby_click(interaction, self.table, self.verb)


class SeatChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SEAT_CHOICE):
    """A lobby select for a per-player option (e.g. a deck); each player picks for their own seat."""

    def __init__(
        self,
        table: int,
        option: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "Choose…",
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.seat_choice_id(table, option),
                options=options or [discord.SelectOption(label="…", value="-")],
                placeholder=clip(placeholder, 150),
                row=row,
            )
        )
        self.table, self.option = table, option

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SeatChoiceSelect:
        """Rebuild the select from its custom_id."""
        return cls(int(match["table"]), match["option"], list(getattr(item, "options", []) or []))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Record the player's choice for their seat."""
        value = self.item.values[0] if self.item.values else ""
        await controls(interaction).lobby.seat_choice(interaction, self.table, self.option, value)


class BotSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.BOT_SELECT):
    """The host picks how strong a bot to add to the lobby."""

    def __init__(self, table: int, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.bot_select_id(table),
                options=options or [discord.SelectOption(label="normal", value="normal")],
                placeholder="Which bot?",
            )
        )
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BotSelect:
        """Rebuild the select from its custom_id."""
        return cls(int(match["table"]), list(getattr(item, "options", []) or []))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Add a bot of the chosen difficulty."""
        level = self.item.values[0] if self.item.values else None
        await controls(interaction).lobby.add_bot(interaction, self.table, level)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.HAND):
    """ "Show my hand": the clicker's private view and choices, answered ephemerally."""

    def __init__(self, table: int, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label="Show my hand",
                custom_id=ids.hand_id(table),
                style=discord.ButtonStyle.secondary,
                row=row,
            )
        )
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Answer with the clicker's hand."""
        await controls(interaction).play.show_hand(interaction, self.table)


class ReclaimButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.RECLAIM):
    """ "Take my seat back": a timed-out player plays their seat again instead of the bot."""

    def __init__(self, table: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Take my seat back", custom_id=ids.reclaim_id(table), style=discord.ButtonStyle.success
            )
        )
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReclaimButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Give the seat back to the clicker (the service checks it is theirs)."""
        await controls(interaction).lobby.reclaim_click(interaction, self.table)


class RulesButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.RULES):
    """Previous/next page of a game's rules summary (in the language the first page was shown in)."""

    def __init__(self, slug: str, page: int, label: str, disabled: bool = False, lang: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=ids.rules_id(slug, page, lang),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
            )
        )
        self.slug, self.page, self.lang = slug, page, lang

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulesButton:
        """Rebuild the button from its custom_id (an old id without a language: the reader's default)."""
        label = getattr(item, "label", None) or "Page"
        return cls(match["slug"], int(match["page"]), label, lang=match["lang"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Show the page."""
        await controls(interaction).rules.rules_page(interaction, self.slug, self.page, self.lang or None)


class TableChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.TABLE_CHOICE):
    """A lobby select for a table option the host picks from a short list (the table's language)."""

    def __init__(
        self,
        table: int,
        option: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "Choose…",
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.table_choice_id(table, option),
                options=options or [discord.SelectOption(label="…", value="-")],
                placeholder=clip(placeholder, 150),
                row=row,
            )
        )
        self.table, self.option = table, option

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableChoiceSelect:
        """Rebuild the select from its custom_id."""
        return cls(int(match["table"]), match["option"], list(getattr(item, "options", []) or []))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Set the table option (the service refuses anyone but the host)."""
        value = self.item.values[0] if self.item.values else ""
        await controls(interaction).lobby.table_choice(interaction, self.table, self.option, value)


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
