"""``/solo``: a game against bots (or a rule-driven opponent) played in the player's DMs."""

from __future__ import annotations

from typing import Any

from tests.bot.discord.simharness import Actor, World


def game_message(w: World, player: Actor) -> Any:
    """The solo game's message: the newest DM showing a board."""
    return next(m for m in reversed(w.dms(player)) if any(a.filename == "board.png" for a in m.attachments))


async def play_solo(w: World, player: Actor, limit: int = 100) -> Any:
    """Take the first choice on the solo message until none is left; return the final message."""
    for _ in range(limit):
        message = game_message(w, player)
        choices = w.choices(message)
        if not choices:
            return message
        result = await w.choose(player, message, choices[0])
        assert not result.followups, w.said(result)
    raise AssertionError("the solo game did not end")


async def test_solo_started_in_a_server_runs_in_dms(w: World) -> None:
    alice = w.member("alice")
    result = await w.slash(alice, "solo", game="tiny", difficulty="easy")
    assert result.ephemeral and "direct messages" in w.said(result)
    assert w.messages() == []  # nothing about it in the server channel
    [message] = w.dms(alice)
    assert message.id == game_message(w, alice).id
    # One message carries the board, the hand and the choices.
    assert [e.title for e in message.embeds] == ["Tiny — Race", "Tiny — Race · your hand"]
    assert sorted(a.filename for a in message.attachments) == ["board.png", "hand.png"]
    final = await play_solo(w, alice)
    assert len(w.dms(alice)) == 1  # the same message was edited move after move
    assert "game over" in final.embeds[0].title
    stats = await w.bot.services.stats.player(alice.id)
    assert [(s.game, s.played) for s in stats] == [("tiny", 1)]


async def test_solo_directly_in_dms(w: World) -> None:
    alice = w.member("alice")
    result = await w.slash_dm(alice, "solo", game="tinywide", difficulty="hard")
    assert "is below" in w.said(result)
    table = (await w.bot.services.tables.tables_of(alice.id))[0]
    assert table.solo and table.guild_id is None
    assert [s.bot for s in table.seats] == [None]  # the tiny race's smallest table is one seat
    assert w.dms(alice)[-1].id == game_message(w, alice).id  # the game is the newest message
    # A second solo game in the same DM waits for the first to end.
    again = await w.slash_dm(alice, "solo", game="tiny")
    assert "already open here" in w.said(again)
    final = await play_solo(w, alice)
    assert "game over" in final.embeds[0].title


async def test_solo_refuses_a_bad_difficulty_or_game(w: World) -> None:
    alice = w.member("alice")
    assert "no game" in w.said(await w.slash_dm(alice, "solo", game="chess"))
    assert "no mode" in w.said(await w.slash(alice, "solo", game="tiny", mode="marathon"))
    assert await w.bot.services.tables.tables_of(alice.id) == []
