"""First contact through SimCord: one line on learning a game when the bot joins a server, on a
server's first table and on a player's first game of a game; never naming a missing command."""

from __future__ import annotations

import re

import pytest

from bot.discord import info
from bot.discord.info import first_table_line, learn_hint, newcomers_line, welcome_line
from tests.bot.discord.helpers import news, open_two_player_table
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
    assert _latest(w.messages()[-1]) == first_table_line("Tiny", "tiny")
    await w.slash(alice, "table abort")
    # the next table is not the server's first, and Alice has not played Tiny yet
    second = w.text_channel("second")
    await w.slash(alice, "table new", game="tiny", channel=second)
    assert _latest(w.messages(second)[-1]) == newcomers_line("Tiny", "tiny", [alice.id])


async def test_a_players_first_game_of_a_game_says_it_on_the_lobby_they_join(w: World) -> None:
    alice, bob, lobby = await open_two_player_table(w)
    assert _latest(lobby) == f"bob joined. {newcomers_line('Tiny', 'tiny', [bob.id])}"
    await w.click(alice, lobby, label="Start")
    assert "First game of" not in news(w)  # the running game's message never carries it
    await w.slash(alice, "table abort")
    # Bob has played Tiny now (a dealt game counts); Carol has not
    room = w.text_channel("again")
    await w.slash(alice, "table new", game="tiny", channel=room)
    assert _latest(w.messages(room)[-1]) == ""
    await w.click(bob, w.messages(room)[-1], label="Join")
    assert _latest(w.messages(room)[-1]) == "bob joined."
    carol = w.member("carol")
    await w.click(carol, w.messages(room)[-1], label="Join")
    assert _latest(w.messages(room)[-1]) == f"carol joined. {newcomers_line('Tiny', 'tiny', [carol.id])}"


async def test_a_first_solo_game_says_it_and_the_next_of_that_game_does_not(w: World) -> None:
    alice = w.member("alice")
    result = await w.slash(alice, "solo", game="tiny", difficulty="easy")
    ready = "Your game of Tiny is ready in our direct messages."
    assert w.said(result) == f"{ready} It is your first game of Tiny: {learn_hint('tiny')}"
    assert "First game" not in str(game_message(w, alice).embeds[0].to_dict())
    await play_solo(w, alice)
    result = await w.slash_dm(alice, "solo", game="tiny", difficulty="easy")
    assert w.said(result) == "Your game of Tiny is below. Good luck!"


async def test_the_lines_name_only_commands_the_bot_has(w: World) -> None:
    commands = {c.qualified_name for c in w.bot.tree.walk_commands()}
    assert ("learn" in commands) == info.LEARN_EXISTS
    for line in (welcome_line(), learn_hint("tiny"), first_table_line("Tiny", "tiny")):
        named = set(re.findall(r"`/([a-z]+(?: [a-z]+)?)", line))
        assert named, line
        for name in named:
            assert name in commands or name.split()[0] in commands, (name, line)
