"""Turn timers: deadlines in the database, reminders once, each timeout action, restarts."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.service import FINISHED, PLAYING, ServiceError, Services
from tests.bot.service.conftest import Clock
from tests.bot.service.helpers import ANN, BOB, CAT, GUILD, asked, duel, lobby, moves, play_out, tok

Factory = Callable[..., Awaitable[Services]]


async def timed(services: Services, seconds: int = 100, action: str = "bot") -> None:
    await services.guilds.set_turn_timeout(GUILD, seconds, is_admin=True)
    await services.guilds.set_timeout_action(GUILD, action, is_admin=True)


async def test_deadline_is_set_for_the_asked_seat_and_cleared_when_answered(
    services: Services, clock: Clock
) -> None:
    await timed(services)
    delivery = await duel(services)
    assert delivery.public.deadline_ts == clock.now + 100
    assert [s.deadline_ts for s in delivery.seats] == [clock.now + 100, None]
    clock.now += 30
    _, user, key = asked(delivery)
    after = await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    assert [s.deadline_ts for s in after.seats] == [None, clock.now + 100]


async def test_no_timer_when_the_timeout_is_zero(services: Services, clock: Clock) -> None:
    delivery = await duel(services)
    assert delivery.public.deadline_ts is None
    clock.now += 10**6
    assert await services.timers.expire() == [] and await services.timers.due_reminders() == []


async def test_reminder_comes_once_at_three_quarters_of_the_time(services: Services, clock: Clock) -> None:
    await timed(services)
    delivery = await duel(services)
    clock.now += 74
    assert await services.timers.due_reminders() == []
    clock.now += 1
    reminders = await services.timers.due_reminders()
    assert [(r.table.id, r.seat, r.user_id) for r in reminders] == [(delivery.table.id, 0, ANN)]
    assert reminders[0].deadline_ts == delivery.public.deadline_ts
    assert await services.timers.due_reminders() == []  # once per deadline


async def test_timeout_bot_takes_over_the_seat(services: Services, clock: Clock) -> None:
    await timed(services, action="bot")
    delivery = await duel(services)
    clock.now += 99
    assert await services.timers.expire() == []
    clock.now += 1
    [expired] = await services.timers.expire()
    assert expired.table.seats[0].bot == "normal" and expired.table.seats[0].user_id == ANN
    assert expired.public.waiting_on == (1,) and await moves(services, expired.table.id) == 1
    with pytest.raises(ServiceError, match="bot took over") as error:
        await services.tables.act(delivery.table.id, ANN, tok(expired, ANN), "x")
    assert error.value.code == "not_player"
    assert await services.tables.replay_check(delivery.table.id)


async def test_timeout_default_plays_the_engine_default_and_asks_again_next_time(
    services: Services, clock: Clock
) -> None:
    await timed(services, action="default")
    delivery = await duel(services)
    default = next(s for s in delivery.seats if s.seat == 0).actions[0].key
    clock.now += 100
    [expired] = await services.timers.expire()
    assert await services.tables.log(delivery.table.id) == [(0, 0, default)]
    assert expired.table.seats[0].bot is None  # the person keeps the seat
    assert expired.public.deadline_ts == clock.now + 100  # Bob's fresh deadline
    assert await services.timers.expire() == []


async def test_timeout_forfeit_ends_the_game_for_the_others_and_counts(
    services: Services, clock: Clock
) -> None:
    await timed(services, action="forfeit")
    delivery = await duel(services)
    clock.now += 100
    [expired] = await services.timers.expire()
    assert expired.outcome is not None and expired.outcome.winners == (1,)
    assert expired.outcome.ranking == ((1,), (0,)) and "Ann ran out of time" in expired.public.narration[-1]
    assert expired.table.status == FINISHED
    assert [(s.game, s.played, s.won) for s in await services.stats.player(BOB)] == [("tiny", 1, 1)]
    assert [(s.game, s.played, s.won) for s in await services.stats.player(ANN)] == [("tiny", 1, 0)]
    assert (await services.tables.current(delivery.table.id)).outcome == expired.outcome


async def test_timers_survive_a_restart(services: Services, make_services: Factory, clock: Clock) -> None:
    await timed(services, action="default")
    delivery = await duel(services)
    await services.close()
    clock.now += 80
    fresh = await make_services()
    assert [r.seat for r in await fresh.timers.due_reminders()] == [0]
    clock.now += 20
    [expired] = await fresh.timers.expire()
    assert expired.table.id == delivery.table.id and await moves(services, expired.table.id) == 1


async def test_timeout_changes_apply_to_running_timers_at_once(services: Services, clock: Clock) -> None:
    await timed(services, 100)
    delivery = await duel(services)
    start = clock.now
    await services.guilds.set_turn_timeout(GUILD, 20, is_admin=True)
    assert (await services.tables.current(delivery.table.id)).public.deadline_ts == start + 20
    clock.now += 20
    assert len(await services.timers.expire()) == 1
    await services.guilds.set_turn_timeout(GUILD, 0, is_admin=True)
    clock.now += 10**6
    assert await services.timers.expire() == []
    assert (await services.tables.current(delivery.table.id)).table.status == PLAYING


async def test_timeout_forfeit_at_a_table_of_three_takes_the_seat_out_and_the_game_goes_on(
    services: Services, clock: Clock
) -> None:
    """Issue: one player's forfeit ended a three-player game and made everyone else a winner."""
    await timed(services, action="forfeit")
    table = await lobby(services, (BOB, "Bob"), (CAT, "Cat"))
    delivery = await services.tables.start(table.id, ANN)
    clock.now += 100
    [expired] = await services.timers.expire()
    assert expired.outcome is None and expired.table.status == PLAYING  # Bob and Cat play on
    ann = expired.table.seats[0]
    assert ann.bot is not None and ann.has_left and not ann.taken_over  # a bot plays it out, for good
    assert "Ann ran out of time and forfeits; a bot plays their seat out" in expired.public.narration[0]
    assert {s.seat for s in expired.seats} == {1, 2}  # only people still playing get private updates
    final = await play_out(services, expired)
    assert final.outcome is not None
    assert [(s.played, s.won) for s in await services.stats.player(ANN)] == [(1, 0)]  # never her win
    assert await services.tables.replay_check(delivery.table.id)
