"""Turn timers: a reminder before the deadline, then the server's timeout action, on simulated time."""

from __future__ import annotations

from tests.bot.discord.helpers import latest_dm_with_choices, started_table, table_message
from tests.bot.discord.simharness import World


async def set_timer(w: World, seconds: int, action: str) -> None:
    mod = w.member("mod", admin=True)
    await w.slash(mod, "config timeout", seconds=seconds)
    await w.slash(mod, "config timeout_action", action=action)


async def test_reminder_then_a_bot_takes_the_seat(w: World) -> None:
    await set_timer(w, 60, "bot")
    alice, bob = await started_table(w)
    assert "Time runs out <t:" in table_message(w).embeds[0].description
    await w.advance(50)  # past 75% of the time: one reminder, by DM
    reminders = [m for m in w.dms(alice) if m.content.startswith("Reminder")]
    assert len(reminders) == 1
    await w.advance(20)  # past the deadline: a bot plays Alice's seat from now on
    seats = (await w.bot.services.tables.get(1)).seats
    assert seats[0].bot is not None
    assert len(await w.bot.services.tables.log(1)) >= 1
    assert latest_dm_with_choices(w, bob) is not None  # Bob is asked next, and told
    # Alice's old buttons now answer that a bot has her seat.
    old = latest_dm_with_choices(w, alice)
    result = await w.choose(alice, old, w.choices(old)[0])
    assert "A bot took over your seat" in w.said(result)
    assert len([m for m in w.dms(alice) if m.content.startswith("Reminder")]) == 1  # reminded once


async def test_forfeit_ends_the_game(w: World) -> None:
    await set_timer(w, 30, "forfeit")
    _alice, bob = await started_table(w)
    await w.advance(40)
    final = table_message(w)
    assert "game over" in final.embeds[0].title
    assert "ran out of time" in final.embeds[0].description
    assert f"<@{bob.id}>" in final.embeds[0].description  # Bob wins
    assert w.components(final) == []
    stats = await w.bot.services.stats.player(bob.id, w.guild.id)
    assert [(s.played, s.won) for s in stats] == [(1, 1)]


async def test_default_action_plays_for_the_late_seat(w: World) -> None:
    await set_timer(w, 30, "default")
    _alice, bob = await started_table(w)
    await w.advance(40)
    log = await w.bot.services.tables.log(1)
    assert log and log[0][1] == 0  # seat 1 (Alice) moved by default
    assert (await w.bot.services.tables.get(1)).seats[0].bot is None  # still Alice's seat
    assert latest_dm_with_choices(w, bob) is not None
