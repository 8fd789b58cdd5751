"""End to end with HackClad: a solo game against the Clad, played in DMs for several rounds."""

from __future__ import annotations

import time

from tests.bot.discord.simharness import World
from tests.bot.discord.test_solo import game_message

GAME = "hackclad"
ROUNDS = 3


async def test_a_hackclad_solo_game_in_dms_for_several_rounds(w: World) -> None:
    alice = w.member("alice")
    result = await w.slash_dm(alice, "solo", game=GAME, mode="solo", options="witch=luna")
    assert "is below" in w.said(result)
    table = (await w.bot.services.tables.tables_of(alice.id))[0]
    assert table.solo and table.mode == "solo" and [s.bot for s in table.seats] == [None]
    config = (await w.bot.services.tables.current(table.id)).seats[0].view
    assert config.witches[0].name.lower() == "luna"  # the per-seat option reached the game

    message = game_message(w, alice)
    assert [e.title for e in message.embeds] == ["HackClad — Solo", "HackClad — Solo · your hand"]
    assert "board.png" in [a.filename for a in message.attachments]
    first = message.id
    hands_shown = 0
    started = time.perf_counter()
    moves = 0
    while True:
        view = (await w.bot.services.tables.current(table.id)).seats[0].view
        if view.round > ROUNDS or view.over:
            break
        message = game_message(w, alice)
        hands_shown += "hand.png" in [a.filename for a in message.attachments]
        choices = w.choices(message)
        assert choices, "a running solo game always offers a choice"
        result = await w.choose(alice, message, choices[-1] if moves % 3 == 2 else choices[0])
        assert not result.followups, w.said(result)
        moves += 1
        assert moves < 400, "three rounds should not take this long"
    elapsed = time.perf_counter() - started
    assert hands_shown > 0  # the witch's skill cards were shown as a picture along the way
    assert game_message(w, alice).id == first  # one message, edited move after move
    log = await w.bot.services.tables.log(table.id)
    assert len(log) == moves and await w.bot.services.tables.replay_check(table.id)
    print(f"hackclad solo: {moves} moves over {ROUNDS} rounds in {elapsed:.1f}s")
