"""``tablekeeper ratings rebuild`` and ``ratings show GAME``: the command-line side of the ratings.

Both read TABLEKEEPER_DATABASE_URL; a database that fails is one line and status 1.
"""

from __future__ import annotations

import argparse

from bot.cli.stderr import EXIT_FAILED, EXIT_USAGE, fail, first_line


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``ratings rebuild`` and ``ratings show``."""
    ratings = sub.add_parser("ratings", help="recompute ratings from the results, or print a game's ladders")
    ratings_sub = ratings.add_subparsers(dest="ratings_command", required=True)
    ratings_sub.add_parser(
        "rebuild", help="recompute every rating from the stored results, in the order they were rated"
    )
    show = ratings_sub.add_parser("show", help="print a game's ladders everywhere: people, then bots")
    show.add_argument("game", help="the game's slug (see `tablekeeper games`)")
    show.add_argument("--mode", default=None, help="only this mode's ratings")
    show.add_argument("--top", type=int, default=20, help="how many people to list (default 20)")
    ratings.set_defaults(run=cmd_ratings)


def cmd_ratings(args: argparse.Namespace) -> int:
    """Run a ratings sub-command; one line and status 1 when the database fails."""
    import asyncio

    from sqlalchemy.exc import SQLAlchemyError

    from bot.service.values import ServiceError
    from bot.settings import load_settings

    url = load_settings().database_url
    try:
        if args.ratings_command == "rebuild":
            return asyncio.run(_rebuild(url))
        return asyncio.run(_show(url, args.game, args.mode, max(1, args.top)))
    except ServiceError as exc:
        return fail(exc.message, status=EXIT_USAGE)
    except (SQLAlchemyError, OSError) as exc:
        reason = first_line(exc)
        return fail(f"the database at TABLEKEEPER_DATABASE_URL failed: {reason}.", status=EXIT_FAILED)


async def _rebuild(url: str) -> int:
    from bot.service.ratings import rebuild
    from bot.store.db import Database

    db = Database(url)
    try:
        done = await rebuild(db)
    finally:
        await db.dispose()
    print(f"Rebuilt {done.ratings} ratings from {done.games} rated games.")
    return 0


async def _show(url: str, game: str, mode: str | None, top: int) -> int:
    from bot.service import Services
    from bot.service.values import Board
    from bot.settings import load_settings

    services = await Services.start(load_settings(), url=url, migrate=False)
    try:
        people: list[Board] = []
        page = 0
        while sum(len(b.rows) for b in people) < top:
            board = await services.stats.board(game, mode, scope="everywhere", page=page)
            people.append(board)
            page += 1
            if page >= board.pages:
                break
        bots = await services.stats.board(game, mode, scope="everywhere", kind="bot")
    finally:
        await services.close()
    first = people[0]
    heading = f"{first.game}{' ' + first.mode if first.mode else ''}: ratings everywhere"
    print(heading)
    print(f"People (ranked after {first.provisional_games} rated games):")
    rows = [r for b in people for r in b.rows][:top]
    for r in rows:
        print(f"  {r.rank:>4}. {r.name:<30} {r.rating:>5}  {r.wins}/{r.games} won")
    if not rows:
        print("  nobody ranked yet")
    print("Bots and automata:")
    for r in bots.rows:
        print(f"  {r.rank:>4}. {r.name:<30} {r.rating:>5}  {r.wins}/{r.games} won")
    if not bots.rows:
        print("  none rated yet")
    return 0
