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
from sqlalchemy import text

from bot.discord.courier import CATCH_UP_MAX
from bot.service.pipeline import UNSURE
from bot.service.truth import IN_DOUBT, MOVE_NOT_MADE, SAVED_BEHIND, SAVED_DB_DOWN
from engines import registry
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


async def cut_click(w: World, mover: Any, arm: int | None, blip: bool = False) -> tuple[str, Cut]:
    """``mover`` takes their first choice with the database cut at point ``arm``; returns the reply."""
    cut = Cut(w.bot.services.db.engine)
    dm = latest_dm_with_choices(w, mover)
    cut.start(arm, blip=blip)
    try:
        result = await w.choose(mover, dm, w.choices(dm)[0])
    finally:
        cut.restore()
        cut.remove()
    return w.said(result), cut


async def to_the_last_move(w: World, players: list[Any]) -> tuple[Any, Any]:
    """Play first choices until the next one ends the game; (who makes it, the other player)."""
    ruleset = registry.get("tiny")
    while True:
        state = (await w.bot.services.runtime.load(1, fresh=True)).state
        for player in players:
            dm = latest_dm_with_choices(w, player)
            if dm is None:
                continue
            choice = w.choices(dm)[0]
            if ruleset.outcome(ruleset.apply(state, choice.seat, choice.key).state) is not None:
                return player, next(p for p in players if p is not player)
            await w.choose(player, dm, choice)
            break
        else:
            raise AssertionError("nobody was asked to move")


async def scene(w: World, last: bool) -> tuple[Any, Any, int]:
    """A started duel at its first move or its last: (who moves, the other, moves logged so far)."""
    alice, bob = await started_table(w)
    if not last:
        return alice, bob, 0
    mover, other = await to_the_last_move(w, [alice, bob])
    return mover, other, await moves(w)


#: what a finished duel leaves: its result rows, its rated-game claim, each person's rated games
KEPT = (
    "SELECT count(*) FROM results WHERE table_id = 1",
    "SELECT count(*) FROM rated_games WHERE table_id = 1",
    "SELECT games FROM ratings WHERE board = '*' AND mode = '' AND kind = 'person' ORDER BY entity",
)


async def kept_results(w: World) -> tuple[int, int, list[int]]:
    """Table #1's result rows, its rated-game claims, and each person's rated games everywhere."""
    async with w.bot.services.db.engine.connect() as connection:
        results, claims = [(await connection.execute(text(q))).scalar_one() for q in KEPT[:2]]
        games = [int(g) for (g,) in await connection.execute(text(KEPT[2]))]
        return int(results), int(claims), games


async def census(backend: str, tmp_path: Path, last: bool) -> list[str]:
    """The database points of one click, in order, with nothing cut."""
    async with table_on(backend, tmp_path / f"census{'-last' if last else ''}") as w:
        mover, _other, before = await scene(w, last)
        reply, cut = await cut_click(w, mover, None)
        assert reply == "" and await moves(w) == before + 1
        return cut.points


async def check_one_cut(backend: str, tmp_path: Path, arm: int, at: str, blip: bool, last: bool) -> str:
    """Cut at point ``arm`` (labelled ``at``) and check everything the module promises; the reply."""
    where = f"cut at {arm} ({at}){' of the last move' if last else ''}"
    async with table_on(backend, tmp_path / f"cut{arm}{'b' if blip else ''}{'-last' if last else ''}") as w:
        mover, other, before = await scene(w, last)
        old_dm = latest_dm_with_choices(w, mover)
        old_choice = w.choices(old_dm)[0]
        reply, cut = await cut_click(w, mover, arm, blip)
        assert cut.fell_at == at, (cut.fell_at, at)
        assert reply in SAVED, f"{where}: unexpected reply {reply!r}"
        made = await moves(w) - before
        assert made in (0, 1), f"{where}: {made} moves logged for one click"
        saved = SAVED[reply]
        if saved is not None:
            assert made == int(saved), f"{where}: reply {reply!r} but {made} moves"
        if reply in (UNSURE, IN_DOUBT):
            assert at.startswith("commit"), f"{where}: in doubt where no commit was"
        assert "nothing was changed" not in reply or made == 0
        # The database answers again: whatever fell behind catches up by itself.
        await w.advance(CATCH_UP_MAX + 1)
        if made == 0:
            again = await w.choose(mover, old_dm, old_choice)  # the same button makes the move
            assert w.said(again) == "", f"{where}: retry said {w.said(again)!r}"
            assert await moves(w) == before + 1
        assert not w.bot.controls.courier.catching_up
        mine = latest_dm_with_choices(w, mover)  # the mover's newest DM offers nothing stale
        assert mine is None or w.choices(mine)[0].token != old_choice.token
        if last:
            # the game ended once: shown as over, its results and ratings written exactly once
            shown = table_message(w).embeds[0].title.lower()
            assert "game over" in shown, f"{where}: the table message missed the end ({shown})"
            assert await kept_results(w) == (2, 1, [1, 1]), f"{where}: {await kept_results(w)}"
        else:
            name = other.name
            now = table_message(w).embeds[0].description
            assert f"{name} is choosing" in now, f"{where}: the table message missed the move"
            # the other player's newest DM offers their move, and it counts
            theirs = latest_dm_with_choices(w, other)
            assert theirs is not None, f"{where}: the other player's DM was never brought up to date"
            answer = await w.choose(other, theirs, w.choices(theirs)[0])
            assert w.said(answer) == "", f"{where}: the next move said {w.said(answer)!r}"
            assert await moves(w) == 2
        assert await w.bot.services.tables.replay_check(1)
        w.take_error_logs()  # a cut may log the redraw it could not make; the checks above judge it
        return reply


async def sweep(
    backend: str,
    tmp_path: Path,
    blip: bool,
    last: bool = False,
    only: Callable[[list[str]], set[int]] | None = None,
) -> list[str]:
    """Cut each point of a click in turn (``only``: those it picks); the reply at each, a line a point."""
    points = await census(backend, tmp_path, last)
    # a write among the points (on PostgreSQL the change is one statement: WITH moved AS (UPDATE ...))
    assert any(p.startswith(("UPDATE", "WITH")) for p in points) and "commit (answer lost)" in points
    chosen = set(range(len(points))) if only is None else only(points)
    replies = []
    for arm, at in enumerate(points):
        if arm in chosen:
            reply = await check_one_cut(backend, tmp_path, arm, at, blip, last)
            replies.append(f"{arm:2} {at:<24} -> {reply[:60] or '(no note: the move was shown)'}")
    how = "one statement fails" if blip else "down until the reply"
    moment = "the last move" if last else "a move"
    return [f"{backend}, {moment}, {how}: {len(points)} points", *replies]


def key_points(points: list[str]) -> set[int]:
    """A statement of the move, its commit with the answer lost, and the last point (after it)."""
    return {points.index("UPDATE tables"), points.index("commit (answer lost)"), len(points) - 1}


async def test_a_cut_before_during_and_after_the_commit_is_told_truly(tmp_path: Path) -> None:
    """The quick run: three points of a click on SQLite (the slow set sweeps every point, both backends)."""
    lines = await sweep("sqlite", tmp_path, False, only=key_points)
    assert len(lines) == 1 + 3, lines


@pytest.mark.slow
@pytest.mark.parametrize("last", [False, True], ids=["move", "last-move"])
@pytest.mark.parametrize("blip", [False, True], ids=["down", "blip"])
@pytest.mark.parametrize("backend", BACKENDS)
async def test_a_cut_at_every_point_of_a_click_is_told_truly_and_loses_nothing(
    backend: str, blip: bool, last: bool, tmp_path: Path, record: Callable[[str], None]
) -> None:
    """Every point of a move, and of the move that ends the game (results and ratings in its commit)."""
    record("\n".join(await sweep(backend, tmp_path, blip, last)))


@pytest.fixture
def record(request: pytest.FixtureRequest) -> Callable[[str], None]:
    """Write what each cut answered where ``TABLEKEEPER_CUT_REPORT`` names a folder (for the notes)."""
    folder = os.environ.get("TABLEKEEPER_CUT_REPORT")

    def write(text: str) -> None:
        if folder:
            name = request.node.name.replace("/", "_")
            Path(folder, f"{name}.txt").write_text(text + "\n", encoding="utf-8")

    return write
