"""The SQL of ratings: claiming a game once, locking and saving ratings, and the boards' reads.

Writes run inside the caller's transaction (the game's final commit, or a rebuild). Two processes
finishing games of the same people at once serialize on the rating rows: each first inserts any
missing row (``ON CONFLICT DO NOTHING`` waits for the other's insert of the same key instead of
failing), then locks the rows with ``SELECT ... FOR UPDATE`` in key order, so two transactions
never hold each other's rows (no deadlock). SQLite ignores ``FOR UPDATE``: its writers are already
one at a time (``BEGIN IMMEDIATE``). The reads are ranges over ``ix_ratings_ladder``,
``ix_ratings_user`` and ``ix_rating_changes_user``, never scans.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import (
    Integer,
    String,
    bindparam,
    cast,
    delete,
    exists,
    func,
    insert,
    literal,
    select,
    tuple_,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import RowMapping
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.store import schema

_r = schema.ratings
_c = schema.rating_changes
_g = schema.rated_games
_h = schema.hidden_players
_s = schema.seasons
_KEY = (_r.c.board, _r.c.game, _r.c.mode, _r.c.entity)


def _insert_ignoring(connection: AsyncConnection, table: Any) -> Any:
    """``INSERT ... ON CONFLICT DO NOTHING`` in the connection's dialect."""
    if connection.dialect.name == "postgresql":
        return postgresql.insert(table).on_conflict_do_nothing()
    return sqlite.insert(table).on_conflict_do_nothing()


# ---------------------------------------------------------------------- writing
async def season_of(connection: AsyncConnection, guild_id: int | None) -> int:
    """The current season of ``guild_id`` (1 when it never started one; 0 for a game in DMs)."""
    if guild_id is None:
        return 0
    found = await connection.scalar(
        select(schema.guild_settings.c.season).where(schema.guild_settings.c.guild_id == guild_id)
    )
    return 1 if found is None else int(found)


async def claim(connection: AsyncConnection, values: Mapping[str, Any]) -> bool:
    """Record that a game is rated; False when it already was (its primary key exists)."""
    result = await connection.execute(_insert_ignoring(connection, _g).values(**values))
    return bool(result.rowcount)


async def ensure(connection: AsyncConnection, rows: Sequence[Mapping[str, Any]]) -> None:
    """Insert the rating rows that do not exist yet (``rows`` in key order); leave the others."""
    if rows:
        await connection.execute(_insert_ignoring(connection, _r), [dict(r) for r in rows])


async def lock(connection: AsyncConnection, keys: Sequence[tuple[str, str, str, str]]) -> list[RowMapping]:
    """The rating rows with these keys, locked until the transaction ends, taken in key order."""
    query = select(_r).where(tuple_(*_KEY).in_(list(keys))).order_by(*_KEY).with_for_update()
    return list((await connection.execute(query)).mappings())


async def save(connection: AsyncConnection, rows: Sequence[Mapping[str, Any]]) -> None:
    """Overwrite rating rows (one parameter set per row, matched on its key)."""
    if not rows:
        return
    statement = (
        update(_r)
        .where(
            _r.c.board == bindparam("k_board"),
            _r.c.game == bindparam("k_game"),
            _r.c.mode == bindparam("k_mode"),
            _r.c.entity == bindparam("k_entity"),
        )
        .values(
            name=bindparam("name"),
            mu=bindparam("mu"),
            sigma=bindparam("sigma"),
            shown=bindparam("shown"),
            games=bindparam("games"),
            wins=bindparam("wins"),
            updated_at=bindparam("updated_at"),
        )
    )
    params = [{**{f"k_{k}": r[k] for k in ("board", "game", "mode", "entity")}, **r} for r in rows]
    for p in params:
        for k in ("board", "game", "mode", "entity", "kind", "user_id"):
            p.pop(k, None)
    await connection.execute(statement, params)


async def insert_ratings(connection: AsyncConnection, rows: Sequence[Mapping[str, Any]]) -> None:
    """Insert rating rows (a rebuild, into an emptied table)."""
    if rows:
        await connection.execute(insert(_r), [dict(r) for r in rows])


async def insert_changes(connection: AsyncConnection, rows: Sequence[Mapping[str, Any]]) -> None:
    """Record what a game changed."""
    if rows:
        await connection.execute(insert(_c), [dict(r) for r in rows])


async def clear_derived(connection: AsyncConnection) -> None:
    """Delete every rating and change (before a rebuild)."""
    await connection.execute(delete(_c))
    await connection.execute(delete(_r))


async def rated_games(
    connection: AsyncConnection, after: tuple[float, int] | None, limit: int
) -> list[RowMapping]:
    """The next ``limit`` rated games in rating order (rated_at, table_id), with config and outcome."""
    t = schema.tables
    query = (
        select(_g, t.c.config, t.c.outcome)
        .join(t, t.c.id == _g.c.table_id)
        .order_by(_g.c.rated_at, _g.c.table_id)
        .limit(limit)
    )
    if after is not None:
        query = query.where(tuple_(_g.c.rated_at, _g.c.table_id) > tuple_(*after))
    return list((await connection.execute(query)).mappings())


async def results_of(connection: AsyncConnection, table_ids: Sequence[int]) -> list[RowMapping]:
    """The ``results`` rows of these games, by game and seat."""
    r = schema.results
    query = select(r).where(r.c.table_id.in_(list(table_ids))).order_by(r.c.table_id, r.c.seat)
    return list((await connection.execute(query)).mappings())


async def all_ratings(connection: AsyncConnection) -> list[RowMapping]:
    """Every rating row in key order (to compare a rebuild with what was stored)."""
    return list((await connection.execute(select(_r).order_by(*_KEY))).mappings())


async def all_changes(connection: AsyncConnection) -> list[RowMapping]:
    """Every change row in key order."""
    query = select(_c).order_by(_c.c.table_id, _c.c.board, _c.c.mode, _c.c.entity)
    return list((await connection.execute(query)).mappings())


# ---------------------------------------------------------------------- reading the boards
def _ladder_where(board: str, game: str, mode: str, kind: str, min_games: int) -> list[Any]:
    """Who is ranked on a board: its ``kind`` with at least ``min_games`` games (never fewer than one)."""
    where = [_r.c.board == board, _r.c.game == game, _r.c.mode == mode, _r.c.kind == kind]
    where.append(_r.c.games >= max(min_games, 1))
    return where


def _not_hidden() -> Any:
    """People who hid themselves stay off the board everyone everywhere sees."""
    return ~exists().where(_h.c.user_id == _r.c.user_id)


async def ladder(
    connection: AsyncConnection,
    board: str,
    game: str,
    mode: str,
    kind: str,
    min_games: int,
    offset: int,
    limit: int,
) -> list[RowMapping]:
    """A page of a board's ladder, best first (ties: more games, then the key, from the end).

    Read backwards along ``ix_ratings_ladder`` (whose columns are exactly this order), so a page
    costs the rows before it, never a sort of the whole board.
    """
    where = _ladder_where(board, game, mode, kind, min_games)
    if board == "*":
        where.append(_not_hidden())
    query = (
        select(_r)
        .where(*where)
        .order_by(_r.c.shown.desc(), _r.c.games.desc(), _r.c.entity.desc())
        .offset(offset)
        .limit(limit)
    )
    return list((await connection.execute(query)).mappings())


async def ranked_count(
    connection: AsyncConnection,
    board: str,
    game: str,
    mode: str,
    kind: str,
    min_games: int,
    above: int | None,
) -> int:
    """How many are ranked on a board (only those shown above ``above`` when given).

    A count over the range of ``ix_ratings_ladder`` alone. On the board everywhere the people who
    hid themselves are counted apart (a few, each found by its key) and taken off, so the count
    never has to visit every row to look its person up.
    """
    where = _ladder_where(board, game, mode, kind, min_games)
    if above is not None:
        where.append(_r.c.shown > above)
    total = int(await connection.scalar(select(func.count()).select_from(_r).where(*where)) or 0)
    if board == "*" and kind == "person":
        entity = literal("u").concat(cast(_h.c.user_id, String))
        hidden = select(func.count()).select_from(_h.join(_r, _r.c.entity == entity)).where(*where)
        total -= int(await connection.scalar(hidden) or 0)
    return total


async def standing(
    connection: AsyncConnection, board: str, game: str, mode: str, entity: str
) -> RowMapping | None:
    """One rating row."""
    query = select(_r).where(_r.c.board == board, _r.c.game == game, _r.c.mode == mode, _r.c.entity == entity)
    return (await connection.execute(query)).mappings().first()


async def user_ratings(
    connection: AsyncConnection, user_id: int, board: str, game: str | None
) -> list[RowMapping]:
    """A person's whole-game ratings on a board, most played first."""
    query = select(_r).where(_r.c.user_id == user_id, _r.c.board == board, _r.c.mode == "")
    if game is not None:
        query = query.where(_r.c.game == game)
    return list((await connection.execute(query.order_by(_r.c.games.desc(), _r.c.game))).mappings())


async def changes(
    connection: AsyncConnection, user_id: int, game: str, board: str, limit: int
) -> list[RowMapping]:
    """A person's latest whole-game rating changes on a board, newest first, with the game's mode."""
    query = (
        select(_c, _g.c.mode.label("table_mode"))
        .join(_g, _g.c.table_id == _c.c.table_id)
        .where(_c.c.user_id == user_id, _c.c.game == game, _c.c.board == board, _c.c.mode == "")
        .order_by(_c.c.at.desc(), _c.c.table_id.desc())
        .limit(limit)
    )
    return list((await connection.execute(query)).mappings())


async def table_changes(connection: AsyncConnection, table_id: int, board: str) -> list[RowMapping]:
    """What one game changed on a board (its whole-game ratings), for the final table message."""
    query = select(_c).where(_c.c.table_id == table_id, _c.c.board == board, _c.c.mode == "")
    return list((await connection.execute(query)).mappings())


async def current_shown(
    connection: AsyncConnection, board: str, game: str, user_ids: Sequence[int]
) -> dict[int, tuple[int, int]]:
    """(shown, games) of these people's whole-game ratings on a board (the lobby's numbers)."""
    if not user_ids:
        return {}
    query = select(_r.c.user_id, _r.c.shown, _r.c.games).where(
        _r.c.board == board,
        _r.c.game == game,
        _r.c.mode == "",
        _r.c.entity.in_([f"u{u}" for u in user_ids]),
    )
    return {int(u): (int(s), int(g)) for u, s, g in (await connection.execute(query)).all()}


# ---------------------------------------------------------------------- seasons and privacy
async def seasons(connection: AsyncConnection, guild_id: int) -> list[RowMapping]:
    """A server's named seasons, oldest first."""
    query = select(_s).where(_s.c.guild_id == guild_id).order_by(_s.c.number)
    return list((await connection.execute(query)).mappings())


async def add_season(connection: AsyncConnection, guild_id: int, number: int, name: str, at: float) -> None:
    """Record a season's name and start."""
    await connection.execute(insert(_s).values(guild_id=guild_id, number=number, name=name, started_at=at))


async def set_season(connection: AsyncConnection, guild_id: int, number: int) -> None:
    """Make ``number`` the server's current season (its settings row exists)."""
    g = schema.guild_settings
    await connection.execute(update(g).where(g.c.guild_id == guild_id).values(season=number))


async def is_hidden(connection: AsyncConnection, user_id: int) -> bool:
    """Whether the person hides themself from other servers' boards."""
    return (await connection.scalar(select(func.count().cast(Integer)).where(_h.c.user_id == user_id))) == 1


async def set_hidden(connection: AsyncConnection, user_id: int, hidden: bool, at: float) -> None:
    """Hide or show a person on other servers' boards."""
    if hidden:
        await connection.execute(_insert_ignoring(connection, _h).values(user_id=user_id, at=at))
    else:
        await connection.execute(delete(_h).where(_h.c.user_id == user_id))


# ---------------------------------------------------------------------- a player's record
async def user_results(connection: AsyncConnection, user_id: int, game: str) -> list[RowMapping]:
    """A person's ``results`` rows at one game (seat, mode, won, rank, table), newest first."""
    r = schema.results
    query = (
        select(r.c.table_id, r.c.seat, r.c.mode, r.c.won, r.c.rank, r.c.finished_at)
        .where(r.c.user_id == user_id, r.c.game == game)
        .order_by(r.c.finished_at.desc(), r.c.table_id.desc())
    )
    return list((await connection.execute(query)).mappings())


async def head_to_head(
    connection: AsyncConnection, user_id: int, other: int, game: str
) -> tuple[int, int, int]:
    """(games both played, ``user_id`` placed better, placed worse) at ``game``."""
    r = schema.results
    them = r.alias("them")
    query = (
        select(r.c.rank, them.c.rank)
        .join(them, them.c.table_id == r.c.table_id)
        .where(r.c.user_id == user_id, r.c.game == game, them.c.user_id == other)
    )
    rows = (await connection.execute(query)).all()
    return len(rows), sum(1 for a, b in rows if a < b), sum(1 for a, b in rows if a > b)


async def history(connection: AsyncConnection, user_id: int, game: str, board: str, limit: int) -> list[int]:
    """A person's rating after each of their last ``limit`` rated games of ``game``, oldest first."""
    query = (
        select(_c.c.after)
        .where(_c.c.user_id == user_id, _c.c.game == game, _c.c.board == board, _c.c.mode == "")
        .order_by(_c.c.at.desc(), _c.c.table_id.desc())
        .limit(limit)
    )
    return [int(a) for a in reversed((await connection.execute(query)).scalars().all())]
