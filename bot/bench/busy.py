"""A busy bot's clicks: many interleaved tables of real games, new player names, many clicks in flight.

One table clicked at a time keeps the renderers' picture caches warm (each click redraws what
the last one drew) and its names' text already rasterised, which a bot serving thousands of
tables never enjoys. Here every table gets players never seen before, clicks land on tables in
random order with ``inflight`` of them at once, and each click is timed through the adapter's
database follow-up (:func:`follow_up`), as a click costs in a running bot. Warm-up tables use
other names than the measured ones.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.bench.cpu import CENTRES, Sampler, ServerCpu, Split
from bot.bench.samples import Names
from bot.bench.stats import fmt, median, percentile
from bot.service import Delivery, DmRef, SeatUpdate, ServiceError, Services
from bot.service.projection import fingerprint
from bot.service.values import PublicRef
from engines import registry
from render import registry as renderers
from render.core.renderer import MemoRenderer

#: (game, mode, in DMs): what a busy bot's tables play; DM solo games are most of the clicks
MIX: tuple[tuple[str, str, bool], ...] = (
    ("clashofdecks", "solo", True),
    ("hackclad", "solo", True),
    ("clashofdecks", "duel", False),
    ("hackclad", "basic", False),
    ("arclash", "standard", False),
)
#: one run's raw figures: click ms, follow-up ms, refused clicks, seconds, (picture hits, misses),
#: and where the CPU went
Run = tuple[list[float], list[float], int, float, tuple[int, int], Split]


@dataclass(frozen=True)
class ClickFigures:
    """Clicks of one process (or the sum of several) with many tables interleaved."""

    processes: int
    draw_processes: int
    clicks: int
    refused: int
    seconds: float
    clicks_per_s: float
    ms_p50: float
    ms_p99: float
    follow_up_ms_p50: float  # the adapter's database work after the click, part of ms_*
    picture_hit_rate: float  # share of pictures the renderers' caches already held
    cpu_s: float = float("nan")  # CPU of the clicking processes, their drawing pools and the database server
    server_cpu_s: float | None = None  # the database server's part (None: not measurable here)
    shares: tuple[tuple[str, float], ...] = ()  # (cost centre, share of cpu_s)
    pictures_drawn: int = 0  # pictures missing from the caches, so drawn (in threads or the pool)
    one_core: str = ""  # where each clicking process ran (bot.service.affinity), "; " between them

    @property
    def clicks_per_cpu_s(self) -> float:
        """Clicks per CPU-second: the figure a busy machine does not inflate as it does wall time."""
        return self.clicks / self.cpu_s if self.cpu_s > 0 else float("nan")

    def cpu_line(self) -> str:
        """Clicks per CPU-second beside clicks per second, and each cost centre's share of the CPU."""
        server = ""
        if self.server_cpu_s is not None:
            server = f", the database server's {fmt(1000 * self.server_cpu_s / self.clicks)} ms"
        shares = ", ".join(f"{name} {fmt(100 * share)}%" for name, share in self.shares)
        drawn = self.pictures_drawn / self.clicks if self.clicks else float("nan")
        return (
            f"CPU: {fmt(self.clicks_per_cpu_s)} clicks per CPU-second beside {fmt(self.clicks_per_s)} per "
            f"second ({fmt(1000 / self.clicks_per_cpu_s)} ms a click{server}; "
            f"all database work {fmt(self.db_cpu_ms)} ms a click); {shares}; "
            f"{fmt(drawn)} pictures drawn a click, "
            f"{fmt(self.picture_cpu_ms)} ms of drawing and PNG CPU each"
        )

    @property
    def picture_cpu_ms(self) -> float:
        """CPU per picture drawn (drawing and PNG shares): tells more pictures from dearer ones."""
        parts = dict(self.shares)
        drawing = parts.get("drawing", 0.0) + parts.get("png", 0.0)
        return 1000 * drawing * self.cpu_s / self.pictures_drawn if self.pictures_drawn else float("nan")

    @property
    def db_cpu_ms(self) -> float:
        """CPU per click of all database work: the client's share plus the server's."""
        parts = dict(self.shares)
        db = parts.get("database client", 0.0) + parts.get("database server", 0.0)
        return 1000 * db * self.cpu_s / self.clicks if self.clicks else float("nan")


def _dm_digest(update: SeatUpdate) -> str:
    """The bench's stand-in for the adapter's DM fingerprint: the question asked, then the seat's token."""
    prompt = update.prompt
    if prompt is None:
        return f"-.{update.token}"
    return f"{fingerprint(prompt.kind, prompt.text, prompt.sealed, update.deadline_ts)[:16]}.{update.token}"


async def follow_up(
    services: Services, delivery: Delivery, message_id: int, actor: int | None = None
) -> None:
    """The database work the Discord adapter does after a click, with no Discord.

    As ``Courier.publish``: what the messages show comes with the delivery (read in the click's
    own transaction; read here when it is not), the table message's new digest is recorded when
    it changed and each DM whose fingerprint changed is recorded, all in one transaction at the
    end, except that a new DM message (a seat asked anew by someone else's move, or one without
    a message yet) is recorded at once, before the next request, taking what waits with it; the
    turn ping reads the server's mention setting unless the delivery brought it. A DM solo game is
    one message, recorded once.
    """
    table = delivery.table
    if table.solo:
        if table.public_message_id is None:
            await services.tables.record_public_message(table.id, message_id)
        return
    public = delivery.public
    shown = delivery.shown if delivery.shown is not None else await services.tables.shown(table.id)
    waiting = PublicRef(message_id, public.digest) if shown.public.digest != public.digest else None
    dms: dict[int, DmRef] = {}
    plans = []
    for update in delivery.seats:
        ref = shown.dms.get(update.seat)
        digest = _dm_digest(update)
        if ref is not None and ref.message_id is not None and ref.digest == digest:
            continue  # the DM already shows this
        before = ref.digest.split(".", 1)[0] if ref is not None and ref.digest else None
        anew = update.prompt is not None and digest.split(".", 1)[0] != before
        fresh = ref is None or ref.message_id is None or (anew and update.user_id != actor)
        plans.append((fresh, update.seat, digest))
    for fresh, seat, digest in sorted(plans, key=lambda plan: plan[0]):  # edits first, as the adapter
        dms[seat] = DmRef(message_id + 1 + seat, digest)
        if fresh:
            await services.tables.record_shown(table.id, waiting, dms)
            waiting, dms = None, {}
    if waiting is not None or dms:
        await services.tables.record_shown(table.id, waiting, dms)
    if shown.mention is None and shown.public.digest != public.digest and table.guild_id is not None:
        await services.guilds.get(table.guild_id)  # the turn ping asks whether to mention


class _Tables:
    """Opens tables of the mix with fresh players on fresh channels."""

    def __init__(self, services: Services, names: Names, rng: random.Random, base: int) -> None:
        self.services = services
        self.names = names
        self.rng = rng
        self.ids = itertools.count(base)

    async def open(self) -> Delivery:
        """A new table of a random game of the mix, started, every seat a new person."""
        slug, mode, dm = self.rng.choice(MIX)
        tables = self.services.tables
        user = next(self.ids)
        if dm:
            return await tables.open_solo(user, user, slug, mode, name=self.names(), seed=user)
        players = min(registry.get(slug).mode(mode).players)
        info = await tables.open_table(1_000_000 + user % 97, user, user, self.names(), slug, mode, {})
        for _ in range(1, players):
            await tables.join(info.id, next(self.ids), self.names())
        return await tables.start(info.id, user)


def _hits() -> tuple[int, int]:
    hits = misses = 0
    for slug in renderers.slugs():
        try:
            renderer = renderers.get(slug)
        except (KeyError, ImportError):
            continue
        if isinstance(renderer, MemoRenderer):
            hits, misses = hits + renderer.memo.hits, misses + renderer.memo.misses
    return hits, misses


def _pool_pids() -> list[int]:
    from bot.service import drawing

    pool = drawing.current()
    return pool.pids() if pool is not None else []


async def _click(services: Services, delivery: Delivery, rng: random.Random) -> tuple[Delivery, int]:
    """One random legal choice of a seat that is asked; (what it delivered, who clicked)."""
    seat = rng.choice(delivery.public.waiting_on)
    own = next(u for u in delivery.seats if u.seat == seat)
    action = rng.choice(own.actions)
    after = await services.tables.act(delivery.table.id, own.user_id, own.token, action.key, seat=seat)
    return after, own.user_id


def _playable(delivery: Delivery | None) -> bool:
    if delivery is None or delivery.outcome is not None or not delivery.public.waiting_on:
        return False
    return any(u.actions for u in delivery.seats if u.seat in delivery.public.waiting_on)


async def busy_clicks(
    services: Services,
    *,
    tables: int,
    inflight: int,
    clicks: int,
    seed: int = 1,
    warm: int = 0,
    ready: Callable[[], object] | None = None,
    server: ServerCpu | None = None,
) -> Run:
    """Click ``clicks`` times over ``tables`` interleaved tables, ``inflight`` at once.

    Returns (click ms, follow-up ms, refused, seconds, (picture hits, misses), CPU split). ``warm`` untimed
    clicks on other tables with other names come first; ``ready`` is called just before the
    timed clicks (processes measured together wait for each other there). ``server``: the
    database server's CPU, attached to ``services``' engine before its first connection.
    """
    rng = random.Random(seed)
    # fresh channel and user ids each run (a channel holds one open game), whatever the seed
    base = random.SystemRandom().randrange(1 << 40, 1 << 50)
    if warm:
        warming = _Tables(services, Names(f"w{seed}."), rng, base + 5_000_000)
        live_warm = [await warming.open() for _ in range(max(1, inflight // 2))]
        for i in range(warm):
            slot = i % len(live_warm)
            if not _playable(live_warm[slot]):
                live_warm[slot] = await warming.open()
                continue
            try:
                live_warm[slot], _ = await _click(services, live_warm[slot], rng)
            except ServiceError:
                live_warm[slot] = await warming.open()
    maker = _Tables(services, Names(f"p{seed}."), rng, base)
    live: list[Delivery] = [await maker.open() for _ in range(tables)]
    busy: set[int] = set()
    times: list[float] = []
    follow: list[float] = []
    refused = 0
    taken = 0  # clicks handed out, so exactly ``clicks`` are made however many run at once
    if ready is not None:
        ready()
    hits0 = _hits()
    sampler = Sampler(_pool_pids(), server)
    started = time.perf_counter()

    async def clicker() -> None:
        nonlocal refused, taken
        while taken < clicks:
            free = [i for i in range(len(live)) if i not in busy]
            if not free:
                await asyncio.sleep(0)
                continue
            slot = rng.choice(free)
            busy.add(slot)
            try:
                delivery = live[slot]
                if not _playable(delivery):
                    live[slot] = await maker.open()  # a game ended: a new table takes its place
                    continue
                taken += 1
                start = time.perf_counter()
                try:
                    after, actor = await _click(services, delivery, rng)
                except ServiceError:
                    refused += 1
                    live[slot] = await maker.open()
                    continue
                middle = time.perf_counter()
                await follow_up(services, after, 7_000_000_000 + after.table.id * 16, actor)
                end = time.perf_counter()
                times.append((end - start) * 1000)
                follow.append((end - middle) * 1000)
                live[slot] = after
            finally:
                busy.discard(slot)

    await asyncio.gather(*(clicker() for _ in range(inflight)))
    seconds = time.perf_counter() - started
    split = sampler.stop()
    hits1 = _hits()
    return times, follow, refused, seconds, (hits1[0] - hits0[0], hits1[1] - hits0[1]), split


def figures(
    processes: int,
    draw_processes: int,
    times: list[float],
    follow: list[float],
    refused: int,
    seconds: float,
    hits: tuple[int, int],
    split: Split | None = None,
    one_core: str = "",
) -> ClickFigures:
    """Summarise the clicks of one run (several processes' lists joined, ``seconds`` the longest)."""
    looked = hits[0] + hits[1]
    shares = split.shares() if split is not None else {}
    return ClickFigures(
        processes=processes,
        draw_processes=draw_processes,
        clicks=len(times),
        refused=refused,
        seconds=seconds,
        clicks_per_s=len(times) / seconds if seconds else float("nan"),
        ms_p50=median(times),
        ms_p99=percentile(times, 99),
        follow_up_ms_p50=median(follow),
        picture_hit_rate=hits[0] / looked if looked else float("nan"),
        cpu_s=split.total_s if split is not None else float("nan"),
        server_cpu_s=split.server_s if split is not None else None,
        shares=tuple((centre, shares[centre]) for centre in CENTRES if centre in shares),
        pictures_drawn=hits[1],
        one_core=one_core,
    )


def run_in_process(url: str, options: dict[str, Any], barrier: Any = None, out: Any = None) -> Run:
    """Open services on ``url`` (migrated already) and run :func:`busy_clicks`; for child processes.

    ``options``: busy_clicks' keywords plus ``draw_processes`` and ``one_core`` (the setting's
    value; by default the one ``run`` would read here); ``barrier`` (a multiprocessing Barrier)
    lines the processes up before the timed clicks; ``out`` (a Queue) gets the result and where
    the process ran. The pool and the core keeper are started as ``run`` and ``work`` start them.
    """
    from bot.service import affinity, drawing
    from bot.settings import Settings, load_settings

    options = dict(options)
    draw = int(options.pop("draw_processes", 0))
    one_core = str(options.pop("one_core", None) or load_settings().one_core)

    async def go() -> Run:
        services = await Services.start(Settings(database_url=url), url=url, migrate=False)
        server = None if services.db.serialised else ServerCpu(services.db.engine)
        try:
            return await busy_clicks(
                services, ready=barrier.wait if barrier is not None else None, server=server, **options
            )
        finally:
            await services.close()

    with drawing.started(draw), affinity.kept(one_core) as keeper:
        result = asyncio.run(go())
        where = keeper.describe()
    if out is not None:
        out.put((result, where))
    return result


def run_processes(url: str, processes: int, options: dict[str, Any]) -> ClickFigures:
    """:func:`busy_clicks` in ``processes`` processes at once on one database, summed.

    Each process has its own tables (its own seed) and waits for the others before its timed
    clicks; clicks/s is all the clicks over the longest process's time.
    """
    import multiprocessing
    import queue

    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(processes)
    out = context.Queue()
    children = [
        context.Process(
            target=run_in_process, args=(url, {**options, "seed": options.get("seed", 1) + i}, barrier, out)
        )
        for i in range(processes)
    ]
    for child in children:
        child.start()
    results: list[Run] = []
    places: list[str] = []
    while len(results) < processes:
        try:
            result, where = out.get(timeout=1.0)
            results.append(result)
            places.append(where)
        except queue.Empty:
            failed = [c.exitcode for c in children if c.exitcode not in (None, 0)]
            if failed:
                for child in children:
                    child.kill()
                raise RuntimeError(f"a clicking process failed (exit status {failed[0]})") from None
    for child in children:
        child.join()
    times = [t for r in results for t in r[0]]
    follow = [t for r in results for t in r[1]]
    hits = (sum(r[4][0] for r in results), sum(r[4][1] for r in results))
    split = Split()
    for r in results:
        split = split.add(r[5])
    return figures(
        processes,
        int(options.get("draw_processes", 0)),
        times,
        follow,
        sum(r[2] for r in results),
        max(r[3] for r in results),
        hits,
        split,
        "; ".join(places),
    )
