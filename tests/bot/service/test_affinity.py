"""Keeping the click process on one core: the idlest by /proc/stat, its drawing processes on the others."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from bot.service import affinity, drawing
from bot.settings import Settings

linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="CPU affinity is set on Linux only"
)
ALLOWED = frozenset(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else frozenset()
two_cores = pytest.mark.skipif(
    len(ALLOWED) < 2, reason=f"needs two cores to choose from; this machine lets the tests use {len(ALLOWED)}"
)


def stat(*cores: tuple[int, int]) -> str:
    """A /proc/stat text whose cores have these cumulative (busy, idle) ticks (busy as user time)."""
    lines = ["cpu  1 0 0 1 0 0 0 0 0 0"]
    lines += [f"cpu{n} {busy} 0 0 {idle} 0 0 0 0 0 0" for n, (busy, idle) in enumerate(cores)]
    return "\n".join([*lines, "intr 1 2 3", "ctxt 99"]) + "\n"


def reader(*texts: str) -> Callable[[], affinity.Sample]:
    """A /proc/stat reader that returns each text in turn."""
    samples = iter(texts)
    return lambda: affinity.parse_stat(next(samples))


def every_thread(pid: int) -> set[frozenset[int]]:
    """The distinct core sets of ``pid``'s threads (a thread that ends while looked at is left out)."""
    found: set[frozenset[int]] = set()
    for tid in affinity.threads_of(pid):
        with contextlib.suppress(ProcessLookupError):
            found.add(frozenset(os.sched_getaffinity(tid)))
    return found


@pytest.fixture
def restored() -> Iterator[None]:
    # whatever a test does to this process's cores, the next test gets all of them back
    yield
    for tid in affinity.threads_of(os.getpid()):
        with contextlib.suppress(ProcessLookupError):  # a pool's thread that ended meanwhile
            os.sched_setaffinity(tid, ALLOWED)


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    # the first choice and the placing of new threads soon, so the tests wait a fraction of a second;
    # no re-check after it: the machine's real load (the other test workers) must not move the core
    monkeypatch.setattr(affinity, "FIRST_SAMPLE", 0.02)
    monkeypatch.setattr(affinity, "TICK", 0.05)
    monkeypatch.setattr(affinity, "RECHECK", (1e6, 1e6))


def placed(keeper: affinity.OneCore, within: float = 5.0) -> int:
    """The click core once the keeper has chosen it (fails if it does not within ``within`` s)."""
    deadline = time.monotonic() + within
    while keeper.core is None:
        assert time.monotonic() < deadline, "the keeper chose no core"
        time.sleep(0.01)
    return keeper.core


def settles_on(pid: int, cores: frozenset[int], within: float = 5.0) -> None:
    """Wait until every thread of ``pid`` runs on ``cores`` (fails if not within ``within`` s).

    A thread a worker starts while the keeper lists its threads keeps the old cores until the
    keeper's next tick, so the tests wait for the ticks rather than look once.
    """
    deadline = time.monotonic() + within
    while every_thread(pid) != {cores}:
        assert time.monotonic() < deadline, every_thread(pid)
        time.sleep(0.02)


def test_proc_stat_is_read_as_busy_and_total_ticks_per_core_leaving_out_the_machine_line() -> None:
    text = "cpu  9 9 9 9 9 9 9 9\ncpu0 10 1 2 50 5 1 1 0 3 0\ncpu1 0 0 0 7 1 0 0 0 0 0\nctxt 5\n"
    # busy = user nice system irq softirq steal (guest is inside user); idle and iowait are idle
    assert affinity.parse_stat(text) == {0: (15, 70), 1: (0, 8)}


def test_the_idlest_core_is_chosen_and_a_move_needs_the_margin() -> None:
    assert affinity.choose(None, {0: 60.0, 1: 20.0, 2: 35.0}) == 1
    assert affinity.choose(None, {0: 10.0, 1: 10.0}) == 0  # a tie: the lowest core, so choices are stable
    assert affinity.choose(0, {0: 44.0, 1: 20.0}) == 0  # 24 points idler: stay
    assert affinity.choose(0, {0: 45.0, 1: 20.0}) == 1  # 25 points idler: move
    assert affinity.choose(3, {0: 50.0, 1: 20.0}) == 1  # a core no longer allowed is left


def test_busy_shares_leave_out_our_own_ticks() -> None:
    before = affinity.parse_stat(stat((0, 0), (0, 0)))
    after = affinity.parse_stat(stat((70, 30), (40, 60)))
    assert affinity.busy_shares(before, after, {}) == {0: 70.0, 1: 40.0}
    assert affinity.busy_shares(before, after, {0: 60.0}) == {0: 10.0, 1: 40.0}
    assert affinity.busy_shares(before, after, {0: 90.0}) == {0: 0.0, 1: 40.0}  # never below idle


@linux_only
@two_cores
def test_the_periodic_check_moves_only_when_another_core_is_idler_by_the_margin(restored: None) -> None:
    a, b = sorted(ALLOWED)[:2]
    # windows of 100 ticks a core on a fake machine of cores a and b: (a busy, b busy) in each
    windows = ((50, 10), (10, 30), (4, 30))
    samples = [stat((0, 0), (0, 0))]
    busy_a = busy_b = 0
    for n, (more_a, more_b) in enumerate(windows, start=1):
        busy_a, busy_b = busy_a + more_a, busy_b + more_b
        samples.append(stat((busy_a, 100 * n - busy_a), (busy_b, 100 * n - busy_b)))
    cores = frozenset({a, b})
    keeper = affinity.OneCore(cores, workers=list, read=reader(*samples), ticks=lambda pid: 0)
    keeper.begin()
    assert keeper.check() == b  # the first choice: the idler core, whatever the margin
    assert os.sched_getaffinity(0) == {b}
    assert keeper.check() == b  # core a at 10 %, b at 30 %: 20 points, not enough
    assert os.sched_getaffinity(0) == {b} and keeper.moves == 0
    assert keeper.check() == a  # core a at 4 %, b at 30 %: 26 points, so it moves
    assert os.sched_getaffinity(0) == {a} and every_thread(os.getpid()) == {frozenset({a})}
    assert keeper.moves == 1 and "1 move" in keeper.describe()


@linux_only
@two_cores
def test_our_own_cpu_does_not_make_our_core_look_busy(restored: None) -> None:
    a, b = sorted(ALLOWED)[:2]
    used = {"ticks": 0}
    samples = [stat((0, 0), (0, 0)), stat((0, 100), (20, 80)), stat((70, 130), (60, 140))]
    keeper = affinity.OneCore(
        frozenset({a, b}), workers=list, read=reader(*samples), ticks=lambda pid: used["ticks"]
    )
    keeper.begin()
    assert keeper.check() == a
    used["ticks"] = 60  # of core a's 70 busy ticks in the next window, 60 were this process's
    # without leaving them out, a at 70 % against b at 40 % would be 30 points and a move
    assert keeper.check() == a and keeper.moves == 0


@linux_only
@two_cores
def test_a_worker_started_during_the_window_counts_as_ours(restored: None) -> None:
    a, b = sorted(ALLOWED)[:2]
    workers: list[int] = []
    samples = [stat((0, 0), (0, 0)), stat((0, 100), (20, 80)), stat((40, 160), (90, 110))]
    keeper = affinity.OneCore(
        frozenset({a, b}),
        workers=lambda: list(workers),
        read=reader(*samples),
        ticks=lambda pid: 60 if pid == 4_000_000 else 0,
    )
    keeper.begin()
    assert keeper.check() == a
    workers.append(4_000_000)  # a side worker starts and uses 60 of core b's 70 busy ticks
    # other programs: a 40 %, b 10 %, so b is idler by 30 points (counted as foreign, b would be 70 %)
    assert keeper.check() == b and keeper.moves == 1


@linux_only
@two_cores
def test_auto_keeps_every_thread_on_one_core_and_gives_the_cores_back_on_exit(
    restored: None, quick: None
) -> None:
    waiting = threading.Event()
    helper = threading.Thread(target=waiting.wait)  # a thread started before: it is moved too
    helper.start()
    try:
        with affinity.kept("auto", workers=list) as keeper:
            core = placed(keeper)
            settles_on(os.getpid(), frozenset({core}))
            later = threading.Thread(target=waiting.wait)  # and one started after (inherits the core)
            later.start()
            assert every_thread(os.getpid()) == {frozenset({core})}
            assert keeper.describe() == f"kept on core {core} of {len(ALLOWED)}"
        assert every_thread(os.getpid()) == {ALLOWED}
    finally:
        waiting.set()
        helper.join()


@linux_only
def test_off_leaves_every_thread_where_the_os_puts_it(restored: None, quick: None) -> None:
    with affinity.kept("off", workers=list) as keeper:
        time.sleep(0.3)  # many times the first sample the quick fixture sets
        assert not keeper.active and keeper.core is None
        assert every_thread(os.getpid()) == {ALLOWED}
    assert keeper.describe() == "not kept on one core (one_core is off)"


@linux_only
def test_a_single_allowed_core_is_left_alone(restored: None, quick: None) -> None:
    only = min(ALLOWED)
    os.sched_setaffinity(0, {only})
    with affinity.kept("auto", workers=list) as keeper:
        time.sleep(0.3)
        assert not keeper.active and keeper.core is None
    assert os.sched_getaffinity(0) == {only}  # not widened to the machine's cores on exit either
    assert keeper.describe() == "not kept on one core (a single core allowed)"


@linux_only
@two_cores
def test_drawing_processes_run_on_the_cores_the_click_process_does_not(restored: None, quick: None) -> None:
    with drawing.started(2, warm=False) as pool:
        assert pool is not None
        with affinity.kept("auto") as keeper:
            core = placed(keeper)
            others = ALLOWED - {core}
            settles_on(os.getpid(), frozenset({core}))
            workers = pool.pids()
            assert len(workers) == 2
            for pid in workers:
                settles_on(pid, others)
            side = drawing.side(drawing.THINKING)  # started after the placing, from a pinned thread
            assert side is not None
            side.run(os.getpid)
            (side_pid,) = side.pids()
            settles_on(side_pid, others)  # placed by a later tick
            assert "its workers on " + ",".join(map(str, sorted(others))) in keeper.describe()
        # the keeper ends before the pool: every worker gets all the cores back
        for pid in [*workers, side_pid]:
            assert every_thread(pid) == {ALLOWED}
        assert os.sched_getaffinity(0) == ALLOWED


def test_the_setting_is_auto_by_default_and_takes_off() -> None:
    assert Settings().one_core == "auto"
    assert Settings(one_core=" OFF ").one_core == "off"
    with pytest.raises(ValueError, match=r"one_core|ONE_CORE"):
        Settings(one_core="2")
