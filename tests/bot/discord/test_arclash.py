"""End to end with Arclash: three seats (one a bot) choosing in secret, all at once, in DMs."""

from __future__ import annotations

import time

import discord

from tests.bot.discord.helpers import latest_dm_with_choices, only_replay, play_by_dm, table_message
from tests.bot.discord.simharness import World

GAME = "arclash"


def public_text(message: discord.Message) -> str:
    """Everything the table message says in words (description and fields)."""
    embed = message.embeds[0]
    return "\n".join([embed.description or "", *(f"{f.name}: {f.value}" for f in embed.fields)])


async def test_an_arclash_table_with_a_bot_reveals_sealed_choices_only_when_all_have_chosen(w: World) -> None:
    alice, bob = w.member("alice"), w.member("bob")
    await w.slash(alice, "table new", game=GAME)
    lobby = w.messages()[-1]
    await w.click(bob, lobby, label="Join")
    shown = await w.click(alice, w.messages()[-1], label="Add bot")
    await w.select(alice, shown.response, "tk:b:1", "normal")
    await w.click(alice, w.messages()[-1], label="Start")

    message = table_message(w)
    assert message.embeds[0].title == "Arclash — Standard"
    # The bot sealed its opening character at once; the two people are still choosing.
    text = public_text(message)
    assert "Waiting for 2 players to choose in secret" in text
    assert f"<@{alice.id}>" in text and f"<@{bob.id}>" in text
    assert w.choices(message) == []  # nothing to choose in public
    alice_dm, bob_dm = latest_dm_with_choices(w, alice), latest_dm_with_choices(w, bob)
    assert alice_dm is not None and bob_dm is not None

    picked = w.choices(alice_dm)[0]
    character = picked.label.split(" (")[0]
    await w.choose(alice, alice_dm, picked)
    text = public_text(table_message(w))
    assert "Waiting for 1 player to choose in secret" in text
    assert "alice has sealed a choice." in text
    assert character not in text  # nothing is revealed while Bob is still choosing
    assert all(character not in public_text(m) for m in w.dms(bob) if m.embeds)
    assert latest_dm_with_choices(w, alice) is None  # Alice's choice is sealed
    assert f"You seal your choice ({character}" in public_text(w.dms(alice)[-1])

    bob_dm = latest_dm_with_choices(w, bob)
    await w.choose(bob, bob_dm, w.choices(bob_dm)[0])
    text = public_text(table_message(w))
    assert f"alice reveals {character}." in text  # everyone's choice is shown together

    started = time.perf_counter()
    moves = await play_by_dm(w, [alice, bob], limit=400)
    elapsed = time.perf_counter() - started
    final = table_message(w)
    assert "game over" in final.embeds[0].title
    assert only_replay(w, final)
    log = await w.bot.services.tables.log(1)
    assert {seat for _, seat, _ in log} == {0, 1, 2}
    assert await w.bot.services.tables.replay_check(1)
    print(f"arclash 3 seats: {moves} human moves, {len(log)} in all, {elapsed:.1f}s")
