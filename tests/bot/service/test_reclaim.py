"""Taking back a seat a bot played after a timeout, and the DM references the adapter keeps."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable

import pytest

from bot.service import DmRef, ServiceError, Services
from bot.service.values import PublicRef
from tests.bot.service.conftest import Clock
from tests.bot.service.helpers import ANN, BOB, CAT, GUILD, asked, duel, lobby, moves, play_out, tok

Factory = Callable[..., Awaitable[Services]]


async def bot_on_timeout(services: Services, seconds: int = 100) -> None:
    await services.guilds.set_turn_timeout(GUILD, seconds, is_admin=True)
    await services.guilds.set_timeout_action(GUILD, "bot", is_admin=True)


async def test_timeout_names_the_seats_taken_over(services: Services, clock: Clock) -> None:
    await bot_on_timeout(services)
    delivery = await duel(services)
    clock.now += 100
    [expired] = await services.timers.expire()
    assert expired.taken_over == (0,)
    ann = expired.table.seats[0]
    assert ann.taken_over and not ann.has_left and ann.user_id == ANN
    assert not expired.table.seats[1].taken_over
    assert expired.table.id == delivery.table.id


async def test_reclaim_gives_the_seat_back_with_a_fresh_timer(services: Services, clock: Clock) -> None:
    await bot_on_timeout(services)
    delivery = await duel(services)
    table_id = delivery.table.id
    clock.now += 100
    [expired] = await services.timers.expire()
    moved_by_bot = await services.tables.log(table_id)
    assert [seat for _, seat, _ in moved_by_bot] == [0]

    back = await services.tables.reclaim(table_id, ANN)
    assert back.table.seats[0].bot is None and not back.table.seats[0].taken_over
    assert back.public.token == expired.public.token  # taking the seat back is not a move
    assert [s.seat for s in back.seats] == [0, 1]  # Ann is shown her hand again
    # Bob moves; now Ann is asked herself, with a new deadline, and her click counts.
    _, user, key = asked(back)
    assert user == BOB
    clock.now += 5
    after = await services.tables.act(table_id, BOB, tok(back, BOB), key)
    assert after.public.waiting_on == (0,) and after.public.deadline_ts == clock.now + 100
    _, user, key = asked(after)
    assert user == ANN
    await services.tables.act(table_id, ANN, tok(after, ANN), key)
    assert [seat for _, seat, _ in await services.tables.log(table_id)] == [0, 1, 0]
    assert await services.tables.replay_check(table_id)


async def test_reclaim_refusals_say_why(services: Services, clock: Clock) -> None:
    await bot_on_timeout(services)
    waiting = await lobby(services, (BOB, "Bob"))
    with pytest.raises(ServiceError) as error:
        await services.tables.reclaim(waiting.id, ANN)
    assert error.value.code == "not_started"

    delivery = await services.tables.start(waiting.id, ANN)
    with pytest.raises(ServiceError) as error:
        await services.tables.reclaim(delivery.table.id, ANN)
    assert error.value.code == "already_seated" and "already playing" in error.value.message
    with pytest.raises(ServiceError) as error:
        await services.tables.reclaim(delivery.table.id, CAT)
    assert error.value.code == "not_player"

    clock.now += 100
    await services.timers.expire()
    await services.tables.reclaim(delivery.table.id, ANN)
    with pytest.raises(ServiceError) as error:
        await services.tables.reclaim(delivery.table.id, ANN)  # twice: the seat is already back
    assert error.value.code == "already_seated"


async def test_a_player_who_left_cannot_reclaim(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"), (CAT, "Cat"))
    delivery = await services.tables.start(table.id, ANN)
    left = await services.tables.leave(delivery.table.id, CAT)
    assert left.seats[2].has_left and not left.seats[2].taken_over
    with pytest.raises(ServiceError) as error:
        await services.tables.reclaim(delivery.table.id, CAT)
    assert error.value.code == "not_player" and "You left this game" in error.value.message


async def test_reclaim_after_the_end_is_refused(services: Services, clock: Clock) -> None:
    await bot_on_timeout(services)
    delivery = await duel(services)
    clock.now += 100
    [expired] = await services.timers.expire()
    # Bob plays on against the bot to the end.
    while expired.outcome is None:
        _, user, key = asked(expired)
        expired = await services.tables.act(delivery.table.id, user, tok(expired, user), key)
    with pytest.raises(ServiceError) as error:
        await services.tables.reclaim(delivery.table.id, ANN)
    assert error.value.code == "game_over"


async def test_dm_refs_keep_message_and_digest_across_processes(
    services: Services, make_services: Factory
) -> None:
    delivery = await duel(services)
    table_id = delivery.table.id
    assert await services.tables.dm_refs(table_id) == {}
    await services.tables.record_dm_message(table_id, 0, 555, "abc.def")
    await services.tables.record_dm_message(table_id, 1, 777)
    refs = await services.tables.dm_refs(table_id)
    assert (refs[0].message_id, refs[0].digest) == (555, "abc.def")
    assert (refs[1].message_id, refs[1].digest) == (777, None)
    assert await services.tables.dm_messages(table_id) == {0: 555, 1: 777}
    other = await make_services()
    assert (await other.tables.dm_refs(table_id))[0].digest == "abc.def"
    # Clearing the reference (the message was retired) forgets both.
    await other.tables.record_dm_message(table_id, 0, None)
    assert 0 not in await services.tables.dm_refs(table_id)
    # A move keeps the references (the pipeline does not touch them).
    _, user, key = asked(delivery)
    await services.tables.act(table_id, user, tok(delivery, user), key)
    assert (await services.tables.dm_refs(table_id))[1].message_id == 777
    await play_out(services, await services.tables.current(table_id))


async def test_a_move_brings_what_the_messages_show_as_another_process_recorded_it(
    services: Services, make_services: Factory
) -> None:
    delivery = await duel(services)
    table_id = delivery.table.id
    _, user, key = asked(delivery)
    await services.tables.act(table_id, user, tok(delivery, user), key)
    delivery = await services.tables.current(table_id)
    assert delivery.shown is None  # a redraw reads nothing with it
    # Another process (this one's cache knows nothing of it) records the messages it sent.
    other = await make_services()
    await other.tables.record_shown(
        table_id, PublicRef(4_000, "t1"), {0: DmRef(5_000, "a.b"), 1: DmRef(6_000)}
    )
    _, user, key = asked(delivery)
    after = await services.tables.act(table_id, user, tok(delivery, user), key)
    # The move's own transaction read them, so the adapter needs no read of its own.
    assert after.shown is not None
    assert after.shown.public == PublicRef(4_000, "t1")
    assert after.shown.dms == {0: DmRef(5_000, "a.b"), 1: DmRef(6_000, None)}
    assert after.shown.mention is True  # the server never changed the default
    assert after.table.public_message_id == 4_000
    assert await services.tables.shown(table_id) == dataclasses.replace(after.shown, mention=None)
    await play_out(services, after)


async def test_the_messages_of_a_change_are_recorded_in_one_transaction(
    services: Services, make_services: Factory
) -> None:
    delivery = await duel(services)
    table_id = delivery.table.id
    await services.tables.record_dm_message(table_id, 1, 777, "old")
    await services.tables.record_shown(
        table_id, PublicRef(9, "pub"), {0: DmRef(555, "x.y"), 1: DmRef(778, "z")}
    )
    seen = await (await make_services()).tables.shown(table_id)
    assert seen.public == PublicRef(9, "pub")
    assert seen.dms == {0: DmRef(555, "x.y"), 1: DmRef(778, "z")}
    # this process's cache took the records too (the table message is edited, not sent again)
    assert (await services.tables.get(table_id)).public_message_id == 9
    # the DMs alone, and then nothing at all, leave the table message as it was
    await services.tables.record_shown(table_id, dms={1: DmRef(None)})
    await services.tables.record_shown(table_id)
    seen = await services.tables.shown(table_id)
    assert seen.public == PublicRef(9, "pub") and seen.dms == {0: DmRef(555, "x.y")}
    with pytest.raises(ServiceError) as error:
        await services.tables.record_shown(table_id + 99, PublicRef(1, "p"))
    assert error.value.code == "not_found"
    with pytest.raises(ServiceError) as error:
        await services.tables.record_shown(table_id, dms={7: DmRef(1, "d")})
    assert error.value.code == "not_found"


async def test_a_sealed_choice_made_on_an_older_move_still_counts_until_the_seat_chooses(
    services: Services,
) -> None:
    # Arclash opens with a sealed choice for everyone: the others' hidden picks change nothing
    # for a seat still choosing, so its choices drawn at an older move stay valid.
    table = await services.tables.open_table(GUILD, 11, ANN, "Ann", "arclash")
    for user_id, name in ((BOB, "Bob"), (CAT, "Cat")):
        table = await services.tables.join(table.id, user_id, name)
    start = await services.tables.start(table.id, ANN)
    asked_now = start.public.asked
    assert all(p.sealed for p in asked_now) and {p.seat for p in asked_now} == {0, 1, 2}
    keys = {u.seat: u.actions[0].key for u in start.seats}
    await services.tables.act(table.id, ANN, tok(start, ANN), keys[0])
    assert await moves(services, table.id) == 1
    second = await services.tables.act(table.id, BOB, tok(start, BOB), keys[1])  # drawn before Ann chose
    assert await moves(services, table.id) == 2 and second.public.waiting_on == (2,)
    # A second click on Ann's old choice is refused: she has chosen since.
    with pytest.raises(ServiceError) as error:
        await services.tables.act(table.id, ANN, tok(start, ANN), keys[0])
    assert error.value.code == "stale"
    assert [(seq, seat) for seq, seat, _ in await services.tables.log(table.id)] == [(0, 0), (1, 1)]
    assert await services.tables.replay_check(table.id)


async def test_a_turn_based_choice_from_an_older_move_is_still_stale(services: Services) -> None:
    delivery = await duel(services)
    _, user, key = asked(delivery)
    after = await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    _, other, other_key = asked(after)
    with pytest.raises(ServiceError) as error:  # drawn before the move: not sealed, so refused
        await services.tables.act(delivery.table.id, other, tok(delivery, other), other_key)
    assert error.value.code == "stale"
