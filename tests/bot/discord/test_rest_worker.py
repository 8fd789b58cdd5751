"""A queue worker shows a click on Discord over REST alone, exactly as the gateway would have.

The gateway is the real bot on SimCord; its clicks go to a hand-off queue (the gateway side of a
shared queue, held in memory) instead of being worked on. The worker is what ``tablekeeper
work`` runs: its own services on the same database (its own cache, as a separate process has),
:class:`~bot.work.ClickWork` and the adapter's :class:`~bot.discord.worker.RestOutlet` on a
client logged in over REST only, with no gateway connection. It answers each click through the
interaction's webhook (application id and token from the queued click) and edits the table
message, the DMs and ephemeral hands through the same simulated Discord the bot talks to.

Each scenario is played twice from the same seed, once inline (the gateway works) and once
through the worker, and what every person sees on Discord must be the same.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.discord.worker import RestOutlet
from bot.service import Services
from bot.work import Click, ClickWork, Here
from bot.work.clicks import COUNTED
from tests.bot.discord.helpers import latest_dm_with_choices, open_two_player_table, table_message
from tests.bot.discord.simharness import Actor, World, world
from tests.bot.discord.test_solo import game_message

SEED = 4242


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both runs of a scenario deal the same game."""
    monkeypatch.setattr("bot.service.playing.new_seed", lambda: SEED)


class HandOff:
    """The gateway side of a shared queue, in memory: received clicks wait here for a worker."""

    def __init__(self) -> None:
        self.waiting: list[Click] = []

    async def submit(self, click: Click, here: Here) -> None:
        self.waiting.append(click)

    async def close(self) -> None:
        pass


class RestWorker:
    """A worker process's click work, delivering through a REST-only client."""

    def __init__(self, w: World, queue: HandOff, work: ClickWork) -> None:
        self.w = w
        self.queue = queue
        self.work = work
        self.requests: list[Any] = []

    async def drain(self, *, coalesce: bool = False) -> None:
        """Work every waiting click (the last draws for the others when ``coalesce``)."""
        mark = len(self.w.env.http_requests)
        with self.w.outside_the_bot():
            clicks, self.queue.waiting = self.queue.waiting, []
            left = None
            for n, click in enumerate(clicks):
                last = n == len(clicks) - 1
                left = await self.work.run(click, draw=last or not coalesce, earlier=left)
            if left is not None:
                await self.work.redraw(clicks[-1].table_id, left)
        await self.w.env.settle()  # the bot receives the gateway events of the worker's messages
        self.requests += self.w.env.http_requests[mark:]


@asynccontextmanager
async def through_a_worker(w: World) -> AsyncIterator[RestWorker]:
    """Hand the bot's game clicks to a queue and run a REST-only worker beside it."""
    queue = HandOff()
    w.bot.controls.play.queue = queue
    services = await Services.start(w.settings)
    client = await w.rest_client()
    try:
        yield RestWorker(w, queue, ClickWork(services.tables, RestOutlet(client, services)))
    finally:
        await client.close()
        await services.close()


def seen(w: World, people: list[Actor]) -> list[Any]:
    """Everything each person sees: the table channel (ephemeral answers included) and their DMs."""

    def shown(message: Any) -> tuple[Any, ...]:
        embeds = [e.to_dict() for e in message.embeds]
        return (message.content, embeds, w.components(message), [a.filename for a in message.attachments])

    return [([shown(m) for m in w.messages(viewer=p)], [shown(m) for m in w.dms(p)]) for p in people]


Scenario = Callable[[World, RestWorker | None], Any]


async def duel_by_dm(w: World, worker: RestWorker | None) -> list[Actor]:
    """A two-player table played to the end through DMs."""
    alice, bob, lobby = await open_two_player_table(w)
    await w.click(alice, lobby, label="Start")
    for _ in range(60):
        player = next((p for p in (alice, bob) if latest_dm_with_choices(w, p) is not None), None)
        if player is None:
            break
        dm = latest_dm_with_choices(w, player)
        mark = len(w.env.http_requests)
        result = await w.choose(player, dm, w.choices(dm)[0])
        if worker is not None:
            # the gateway only acknowledged: nothing was edited or sent before a worker took the click
            assert [r.path for r in w.env.http_requests[mark:]] == [w.env.http_requests[mark].path]
            assert w.env.http_requests[mark].path.endswith("/callback")
            await worker.drain()
        assert not result.followups, w.said(result)
    assert "game over" in table_message(w).embeds[0].title
    return [alice, bob]


async def solo_in_dms(w: World, worker: RestWorker | None) -> list[Actor]:
    """A solo game against a bot, in the player's DMs."""
    alice = w.member("alice")
    await w.slash(alice, "solo", game="tiny", difficulty="easy")
    for _ in range(60):
        message = game_message(w, alice)
        if not w.choices(message):
            break
        await w.choose(alice, message, w.choices(message)[0])
        if worker is not None:
            await worker.drain()
    assert not w.choices(game_message(w, alice))
    return [alice]


async def from_an_ephemeral_hand(w: World, worker: RestWorker | None) -> list[Actor]:
    """Alice's DMs are closed: she plays from "Show my hand", which each click redraws."""
    alice, bob, lobby = await open_two_player_table(w)
    w.close_dms(alice)
    await w.click(alice, lobby, label="Start")
    for _ in range(3):
        hand = (await w.click(alice, table_message(w), label="Show my hand")).response
        await w.choose(alice, hand, w.choices(hand)[0])
        if worker is not None:
            await worker.drain()
        assert w.choices(w.message(hand.channel_id, hand.id)) == []  # redrawn: Bob's turn now
        bob_dm = latest_dm_with_choices(w, bob)
        if bob_dm is None:
            break
        await w.choose(bob, bob_dm, w.choices(bob_dm)[0])
        if worker is not None:
            await worker.drain()
    return [alice, bob]


@pytest.mark.parametrize("scenario", [duel_by_dm, solo_in_dms, from_an_ephemeral_hand])
async def test_a_worker_shows_every_click_over_rest_as_the_gateway_would(
    tmp_path: Path, scenario: Scenario
) -> None:
    (tmp_path / "inline").mkdir()
    (tmp_path / "queued").mkdir()
    async with world(tmp_path / "inline") as w:
        people = await scenario(w, None)
        expected = seen(w, people)
    async with world(tmp_path / "queued") as w, through_a_worker(w) as worker:
        people = await scenario(w, worker)
        assert seen(w, people) == expected
        # all of it went through the worker's REST-only client: channel messages, DMs, and the
        # interaction's own endpoint for the ephemeral hand a click was made on
        assert worker.requests
        assert {r.path.split("/")[1] for r in worker.requests} <= {"channels", "webhooks", "users"}
        edits = [r for r in worker.requests if r.method == "PATCH" and r.path.endswith("/messages/@original")]
        assert bool(edits) == (scenario is from_an_ephemeral_hand)


async def test_refused_and_coalesced_clicks_are_told_to_their_clickers_and_the_table_tells_all(
    tmp_path: Path,
) -> None:
    async with world(tmp_path) as w, through_a_worker(w) as worker:
        alice, bob, lobby = await open_two_player_table(w)
        await w.click(alice, lobby, label="Start")
        dm = latest_dm_with_choices(w, alice)
        first = await w.choose(alice, dm, w.choices(dm)[0])
        double = await w.choose(alice, dm, w.choices(dm)[0])  # the same button again, before any work
        await worker.drain(coalesce=True)

        assert [m.content for m in first.followups] == [COUNTED]
        [refused] = double.followups
        assert refused.ephemeral and "earlier moment" in refused.content
        assert len(await w.bot.services.tables.log(1)) == 1  # applied once
        # the refused last click still had the table drawn, telling what the counted one did
        happened = next(f for f in table_message(w).embeds[0].fields if f.name == "What just happened")
        assert "alice plays" in happened.value and "You draw" not in happened.value
        assert latest_dm_with_choices(w, bob) is not None
        alice_news = next(f for f in w.dms(alice)[-1].embeds[0].fields if f.name == "What just happened")
        assert "You draw" in alice_news.value  # her own draw, in her DM only
