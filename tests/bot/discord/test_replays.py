"""The replay viewer and the record export through the real client, on the tiny test game.

The viewer is a private message whose buttons carry the table, the step and the seat shown; each
click asks the service again. These tests step through a finished game, jump with the menu, open
another seat's hand after the end, watch a running game from the channel, and hold every bad
request to one clear line. The five real games are covered in ``test_replays_games.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.discord import ids
from bot.store.archive import archive
from engines import registry
from engines.core.record import load
from tests.bot.discord.helpers import play_by_dm, started_table, table_message
from tests.bot.discord.replay_helpers import (
    button,
    click_to,
    files,
    one_line,
    place,
    select,
    shown,
    step_of,
    words,
)
from tests.bot.discord.simharness import Actor, World


async def finished_tiny(w: World) -> tuple[Actor, Actor]:
    alice, bob = await started_table(w)
    await play_by_dm(w, [alice, bob])
    assert "game over" in table_message(w).embeds[0].title
    return alice, bob


async def test_the_replay_button_steps_a_finished_game_from_the_deal_to_its_result(w: World) -> None:
    alice, _bob = await finished_tiny(w)
    final = table_message(w)
    assert w.custom_ids(final) == [ids.replay_open_id(1)]  # the only control left on the table
    opened = await w.click(alice, final, label="Replay")
    viewer = shown(opened)
    assert viewer.ephemeral
    log = await w.bot.services.tables.log(1)
    assert step_of(viewer) == (0, len(log))
    assert files(viewer) == ["replay-board.png", "replay-hand.png"]  # Alice's own hand beside the board
    assert button(w, viewer, "◀ Back")["disabled"] and button(w, viewer, "⏮ First")["disabled"]
    seen = [step_of(viewer)[0]]
    while not button(w, viewer, "Forward ▶").get("disabled"):
        viewer = await click_to(w, alice, viewer, "Forward ▶")
        seen.append(step_of(viewer)[0])
        assert "What happened" in words(viewer)
    assert seen == list(range(len(log) + 1))
    assert "Won by:" in viewer.embeds[0].description and "Why:" in viewer.embeds[0].description
    assert button(w, viewer, "Last ⏭")["disabled"]
    viewer = await click_to(w, alice, viewer, "⏮ First")
    assert step_of(viewer)[0] == 0
    viewer = await click_to(w, alice, viewer, "Last ⏭")
    assert step_of(viewer)[0] == len(log)
    viewer = await click_to(w, alice, viewer, "◀ Back")
    assert step_of(viewer)[0] == len(log) - 1


async def test_the_jump_menu_and_the_seat_menu_after_the_end(w: World) -> None:
    alice, bob = await finished_tiny(w)
    viewer = shown(await w.click(alice, table_message(w), label="Replay"))
    menu = select(w, viewer, ids.REPLAY_JUMP)
    assert menu is not None
    steps = [int(o["value"]) for o in menu["options"]]
    assert steps[0] == 0 and steps == sorted(set(steps))  # each chapter once, in order, from the deal
    marked = [o.get("default", False) for o in menu["options"]]
    assert marked == [True] + [False] * (len(marked) - 1)  # the deal's chapter is the one marked
    target = menu["options"][-1]
    await w.select(alice, viewer, menu["custom_id"], target["value"])
    viewer = w.message(*place(viewer))
    assert step_of(viewer)[0] == int(target["value"])
    # after the end, with the table's reveal option on, Alice may open Bob's hand too
    seats = select(w, viewer, ids.REPLAY_SEAT)
    assert seats is not None and [o["value"] for o in seats["options"]] == ["0", "1"]
    await w.select(alice, viewer, seats["custom_id"], "1")
    viewer = w.message(*place(viewer))
    assert "bob's hand" in words(viewer) and files(viewer) == ["replay-board.png", "replay-hand.png"]
    # the seat chosen stays as she steps on
    viewer = await click_to(w, alice, viewer, "⏮ First")
    assert "bob's hand" in words(viewer)
    assert bob is not None


async def test_a_spectator_replays_a_running_game_with_nothing_hidden(w: World) -> None:
    alice, bob = await started_table(w)
    dm = next(m for m in reversed(w.dms(alice)) if w.choices(m))
    await w.choose(alice, dm, w.choices(dm)[0])
    dana = w.member("dana")  # in the channel, not seated
    viewer = shown(await w.slash(dana, "table replay"))
    assert viewer.ephemeral and files(viewer) == ["replay-board.png"]  # no hand picture at all
    assert select(w, viewer, ids.REPLAY_SEAT) is None
    viewer = await click_to(w, dana, viewer, "Latest ⏭")
    assert step_of(viewer) == (1, 1) and "still running" in words(viewer)
    assert "Your cards" not in words(viewer)
    live = one_line(table_message(w).embeds[0].description or "")
    board_text = (viewer.embeds[0].description or "").split("\n\n", 1)[1]
    assert one_line(board_text) in live  # the same public text the live table message shows
    # a player sees their own hand at each step, and no other seat's
    mine = shown(await w.slash(bob, "table replay"))
    assert files(mine) == ["replay-board.png", "replay-hand.png"] and "your hand" in words(mine)
    assert mine.embeds[1].footer.text.startswith("Seat 2")  # Bob's seat, never Alice's
    assert select(w, mine, ids.REPLAY_SEAT) is None  # no other seat to open while the game runs
    # the viewer's ids name no seat: each click asks for the clicker's own view again
    assert all(i.endswith((":-:0", ":-")) or re.fullmatch(ids.REPLAY_SEAT, i) for i in w.custom_ids(mine))


async def test_someone_outside_the_channel_and_an_archived_game_are_refused(w: World, tmp_path: Path) -> None:
    await finished_tiny(w)
    erin = w.member("erin")
    elsewhere = w.text_channel("elsewhere")
    refused = await w.slash(erin, "table replay", channel=elsewhere, game="1")
    assert w.said(refused) == "You can replay this game from its channel, or if you played in it."
    assert step_of(shown(await w.slash(erin, "table replay", game="1")))[0] == 0  # from its channel
    assert (await archive(w.bot.services.db, 10.0**12, tmp_path / "old.jsonl.gz")).games == 1
    said = w.said(await w.slash(erin, "table replay", game="1"))
    assert said.startswith("Table #1's game was archived;") and "\n" not in said


async def test_bad_requests_get_one_clear_line(w: World) -> None:
    alice = w.member("alice")
    said = w.said(await w.slash(alice, "table replay"))
    assert said == "No game has been played in this channel yet."
    assert w.said(await w.slash(alice, "table replay", game="zebra")) == (
        "Pick a game from the list, or give a table number such as 42."
    )
    assert w.said(await w.slash(alice, "table replay", game="77")) == "There is no table #77."
    await w.slash(alice, "table new", game="tiny")
    assert "has not started" in w.said(await w.slash(alice, "table replay", game="1"))
    assert w.said(await w.slash(alice, "table export")) == "No game has been played in this channel yet."


@pytest.mark.parametrize("who", ["player", "stranger"])
async def test_export_gives_a_finished_games_players_its_record(w: World, who: str) -> None:
    alice, _bob = await started_table(w)
    refused = await w.slash(alice, "table export")
    assert w.said(refused) == "A game's record can be exported once the game is over."
    await play_by_dm(w, [alice, _bob])
    asker = alice if who == "player" else w.member("erin")
    result = await w.slash(asker, "table export", game="#1")
    if who == "stranger":
        assert w.said(result) == "Only the game's players can export its record."
        return
    sent = shown(result)
    assert files(sent) == ["tablekeeper-tiny-1.json"]
    data = await sent.attachments[0].read()
    record = load(data, {r.slug: (r.rules_version, r.content_version) for r in registry.all_rulesets()})
    assert record.game == "tiny" and len(record.moves) == len(await w.bot.services.tables.log(1))
    assert json.loads(data)["source"] == "table 1"


async def test_suggestions_list_the_callers_and_the_channels_games_newest_first(w: World) -> None:
    alice, bob = await finished_tiny(w)
    await started_table(w)  # table 2, running, in the same channel
    erin = w.member("erin")
    assert await w.autocomplete(erin, "table replay", "game", "") == ["2", "1"]
    elsewhere = w.text_channel("elsewhere")
    found = await erin.autocomplete(elsewhere, "table replay", "game", "")
    assert found == []  # not her games, not that channel's
    # from anywhere, a player's own games; in the channel, the channel's too (labels say which)
    assert await alice.autocomplete(elsewhere, "table export", "game", "") == [
        {"name": "Tiny #1 · finished just now", "value": "1"}
    ]
    labels = [c["name"] for c in await alice.autocomplete(w.channel, "table export", "game", "")]
    assert labels == ["Tiny #2 · playing, started just now", "Tiny #1 · finished just now"]
    assert await bob.autocomplete(elsewhere, "table replay", "game", "") == [
        {"name": "Tiny #1 · finished just now", "value": "1"}
    ]
    assert await w.autocomplete(alice, "table replay", "game", "#1") == ["1"]


async def test_stats_offers_the_last_rated_games_to_replay(w: World) -> None:
    alice, _bob = await finished_tiny(w)
    stats = shown(await w.slash(alice, "stats", game="tiny"))
    menu = select(w, stats, ids.REPLAY_PICK)
    assert menu is not None and [o["value"] for o in menu["options"]] == ["1"]
    opened = shown(await w.select(alice, stats, menu["custom_id"], "1"))
    assert opened.ephemeral and step_of(opened)[0] == 0 and "Table #1" in words(opened)
