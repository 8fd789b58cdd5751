"""Per-player free-text choices in the lobby (a Constructed deck code): the "My deck code" modal.

Choices with a short list of values are lobby selects (:mod:`bot.discord.views`); a text choice
can't be a select, so a lobby button opens this modal for the clicking player, with one field
per text option of the mode, filled in with what their seat holds now. The service checks the
values through the game's per-seat check (no game is dealt) and its own message comes back
if it refuses them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.discord.layout import clip
from bot.service.values import SeatInfo, TableInfo
from engines.core import OptionSpec

if TYPE_CHECKING:
    from bot.discord.clicks import LobbyClicks

#: Discord allows five fields in a modal
MAX_FIELDS = 5
LABEL = 45
PLACEHOLDER = 100
VALUE = 1000


def text_specs(table: TableInfo) -> list[OptionSpec]:
    """The table mode's per-player options a player types in (at most one modal's worth)."""
    spec = table.spec
    if spec is None:  # an unloadable game shows a lobby without the button
        return []
    return [s for s in spec.options if s.per_seat and s.kind == "text"][:MAX_FIELDS]


def option_label(spec: OptionSpec) -> str:
    """How a person reads an option's name: ``deck_code`` -> "Deck code"."""
    return spec.name.replace("_", " ").capitalize()


def button_label(specs: list[OptionSpec]) -> str:
    """ "My deck code" for a single choice, "My choices" for several."""
    if len(specs) == 1:
        return clip(f"My {option_label(specs[0]).lower()}", 80)
    return "My choices"


def chosen_text(table: TableInfo, seat: SeatInfo) -> str:
    """Which text choices a lobby seat has filled in (not their values: decks stay hidden till play)."""
    names = [option_label(s).lower() for s in text_specs(table) if seat.options.get(s.name)]
    return f" · {', '.join(names)} set" if names else ""


class SeatTextModal(discord.ui.Modal, title="Your choices"):
    """One text field per per-player text option, prefilled with the seat's current values."""

    def __init__(self, control: LobbyClicks, table: TableInfo, seat: SeatInfo) -> None:
        specs = text_specs(table)
        super().__init__(title=clip(f"Your choices · table #{table.id}", LABEL), timeout=900)
        self.control = control
        self.table_id = table.id
        self.seat = seat.seat
        self.inputs: dict[str, discord.ui.TextInput[SeatTextModal]] = {}
        for spec in specs:
            current = str(seat.options.get(spec.name, "") or "")
            field: discord.ui.TextInput[SeatTextModal] = discord.ui.TextInput(
                label=clip(option_label(spec), LABEL),
                custom_id=spec.name,
                placeholder=clip(spec.help, PLACEHOLDER),
                default=current[:VALUE] or None,
                required=False,
                max_length=VALUE,
                style=discord.TextStyle.paragraph,
            )
            self.inputs[spec.name] = field
            self.add_item(field)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Store every field for the player's seat (all or none), then redraw the lobby."""
        values = {name: field.value.strip() for name, field in self.inputs.items()}
        await self.control.apply_seat_text(interaction, self.table_id, self.seat, values)
