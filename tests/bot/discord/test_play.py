"""Playing a table game end to end: lobby buttons, start, DM choices, public updates, result."""

from __future__ import annotations

from bot.discord.cogs.play_control import STALE_WITH_CHOICES
from bot.service.playing import STALE_CLICK
from tests.bot.discord.helpers import (
    latest_dm_with_choices,
    only_replay,
    open_two_player_table,
    play_by_dm,
    started_table,
    table_message,
)
from tests.bot.discord.simharness import World


async def test_two_members_join_start_and_play_to_the_end(w: World) -> None:
    alice, bob, lobby = await open_two_player_table(w)
    assert "2/3 players" in lobby.embeds[0].description
    await w.click(alice, lobby, label="Start")

    message = table_message(w)
    assert message.id == lobby.id  # the lobby message became the table message
    assert message.embeds[0].image.url == "attachment://board.png"
    assert [a.filename for a in message.attachments] == ["board.png"]
    assert "Show my hand" in [c.get("label") for c in w.components(message)]
    # Each player got a DM with their own hand image; only the one to move has choices.
    for player in (alice, bob):
        assert [a.filename for a in w.dms(player)[-1].attachments] == ["hand.png"]
    assert latest_dm_with_choices(w, alice) is not None
    assert latest_dm_with_choices(w, bob) is None

    moves = await play_by_dm(w, [alice, bob])
    assert moves >= 3

    final = table_message(w)
    assert "game over" in final.embeds[0].title
    assert "Winner" in final.embeds[0].description
    assert final.embeds[0].image.url == "attachment://board.png"
    assert any(f.name == "Ranking" for f in final.embeds[0].fields)
    assert only_replay(w, final)  # no game controls once the game is over: only its replay
    assert any(m.content.startswith("Game over") for m in w.messages())
    for player in (alice, bob):
        assert latest_dm_with_choices(w, player) is None
    assert len(await w.bot.services.tables.log(1)) == moves


async def test_each_move_edits_the_table_message_and_hands_the_turn_on(w: World) -> None:
    alice, bob = await started_table(w)
    dm = latest_dm_with_choices(w, alice)
    choice = w.choices(dm)[0]
    await w.choose(alice, dm, choice)

    message = table_message(w)
    happened = next(f for f in message.embeds[0].fields if f.name == "What just happened")
    assert "alice plays" in happened.value
    assert "draws a card" in happened.value  # the redacted half of a split event
    assert "You draw" not in happened.value  # ...never the private half
    assert message.embeds[0].footer.text == "Table #1"  # no move number: it would count hidden moves
    assert "bob" in message.embeds[0].description or f"<@{bob.id}>" in message.embeds[0].description
    # Alice sees her private draw in her DM; Bob is handed the move by a fresh DM (a notification).
    alice_dm = w.dms(alice)[-1]
    assert "You draw" in next(f for f in alice_dm.embeds[0].fields if f.name == "What just happened").value
    assert latest_dm_with_choices(w, bob) is not None
    # Turn mention (on by default): Bob is pinged in the channel.
    assert f"<@{bob.id}>" in w.messages()[-1].content


async def test_public_decisions_are_buttons_on_the_table_message(w: World) -> None:
    alice, _bob = await started_table(w, game="tinypub")
    message = table_message(w)
    choices = w.choices(message)
    assert choices and all(c.seat == 0 for c in choices)
    assert all(not w.choices(dm) for dm in w.dms(alice))  # public choices are not repeated in DMs
    await w.choose(alice, message, choices[0])
    after = w.choices(table_message(w))
    assert after and all(c.seat == 1 for c in after)


async def test_a_non_player_click_is_refused(w: World) -> None:
    _alice, bob = await started_table(w, game="tinypub")
    carol = w.member("carol")
    message = table_message(w)
    before = message.embeds[0].footer.text
    result = await w.choose(carol, message, w.choices(message)[0])
    assert result.followups[-1].ephemeral
    assert "not playing at this table" in w.said(result)
    # A seated player cannot take another seat's choice either.
    result = await w.choose(bob, message, w.choices(message)[0])
    assert "Seat 1 is not yours" in w.said(result)
    assert table_message(w).embeds[0].footer.text == before  # nothing was applied
    assert await w.bot.services.tables.log(1) == []

    # "Show my hand" also refuses someone without a seat.
    result = await w.click(carol, message, label="Show my hand")
    assert "not playing at this table" in w.said(result)


async def test_a_stale_click_is_refused(w: World) -> None:
    alice, _bob = await started_table(w)
    # Alice opens her hand ephemerally, but then plays from her DM instead.
    shown = await w.click(alice, table_message(w), label="Show my hand")
    ephemeral = shown.response
    assert ephemeral.ephemeral and w.choices(ephemeral)
    dm = latest_dm_with_choices(w, alice)
    await w.choose(alice, dm, w.choices(dm)[0])
    # The ephemeral message still shows the old choices: clicking one is refused, nothing applied.
    result = await w.choose(alice, ephemeral, w.choices(ephemeral)[0])
    assert "earlier moment of the game" in w.said(result)
    assert len(await w.bot.services.tables.log(1)) == 1


async def test_a_stale_click_answers_with_the_choices_of_now(w: World) -> None:
    """Issue 22 item 2: a refusal never points at a "latest message" that may not exist."""
    alice, bob = await started_table(w)
    shown = await w.click(alice, table_message(w), label="Show my hand")
    old = shown.response
    for player in (alice, bob):  # a round goes by: Alice must choose again
        dm = latest_dm_with_choices(w, player)
        await w.choose(player, dm, w.choices(dm)[0])
    result = await w.choose(alice, old, w.choices(old)[0])
    [answer] = result.followups
    assert answer.ephemeral and answer.content == STALE_WITH_CHOICES
    now = w.choices(answer)
    assert now and now[0].token != w.choices(old)[0].token  # her choices as they are now...
    again = await w.choose(alice, answer, now[0])  # ...and they work
    assert not again.followups
    assert len(await w.bot.services.tables.log(1)) == 3
    # With nothing to decide, the refusal is the plain one (nothing to show).
    late = await w.choose(alice, old, w.choices(old)[0])
    assert w.said(late) == STALE_CLICK


async def test_long_choice_lists_are_paged(w: World) -> None:
    alice, _bob = await started_table(w, game="tinywide")
    dm = latest_dm_with_choices(w, alice)
    first_page = w.choices(dm)
    assert len(first_page) == 25  # a select holds 25; the other 11 are on the next page
    labels = [c.get("label") for c in w.components(dm)]
    assert "Next ▶" in labels and "◀ Prev" in labels
    next_id = next(c["custom_id"] for c in w.components(dm) if c.get("label") == "Next ▶")
    await w.click(alice, dm, custom_id=next_id)
    second_page = w.choices(w.dms(alice)[-1])
    assert len(second_page) == 36 - 25
    assert not {c.key for c in first_page} & {c.key for c in second_page}
    # A choice from the second page is applied like any other.
    await w.choose(alice, w.dms(alice)[-1], second_page[-1])
    assert (await w.bot.services.tables.log(1))[0][2] == second_page[-1].key
