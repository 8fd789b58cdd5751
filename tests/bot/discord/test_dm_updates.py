"""DMs are touched only when what a player sees privately changed (Discord rate-limits edits)."""

from __future__ import annotations

from engines.core import GameConfig
from engines.core.fuzz import fuzz_games
from tests.bot.discord.helpers import latest_dm_with_choices, started_table
from tests.bot.discord.simharness import Actor, World
from tests.bot.discord.variants import DOUBLE


def dm_calls(w: World, actor: Actor, since: int) -> list[str]:
    """The bot's requests to ``actor``'s DM channel since request number ``since`` (method and kind)."""
    channel = w.user(actor).dm_channel.id
    return [
        f"{call.method} {'edit' if call.method == 'PATCH' else 'send'}"
        for call in w.env.http_requests[since:]
        if f"/channels/{channel}/messages" in call.path
    ]


def test_the_double_play_test_game_keeps_the_engine_contract() -> None:
    report = fuzz_games(DOUBLE, [GameConfig("race", 2), GameConfig("race", 3)], 40)
    assert report.games == 40


async def test_the_idle_players_dm_is_not_edited_when_nothing_private_changed(w: World) -> None:
    alice, bob = await started_table(w, game="tinydouble")
    bob_messages = len(w.dms(bob))
    mark = len(w.env.http_requests)
    dm = latest_dm_with_choices(w, alice)
    await w.choose(alice, dm, w.choices(dm)[0])  # Alice's first card: still her turn
    # Bob's hand, question and private news are unchanged: not a single request to his DM.
    assert dm_calls(w, bob, mark) == []
    assert len(w.dms(bob)) == bob_messages
    # Alice's own DM changed (she played and drew): it is edited in place, not sent again.
    assert dm_calls(w, alice, mark) == ["PATCH edit"]

    mark = len(w.env.http_requests)
    dm = latest_dm_with_choices(w, alice)
    await w.choose(alice, dm, w.choices(dm)[0])  # her second card hands the turn to Bob
    # Bob is asked now: a new message (which notifies him), and his old one loses its controls.
    assert dm_calls(w, bob, mark) == ["POST send", "PATCH edit"]
    assert latest_dm_with_choices(w, bob).id == w.dms(bob)[-1].id


async def test_a_restart_remembers_what_each_dm_shows(w: World) -> None:
    alice, bob = await started_table(w, game="tinydouble")
    await w.restart()
    mark = len(w.env.http_requests)
    dm = latest_dm_with_choices(w, alice)
    await w.choose(alice, dm, w.choices(dm)[0])
    assert dm_calls(w, bob, mark) == []  # the fingerprints are in the database, not in memory


async def test_a_sealed_round_leaves_the_others_dms_alone(w: World) -> None:
    alice, bob = await started_table(w, game="tinysealed")
    bob_dm = latest_dm_with_choices(w, bob)
    mark = len(w.env.http_requests)
    dm = latest_dm_with_choices(w, alice)
    await w.choose(alice, dm, w.choices(dm)[0])
    # Bob is still choosing and Alice's pick is hidden from him: his DM is not touched at all...
    assert dm_calls(w, bob, mark) == []
    # ...and the choices it shows, drawn before Alice chose, still count.
    assert w.choices(bob_dm)[0].token == w.choices(w.dms(bob)[-1])[0].token
    result = await w.choose(bob, bob_dm, w.choices(bob_dm)[0])
    assert not result.followups, w.said(result)
    assert [seat for _, seat, _ in await w.bot.services.tables.log(1)] == [0, 1]
    # The next round asks both anew: each gets a fresh message.
    assert latest_dm_with_choices(w, alice).id == w.dms(alice)[-1].id
    assert latest_dm_with_choices(w, bob).id == w.dms(bob)[-1].id
    assert w.choices(w.dms(bob)[-1])[0].token != w.choices(bob_dm)[0].token
