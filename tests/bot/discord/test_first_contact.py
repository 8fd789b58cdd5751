"""First contact through SimCord: one line on learning a game when the bot joins a server, on a
server's first table and on a player's first game of a game; never naming a missing command."""

from __future__ import annotations

import re

import pytest

from bot.discord import info
from bot.discord.info import first_table_line, learn_hint, newcomers_line, welcome_line
from tests.bot.discord.helpers import news, started_table
from tests.bot.discord.simharness import World
from tests.bot.discord.test_solo import game_message, play_solo


def _latest(message: object) -> str:
    fields = message.embeds[0].fields  # type: ignore[attr-defined]
    return next((str(f.value) for f in fields if f.name == "Latest"), "")


async def test_joining_a_server_says_the_line_in_its_system_channel(w: World) -> None:
    guild = await w.bot_joins("Board Game Club")
    [welcome] = guild.channels["welcome"].history()
    assert welcome.content == welcome_line()
    assert welcome.content.startswith("Thanks for adding Tablekeeper!")
    assert w.take_error_logs() == []


async def test_no_system_channel_or_no_right_to_write_there_means_silence(
    w: World, caplog: pytest.LogCaptureFixture
) -> None:
    quiet = await w.bot_joins("No Welcome Channel", welcome=False)
    assert quiet.channels == {}
    closed = await w.bot_joins("Read Only Welcome", writable=False)
    assert closed.channels["welcome"].history() == []
    # the bot did not try and fail: it saw it may not write there
    assert "welcome not sent" not in caplog.text
    assert w.take_error_logs() == []


async def test_the_first_table_in_a_server_says_it_on_the_lobby(w: World) -> None:
    alice = w.member("alice")
    await w.slash(alice, "table new", game="tiny")
    lobby = w.messages()[-1]
    assert _latest(lobby) == first_table_line("tiny")
    await w.slash(alice, "table abort")
    await w.slash(alice, "table new", game="tiny", channel=w.text_channel("second"))
    assert _latest(w.messages(w.guild.channels["second"])[-1]) == ""


async def test_a_players_first_game_of_a_game_says_it_on_the_start(w: World) -> None:
    alice, bob = await started_table(w)
    assert newcomers_line("tiny", [alice.id, bob.id]) in news(w)
    assert f"<@{alice.id}>, <@{bob.id}>" in news(w)
    await w.slash(alice, "table abort")
    # the same two again: no line; a newcomer: a line naming only her
    carol = w.member("carol")
    room = w.text_channel("again")
    await w.slash(alice, "table new", game="tiny", channel=room)
    lobby = w.messages(room)[-1]
    await w.click(carol, lobby, label="Join")
    await w.click(alice, w.messages(room)[-1], label="Start")
    started = w.messages(room)[0]
    happened = next(str(f.value) for f in started.embeds[0].fields if f.name == "What just happened")
    assert newcomers_line("tiny", [carol.id]) in happened
    assert f"<@{alice.id}>" not in happened


async def test_a_first_solo_game_says_it_and_the_next_of_that_game_does_not(w: World) -> None:
    alice = w.member("alice")
    await w.slash_dm(alice, "solo", game="tiny", difficulty="easy")
    line = newcomers_line("tiny", [alice.id])
    assert line in str(game_message(w, alice).embeds[0].to_dict())
    await play_solo(w, alice)
    await w.slash_dm(alice, "solo", game="tiny", difficulty="easy")
    again = game_message(w, alice)
    assert again.id != w.dms(alice)[0].id and "First game of" not in str(again.embeds[0].to_dict())


async def test_the_lines_name_only_commands_the_bot_has(w: World) -> None:
    commands = {c.qualified_name for c in w.bot.tree.walk_commands()}
    assert ("learn" in commands) == info.LEARN_EXISTS
    for line in (welcome_line(), learn_hint("tiny"), first_table_line("tiny")):
        named = set(re.findall(r"`/([a-z]+(?: [a-z]+)?)", line))
        assert named, line
        for name in named:
            assert name in commands or name.split()[0] in commands, (name, line)
