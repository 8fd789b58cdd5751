"""Applying actions: the pipeline, stale and duplicate clicks, non-players, bots, solo games, delivery."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import FINISHED, PLAYING, ServiceError, Services
from bot.service.projection import sealed_progress
from bot.service.values import PublicPrompt
from engines import registry
from engines.core import Prompt
from render import registry as renderers
from tests.bot.service.helpers import ANN, BOB, CAT, CHANNEL, GUILD, asked, duel, lobby, moves, play_out, tok
from tests.bot.service.tinyrender import RENDERER
from tests.engines.core.tinygame import TinyRules


async def test_start_deals_and_delivers_every_seat_its_own_hand(services: Services) -> None:
    delivery = await duel(services)
    assert delivery.table.status == PLAYING and await moves(services, delivery.table.id) == 0
    assert delivery.public.board_png.startswith(b"\x89PNG")
    assert delivery.public.waiting_on == (0,) and delivery.public.asked[0].private
    assert delivery.public.asked[0].line == "Ann is choosing in private"  # never the seat's own text
    assert delivery.public.actions == {}  # a private prompt's choices go to the seat only
    ann, bob = delivery.seats
    assert (ann.user_id, bob.user_id) == (ANN, BOB)
    assert ann.image and ann.image.startswith(b"\x89PNG")
    assert ann.actions and not bob.actions and bob.prompt is None
    # names fill the placeholders; each seat's text shows only its own hand
    assert "Ann to play" in delivery.public.text
    assert ann.view.hand != bob.view.hand
    assert all(card not in ann.text for card in bob.view.hand)
    loaded = await services.runtime.load(delivery.table.id, fresh=True)
    assert loaded.table.seed is not None and loaded.table.rng_algorithm == "splitmix64"
    assert loaded.table.rules_version == "1" and loaded.table.content_version == "1"


async def test_act_applies_logs_and_narrates_with_split_events(services: Services) -> None:
    delivery = await duel(services)
    seat, user, key = asked(delivery)
    after = await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    assert await moves(services, delivery.table.id) == 1 and after.public.waiting_on == (1,)
    assert after.public.narration[0].startswith("Ann plays")
    assert after.public.narration[1] == "Ann draws a card."  # the redacted side of a split event
    ann = next(s for s in after.seats if s.seat == 0)
    bob = next(s for s in after.seats if s.seat == 1)
    assert ann.narration[1].startswith("You draw a ")
    assert bob.narration[1] == "Ann draws a card."
    assert await services.tables.log(delivery.table.id) == [(0, seat, key)]


async def test_stale_and_duplicate_clicks_are_refused_and_nothing_is_applied_twice(
    services: Services,
) -> None:
    delivery = await duel(services)
    _, user, key = asked(delivery)
    await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    with pytest.raises(ServiceError) as error:
        await services.tables.act(delivery.table.id, user, tok(delivery, user), key)  # the same click again
    assert error.value.code == "stale" and "earlier" in error.value.message
    with pytest.raises(ServiceError) as error:
        await services.tables.act(delivery.table.id, BOB, "0123456789", "anything")
    assert error.value.code == "stale"
    assert len(await services.tables.log(delivery.table.id)) == 1


async def test_concurrent_double_click_applies_once(services: Services) -> None:
    delivery = await duel(services)
    _, user, key = asked(delivery)
    results = await asyncio.gather(
        *(services.tables.act(delivery.table.id, user, tok(delivery, user), key) for _ in range(3)),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(applied) == 1 and len(refused) == 2 and all(r.code == "stale" for r in refused)
    assert len(await services.tables.log(delivery.table.id)) == 1


async def test_non_player_and_wrong_seat_clicks_are_refused(services: Services) -> None:
    delivery = await duel(services)
    _, _, key = asked(delivery)
    with pytest.raises(ServiceError) as error:
        await services.tables.act(delivery.table.id, CAT, tok(delivery, ANN), key)
    assert error.value.code == "not_player"
    with pytest.raises(ServiceError) as error:
        await services.tables.act(delivery.table.id, ANN, tok(delivery, ANN), key, seat=1)
    assert error.value.code == "not_player"
    with pytest.raises(ServiceError) as error:
        await services.tables.act(delivery.table.id, BOB, tok(delivery, BOB), "p1-0")
    assert error.value.code == "not_your_turn"
    with pytest.raises(ServiceError) as error:
        await services.tables.act(delivery.table.id, ANN, tok(delivery, ANN), "nonsense")
    assert error.value.code == "illegal"
    assert await services.tables.log(delivery.table.id) == []


async def test_game_end_records_outcome_and_frees_the_channel(services: Services) -> None:
    final = await play_out(services, await duel(services))
    assert final.outcome is not None and final.table.status == FINISHED
    assert final.public.asked == () and final.public.waiting_on == ()
    assert await services.tables.status(CHANNEL) is None
    with pytest.raises(ServiceError) as error:
        await services.tables.act(final.table.id, ANN, tok(final, ANN), "x")
    assert error.value.code == "game_over"
    assert await services.tables.replay_check(final.table.id)
    again = await services.tables.current(final.table.id)
    assert again.outcome == final.outcome


async def test_bots_fill_their_seats_until_a_person_must_decide(services: Services) -> None:
    table = await lobby(services)
    table = await services.tables.add_bot(table.id, ANN, "easy")
    delivery = await services.tables.start(table.id, ANN)
    while delivery.outcome is None:
        assert delivery.public.waiting_on == (0,)  # the bot never leaves a prompt pending
        _, _, key = asked(delivery)
        delivery = await services.tables.act(table.id, ANN, tok(delivery, ANN), key)
    log = await services.tables.log(table.id)
    assert {seat for _, seat, _ in log} == {0, 1}
    assert [seq for seq, _, _ in log] == list(range(len(log)))
    assert [s.seat for s in delivery.seats] == [0]  # only people get private updates
    assert await services.tables.replay_check(table.id)


async def test_solo_game_starts_at_once_in_the_dm_channel_with_bots(services: Services) -> None:
    delivery = await services.tables.open_solo(
        ANN, 5000, "tiny", None, "hard", {"target": 9}, players=3, name="Ann"
    )
    table = delivery.table
    assert table.solo and table.guild_id is None and table.channel_id == 5000 and table.status == PLAYING
    assert [s.bot for s in table.seats] == [None, "hard", "hard"]
    assert table.options == {"target": 9}
    assert [t.id for t in await services.tables.tables_of(ANN)] == [table.id]
    with pytest.raises(ServiceError) as error:
        await services.tables.open_solo(ANN, 5000, "tiny")
    assert error.value.code == "already_active"
    with pytest.raises(ServiceError) as error:
        await services.tables.open_solo(ANN, 5001, "tiny", players=7)
    assert error.value.code == "bad_option"
    assert await services.tables.status(5001) is None  # nothing half-made left behind
    final = await play_out(services, delivery)
    assert final.outcome is not None


async def test_hand_shows_one_seat_privately(services: Services) -> None:
    delivery = await duel(services)
    mine = await services.tables.hand(delivery.table.id, BOB)
    assert mine.seat == 1 and mine.view.viewer == 1 and mine.image is not None
    with pytest.raises(ServiceError) as error:
        await services.tables.hand(delivery.table.id, CAT)
    assert error.value.code == "not_player"


async def test_messages_and_dm_flags_are_recorded(services: Services) -> None:
    delivery = await duel(services)
    table_id = delivery.table.id
    await services.tables.record_public_message(table_id, 777)
    await services.tables.record_dm_message(table_id, 1, 888)
    await services.tables.set_dm_open(BOB, False)
    assert await services.tables.dm_messages(table_id) == {1: 888}
    info = await services.tables.get(table_id)
    assert info.public_message_id == 777 and [s.dm_open for s in info.seats] == [True, False]
    # the cached table carries the same facts, so the next delivery reports them
    _, user, key = asked(delivery)
    after = await services.tables.act(table_id, user, tok(delivery, user), key)
    assert after.table.public_message_id == 777 and after.table.seats[1].dm_open is False
    await services.tables.set_dm_open(BOB, True, table_id=table_id)
    assert (await services.tables.get(table_id)).seats[1].dm_open is True


async def test_leaving_a_running_game_hands_the_seat_to_a_bot(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"), (CAT, "Cat"))
    delivery = await services.tables.start(table.id, ANN)
    _, user, key = asked(delivery)
    await services.tables.act(table.id, user, tok(delivery, user), key)  # Ann plays; Bob is asked
    info = await services.tables.leave(table.id, BOB)
    assert info.seats[1].bot is not None and info.seats[1].user_id == BOB
    current = await services.tables.current(table.id)
    assert current.public.waiting_on == (2,)  # the bot already played Bob's turn
    with pytest.raises(ServiceError, match="left this game") as error:
        await services.tables.act(table.id, BOB, tok(current, BOB), "x")
    assert error.value.code == "not_player"
    final = await play_out(services, current)
    assert final.outcome is not None
    bob = await services.stats.player(BOB)
    assert bob[0].played == 1 and bob[0].won == 0  # leaving never counts as a win


def test_sealed_progress_lists_who_still_chooses_and_who_sealed() -> None:
    sealed = [PublicPrompt(3, "Cat is choosing in secret", False, True), PublicPrompt(1, "", True, True)]
    assert sealed_progress(sealed, 4) == ((1, 3), (0, 2))  # in seat order, whoever chose first
    plain = [PublicPrompt(2, "Bo: Play", False, False)]
    assert sealed_progress(plain, 4) == ((2,), ())
    assert sealed_progress([], 2) == ((), ())


async def test_public_prompt_choices_are_offered_on_the_table(services: Services) -> None:
    class PublicTiny(TinyRules):
        def _prompts(self, state):  # type: ignore[no-untyped-def]
            return {state.turn: Prompt(state.turn, "play", "Play a card.")}

    with registry.registered("publictiny", PublicTiny()), renderers.registered("publictiny", RENDERER):
        table = await services.tables.open_table(GUILD, 77, ANN, "Ann", "publictiny")
        await services.tables.join(table.id, BOB, "Bob")
        delivery = await services.tables.start(table.id, ANN)
        assert set(delivery.public.actions) == {0}
        assert delivery.public.actions[0] == delivery.seats[0].actions


async def test_a_states_choices_are_worked_out_once_for_its_delivery_and_the_next_click(
    services: Services,
) -> None:
    asked_for: list[int] = []

    class CountingTiny(TinyRules):
        def _legal_actions(self, state, seat):  # type: ignore[no-untyped-def]
            asked_for.append(seat)
            return super()._legal_actions(state, seat)

    with registry.registered("countingtiny", CountingTiny()), renderers.registered("countingtiny", RENDERER):
        table = await services.tables.open_table(GUILD, 78, ANN, "Ann", "countingtiny")
        await services.tables.join(table.id, BOB, "Bob")
        delivery = await services.tables.start(table.id, ANN)
        # the delivery lists the asked seat's choices once (its DM buttons and its token)
        assert asked_for == [0]
        asked_for.clear()
        _, user, key = asked(delivery)
        after = await services.tables.act(table.id, user, tok(delivery, user), key)
        # the click's token check reused them (before, it listed them twice): seat 0's choices
        # were listed once more only by the engine's own apply, which finds the clicked one among
        # them, then the new state's asked seat for the delivery
        assert asked_for == [0, after.public.waiting_on[0]]
        # a duplicate click is still refused (the mover's own token moved on), and costs no listing
        asked_for.clear()
        with pytest.raises(ServiceError) as error:
            await services.tables.act(table.id, user, tok(delivery, user), key)
        assert error.value.code == "stale"
        assert asked_for == []
        await play_out(services, after)
