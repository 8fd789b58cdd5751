"""What someone at the table who is not seated sees, and what a hidden move shows the others.

DESIGN "One secret filter": the table message, ``/table status`` and pings are built from the
public picture alone, and until a sealed choice is revealed nothing the others see depends on
it: not the text, not the footer, not the number of messages or edits the bot makes.
"""

from __future__ import annotations

from typing import Any

import discord

from engines.core import GameConfig
from engines.core.fuzz import fuzz_games
from tests.bot.discord.helpers import latest_dm_with_choices, table_message
from tests.bot.discord.simharness import Actor, World, world
from tests.bot.discord.variants import PAID


def words(message: discord.Message) -> str:
    """Everything a message says in words: content, embed texts, fields and footer."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{f.name}: {f.value}" for f in embed.fields]
    return "\n".join(parts)


def channel_calls(w: World, since: int) -> list[str]:
    """The bot's requests to the table channel since request number ``since``."""
    return [
        f"{call.method} {call.path.rsplit('/', 1)[-1] if call.method == 'PATCH' else 'send'}"
        for call in w.env.http_requests[since:]
        if f"/channels/{w.channel.id}/" in call.path
    ]


def dm_call_count(w: World, actor: Actor, since: int) -> int:
    channel = w.user(actor).dm_channel.id
    return sum(1 for call in w.env.http_requests[since:] if f"/channels/{channel}/" in call.path)


async def three_at_the_table(w: World, game: str) -> tuple[Actor, Actor, Actor]:
    alice, bob, cat = w.member("alice"), w.member("bob"), w.member("cat")
    await w.slash(alice, "table new", game=game)
    for joiner in (bob, cat):
        await w.click(joiner, w.messages()[-1], label="Join")
    await w.click(alice, w.messages()[-1], label="Start")
    return alice, bob, cat


def test_the_paid_sealed_test_game_keeps_the_engine_contract() -> None:
    report = fuzz_games(PAID, [GameConfig("race", 2), GameConfig("race", 3)], 30)
    assert report.games == 30


async def test_a_spectator_sees_the_public_table_and_nothing_more(w: World) -> None:
    alice, bob, _cat = await three_at_the_table(w, "tinypaid")
    dana = w.member("dana")  # in the channel, not seated
    hands = {who: (await w.bot.services.tables.hand(1, who.id)).view.hand for who in (alice, bob)}
    status = await w.slash(dana, "table status")
    shown = status.response
    assert status.ephemeral
    # /table status shows dana exactly the table message: the public picture, no one's own text
    assert words(shown) == words(table_message(w))
    assert "Waiting for 3 players to choose in secret" in words(shown)
    for prompt_text in ("Pick a card in secret", "Discard a card"):
        assert prompt_text not in words(shown)
    assert w.choices(table_message(w)) == []  # sealed choices are never buttons on the table
    # "Show my hand" answers a spectator that they have no hand, and shows nothing else
    answer = await w.click(dana, table_message(w), label="Show my hand")
    assert "not playing at this table" in w.said(answer)
    # a boosted pick, still being paid for: nothing about it reaches the table
    dm = latest_dm_with_choices(w, alice)
    boost = next(c for c in w.choices(dm) if c.label.startswith("Boost"))
    await w.choose(alice, dm, boost)
    status = await w.slash(dana, "table status")
    text = words(status.response)
    assert "Waiting for 3 players" in text and "boost" not in text.lower()
    assert not any(f"Play {card.split('-')[0]}" in text for hand in hands.values() for card in hand)


async def run_alices_choice(w: World, boosted: bool) -> tuple[list[str], int, str, str]:
    """Alice makes her sealed choice (boosted and paid for, or plain) while Bob and Cat wait.

    Returns what the table channel received meanwhile, how many requests reached Bob's DMs, the
    table message's words and its components, after her choice is complete.
    """
    alice, bob, _cat = await three_at_the_table(w, "tinypaid")
    mark = len(w.env.http_requests)
    dm = latest_dm_with_choices(w, alice)
    if boosted:
        await w.choose(alice, dm, next(c for c in w.choices(dm) if c.label.startswith("Boost")))
        dm = latest_dm_with_choices(w, alice)
        await w.choose(alice, dm, next(c for c in w.choices(dm) if c.label.startswith("Discard")))
    else:
        await w.choose(alice, dm, next(c for c in w.choices(dm) if c.label.startswith("Play")))
    message = table_message(w)
    return channel_calls(w, mark), dm_call_count(w, bob, mark), words(message), repr(w.components(message))


async def test_a_paid_sealed_choice_and_a_free_one_look_alike_to_the_others(tmp_path: Any) -> None:
    """Issue: each payment step was a public move. Now the table changes once, either way."""
    seen = []
    for boosted in (True, False):
        here = tmp_path / ("boosted" if boosted else "plain")
        here.mkdir()
        async with world(here) as w:
            seen.append(await run_alices_choice(w, boosted))
    paid, free = seen
    assert paid[0] == free[0] and len(paid[0]) == 1  # one edit, when Alice's choice is complete
    assert paid[1] == free[1] == 0  # Bob's DMs are not touched at all
    assert paid[2] == free[2]  # the same words, footer included
    assert "alice has chosen." in paid[2] and "Waiting for 2 players" in paid[2]
    assert paid[3] == free[3]  # the same components (the table's buttons carry no move count)
