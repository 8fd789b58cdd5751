"""Restarting the bot mid-game: the messages already sent keep working and the game carries on."""

from __future__ import annotations

from tests.bot.discord.helpers import latest_dm_with_choices, news, play_by_dm, started_table, table_message
from tests.bot.discord.simharness import World


async def test_restart_mid_game_and_carry_on(w: World) -> None:
    alice, bob = await started_table(w)
    dm = latest_dm_with_choices(w, alice)
    await w.choose(alice, dm, w.choices(dm)[0])
    old_bot = w.bot
    bob_dm = latest_dm_with_choices(w, bob)  # sent by the old bot

    await w.restart()
    assert w.bot is not old_bot
    # The new process loaded the running game from the database.
    assert (await w.bot.services.tables.get(1)).status == "playing"
    assert await w.bot.services.tables.replay_check(1)

    # Bob clicks a button the old bot sent: the new bot rebuilds it from its custom_id.
    result = await w.choose(bob, bob_dm, w.choices(bob_dm)[0])
    assert not result.followups
    assert "bob plays" in news(w)
    moves = await play_by_dm(w, [alice, bob])
    assert "game over" in table_message(w).embeds[0].title
    assert len(await w.bot.services.tables.log(1)) == 2 + moves
    assert await w.bot.services.tables.replay_check(1)


async def test_lobby_buttons_survive_a_restart(w: World) -> None:
    alice, bob = w.member("alice"), w.member("bob")
    await w.slash(alice, "table new", game="tiny")
    lobby = w.messages()[-1]
    await w.restart()
    await w.click(bob, lobby, label="Join")
    await w.click(alice, w.messages()[-1], label="Start")
    assert latest_dm_with_choices(w, alice) is not None
