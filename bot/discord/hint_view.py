"""The Hint button: the hard bot's suggestion for the clicker's own decision, shown to them alone.

Only tables that do not count offer it (unrated games and tutorials; the service decides, see
:mod:`bot.service.hints`). It sits beside the seat's choices: on the DM (or a solo game's one
message, or the "Show my hand" answer) for that seat, and on the table message beside "Show my
hand" when the table shows public decisions (there it answers whichever of the clicker's seats
is asked). Its id carries the token of the message it is on, so a Hint on an earlier message is
refused in one line instead of advising on a moment that has passed.

Its presence depends only on the table's options and on the seat having choices, which the
message already shows: it tells nobody anything new.
"""

from __future__ import annotations

from dataclasses import KW_ONLY
from typing import Any

import discord

from bot.discord import ids
from bot.discord.clicks import bot_of
from bot.discord.layout import PER_ROW, ChoiceLayout, clip
from bot.discord.persistent import PersistentButton
from bot.discord.replies import defer, reported
from bot.service.hints import Hint
from engines.core.ruleset import LANGUAGE_OPTION

#: the button's label and the answer's first word, by the table's language
WORD = {"en": "Hint", "ja": "ヒント"}
#: Discord's limit on a message's text
CONTENT = 2000


def hint_text(hint: Hint, lang: str = "en") -> str:
    """The answer as the player reads it: "Hint: <choice> — <reason>"."""
    word = WORD.get(lang, WORD["en"])
    colon = "：" if lang == "ja" else ": "
    return clip(f"{word}{colon}{hint.label} — {hint.reason}", CONTENT)


def hint_row(layout: ChoiceLayout) -> int:
    """Where the Hint button goes: beside Prev/Next, else on the last row of choices if it has
    room, else on the row below them."""
    if layout.nav_row is not None:
        return layout.nav_row
    if layout.buttons:
        last = layout.buttons[-1][1]
        used = sum(1 for _, row in layout.buttons if row == last)
        return last if used < PER_ROW else last + 1
    return layout.select_row + 1 if layout.select else 0


class HintButton(PersistentButton, template=ids.HINT, make_id=ids.hint_id):
    """ "Hint": the hard bot's suggestion for the clicker's decision, answered ephemerally."""

    table: int
    token: str
    seat: int | None
    _: KW_ONLY
    emoji: str | None = "💡"
    lang: str = "en"  # the table's language, which the label is in

    def component(self, custom_id: str, values: dict[str, Any]) -> discord.ui.Button[Any]:
        """The button, labelled in the table's language."""
        return super().component(custom_id, {**values, "label": WORD.get(values["lang"], WORD["en"])})

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer the clicker alone with the hint (or one line saying why there is none)."""
        await answer_hint(interaction, self.table, self.token, self.seat)


async def answer_hint(interaction: discord.Interaction, table_id: int, token: str, seat: int | None) -> None:
    """Work the hint out (it may take half a second: acknowledged first) and show it privately."""
    await defer(interaction, ephemeral=True)
    async with reported(interaction, "hint"):
        services = bot_of(interaction).services
        hint = await services.hints.hint(table_id, interaction.user.id, seat, token)
        table = await services.tables.get(table_id)
        lang = str(table.options.get(LANGUAGE_OPTION, "en"))
        await interaction.followup.send(hint_text(hint, lang), ephemeral=True)


HINT_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (HintButton,)
