"""The drawing pool: the same pictures as drawing in threads, and every click answered if a worker dies."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.bench.samples import bench_config
from bot.service import Services, drawing, drawing_worker
from bot.settings import SettingsError, auto_drawing_processes, load_settings, usable_cores
from engines import registry
from engines.core import RandomBot
from engines.core.driver import Match
from render import registry as renderers
from render.core.memo import clear_all
from render.core.renderer import MemoRenderer
from tests.bot.tinyrender import RENDERER as TINY

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Fay")


def states(slug: str, mode: str, count: int) -> list[object]:
    """``count`` states of one random game: the deal, then one more random move each."""
    ruleset = registry.get(slug)
    match = Match(ruleset, bench_config(ruleset, mode), seed=3)
    made = [match.state]
    while len(made) < count:
        match.advance(RandomBot(), steps=1 + 2 * len(made), random_order=True)
        made.append(match.state)
    return made


@pytest.fixture(scope="module")
def pool() -> Iterator[drawing.DrawingPool]:
    # one worker, not warmed: the tests need a pool that starts fast, not a fast pool
    with drawing.started(1, warm=False) as started:
        assert started is not None
        yield started


@pytest.mark.parametrize("slug", registry.slugs())
def test_a_worker_draws_byte_for_byte_the_pictures_a_thread_draws(
    slug: str, pool: drawing.DrawingPool
) -> None:
    ruleset, renderer = registry.get(slug), renderers.get(slug)
    config = bench_config(ruleset, ruleset.modes[0].name)
    state = states(slug, config.mode, 2)[-1]
    pooled = drawing.renderer_for(renderer)
    assert isinstance(pooled, drawing.PooledRenderer)
    fallbacks = pool.fallbacks
    for viewer in (None, *range(config.players)):
        view = ruleset.view(state, viewer)
        draw = "board" if viewer is None else "hand"
        clear_all()
        here = getattr(renderer, draw)(view, NAMES)
        clear_all()
        # the worker's own picture caches too: it serves this module's other tests as well, and
        # the comparison is of two pictures drawn afresh
        pool.run(clear_all)
        there = getattr(pooled, draw)(view, NAMES)
        assert there == here, f"{slug} {draw} of seat {viewer}"
    assert pool.fallbacks == fallbacks  # all of them came from the worker


def test_a_cached_picture_is_not_sent_to_a_worker_again(pool: drawing.DrawingPool) -> None:
    ruleset, renderer = registry.get("clashofdecks"), renderers.get("clashofdecks")
    assert isinstance(renderer, MemoRenderer)
    view = ruleset.view(states("clashofdecks", "duel", 2)[-1], None)
    clear_all()
    pooled = drawing.renderer_for(renderer)
    first = pooled.board(view, NAMES)
    assert pooled.board(view, NAMES) == first
    assert (renderer.memo.hits, renderer.memo.misses) == (1, 1)


async def test_a_card_drawn_large_comes_from_a_worker_byte_for_byte(pool: drawing.DrawingPool) -> None:
    entry = registry.get("climax").catalogue("ja")[3]
    clear_all()
    here = renderers.get("climax").card(entry, "ja")
    clear_all()
    pool.run(clear_all)
    fallbacks = pool.fallbacks
    assert await drawing.card_picture("climax", entry, "ja") == here
    assert pool.fallbacks == fallbacks  # the worker drew it, not this process


def test_renderers_a_worker_cannot_load_are_drawn_in_thread(pool: drawing.DrawingPool) -> None:
    assert drawing.renderer_for(TINY) is TINY  # a test double: not a MemoRenderer


async def test_a_click_through_the_pool_delivers_the_pictures_a_thread_draws(
    pool: drawing.DrawingPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    services = await Services.in_memory()
    try:
        opened = await services.tables.open_solo(101, 202, "clashofdecks", "solo", seed=7)
        own = opened.seats[0]
        clear_all()
        fallbacks = pool.fallbacks
        acted = await services.tables.act(opened.table.id, 101, own.token, own.actions[0].key)
        assert pool.fallbacks == fallbacks and acted.public.board_png
        clear_all()
        monkeypatch.setattr(drawing, "_current", None)  # the same table drawn again, in a thread
        again = await services.tables.current(opened.table.id)
        assert again.public.board_png == acted.public.board_png
        assert again.seats[0].image == acted.seats[0].image
    finally:
        await services.close()


def test_a_click_is_answered_when_a_worker_dies_and_the_pool_comes_back(
    pool: drawing.DrawingPool, caplog: pytest.LogCaptureFixture
) -> None:
    ruleset, renderer = registry.get("hackclad"), renderers.get("hackclad")
    made = states("hackclad", "basic", 3)
    pooled = drawing.renderer_for(renderer)
    clear_all()
    pooled.board(ruleset.view(made[0], None), NAMES)  # the worker is up
    restarts, fallbacks = pool.restarts, pool.fallbacks
    # a job in hand when its worker is killed is done here instead, and a new worker starts
    with caplog.at_level(logging.WARNING, logger="bot.service.drawing"):
        killer = threading.Timer(0.5, _kill, args=(pool.pids(),))
        killer.start()
        assert pool.run(_slept, 1.5) == os.getpid()  # it ran in this process
        killer.join()
    assert (pool.restarts, pool.fallbacks) == (restarts + 1, fallbacks + 1)
    assert "drawing worker died" in caplog.text
    # a worker killed while idle is replaced at once: the next picture comes from the new one
    for pid in pool.pids():
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 5
    while pool.restarts < restarts + 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    view = ruleset.view(made[1], None)
    clear_all()
    picture = pooled.board(view, NAMES)
    clear_all()
    assert picture == renderer.board(view, NAMES)
    assert (pool.restarts, pool.fallbacks) == (restarts + 2, fallbacks + 1)
    clear_all()
    pooled.board(ruleset.view(made[2], None), NAMES)
    assert pool.fallbacks == fallbacks + 1  # drawn by the new worker


def test_many_large_jobs_at_once_are_all_answered_in_order_of_their_callers(
    pool: drawing.DrawingPool,
) -> None:
    # more than a pipe holds each way: callers blocked sending must not keep the worker's answers
    # from being read (the worker cannot take the next message while its answer waits)
    answers: dict[int, bytes] = {}

    def ask(n: int) -> None:
        answers[n] = pool.run(_echoed, bytes([n]) * 150_000)

    fallbacks = pool.fallbacks
    threads = [threading.Thread(target=ask, args=(n,)) for n in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not any(thread.is_alive() for thread in threads), "a caller is still waiting"
    assert answers == {n: bytes([n]) * 300_000 for n in range(12)}
    assert pool.fallbacks == fallbacks  # every one answered by the worker


def test_a_picture_its_worker_does_not_answer_in_time_is_drawn_here_and_the_worker_replaced(
    caplog: pytest.LogCaptureFixture,
) -> None:
    ruleset, renderer = registry.get("hackclad"), renderers.get("hackclad")
    assert isinstance(renderer, MemoRenderer)
    view = ruleset.view(states("hackclad", "basic", 1)[0], None)
    hanging = drawing.DrawingPool(1, warm=False, picture_deadline=0.5)
    try:
        first = hanging.pids()
        # the worker is held by a long job, as if it hung: the picture sent after it waits
        held: list[int] = []
        holder = threading.Thread(target=lambda: held.append(hanging.run(_slept, 3.0)))
        holder.start()
        time.sleep(0.2)  # the long job is sent first
        clear_all()
        with caplog.at_level(logging.ERROR, logger="bot.service.drawing"):
            started = time.monotonic()
            picture = drawing.PooledRenderer(renderer, hanging).board(view, NAMES)
            waited = time.monotonic() - started
        holder.join(10)
        clear_all()
        assert picture == renderer.board(view, NAMES)  # drawn here, byte for byte
        assert waited < 2.0  # the deadline ended the wait, not the long job
        assert "did not answer" in caplog.text and hanging.hung == 1
        assert held == [os.getpid()]  # the long job the ended worker held was done by its caller
        deadline = time.monotonic() + 10
        while (not hanging.pids() or hanging.pids() == first) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert hanging.pids() and hanging.pids() != first  # a new worker took its place
    finally:
        hanging.close()


def _echoed(data: bytes) -> bytes:
    return data * 2


def _kill(pids: list[int]) -> None:
    for pid in pids:
        os.kill(pid, signal.SIGKILL)


def _slept(seconds: float) -> int:
    """Sleep, then say which process slept (a job long enough to kill its worker under)."""
    time.sleep(seconds)
    return os.getpid()


def test_a_closed_pool_draws_in_the_calling_thread() -> None:
    ruleset, renderer = registry.get("clashofdecks"), renderers.get("clashofdecks")
    assert isinstance(renderer, MemoRenderer)
    closed = drawing.DrawingPool(1, warm=False)
    closed.close()
    view = ruleset.view(states("clashofdecks", "duel", 1)[0], None)
    clear_all()
    assert drawing.PooledRenderer(renderer, closed).board(view, NAMES) == renderer.board(view, NAMES)
    assert closed.fallbacks == 1


def test_no_pool_is_started_for_size_zero_and_the_setting_is_read() -> None:
    with drawing.started(0) as none:
        assert none is None
    env = {"TABLEKEEPER_SERVICE_DRAW_PROCESSES": "2"}
    assert load_settings(env, dotenv_path=None).drawing_processes() == 2
    spaced = {"TABLEKEEPER_SERVICE_DRAW_PROCESSES": " 0 "}
    assert load_settings(spaced, dotenv_path=None).drawing_processes() == 0
    for wrong in ("-1", "many", "1.5"):
        with pytest.raises(SettingsError) as error:
            load_settings({"TABLEKEEPER_SERVICE_DRAW_PROCESSES": wrong}, dotenv_path=None)
        assert str(error.value) == (
            f"Setting TABLEKEEPER_SERVICE_DRAW_PROCESSES is '{wrong}'; it must be auto (one per core, "
            "or per core besides the click core with one_core; up to 4), 0 (draw in threads) or a "
            "number of processes."
        )


def test_auto_draws_in_one_process_per_core_up_to_four_and_in_threads_on_one_core() -> None:
    # Pillow holds the GIL while drawing: a pool only pays where a core is free to draw on
    assert load_settings({}, dotenv_path=None).draw_processes == "auto"  # the default
    assert [auto_drawing_processes(cores) for cores in (1, 2, 3, 4, 8, 64)] == [0, 2, 3, 4, 4, 4]
    auto_off = {"TABLEKEEPER_SERVICE_DRAW_PROCESSES": "Auto", "TABLEKEEPER_SERVICE_ONE_CORE": "off"}
    settings = load_settings(auto_off, dotenv_path=None)
    assert settings.drawing_processes() == auto_drawing_processes(usable_cores())


def test_with_the_click_process_kept_on_one_core_auto_draws_on_each_other_core() -> None:
    # two drawing processes sharing the one core left drew no faster than one, for 140 MB more
    assert [auto_drawing_processes(cores, one_core=True) for cores in (1, 2, 3, 5, 64)] == [0, 1, 2, 4, 4]
    settings = load_settings({}, dotenv_path=None)
    assert settings.one_core == "auto" and settings.keeps_one_core()
    assert settings.drawing_processes() == auto_drawing_processes(usable_cores(), one_core=True)


def test_drawing_processes_end_when_the_process_they_draw_for_is_killed() -> None:
    """A SIGKILLed parent cannot close its pool: its drawing processes must not live on (150 MB each)."""
    probe = (
        "import sys, time\n"
        "from bot.service import drawing\n"
        "with drawing.started(2, warm=False) as pool:\n"
        "    assert pool is not None\n"
        "    print(' '.join(str(p) for p in pool.pids()), flush=True)\n"
        "    time.sleep(60)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", probe], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        children = [int(p) for p in parent.stdout.readline().split()]
        assert len(children) == 2 and all(_alive(p) for p in children)
        parent.kill()
        parent.wait(10)
        deadline = time.monotonic() + 3 * drawing_worker.ORPHAN_CHECK_SECONDS + 5
        while any(_alive(p) for p in children) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = {p: Path(f"/proc/{p}/status").read_text() for p in children if _alive(p)}
        assert not left, f"drawing processes outlived their parent: {left}"
    finally:
        parent.kill()


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie or a reaped process does not)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split(") ", 1)[1][0] != "Z"
    except FileNotFoundError:
        return False
