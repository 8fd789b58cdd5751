"""``tablekeeper bench --scale``'s pieces run at tiny sizes and report what they measured.

Not timed tests: they check each part of the scale benchmark runs and counts honestly.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import time
from pathlib import Path

import pytest

from bot import cli
from bot.bench import busy, scale
from bot.bench.stats import fmt
from bot.bench.tables import Plan, make_tables


def test_stored_tables_are_swept_and_weighed(tmp_path: Path) -> None:
    path = tmp_path / "stored.db"
    url = f"sqlite+aiosqlite:///{path}"
    asyncio.run(make_tables(url, Plan(tables=20, due_reminders=3, due_expiries=2, finished_share=0.0)))
    reminders, expiries = asyncio.run(scale.sweep(url, stored=20, due=3))
    assert (reminders.kind, expiries.kind) == ("due_reminders", "expire")
    assert reminders.handled >= 3 and expiries.handled >= 2  # every due table (some ask two seats)
    assert expiries.passes >= 2 and expiries.longest_commit_ms > 0  # the last pass finds nothing
    sizes = scale.sqlite_bytes(path)
    assert sizes["*"] >= sizes["tables"] + sizes["moves"] > 0
    assert scale.count_rows(path, "tables") == 20


def test_the_startup_probe_loads_no_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'probe.db'}"
    asyncio.run(make_tables(url, Plan(tables=5)))
    assert cli.main(["bench", "--startup-probe", url]) == 0
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert line["cached"] == 0 and line["peak_rss_mb"] > 0 and line["after_imports_s"] > 0


def test_busy_clicks_interleave_new_players_and_time_the_follow_up(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'busy.db'}"
    from bot.store import upgrade

    asyncio.run(upgrade(url))
    times, follow, refused, seconds, hits, split = busy.run_in_process(
        url, {"tables": 3, "inflight": 2, "clicks": 5, "warm": 2, "draw_processes": 0}
    )
    assert len(times) + refused == 5 and len(follow) == len(times) and seconds > 0
    assert all(whole >= part for whole, part in zip(times, follow, strict=True))  # follow-up inside
    assert sum(hits) > 0
    figures = busy.figures(1, 0, times, follow, refused, seconds, hits, split)
    assert figures.clicks_per_s == pytest.approx(len(times) / seconds)
    assert figures.ms_p50 <= figures.ms_p99 and 0 <= figures.picture_hit_rate <= 1
    # the CPU the clicks cost, split by cost centre: SQLite has no server, the shares make the whole
    assert split.process_s > 0 and split.server_s is None and figures.cpu_s == split.process_s
    assert sum(share for _, share in figures.shares) == pytest.approx(1.0)
    lines = scale.click_lines([figures], "sqlite")[0]
    assert "clicks/s" in lines and "clicks per CPU-second" in lines and "database client" in lines
    # pictures a click and CPU a picture, so a dearer click says whether it drew more or dearer pictures
    assert figures.pictures_drawn == hits[1] > 0
    drawing = dict(figures.shares)["drawing"] + dict(figures.shares)["png"]
    assert figures.picture_cpu_ms == pytest.approx(1000 * drawing * figures.cpu_s / hits[1])
    assert f"{fmt(hits[1] / len(times))} pictures drawn a click" in lines


@pytest.mark.skipif(
    not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2,
    reason="needs Linux and two cores to keep a process on one of them",
)
@pytest.mark.parametrize("one_core", ["auto", "off"])
def test_busy_clicks_run_on_the_cores_run_would_use_and_say_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, one_core: str
) -> None:
    from bot.service import affinity
    from bot.store import upgrade

    url = f"sqlite+aiosqlite:///{tmp_path / 'cores.db'}"
    asyncio.run(upgrade(url))
    monkeypatch.setattr(affinity, "FIRST_SAMPLE", 0.0)  # placed at once, not after 0.3 s
    seen: list[set[int]] = []
    clicks = busy.busy_clicks

    async def watched(*args: object, **kwargs: object) -> busy.Run:
        deadline = time.monotonic() + (2.0 if one_core == "auto" else 0.3)
        while time.monotonic() < deadline and len(os.sched_getaffinity(0)) > 1:
            time.sleep(0.01)  # the keeper's first choice, made in its own thread
        seen.append(os.sched_getaffinity(0))  # the cores the clicks run on
        return await clicks(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(busy, "busy_clicks", watched)
    out: queue.Queue[tuple[busy.Run, str]] = queue.Queue()
    allowed = os.sched_getaffinity(0)
    options = {"tables": 3, "inflight": 2, "clicks": 5, "warm": 2, "one_core": one_core}
    busy.run_in_process(url, options, out=out)
    _, where = out.get_nowait()
    assert os.sched_getaffinity(0) == allowed  # given back when the run ends
    if one_core == "off":
        assert where == "not kept on one core (one_core is off)" and seen == [allowed]
    else:
        assert where.startswith("kept on core ") and len(seen[0]) == 1


def test_a_stack_goes_to_the_innermost_cost_centre_it_names() -> None:
    from bot.bench.cpu import centre_of

    png = ["/x/render/core/png.py", "/x/render/clashofdecks/board.py", "/x/bot/service/drawing.py"]
    assert centre_of(png) == "png"
    assert centre_of(["/x/PIL/ImageDraw.py", "/x/render/arclash/board.py"]) == "drawing"
    assert centre_of(["/x/sqlalchemy/engine/base.py", "/x/bot/store/tables_repo.py"]) == "database client"
    assert centre_of(["/x/engines/arclash/play.py", "/x/bot/service/playing.py"]) == "engine"
    assert centre_of(["/x/bot/service/projection.py", "/x/asyncio/events.py"]) == "adapter"


def test_the_cost_centres_share_the_process_pool_and_server_cpu() -> None:
    from bot.bench.cpu import Split

    sampled = {"drawing": 1.0, "png": 1.0, "engine": 0.0, "database client": 1.0, "adapter": 1.0}
    split = Split({**sampled, "database server": 0.0}, process_s=2.0, pool_s=1.0, server_s=1.0)
    shares = split.shares()  # the samples (4 s) scaled to the process's 2 s, the pool's 1 s is drawing
    assert split.total_s == 4.0
    assert shares["drawing"] == pytest.approx(1.5 / 4) and shares["database server"] == pytest.approx(0.25)
    assert shares["database client"] == pytest.approx(0.5 / 4) and sum(shares.values()) == pytest.approx(1.0)


def test_new_names_are_never_handed_out_twice() -> None:
    warm, measured = busy.Names("w."), busy.Names("p.")
    names = [warm() for _ in range(200)] + [measured() for _ in range(200)]
    assert len(set(names)) == 400


def test_the_drawing_step_is_timed_without_a_pool() -> None:
    found = scale.measure_drawing(0, 3, threads=2)
    assert found.pictures == 3 and found.per_s > 0
    assert "boards/s" in scale.drawing_lines([found])[0]


def test_rated_games_are_stored_as_play_leaves_them_and_the_board_reads_are_timed(tmp_path: Path) -> None:
    from bot.bench import boards

    url = f"sqlite+aiosqlite:///{tmp_path / 'boards.db'}"
    found, filled = boards.measure_boards(url, "sqlite", 500, 4)
    path = tmp_path / "boards.db"
    # each rated duel leaves a table, two results, its claim and 2 people x 2 boards x 2 modes
    assert [scale.count_rows(path, t) for t in ("tables", "results", "rated_games", "rating_changes")] == [
        500,
        1000,
        500,
        4000,
    ]
    import sqlite3

    with sqlite3.connect(path) as connection:
        # every person's games on the board everywhere add up to their results
        mismatched = connection.execute(
            "SELECT count(*) FROM ratings r WHERE r.board = '*' AND r.mode = '' AND r.games <> "
            "(SELECT count(*) FROM results s WHERE s.user_id = r.user_id)"
        ).fetchone()[0]
    assert mismatched == 0
    assert [f.read for f in found] == ["/leaderboard (this server)", "/leaderboard everywhere", "/stats"]
    assert all(f.calls == 4 and 0 < f.ms_p50 <= f.ms_p95 for f in found) and filled > 0
    assert "p95" in boards.board_lines(found, {"sqlite": filled})[0]


@pytest.mark.slow  # worker processes and two rounds of busy clicks beside a hard bot (30-60 s)
def test_the_thinking_line_alternates_runs_alone_and_beside_bots_that_really_think(tmp_path: Path) -> None:
    from bot.bench.thinking import measure_thinking, thinking_lines
    from bot.store import upgrade

    url = f"sqlite+aiosqlite:///{tmp_path / 'thinking.db'}"
    asyncio.run(upgrade(url))
    options = {"tables": 3, "inflight": 2, "clicks": 8, "warm": 0}
    found = measure_thinking(url, 1, 1, options, runs=2, think_seconds=0.05)
    assert found.runs == 2 and found.think_seconds == 0.05
    assert found.bot_moves > 0 and found.bot_cpu_seconds > 0  # the thinking worker did the thinking
    assert found.alone_p50 <= found.alone_p99 and found.busy_p50 <= found.busy_p99
    line = thinking_lines(found)[0]
    assert "median of 2 runs each" in line and "capped at 0.05 s a decision" in line
