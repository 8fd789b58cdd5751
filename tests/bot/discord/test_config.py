"""``/config``: only server admins change settings, and each change applies at once."""

from __future__ import annotations

from tests.bot.discord.helpers import latest_dm_with_choices, open_two_player_table
from tests.bot.discord.simharness import World


async def test_a_non_admin_cannot_use_config(w: World) -> None:
    bob, mod = w.member("bob"), w.member("mod", admin=True)
    # Discord hides the command from members without Manage Server...
    assert not w.can_see(bob, "config show")
    assert w.can_see(mod, "config show")
    # ...and if a server override shows it to them anyway, the bot still refuses.
    w.allow_command("config", bob)
    assert w.can_see(bob, "config timeout")
    result = await w.slash(bob, "config timeout", seconds=30)
    assert result.ephemeral and "Only server admins" in w.said(result)
    settings = await w.bot.services.guilds.get(w.guild.id)
    assert settings.turn_timeout_seconds == 0
    assert "Only server admins" in w.said(await w.slash(bob, "config show"))


async def test_admin_sees_and_changes_settings(w: World) -> None:
    mod = w.member("mod", admin=True)
    shown = await w.slash(mod, "config show")
    fields = {f.name: f.value for f in shown.response.embeds[0].fields}
    assert fields["Table channels"] == "every channel"
    await w.slash(mod, "config timeout", seconds=90)
    result = await w.slash(mod, "config timeout_action", action="forfeit")
    fields = {f.name: f.value for f in result.response.embeds[0].fields}
    assert fields["Turn timer"] == "90 s; then: forfeit"
    settings = await w.bot.services.guilds.get(w.guild.id)
    assert (settings.turn_timeout_seconds, settings.timeout_action) == (90, "forfeit")
    result = await w.slash(mod, "config timeout", seconds=0)
    assert {f.name: f.value for f in result.response.embeds[0].fields}["Turn timer"].startswith("no timer")


async def test_allowed_channels_take_effect_at_once(w: World) -> None:
    mod, alice = w.member("mod", admin=True), w.member("alice")
    games = w.text_channel("games")
    await w.slash(mod, "config channels", action="add", channel=games)
    refused = await w.slash(alice, "table new", game="tiny")
    assert "can't be opened here" in w.said(refused) and games.mention in w.said(refused)
    assert "is open" in w.said(await w.slash(alice, "table new", channel=games, game="tiny"))
    await w.slash(mod, "config channels", action="clear")
    assert "is open" in w.said(await w.slash(alice, "table new", game="tiny"))


async def test_disabled_games_cannot_be_opened(w: World) -> None:
    mod, alice = w.member("mod", admin=True), w.member("alice")
    result = await w.slash(mod, "config games", action="disable", game="tiny")
    assert "Tiny" in {f.name: f.value for f in result.response.embeds[0].fields}["Games off"]
    assert "switched off" in w.said(await w.slash(alice, "table new", game="tiny"))
    await w.slash(mod, "config games", action="enable", game="tiny")
    assert "is open" in w.said(await w.slash(alice, "table new", game="tiny"))


async def test_thread_per_game(w: World) -> None:
    mod, alice, bob = w.member("mod", admin=True), w.member("alice"), w.member("bob")
    await w.slash(mod, "config thread", enabled=True)
    result = await w.slash(alice, "table new", game="tiny")
    thread = w.thread()
    assert thread.mention in w.said(result)
    lobby = w.messages(thread)[-1]
    assert lobby.embeds[0].title.endswith("lobby")
    # Commands work from inside the thread too.
    await w.slash(bob, "table join", channel=thread)
    await w.click(alice, w.messages(thread)[-1], label="Start")
    assert "Tiny" in w.messages(thread)[0].embeds[0].title
    status = await w.slash(bob, "table status", channel=thread)
    assert status.response.embeds[0].title == "Tiny — Race"


async def test_mention_on_turn_can_be_switched_off(w: World) -> None:
    mod = w.member("mod", admin=True)
    await w.slash(mod, "config mention", enabled=False)
    alice, bob, lobby = await open_two_player_table(w)
    await w.click(alice, lobby, label="Start")
    dm = latest_dm_with_choices(w, alice)
    await w.choose(alice, dm, w.choices(dm)[0])
    assert not any(f"<@{bob.id}>" in m.content for m in w.messages())
    await w.slash(mod, "config mention", enabled=True)
    dm = latest_dm_with_choices(w, bob)
    await w.choose(bob, dm, w.choices(dm)[0])
    assert f"<@{alice.id}>" in w.messages()[-1].content
