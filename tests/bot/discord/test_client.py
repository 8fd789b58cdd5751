"""The client's set-up: no privileged intents, and ``run`` refuses to start without a token."""

from __future__ import annotations

import pytest

from bot.discord.client import intents
from bot.discord.run import run
from bot.settings import Settings
from tests.bot.discord.simharness import World


def test_intents_are_the_non_privileged_few() -> None:
    chosen = intents()
    assert chosen.guilds and chosen.guild_messages and chosen.dm_messages
    assert not (chosen.members or chosen.presences or chosen.message_content)


def test_run_without_a_token_explains_itself() -> None:
    with pytest.raises(SystemExit, match="DISCORD_TOKEN"):
        run(Settings(discord_token=None))


async def test_startup_registers_the_commands(w: World) -> None:
    member = w.member("someone")
    visible = set(member.available_commands(w.channel))
    assert {"table new", "table join", "table leave", "table start", "table abort", "table status"} <= visible
    assert {"solo", "rules", "stats"} <= visible
    assert not any(name.startswith("config") for name in visible)
    in_dms = set(w.user(member).available_commands())
    assert {"solo", "rules", "stats"} <= in_dms and not any(n.startswith("table") for n in in_dms)
