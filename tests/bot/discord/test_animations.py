"""The game's animation through the real client, on the tiny test game.

When a game ends, its final message gets the animation of its public board as a second embed,
added by a task of its own after the click that ended the game was answered; ``/table replay
animation:True`` posts it on request where the game is played. The five real games are covered
in ``test_replays_games.py``.
"""

from __future__ import annotations

import io
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.service.values import ServiceError
from engines.core import Code
from tests.bot.discord.helpers import play_by_dm, started_table, table_message
from tests.bot.discord.replay_helpers import files, shown
from tests.bot.discord.simharness import Actor, World, world
from tests.bot.discord.test_solo import play_solo


@pytest.fixture
async def w(tmp_path: Path) -> AsyncIterator[World]:
    """The simulated Discord, with the final message's animation on (the harness leaves it off)."""
    async with world(tmp_path, final_animation=True) as here:
        yield here


def animation_name(message: Any) -> str:
    """The animation's file name on a message (the one attachment that is not a board)."""
    [name] = [n for n in files(message) if n.startswith("tablekeeper-")]
    return name


async def frames_of(message: Any) -> int:
    """How many pictures the message's animation has (read from the uploaded file itself)."""
    attachment = next(a for a in message.attachments if a.filename == animation_name(message))
    with Image.open(io.BytesIO(await attachment.read())) as image:
        assert image.format in ("WEBP", "GIF") and image.width >= 400
        return int(getattr(image, "n_frames", 1))


def check_final_animation(w: World, final: Any) -> None:
    """The final message keeps its board and result, and shows the animation under them."""
    assert files(final) == sorted(["board.png", animation_name(final)])
    board, animation = final.embeds
    assert "game over" in (board.title or "") and board.image.url.endswith("board.png")
    assert animation.image.url == f"attachment://{animation_name(final)}" or animation.image.url.endswith(
        animation_name(final)
    )
    assert "the whole game" in (animation.title or "")


async def finished_tiny(w: World) -> tuple[Actor, Actor]:
    alice, bob = await started_table(w)
    await play_by_dm(w, [alice, bob])
    return alice, bob


async def test_the_final_message_gets_the_animation_after_the_last_click_is_answered(w: World) -> None:
    alice, bob = await started_table(w)
    mark = len(w.env.http_requests)
    await play_by_dm(w, [alice, bob])
    final = table_message(w)
    check_final_animation(w, final)
    moves = len(await w.bot.services.tables.log(1))
    footer = final.embeds[1].footer.text or ""
    assert footer.startswith("Table #1 · ") and await frames_of(final) == int(
        footer.split(" · ")[1].split()[0]
    )
    assert 2 <= await frames_of(final) <= moves + 1  # the deal, then the steps the table saw
    # the animation came in an edit of its own, after the final click's answer and the final board
    paths = [c.path for c in w.env.http_requests[mark:]]
    last_callback = max(i for i, p in enumerate(paths) if p.endswith("/callback"))
    message_path = f"/channels/{w.channel.id}/messages/{final.id}"
    edits = [i for i, p in enumerate(paths) if p.endswith(message_path)]
    assert len(edits) >= 2 and edits[-1] > last_callback and edits[-2] < edits[-1]
    assert w.bot.controls.courier.finals.pending == frozenset()


async def test_a_solo_games_final_dm_gets_the_animation(w: World) -> None:
    alice = w.member("alice")
    await w.slash(alice, "solo", game="tiny", difficulty="easy")
    await play_solo(w, alice)
    [final] = w.dms(alice)
    check_final_animation(w, final)
    assert [c.get("label") for c in w.components(final)] == ["Replay"]  # its controls are kept


async def test_an_animation_that_cannot_be_made_leaves_the_final_message_and_logs_a_warning(
    w: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def refused(*args: object, **kwargs: object) -> object:
        raise ServiceError(Code.NOT_FOUND, "This game is too long to animate within 8 MB.")

    monkeypatch.setattr(w.bot.services.animations, "make", refused)
    with caplog.at_level(logging.WARNING, logger="tablekeeper"):
        await finished_tiny(w)
    final = table_message(w)
    assert files(final) == ["board.png"] and len(final.embeds) == 1
    assert "game over" in (final.embeds[0].title or "")
    warned = [r for r in caplog.records if "no animation" in r.getMessage()]
    assert [r.levelno for r in warned] == [logging.WARNING]
    assert "too long to animate" in warned[0].getMessage()
    assert not any("animat" in (m.content or "") for m in w.messages())  # nothing said to the table


async def test_the_animation_is_posted_on_request_in_the_tables_channel(w: World) -> None:
    alice, _bob = await finished_tiny(w)
    erin = w.member("erin")
    elsewhere = w.text_channel("elsewhere")
    before = len(w.messages())
    result = await w.slash(erin, "table replay", game="1", animation=True)
    assert w.said(result) == f"Posted the animation of table #1 in <#{w.channel.id}>."
    assert shown(result).ephemeral
    posted = w.messages()[-1]
    assert len(w.messages()) == before + 1 and posted.content == f"Asked for by <@{erin.id}>."
    assert files(posted) == [animation_name(posted)] and await frames_of(posted) >= 2
    # from another channel, someone who did not play is refused in one line; a player is not
    refused = await w.slash(erin, "table replay", channel=elsewhere, game="1", animation=True)
    assert w.said(refused) == (
        "You can ask for this game's animation from its channel, or if you played in it."
    )
    await w.slash(alice, "table replay", channel=elsewhere, game="1", animation=True)
    assert w.messages(elsewhere) == [] and files(w.messages()[-1]) == [animation_name(posted)]


async def test_a_running_games_animation_shows_the_table_so_far(w: World) -> None:
    alice, bob = await started_table(w)
    dm = next(m for m in reversed(w.dms(alice)) if w.choices(m))
    await w.choose(alice, dm, w.choices(dm)[0])
    assert files(table_message(w)) == ["board.png"]  # no animation while the game runs
    await w.slash(bob, "table replay", animation=True)
    posted = w.messages()[-1]
    assert await frames_of(posted) == 2  # the deal and the one move the table has seen


async def test_a_solo_games_animation_goes_to_its_players_dms(w: World) -> None:
    alice = w.member("alice")
    await w.slash(alice, "solo", game="tiny", difficulty="easy")
    await play_solo(w, alice)
    result = await w.slash(alice, "table replay", game="1", animation=True)
    assert w.said(result) == "Posted the animation of table #1 in your DMs."
    assert w.messages() == []  # nothing in the server channel
    posted = w.dms(alice)[-1]
    assert posted.content.startswith("Asked for by") and await frames_of(posted) >= 2
