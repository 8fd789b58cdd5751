"""The lobby: opening, joining, leaving, bots, options, per-seat choices, starting and aborting."""

from __future__ import annotations

from tests.bot.discord.helpers import open_two_player_table, table_message
from tests.bot.discord.simharness import World


async def test_table_new_opens_a_lobby_with_its_buttons(w: World) -> None:
    alice = w.member("alice")
    result = await w.slash(alice, "table new", game="tiny", options="target=20")
    assert result.ephemeral and "Table #1 is open" in w.said(result)
    lobby = w.messages()[-1]
    assert lobby.embeds[0].title == "Tiny — Race · lobby"
    assert "`target=20`" in next(f.value for f in lobby.embeds[0].fields if f.name == "Options")
    assert [c.get("label") for c in w.components(lobby)] == [
        "Join",
        "Leave",
        "Add bot",
        "Start",
        "Options",
        "Abort",
    ]


async def test_one_active_game_per_channel(w: World) -> None:
    alice, bob = w.member("alice"), w.member("bob")
    await w.slash(alice, "table new", game="tiny")
    result = await w.slash(bob, "table new", game="tiny")
    assert "already open here" in w.said(result)
    assert len(w.messages()) == 1
    # Another channel is free.
    other = w.text_channel("more-tables")
    result = await w.slash(bob, "table new", channel=other, game="tiny")
    assert "Table #2 is open" in w.said(result)


async def test_bad_game_mode_and_options_are_explained(w: World) -> None:
    alice = w.member("alice")
    assert "no game 'chess'" in w.said(await w.slash(alice, "table new", game="chess"))
    assert "no mode 'blitz'" in w.said(await w.slash(alice, "table new", game="tiny", mode="blitz"))
    result = await w.slash(alice, "table new", game="tiny", options="target=99")
    assert "at most 40" in w.said(result)
    result = await w.slash(alice, "table new", game="tiny", options="target")
    assert "KEY=VALUE" in w.said(result)
    assert w.messages() == []


async def test_join_leave_and_host_hand_over(w: World) -> None:
    alice, bob, lobby = await open_two_player_table(w)
    again = await w.click(bob, lobby, label="Join")
    assert "already have a seat" in w.said(again)
    await w.click(alice, lobby, label="Leave")
    lobby = w.messages()[-1]
    assert "1/3 players" in lobby.embeds[0].description
    assert f"<@{bob.id}>" in next(f.value for f in lobby.embeds[0].fields if f.name == "Host")
    await w.click(bob, lobby, label="Leave")
    closed = w.messages()[-1]
    assert w.components(closed) == []
    assert "nobody is left" in next(f.value for f in closed.embeds[0].fields if f.name == "Latest")
    # The channel is free again.
    result = await w.slash(alice, "table new", game="tiny")
    assert "Table #2 is open" in w.said(result)


async def test_slash_join_and_status(w: World) -> None:
    alice, bob = w.member("alice"), w.member("bob")
    assert "no open table" in w.said(await w.slash(bob, "table join"))
    await w.slash(alice, "table new", game="tiny")
    await w.slash(bob, "table join")
    status = await w.slash(bob, "table status")
    assert status.ephemeral
    assert f"<@{bob.id}>" in next(f.value for f in status.response.embeds[0].fields if f.name == "Players")


async def test_host_adds_a_bot_of_a_chosen_strength(w: World) -> None:
    alice, bob, lobby = await open_two_player_table(w)
    refused = await w.click(bob, lobby, label="Add bot")
    assert "Only the table's host" in w.said(refused)
    shown = await w.click(alice, lobby, label="Add bot")
    picker = shown.response
    assert picker.ephemeral
    options = [o["value"] for c in w.components(picker) for o in c.get("options", [])]
    assert options[:3] == ["easy", "normal", "hard"]
    await w.select(alice, picker, "tk:b:1", "hard")
    players = next(f.value for f in w.messages()[-1].embeds[0].fields if f.name == "Players")
    assert "(hard) (bot)" in players
    # The table is full (3 seats): a fourth comes too late.
    dave = w.member("dave")
    late = await w.click(dave, w.messages()[-1], label="Join")
    assert "full" in w.said(late)


async def test_options_modal_sets_table_options(w: World) -> None:
    alice, bob, lobby = await open_two_player_table(w)
    refused = await w.click(bob, lobby, label="Options")
    assert "Only the table's host" in w.said(refused)
    shown = await w.click(alice, lobby, label="Options")
    assert shown.modal is not None
    bad = await w.submit_modal(alice, shown, {"options": "target=3"})
    assert "at least 5" in w.said(bad)
    shown = await w.click(alice, lobby, label="Options")
    await w.submit_modal(alice, shown, {"options": "target=12"})
    options = next(f.value for f in w.messages()[-1].embeds[0].fields if f.name == "Options")
    assert "`target=12`" in options


async def test_only_the_host_starts_and_abort_closes(w: World) -> None:
    alice, bob, lobby = await open_two_player_table(w)
    refused = await w.click(bob, lobby, label="Start")
    assert "Only the host" in w.said(refused)
    refused = await w.click(bob, lobby, label="Abort")
    assert "Only the host or a server admin" in w.said(refused)
    await w.click(alice, lobby, label="Abort")
    assert w.components(table_message(w)) == []
    assert w.said(await w.slash(alice, "table status")).startswith("There is no open table")


async def test_an_admin_may_abort_a_running_game(w: World) -> None:
    alice, bob, lobby = await open_two_player_table(w)
    await w.click(alice, lobby, label="Start")
    mod = w.member("mod", admin=True)
    result = await w.slash(mod, "table abort")
    assert "Table #1 is closed" in w.said(result)
    message = table_message(w)
    assert "stopped" in message.embeds[0].title and w.components(message) == []
    assert all(not w.choices(m) for m in w.dms(alice) + w.dms(bob))


async def test_autocomplete_for_game_and_mode(w: World) -> None:
    alice = w.member("alice")
    games = await w.autocomplete(alice, "table new", "game", "")
    assert "tiny" in games and "clashofdecks" in games
    assert await w.autocomplete(alice, "table new", "game", "flour") == ["tinywide"]
    modes = await w.autocomplete(alice, "table new", "mode", "", game="clashofdecks")
    assert {"solo", "duel", "coop", "ffa", "2v2"} <= set(modes)
    assert await w.autocomplete(alice, "table new", "mode", "", game="nonsense") == []
