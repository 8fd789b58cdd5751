"""``tablekeeper bench``: engine, render, pipeline, memory and replay figures, or a busy bot's (--scale)."""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``bench``."""
    bench = sub.add_parser("bench", help="measure engine, render, pipeline, memory and replay figures")
    bench.add_argument("--json", action="store_true", help="print one JSON document instead of a table")
    bench.add_argument("--quick", action="store_true", help="a short run (under 3 minutes)")
    bench.add_argument("--game", help="only this game")
    bench.add_argument(
        "--scale",
        action="store_true",
        help="a busy bot instead: start-up and memory against stored tables, clicks/s for 1..N "
        "processes and drawing pools, sweeps against due deadlines, database bytes (--quick: ~1 minute)",
    )
    bench.add_argument(
        "--targets",
        action="store_true",
        help="with --scale: only issue 27's click targets (clicks per CPU-second, the drawing pool's "
        "gain over threads, p99 at 4 clicks in flight), runs alternated, medians of 3 (--quick: 1)",
    )
    bench.add_argument(
        "--bots",
        action="store_true",
        help="the bots instead: CPU per decision of each game mode's hard bot at its move budget, "
        "beside the per-decision cap (--quick: one game a mode)",
    )
    # internal: `bench --scale` times start-up in a fresh process that runs this
    bench.add_argument("--startup-probe", metavar="URL", help=argparse.SUPPRESS)
    bench.set_defaults(run=cmd_bench)


def cmd_bench(args: argparse.Namespace) -> int:
    """``tablekeeper bench``."""
    import asyncio

    if args.startup_probe:
        return asyncio.run(startup_probe(args.startup_probe))
    if args.scale:
        from bot.bench.scale import main as scale_main

        return scale_main(quick=args.quick, as_json=args.json, targets=args.targets)
    if args.bots:
        from bot.bench.decisions import main as bots_main

        return bots_main(quick=args.quick, as_json=args.json, game=args.game)
    from bot.bench.runner import main as bench_main

    return bench_main(quick=args.quick, as_json=args.json, game=args.game)


async def startup_probe(url: str) -> int:
    """What ``tablekeeper run`` does before it connects to Discord, then one JSON line.

    The content check, the database check, and the bot's set-up (migrations, services, cogs);
    only the command sync, a request to Discord, is skipped. ``bench --scale`` runs this in a
    fresh process and times it from the outside, imports included; the line carries the peak
    resident memory and how many tables were loaded (none should be).
    """
    import json
    import resource
    import time

    from bot.discord.client import TablekeeperBot
    from bot.service import affinity, drawing
    from bot.settings import Settings
    from engines import registry

    imported = time.perf_counter()  # the rest is what stored tables could slow down
    registry.check_all()
    from bot.store.migrate import current_revision

    await current_revision(url)
    from bot.settings import load_settings

    settings = load_settings()
    bot = TablekeeperBot(Settings(database_url=url, discord_token="unused"))

    async def no_sync() -> None:
        return None

    bot.sync_commands = no_sync  # type: ignore[method-assign]  # the one request to Discord
    # the pool and the core keeper as `run` starts them
    with drawing.started(settings.drawing_processes()) as pool, affinity.kept(settings.one_core):
        await bot.setup_hook()
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KB
        setup = time.perf_counter() - imported
        print(
            json.dumps(
                {
                    "peak_rss_mb": peak_mb,
                    "cached": bot.services.runtime.cache_size,
                    "after_imports_s": setup,
                    "draw_processes": pool.size if pool is not None else 0,
                }
            ),
            flush=True,
        )
        for cog in list(bot.cogs):  # stop the timer loop before the database goes
            await bot.remove_cog(cog)
        await bot.services.close()
    return 0
