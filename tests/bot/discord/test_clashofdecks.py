"""End to end with the real first game: a whole Clash of Decks duel, and a solo game, by clicks."""

from __future__ import annotations

import time

from tests.bot.discord.helpers import latest_dm_with_choices, only_replay, play_by_dm, table_message
from tests.bot.discord.simharness import World

GAME = "clashofdecks"


async def test_a_whole_clash_of_decks_duel_through_discord(w: World) -> None:
    alice, bob = w.member("alice"), w.member("bob")
    await w.slash(alice, "table new", game=GAME, mode="duel")
    lobby = w.messages()[-1]
    # The lobby offers the per-player choices (decks, champions) as menus.
    selects = [c["custom_id"] for c in w.components(lobby) if c.get("options")]
    assert "tk:c:1:deck" in selects
    decks = await w.autocomplete(bob, "table join", "deck", "")
    assert "ironclad" in decks and "tidecallers" in decks
    await w.slash(bob, "table join", deck="tidecallers")
    await w.select(alice, w.messages()[-1], "tk:c:1:deck", "ironclad")
    info = await w.bot.services.tables.get(1)
    assert info.seats[0].name == "alice"
    await w.click(alice, w.messages()[-1], label="Start")

    message = table_message(w)
    assert message.embeds[0].title == "Clash of Decks — Duel"
    assert [a.filename for a in message.attachments] == ["board.png"]
    started = time.perf_counter()
    moves = await play_by_dm(w, [alice, bob], limit=600)
    elapsed = time.perf_counter() - started

    final = table_message(w)
    assert "game over" in final.embeds[0].title, final.embeds[0].description
    assert only_replay(w, final)
    log = await w.bot.services.tables.log(1)
    assert len(log) == moves > 5
    assert await w.bot.services.tables.replay_check(1)
    assert {seat for _, seat, _ in log} == {0, 1}
    print(
        f"clash duel: {moves} moves through Discord in {elapsed:.1f}s ({1000 * elapsed / moves:.0f} ms/move)"
    )


async def test_clash_of_decks_solo_in_dms_against_the_ai_kingdom(w: World) -> None:
    alice = w.member("alice")
    await w.slash_dm(alice, "solo", game=GAME, mode="solo", deck="stormwing")
    table = (await w.bot.services.tables.tables_of(alice.id))[0]
    assert table.solo and table.mode == "solo"
    for _ in range(400):
        message = next(m for m in reversed(w.dms(alice)) if m.attachments)
        choices = w.choices(message)
        if not choices:
            break
        result = await w.choose(alice, message, choices[0])
        assert not result.followups, w.said(result)
    assert "game over" in message.embeds[0].title
    assert latest_dm_with_choices(w, alice) is None
