"""DMs are touched only when what a player sees privately changed (Discord rate-limits edits)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import event

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


def statements(w: World) -> tuple[list[str], Callable[[], None]]:
    """The first word of every SQL statement the bot runs from now until the returned stop()."""
    seen: list[str] = []
    engine = w.bot.services.db.engine.sync_engine

    def grab(_c: Any, _cursor: Any, statement: str, _p: Any, _ctx: Any, _many: bool) -> None:
        seen.append(statement.split()[0])

    event.listen(engine, "before_cursor_execute", grab)
    return seen, lambda: event.remove(engine, "before_cursor_execute", grab)


#: a click's commit: one read (what its messages show, and the server's settings), then its writes
CLICK = ["BEGIN", "SELECT", "UPDATE", "INSERT", "UPDATE"]


async def test_after_a_click_nothing_is_read_and_what_discord_shows_is_one_transaction(w: World) -> None:
    alice, bob = await started_table(w, game="tinydouble")
    seen, stop = statements(w)
    dm = latest_dm_with_choices(w, alice)
    await w.choose(alice, dm, w.choices(dm)[0])  # her DM and the table message are edited
    # the table message's and her DM's new fingerprints: one transaction, and no read at all
    assert seen == [*CLICK, "BEGIN", "UPDATE", "UPDATE"]
    seen.clear()
    mark = len(w.env.http_requests)
    dm = latest_dm_with_choices(w, alice)
    await w.choose(alice, dm, w.choices(dm)[0])  # the turn passes: Bob gets a new message
    stop()
    assert dm_calls(w, bob, mark) == ["POST send", "PATCH edit"]
    assert seen == [*CLICK, "BEGIN", "UPDATE", "UPDATE"]
    # and what was recorded is what Discord shows: Bob's new message
    assert (await w.bot.services.tables.shown(1)).dms[1].message_id == w.dms(bob)[-1].id


async def test_a_new_dms_id_is_recorded_before_any_other_request(w: World) -> None:
    alice, bob = await started_table(w, game="tinydouble")
    tables = w.bot.services.tables
    record = tables.record_shown
    requests_when_recorded: list[int] = []

    async def watched(*args: Any, **kwargs: Any) -> None:
        requests_when_recorded.append(len(w.env.http_requests))
        await record(*args, **kwargs)

    tables.record_shown = watched  # type: ignore[method-assign]
    for _ in range(2):  # the second card hands the turn to Bob: a new message for him
        dm = latest_dm_with_choices(w, alice)
        mark = len(w.env.http_requests)
        await w.choose(alice, dm, w.choices(dm)[0])
    bob_dm = f"/channels/{w.user(bob).dm_channel.id}/messages"
    calls = w.env.http_requests
    sent = next(i for i in range(mark, len(calls)) if calls[i].method == "POST" and bob_dm in calls[i].path)
    # Recorded right after Bob's new message was sent, before his old one lost its buttons (the
    # next request): a crash can leave no clickable message the database does not know.
    assert sent + 1 in requests_when_recorded
    assert calls[sent + 1].method == "PATCH" and bob_dm in calls[sent + 1].path
    assert requests_when_recorded[-1] == sent + 1  # and nothing was left to record afterwards
