"""The Review page through the real client, on the tiny test game.

A finished game's viewer has a "Review" button that turns the same private message into the
chart of each side's chances and up to three turning points, with buttons back into the replay;
/stats offers the review of the last rated games. A running game's viewer has no such button,
and the service refuses to review it. The five real games are covered in
``test_replays_games.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord import ids
from bot.discord.review_view import WORKING
from bot.service.values import ServiceError
from tests.bot.discord.helpers import play_by_dm, started_table, table_message
from tests.bot.discord.replay_helpers import button, click_to, files, place, select, shown, step_of, words
from tests.bot.discord.simharness import Actor, World


def review_button(w: World, viewer: Any) -> dict[str, Any] | None:
    """The viewer's Review button, if it has one."""
    return next((c for c in w.components(viewer) if c.get("label") == "Review"), None)


def check_review_page(w: World, page: Any) -> list[str]:
    """The page shows the chart and one to three turning-point lines; returns the lines."""
    assert page.flags.ephemeral and files(page) == ["review-chart.png"] and len(page.embeds) == 1
    embed = page.embeds[0]
    assert "where it was won" in (embed.title or "")
    assert (embed.image.url or "").endswith("review-chart.png")
    lines = [line for line in (embed.description or "").split("\n\n") if line]
    assert 1 <= len(lines) <= 3
    assert all(line.startswith("Turning point") for line in lines) or lines == [
        "No single move changed the chances much: the game was decided little by little."
    ]
    assert button(w, page, "◀ Back to the replay")
    return lines


async def open_review(w: World, actor: Actor, viewer: Any) -> Any:
    """Click the viewer's Review button; the same message shows the review (returned as it is now)."""
    found = review_button(w, viewer)
    assert found is not None and found["custom_id"].startswith("tk:vr:")
    result = await w.click(actor, viewer, custom_id=found["custom_id"])
    assert not result.followups, w.said(result)
    return w.message(*place(viewer))


async def finished_tiny(w: World) -> tuple[Actor, Actor]:
    alice, bob = await started_table(w)
    await play_by_dm(w, [alice, bob])
    assert "game over" in (table_message(w).embeds[0].title or "")
    return alice, bob


async def test_the_review_button_shows_the_chart_and_turning_points_and_leads_back(w: World) -> None:
    alice, _bob = await finished_tiny(w)
    viewer = shown(await w.click(alice, table_message(w), label="Replay"))
    viewer = await click_to(w, alice, viewer, "Forward ▶")
    found = review_button(w, viewer)
    assert found is not None
    last_row = [getattr(c, "label", None) for c in viewer.components[-1].children]
    assert last_row == ["Review"] and len(viewer.components) <= 5  # a row of its own, the last
    page = await open_review(w, alice, viewer)
    lines = check_review_page(w, page)
    assert "Table #1" in words(page)
    # each turning point's button opens the replay at its step
    stops = [c for c in w.components(page) if (c.get("label") or "").startswith("Turning point")]
    assert len(stops) <= len(lines)
    for stop in stops[:1]:
        step = int(stop["label"].rsplit("step ", 1)[1].rstrip(")"))
        at = await click_to(w, alice, page, stop["label"])
        assert step_of(at)[0] == step
        page = await open_review(w, alice, at)
    # back to the replay at the step it came from
    back = await click_to(w, alice, page, "◀ Back to the replay")
    assert step_of(back)[0] == (step if stops else 1)
    assert files(back) == ["replay-board.png", "replay-hand.png"]


async def test_a_running_games_viewer_has_no_review_and_the_service_refuses_one(w: World) -> None:
    alice, bob = await started_table(w)
    dm = next(m for m in reversed(w.dms(alice)) if w.choices(m))
    await w.choose(alice, dm, w.choices(dm)[0])
    for who in (alice, w.member("dana")):
        viewer = shown(await w.slash(who, "table replay"))
        viewer = await click_to(w, who, viewer, "Latest ⏭")
        assert review_button(w, viewer) is None
        assert not any(i.startswith("tk:vr:") for i in w.custom_ids(viewer))
    with pytest.raises(ServiceError) as refused:
        await w.bot.services.reviews.get(1, alice.id)
    assert refused.value.message == "A game is reviewed once it is over; this one is still running."
    # once it is over, the same viewer offers it
    await play_by_dm(w, [alice, bob])
    viewer = await click_to(w, alice, shown(await w.slash(alice, "table replay")), "Last ⏭")
    assert review_button(w, viewer) is not None


async def test_a_slow_review_says_it_is_being_worked_out_then_shows_it(w: World) -> None:
    alice, _bob = await finished_tiny(w)
    w.bot.controls.review.slow = 0.0  # every review counts as slow: the note always comes first
    viewer = shown(await w.click(alice, table_message(w), label="Replay"))
    mark = len(w.env.http_requests)
    page = await open_review(w, alice, viewer)
    check_review_page(w, page)
    said = [c.json.get("content") for c in w.env.http_requests[mark:] if isinstance(c.json, dict)]
    assert WORKING in said and said.index(WORKING) < len(said) - 1  # the note, then the review


@pytest.mark.parametrize("slow", [False, True])
async def test_stats_opens_the_review_of_a_last_rated_game(w: World, slow: bool) -> None:
    alice, _bob = await finished_tiny(w)
    if slow:
        w.bot.controls.review.slow = 0.0
    stats = shown(await w.slash(alice, "stats", game="tiny"))
    menu = select(w, stats, ids.REVIEW_PICK)
    assert menu is not None and [o["value"] for o in menu["options"]] == ["1"]
    assert select(w, stats, ids.REPLAY_PICK) is not None  # the replay menu stays beside it
    page = shown(await w.select(alice, stats, menu["custom_id"], "1"))
    check_review_page(w, page)
    viewer = await click_to(w, alice, page, "◀ Back to the replay")
    assert step_of(viewer)[0] == 0 and review_button(w, viewer) is not None


async def test_a_stranger_elsewhere_is_refused_the_review_in_one_line(w: World) -> None:
    await finished_tiny(w)
    erin = w.member("erin")
    viewer = shown(await w.slash(erin, "table replay", game="1"))  # from the table's channel
    viewer = await click_to(w, erin, viewer, "Last ⏭")
    assert review_button(w, viewer) is not None
    page = await open_review(w, erin, viewer)
    check_review_page(w, page)
    with pytest.raises(ServiceError) as refused:
        await w.bot.services.reviews.get(1, erin.id, channel_id=w.text_channel("elsewhere").id)
    assert refused.value.message == "You can see this game's review from its channel, or if you played in it."
