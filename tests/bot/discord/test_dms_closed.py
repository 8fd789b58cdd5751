"""A player whose DMs are closed is told so in the channel and plays through "Show my hand"."""

from __future__ import annotations

from tests.bot.discord.helpers import latest_dm_with_choices, open_two_player_table, table_message
from tests.bot.discord.simharness import World


async def test_closed_dms_fall_back_to_an_ephemeral_hand(w: World) -> None:
    alice, bob, lobby = await open_two_player_table(w)
    w.close_dms(alice)
    await w.click(alice, lobby, label="Start")

    assert w.dms(alice) == []
    told = [m for m in w.messages() if f"<@{alice.id}>" in m.content and "direct messages" in m.content]
    assert len(told) == 1, [m.content for m in w.messages()]
    assert "Show my hand" in told[0].content
    info = await w.bot.services.tables.get(1)
    assert info.seats[0].dm_open is False
    assert w.dms(bob), "Bob's DMs are open and unaffected"

    # Alice plays her turns from the ephemeral hand; only she can see it.
    for _ in range(3):
        shown = await w.click(alice, table_message(w), label="Show my hand")
        hand = shown.response
        assert hand.ephemeral
        assert [a.filename for a in hand.attachments] == ["hand.png"]
        choices = w.choices(hand)
        assert choices, "Alice is asked to move"
        result = await w.choose(alice, hand, choices[0])
        assert not result.followups
        # The same ephemeral message is redrawn: it is Bob's turn now, so no choices remain.
        redrawn = w.message(hand.channel_id, hand.id)
        assert w.choices(redrawn) == []
        if "game over" in table_message(w).embeds[0].title:
            assert redrawn.content == "The game is over."
            break
        assert [a.filename for a in redrawn.attachments] == ["hand.png"]
        bob_dm = latest_dm_with_choices(w, bob)
        if bob_dm is None:
            break
        await w.choose(bob, bob_dm, w.choices(bob_dm)[0])
        if "game over" in table_message(w).embeds[0].title:
            break
    assert len(await w.bot.services.tables.log(1)) >= 2
    # Each time it is Alice's turn again she is reminded in the channel where to play.
    reminders = [m for m in w.messages() if f"<@{alice.id}>" in m.content and "Show my hand" in m.content]
    assert len(reminders) >= 2
    # Nobody else can see Alice's hand: the ephemeral answers are invisible to Bob.
    assert any(a.filename == "hand.png" for m in w.messages(viewer=alice) for a in m.attachments)
    assert not any(a.filename == "hand.png" for m in w.messages(viewer=bob) for a in m.attachments)


async def test_dms_closing_mid_game_is_announced_once(w: World) -> None:
    """Issue: the notice came 15 times in one game, because an edit of an old DM still works."""
    alice, bob, lobby = await open_two_player_table(
        w, game="tinydouble", options="target=40"
    )  # two moves a turn: edits
    await w.click(alice, lobby, label="Start")
    w.close_dms(alice)
    for _ in range(30):
        for player in (alice, bob):
            dm = latest_dm_with_choices(w, player)
            if dm is not None:
                await w.choose(player, dm, w.choices(dm)[0])
                break
            if player is alice and "game over" not in table_message(w).embeds[0].title:
                shown = await w.click(alice, table_message(w), label="Show my hand")
                if w.choices(shown.response):
                    await w.choose(alice, shown.response, w.choices(shown.response)[0])
                    break
        if "game over" in table_message(w).embeds[0].title:
            break
    told = [m for m in w.messages() if f"<@{alice.id}>" in m.content and "direct messages" in m.content]
    assert len(told) == 1, [m.content for m in told]
