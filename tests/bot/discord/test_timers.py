"""Turn timers: a reminder before the deadline, then the server's timeout action, on simulated time."""

from __future__ import annotations

from tests.bot.discord.helpers import (
    latest_dm_with_choices,
    only_replay,
    open_two_player_table,
    started_table,
    table_message,
)
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
    assert len([m for m in w.dms(alice) if m.content.startswith("Reminder")]) == 1  # reminded once
    # Alice is told in her DMs, and her old choices are gone (a bot has the seat).
    assert latest_dm_with_choices(w, alice) is None
    notice = w.dms(alice)[-1]
    assert "Your time ran out at table #1" in notice.content and "/table rejoin" in notice.content
    assert [c.get("label") for c in w.components(notice)] == ["Take my seat back"]
    seats_field = next(f.value for f in table_message(w).embeds[0].fields if f.name == "Seats")
    assert f"<@{alice.id}> — time ran out; a bot plays for now" in seats_field


async def test_a_timed_out_player_takes_the_seat_back_with_the_button(w: World) -> None:
    await set_timer(w, 60, "bot")
    alice, bob = await started_table(w)
    await w.advance(70)
    notice = w.dms(alice)[-1]
    result = await w.click(alice, notice, label="Take my seat back")
    assert "is yours again" in w.said(result)
    assert (await w.bot.services.tables.get(1)).seats[0].bot is None
    notice = w.message(notice.channel.id, notice.id)
    assert w.components(notice) == [] and "You took your seat back" in notice.content
    # said in the channel on a line of its own (see Courier.announce)
    assert any("alice is back" in m.content for m in w.messages()[1:])
    # Bob moves; Alice is asked again herself, by a new DM with her choices.
    dm = latest_dm_with_choices(w, bob)
    await w.choose(bob, dm, w.choices(dm)[0])
    mine = latest_dm_with_choices(w, alice)
    assert mine is not None and mine.id == w.dms(alice)[-1].id
    result = await w.choose(alice, mine, w.choices(mine)[0])
    assert not result.followups
    assert [seat for _, seat, _ in await w.bot.services.tables.log(1)] == [0, 1, 0]


async def test_table_rejoin_in_the_channel(w: World) -> None:
    await set_timer(w, 60, "bot")
    alice, _bob = await started_table(w)
    assert "already playing your seat yourself" in w.said(await w.slash(alice, "table rejoin"))
    await w.advance(70)
    result = await w.slash(alice, "table rejoin")
    assert "is yours again" in w.said(result)
    assert not (await w.bot.services.tables.get(1)).seats[0].taken_over


async def test_closed_dms_get_the_takeover_notice_in_the_channel(w: World) -> None:
    await set_timer(w, 60, "bot")
    alice, bob, lobby = await open_two_player_table(w)
    w.close_dms(alice)
    await w.click(alice, lobby, label="Start")
    await w.advance(70)
    notice = next(m for m in reversed(w.messages()) if "Your time ran out" in m.content)
    assert notice.content.startswith(f"<@{alice.id}>")
    # The button is in public: anyone else clicking it changes nothing.
    result = await w.click(bob, notice, label="Take my seat back")
    assert "already playing your seat yourself" in w.said(result)
    assert (await w.bot.services.tables.get(1)).seats[0].taken_over
    result = await w.click(alice, notice, label="Take my seat back")
    assert "is yours again" in w.said(result)


async def test_forfeit_ends_the_game(w: World) -> None:
    await set_timer(w, 30, "forfeit")
    _alice, bob = await started_table(w)
    await w.advance(40)
    final = table_message(w)
    assert "game over" in final.embeds[0].title
    assert "ran out of time" in final.embeds[0].description
    assert f"<@{bob.id}>" in final.embeds[0].description  # Bob wins
    assert only_replay(w, final)
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
