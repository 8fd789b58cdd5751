"""Restarts and several processes: resume from the snapshot, replay equals snapshot, row versions."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.service import ServiceError, Services
from engines.core.driver import bot_rng
from tests.bot.service.helpers import ANN, BOB, asked, duel, moves, play_out, tok

Factory = Callable[..., Awaitable[Services]]


async def test_a_new_process_resumes_every_game_exactly(services: Services, make_services: Factory) -> None:
    delivery = await duel(services)
    # Two moves: the deal is random, and three fives reach the tiny game's target of 15, which
    # would end the game before the restart this test is about.
    for _ in range(2):
        _, user, key = asked(delivery)
        delivery = await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    await services.close()

    fresh = await make_services()
    # Nothing is loaded at start: the game comes from the database when first touched.
    assert fresh.runtime.cache_size == 0
    assert (await fresh.tables.get(delivery.table.id)).status == "playing"
    assert await fresh.tables.replay_check(delivery.table.id)
    again = await fresh.tables.current(delivery.table.id)
    assert again.public.token == delivery.public.token and again.public.text == delivery.public.text
    assert fresh.runtime.cached(delivery.table.id) is not None
    assert [s.view for s in again.seats] == [s.view for s in delivery.seats]
    final = await play_out(fresh, again)
    assert final.outcome is not None and await fresh.tables.replay_check(final.table.id)


async def test_replay_check_detects_a_snapshot_that_differs_from_the_log(services: Services) -> None:
    delivery = await duel(services)
    _, user, key = asked(delivery)
    await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    from sqlalchemy import delete

    from bot.store import schema

    async with services.db.begin() as connection:
        await connection.execute(delete(schema.moves).where(schema.moves.c.table_id == delivery.table.id))
    assert not await services.tables.replay_check(delivery.table.id)


async def test_a_snapshot_in_an_older_state_layout_is_rebuilt_from_the_match_record(
    services: Services, make_services: Factory
) -> None:
    # After an upgrade changes a game's state layout, stored snapshots no longer decode; the
    # match record (config, seed, move log) is the truth, so loading replays it instead.
    delivery = await duel(services)
    for _ in range(2):
        _, user, key = asked(delivery)
        delivery = await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    await services.close()
    from sqlalchemy import update

    from bot.store import schema

    fresh = await make_services()
    async with fresh.db.begin() as connection:
        await connection.execute(
            update(schema.tables)
            .where(schema.tables.c.id == delivery.table.id)
            .values(snapshot=b"\x81\xa1x\x01")
        )
    again = await fresh.tables.current(delivery.table.id)
    assert [s.view for s in again.seats] == [s.view for s in delivery.seats]
    assert again.public.text == delivery.public.text
    final = await play_out(fresh, again)
    assert final.outcome is not None and await fresh.tables.replay_check(final.table.id)


async def test_row_version_guards_two_processes(services: Services, make_services: Factory) -> None:
    other = await make_services()
    delivery = await duel(services)
    table_id = delivery.table.id
    await other.tables.current(table_id)  # the other process caches seq 0
    _, ann, key = asked(delivery)
    moved = await services.tables.act(table_id, ann, tok(delivery, ann), key)
    # a click on the current state works there even though its cache is behind
    _, bob, bob_key = asked(moved)
    there = await other.tables.act(table_id, bob, tok(moved, bob), bob_key)
    assert await moves(other, table_id) == 2
    # this process still caches seq 1: the same click gets as far as the commit, where the row
    # version (UPDATE ... WHERE version = old) refuses it and the cache entry is dropped
    with pytest.raises(ServiceError) as error:
        await services.tables.act(table_id, bob, tok(moved, bob), bob_key)
    assert error.value.code == "stale"
    assert services.runtime.cached(table_id) is None
    _, ann, key = asked(there)
    await services.tables.act(table_id, ann, tok(there, ann), key)
    assert await moves(services, table_id) == 3
    assert [seq for seq, _, _ in await services.tables.log(table_id)] == [0, 1, 2]
    assert await services.tables.replay_check(table_id)


async def test_bot_moves_are_reproducible_from_the_seed(services: Services) -> None:
    assert bot_rng(42, 3).next_u64() == bot_rng(42, 3).next_u64()
    assert bot_rng(42, 3).next_u64() != bot_rng(42, 4).next_u64()
    assert ANN != BOB
