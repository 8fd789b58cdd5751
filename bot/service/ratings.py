"""Ratings kept up to date in each game's final commit, and recomputed from results on request.

``record`` runs inside the transaction that writes a finished game's results (see
``Pipeline._record_results``): it claims the game in ``rated_games`` (a primary key, so a game is
rated at most once; the commit itself is guarded by the table's row version, so it happens at
least once with the results), locks the ratings it touches and writes the new ones and what moved.
``rebuild`` empties the derived tables and replays every claimed game in order through the same
:func:`bot.service.rating.rate`, so it reproduces what the incremental updates stored.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection

from bot.service.rating import Key, Moved, RatedGame, SeatResult, Standing, fresh, keys, rate, sides
from bot.store import ratings_repo as repo
from bot.store.db import Database

#: the table option a host turns off for a casual game
RATED_OPTION = "rated"
_REBUILD_BATCH = 500


def is_rated(options: Mapping[str, Any]) -> bool:
    """Whether a table's options leave it rated (the default) rather than casual."""
    return options.get(RATED_OPTION, True) is not False


def seat_results(rows: Sequence[Any]) -> tuple[SeatResult, ...]:
    """``results`` rows (or the dicts written as them) as rating reads them."""
    return tuple(
        SeatResult(
            seat=int(r["seat"]),
            user_id=r["user_id"],
            bot=r["bot"],
            name=r["name"],
            rank=int(r["rank"]),
            won=bool(r["won"]),
            forfeit=bool(r["forfeit"]),
        )
        for r in rows
    )


def _row(key: Key, standing: Standing) -> dict[str, Any]:
    board, game, mode, entity = key
    values = asdict(standing)
    return {"board": board, "game": game, "mode": mode, "entity": entity, "shown": standing.shown, **values}


def _standing(row: Any) -> Standing:
    return Standing(
        kind=row["kind"],
        user_id=row["user_id"],
        name=row["name"],
        mu=float(row["mu"]),
        sigma=float(row["sigma"]),
        games=int(row["games"]),
        wins=int(row["wins"]),
        updated_at=float(row["updated_at"]),
    )


def _change_rows(game: RatedGame, moved: Sequence[Moved]) -> list[dict[str, Any]]:
    return [
        {
            "table_id": game.table_id,
            "board": m.key[0],
            "game": m.key[1],
            "mode": m.key[2],
            "entity": m.key[3],
            "user_id": m.user_id,
            "before": m.before,
            "after": m.after,
            "won": m.won,
            "at": game.at,
        }
        for m in moved
    ]


async def record(
    connection: AsyncConnection,
    *,
    table_id: int,
    guild_id: int | None,
    game: str,
    mode: str,
    config: Mapping[str, Any],
    outcome: Mapping[str, Any],
    results: Sequence[Mapping[str, Any]],
    finished_at: float,
) -> list[Moved]:
    """Rate a finished game inside its final commit; return what moved (nothing if not rated)."""
    season = await repo.season_of(connection, guild_id)
    rated = RatedGame(
        table_id, guild_id, season, game, mode, finished_at, config, outcome, seat_results(results)
    )
    played = sides(rated)
    if not played:
        return []
    entities = {m.key: m for side in played for m in side.members}
    wanted = keys(rated, list(entities.values()))
    await repo.ensure(connection, [_row(k, fresh(entities[k[3]], finished_at)) for k in wanted])
    locked = await repo.lock(connection, wanted)
    current = {
        (r["board"], r["game"], r["mode"], r["entity"]): _standing(r) for r in locked if int(r["games"]) > 0
    }
    # Rated after every update already on these rows, so a rebuild replays in the same order.
    last = max((s.updated_at for s in current.values()), default=finished_at)
    at = finished_at if last < finished_at else math.nextafter(last, math.inf)
    claim = {"table_id": table_id, "guild_id": guild_id, "season": season, "game": game, "mode": mode}
    if not await repo.claim(connection, {**claim, "rated_at": at}):
        return []  # already rated: never twice
    rated = replace(rated, at=at)
    new, moved = rate(rated, played, current)
    await repo.save(connection, [_row(k, s) for k, s in sorted(new.items())])
    await repo.insert_changes(connection, _change_rows(rated, moved))
    return moved


@dataclass(frozen=True)
class Rebuilt:
    """What a rebuild did."""

    games: int
    ratings: int


def _rated_game(row: Any, results: Sequence[Any]) -> RatedGame:
    return RatedGame(
        table_id=int(row["table_id"]),
        guild_id=row["guild_id"],
        season=int(row["season"]),
        game=row["game"],
        mode=row["mode"],
        at=float(row["rated_at"]),
        config=row["config"] or {},
        outcome=row["outcome"] or {},
        seats=seat_results(results),
    )


async def rebuild(db: Database) -> Rebuilt:
    """Recompute every rating from the results of the rated games, in order, in one transaction."""
    current: dict[Key, Standing] = {}
    changes: list[dict[str, Any]] = []
    games = 0
    async with db.begin() as connection:
        await repo.clear_derived(connection)
        after: tuple[float, int] | None = None
        while True:
            batch = await repo.rated_games(connection, after, _REBUILD_BATCH)
            if not batch:
                break
            by_table: dict[int, list[Any]] = {}
            for r in await repo.results_of(connection, [int(g["table_id"]) for g in batch]):
                by_table.setdefault(int(r["table_id"]), []).append(r)
            for row in batch:
                rated = _rated_game(row, by_table.get(int(row["table_id"]), []))
                played = sides(rated)
                if played:
                    new, moved = rate(rated, played, current)
                    current.update(new)
                    changes += _change_rows(rated, moved)
                    games += 1
            last = batch[-1]
            after = (float(last["rated_at"]), int(last["table_id"]))
        rows = [_row(k, s) for k, s in sorted(current.items())]
        for start in range(0, len(rows), _REBUILD_BATCH):
            await repo.insert_ratings(connection, rows[start : start + _REBUILD_BATCH])
        for start in range(0, len(changes), _REBUILD_BATCH):
            await repo.insert_changes(connection, changes[start : start + _REBUILD_BATCH])
    return Rebuilt(games, len(rows))
