"""The replay viewer on each of the five games, through the real client.

One game per test, kept short: two people start a table, a spectator and a player watch it while
it runs, then the server's turn timer hands both seats to bots, which play the game out in one
change (no click per move). The finished game is then opened from its Replay button, stepped,
jumped with the menu and read from another seat; a Climax game in Japanese reads in each viewer's
language. The final message carries the game's animation (its task has ended by the time the
step that finished the game has settled), and the viewer's Review page shows the chart and its
turning points, worked out with a small playout budget to keep the run short; while the game
ran, the viewer offered no Review.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord import ids
from tests.bot.discord.helpers import table_message
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
from tests.bot.discord.simharness import Actor, World, world
from tests.bot.discord.test_animations import check_final_animation, frames_of
from tests.bot.discord.test_reviews import check_review_page, open_review, review_button
from tests.cases import quick_first

KANA = re.compile(r"[\u3040-\u30ff]")
GAMES = {
    "clashofdecks": "duel",
    "arclash": "standard",
    "hackclad": "basic",
    "climax": "duel",
    "eternia": "versus",
}
TIMEOUT = 60
#: a rough review (playouts per position, playout moves in all): seconds, not half a minute
ROUGH = (3, 3_000)


@pytest.fixture
async def w(tmp_path: Path) -> AsyncIterator[World]:
    """The simulated Discord, with the final message's animation on (the harness leaves it off)."""
    async with world(tmp_path, final_animation=True) as here:
        yield here


async def start(w: World, game: str) -> tuple[Actor, Actor]:
    """Turns time out to a bot; Alice and Bob start a two-seat table of ``game``."""
    mod = w.member("mod", admin=True)
    await w.slash(mod, "config timeout", seconds=TIMEOUT)
    await w.slash(mod, "config timeout_action", action="bot")
    alice, bob = w.member("alice"), w.member("bob")
    await w.slash(alice, "table new", game=game, mode=GAMES[game])
    await w.click(bob, w.messages()[-1], label="Join")
    await w.click(alice, w.messages()[-1], label="Start")
    return alice, bob


async def play_out_by_timeouts(w: World) -> None:
    """Let every seat's time run out until bots have played the game to its end."""
    w.patient(60)
    for _ in range(6):
        if "game over" in (table_message(w).embeds[0].title or ""):
            return
        await w.advance(TIMEOUT + 1)
    raise AssertionError("the bots did not finish the game")


async def check_running(w: World, alice: Actor) -> None:
    """A spectator sees the public board and lines only; a player also their own hand."""
    dana = w.member("dana")
    viewer = shown(await w.slash(dana, "table replay"))
    assert files(viewer) == ["replay-board.png"] and len(viewer.embeds) == 1
    assert select(w, viewer, ids.REPLAY_SEAT) is None
    viewer = await click_to(w, dana, viewer, "Latest ⏭")
    step, last = step_of(viewer)
    assert step == last and "still running" in words(viewer)
    board_text = (viewer.embeds[0].description or "").split("\n\n", 1)[1]
    live = one_line(table_message(w).embeds[0].description or "")
    assert one_line(board_text) in live  # exactly the public text the live table message shows
    mine = await click_to(w, alice, shown(await w.slash(alice, "table replay")), "Latest ⏭")
    # her own picture exactly when her live hand message has one (HackClad draws none while
    # missions are drafted), and never another seat's
    live_dm = next(m for m in reversed(w.dms(alice)) if m.embeds)
    has_hand = "hand.png" in files(live_dm)
    assert files(mine) == ["replay-board.png", *(["replay-hand.png"] if has_hand else [])]
    if has_hand:
        assert mine.embeds[1].footer.text.startswith("Seat 1") and "your hand" in words(mine)
    assert "bob's hand" not in words(mine)
    assert select(w, mine, ids.REPLAY_SEAT) is None  # no other seat's hand while the game runs
    assert review_button(w, mine) is None and review_button(w, viewer) is None  # no review yet


async def check_finished(w: World, alice: Actor) -> Any:
    """The Replay button opens the deal; it steps, jumps, reaches the result and opens Bob's hand."""
    final = table_message(w)
    assert ids.replay_open_id(1) in w.custom_ids(final)
    viewer = shown(await w.click(alice, final, label="Replay"))
    assert viewer.ephemeral and step_of(viewer)[0] == 0
    log = await w.bot.services.tables.log(1)
    for expected in (1, 2):
        viewer = await click_to(w, alice, viewer, "Forward ▶")
        assert step_of(viewer)[0] == expected
    viewer = await click_to(w, alice, viewer, "Last ⏭")
    step, last = step_of(viewer)
    assert step == last and 0 < last <= len(log)
    assert "Why:" in (viewer.embeds[0].description or "")
    menu = select(w, viewer, ids.REPLAY_JUMP)
    assert menu is not None and 1 < len(menu["options"]) <= 25
    target = menu["options"][len(menu["options"]) // 2]
    await w.select(alice, viewer, menu["custom_id"], target["value"])
    viewer = w.message(*place(viewer))
    assert step_of(viewer)[0] == int(target["value"])
    assert target["label"] in (viewer.embeds[0].description or "")
    assert files(viewer) == ["replay-board.png", "replay-hand.png"] and "your hand" in words(viewer)
    seats = select(w, viewer, ids.REPLAY_SEAT)
    assert seats is not None and [o["value"] for o in seats["options"]] == ["0", "1"]
    await w.select(alice, viewer, seats["custom_id"], "1")
    viewer = w.message(*place(viewer))
    assert viewer.embeds[1].footer.text.startswith("Seat 2") and "bob's hand" in words(viewer)
    return viewer


async def check_animation_and_review(w: World, alice: Actor, viewer: Any) -> None:
    """The final message has the animation; the viewer's Review shows the chart and turning points."""
    final = table_message(w)
    check_final_animation(w, final)
    assert await frames_of(final) >= 2
    page = await open_review(w, alice, viewer)
    check_review_page(w, page)


@pytest.mark.parametrize("game", quick_first(sorted(GAMES), quick=0, ids=str))
async def test_each_game_replays_while_running_and_after_its_end(w: World, game: str) -> None:
    w.bot.services.reviews.playouts, w.bot.services.reviews.budget = ROUGH
    alice, _bob = await start(w, game)
    await check_running(w, alice)
    await play_out_by_timeouts(w)
    viewer = await check_finished(w, alice)
    await check_animation_and_review(w, alice, viewer)


@pytest.mark.slow(seconds=4)
async def test_a_climax_replay_reads_in_each_viewers_language(w: World) -> None:
    alice, bob = await start(w, "climax")
    await play_out_by_timeouts(w)
    w.speaks(alice, "ja")
    japanese = shown(await w.slash(alice, "table replay"))
    english = shown(await w.slash(bob, "table replay"))
    for viewer, who in ((japanese, alice), (english, bob)):
        while step_of(viewer)[0] < 6:
            viewer = await click_to(w, who, viewer, "Forward ▶")
        if who is alice:
            assert KANA.search(words(viewer)), words(viewer)
        else:
            assert not KANA.search(words(viewer)), words(viewer)
    assert button(w, japanese, "Forward ▶")
