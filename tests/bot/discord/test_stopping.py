"""A bot that is stopping turns new clicks and commands away with a short note, and changes nothing."""

from __future__ import annotations

from bot.discord.gate import RESTARTING
from tests.bot.discord.helpers import latest_dm_with_choices, started_table, table_message
from tests.bot.discord.simharness import World


async def test_clicks_and_commands_after_the_stop_signal_are_turned_away_politely(w: World) -> None:
    alice, _bob = await started_table(w)
    dm = latest_dm_with_choices(w, alice)
    before = table_message(w).embeds[0].description
    assert await w.bot.gate.close(grace=1) == 0  # what SIGTERM does first; the connection stays up

    clicked = await w.choose(alice, dm, w.choices(dm)[0])
    assert w.said(clicked) == RESTARTING and clicked.response.ephemeral
    assert await w.bot.services.tables.log(1) == []  # the choice was not made
    assert table_message(w).embeds[0].description == before

    asked = await w.slash(alice, "table status")
    assert w.said(asked) == RESTARTING
    assert w.bot.gate.turned_away == 2
