"""Issue 22 item 1: the database cut at every point of a click, one point at a time, through Discord.

For each point of a move (taking a connection, every statement, just before the commit, and just
after it with the answer lost) a fresh table plays one click with the database cut there and kept
down until the reply is in; then the database answers again. For every cut:

- the reply is true: silence or "Done: that was saved" only when the move is in the log, "your
  move was not made" only when it is not, "can't tell yet" only where a commit was in doubt;
- the move is never applied twice, and a move that was not made can be made with the same button;
- once the database answers, the players' DMs catch up (no buttons from before the move are
  left as the newest), and the next player can move.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.discord.delivery import CATCH_UP_MAX
from bot.service.play import UNSURE
from bot.service.truth import IN_DOUBT, MOVE_NOT_MADE, SAVED_BEHIND, SAVED_DB_DOWN
from tests.bot.discord.helpers import latest_dm_with_choices, started_table, table_message
from tests.bot.discord.simharness import World, world
from tests.bot.faults import Cut
from tests.bot.pgdb import PG, fresh_database

#: what a reply may say, and whether the move must then be in the log (None: either)
SAVED = {"": True, SAVED_BEHIND: True, SAVED_DB_DOWN: True, MOVE_NOT_MADE: False, UNSURE: None}

BACKENDS = [
    "sqlite",
    pytest.param(
        "postgres",
        marks=[
            pytest.mark.postgres,
            pytest.mark.skipif(not PG, reason="needs TEST_DATABASE_URL pointing at PostgreSQL"),
        ],
    ),
]


@asynccontextmanager
async def table_on(backend: str, tmp_path: Path) -> AsyncIterator[World]:
    """A simulated Discord on a fresh database of ``backend``."""
    tmp_path.mkdir()
    if backend == "sqlite":
        async with world(tmp_path) as here:
            yield here
        return
    async with fresh_database("cuts") as url, world(tmp_path, database_url=url) as here:
        yield here


async def moves(w: World) -> int:
    """How many moves table #1 has logged."""
    return len(await w.bot.services.tables.log(1))


async def cut_click(w: World, alice: Any, arm: int | None, blip: bool = False) -> tuple[str, Cut]:
    """Alice makes her first move with the database cut at point ``arm``; returns the reply."""
    cut = Cut(w.bot.services.db.engine)
    dm = latest_dm_with_choices(w, alice)
    cut.start(arm, blip=blip)
    try:
        result = await w.choose(alice, dm, w.choices(dm)[0])
    finally:
        cut.restore()
        cut.remove()
    return w.said(result), cut


async def census(backend: str, tmp_path: Path) -> list[str]:
    """The database points of one click, in order, with nothing cut."""
    async with table_on(backend, tmp_path / "census") as w:
        alice, _bob = await started_table(w)
        reply, cut = await cut_click(w, alice, None)
        assert reply == "" and await moves(w) == 1
        return cut.points


async def check_one_cut(backend: str, tmp_path: Path, arm: int, at: str, blip: bool) -> str:
    """Cut at point ``arm`` (labelled ``at``) and check everything the module promises; the reply."""
    async with table_on(backend, tmp_path / f"cut{arm}{'b' if blip else ''}") as w:
        alice, bob = await started_table(w)
        old_dm = latest_dm_with_choices(w, alice)
        old_choice = w.choices(old_dm)[0]
        reply, cut = await cut_click(w, alice, arm, blip)
        assert cut.fell_at == at, (cut.fell_at, at)
        assert reply in SAVED, f"cut at {arm} ({at}): unexpected reply {reply!r}"
        made = await moves(w)
        assert made in (0, 1), f"cut at {arm} ({at}): {made} moves logged for one click"
        if SAVED[reply] is not None:
            assert made == int(SAVED[reply]), f"cut at {arm} ({at}): reply {reply!r} but {made} moves"
        if reply in (UNSURE, IN_DOUBT):
            assert at.startswith("commit"), f"cut at {arm} ({at}): in doubt where no commit was"
        assert "nothing was changed" not in reply or made == 0
        # The database answers again: whatever fell behind catches up by itself.
        await w.advance(CATCH_UP_MAX + 1)
        if made == 0:
            again = await w.choose(alice, old_dm, old_choice)  # the same button makes the move
            assert w.said(again) == "", f"cut at {arm} ({at}): retry said {w.said(again)!r}"
            assert await moves(w) == 1
        now = table_message(w).embeds[0].description
        assert "bob is choosing" in now, f"cut at {arm} ({at}): the table message missed the move"
        assert not w.bot.controls.courier.catching_up
        # Bob's newest DM offers his move, and it counts; Alice's newest offers nothing stale.
        mine = latest_dm_with_choices(w, alice)
        assert mine is None or w.choices(mine)[0].token != old_choice.token
        bobs = latest_dm_with_choices(w, bob)
        assert bobs is not None, f"cut at {arm} ({at}): Bob's DM was never brought up to date"
        answer = await w.choose(bob, bobs, w.choices(bobs)[0])
        assert w.said(answer) == "", f"cut at {arm} ({at}): Bob's move said {w.said(answer)!r}"
        assert await moves(w) == 2
        assert await w.bot.services.tables.replay_check(1)
        w.take_error_logs()  # a cut may log the redraw it could not make; the checks above judge it
        return reply


async def sweep(
    backend: str, tmp_path: Path, blip: bool, only: Callable[[list[str]], set[int]] | None = None
) -> list[str]:
    """Cut each point of a click in turn (``only``: those it picks); the reply at each, a line a point."""
    points = await census(backend, tmp_path)
    assert any(p.startswith("UPDATE") for p in points) and "commit (answer lost)" in points
    chosen = set(range(len(points))) if only is None else only(points)
    replies = []
    for arm, at in enumerate(points):
        if arm in chosen:
            reply = await check_one_cut(backend, tmp_path, arm, at, blip)
            replies.append(f"{arm:2} {at:<24} -> {reply[:60] or '(no note: the move was shown)'}")
    return [
        f"{backend}, {'one statement fails' if blip else 'down until the reply'}: {len(points)} points",
        *replies,
    ]


def key_points(points: list[str]) -> set[int]:
    """A statement of the move, its commit with the answer lost, and the last point (after it)."""
    return {points.index("UPDATE tables"), points.index("commit (answer lost)"), len(points) - 1}


async def test_a_cut_before_during_and_after_the_commit_is_told_truly(tmp_path: Path) -> None:
    """The quick run: three points of a click on SQLite (the slow set sweeps every point, both backends)."""
    lines = await sweep("sqlite", tmp_path, False, key_points)
    assert len(lines) == 1 + 3, lines


@pytest.mark.slow
@pytest.mark.parametrize("blip", [False, True], ids=["down", "blip"])
@pytest.mark.parametrize("backend", BACKENDS)
async def test_a_cut_at_every_point_of_a_click_is_told_truly_and_loses_nothing(
    backend: str, blip: bool, tmp_path: Path, record: Callable[[str], None]
) -> None:
    record("\n".join(await sweep(backend, tmp_path, blip)))


@pytest.fixture
def record(request: pytest.FixtureRequest) -> Callable[[str], None]:
    """Write what each cut answered where ``TABLEKEEPER_CUT_REPORT`` names a folder (for the notes)."""
    folder = os.environ.get("TABLEKEEPER_CUT_REPORT")

    def write(text: str) -> None:
        if folder:
            name = request.node.name.replace("/", "_")
            Path(folder, f"{name}.txt").write_text(text + "\n", encoding="utf-8")

    return write
