"""Hints in the service (``services.hints``, issue 26 item 2): the hard bot's suggestion for the
player's own decision, only in unrated games and tutorials, and the same on twin states."""

from __future__ import annotations

import dataclasses

import pytest

from bot.service import Services
from bot.service.hints import NOT_ASKED, RATED, STALE_HINT, Hint, hint_for
from bot.service.values import Delivery, ServiceError
from engines import registry
from engines.core import Code, GameConfig, Rng
from engines.core.driver import Match, bot_for
from engines.core.lesson import note
from engines.core.tutorial import LEARNER
from tests.bot.service.helpers import ANN, BOB, lobby, play_out, tok

DM = 77


async def _casual_solo(services: Services, game: str = "clashofdecks") -> Delivery:
    return await services.tables.open_solo(ANN, DM, game, None, "easy", {"rated": False})


def _mine(delivery: Delivery, user: int = ANN) -> tuple[int, tuple[str, ...]]:
    update = next(s for s in delivery.seats if s.user_id == user and s.prompt is not None)
    return update.seat, tuple(a.key for a in update.actions)


async def test_a_casual_game_hints_one_of_the_players_legal_choices_with_a_reason(services: Services) -> None:
    delivery = await _casual_solo(services)
    seat, keys = _mine(delivery)
    hint = await services.hints.hint(delivery.table.id, ANN)
    assert hint.action_key in keys
    labels = {a.key: a.label for a in next(s for s in delivery.seats if s.seat == seat).actions}
    assert hint.label == labels[hint.action_key]
    assert hint.reason and "{P" not in hint.reason + hint.label
    # asked again, the same moment gives the same hint (dice from the seat's own moves)
    assert await services.hints.hint(delivery.table.id, ANN, seat, tok(delivery, ANN)) == hint


async def test_rated_games_lobbies_and_finished_games_give_no_hint(services: Services) -> None:
    rated = await services.tables.open_solo(ANN, DM, "clashofdecks", None, "easy")
    with pytest.raises(ServiceError) as refused:
        await services.hints.hint(rated.table.id, ANN)
    assert refused.value.message == RATED
    waiting = await lobby(services, (BOB, "Bob"), options={"rated": False})
    with pytest.raises(ServiceError) as refused:
        await services.hints.hint(waiting.id, ANN)
    assert refused.value.code == Code.NOT_STARTED
    started = await services.tables.start(waiting.id, ANN)
    over = await play_out(services, started)
    with pytest.raises(ServiceError) as refused:
        await services.hints.hint(over.table.id, ANN)
    assert refused.value.code == Code.GAME_OVER


async def test_only_the_seat_being_asked_gets_a_hint_and_only_for_the_latest_message(
    services: Services,
) -> None:
    table = await lobby(services, (BOB, "Bob"), options={"rated": False})
    delivery = await services.tables.start(table.id, ANN)
    asked_seat = delivery.public.waiting_on[0]
    asked_user = delivery.table.seats[asked_seat].user_id
    other_user = BOB if asked_user == ANN else ANN
    assert asked_user is not None
    with pytest.raises(ServiceError) as refused:
        await services.hints.hint(table.id, other_user)
    assert refused.value.code == Code.NOT_YOUR_TURN and refused.value.message == NOT_ASKED
    with pytest.raises(ServiceError) as refused:
        await services.hints.hint(table.id, 999)
    assert refused.value.code == Code.NOT_PLAYER
    old = tok(delivery, asked_user)
    hint = await services.hints.hint(table.id, asked_user, token=old)
    moved = await services.tables.act(table.id, asked_user, old, hint.action_key)
    with pytest.raises(ServiceError) as refused:  # the other player's turn now
        await services.hints.hint(table.id, asked_user, token=old)
    assert refused.value.code == Code.NOT_YOUR_TURN
    _, keys = _mine(moved, other_user)
    moved = await services.tables.act(table.id, other_user, tok(moved, other_user), keys[0])
    assert moved.outcome is None and _mine(moved, asked_user)
    with pytest.raises(ServiceError) as refused:  # asked again: a Hint on the message before that round
        await services.hints.hint(table.id, asked_user, token=old)
    assert refused.value.code == Code.STALE and refused.value.message == STALE_HINT


async def test_a_hint_is_the_same_on_a_twin_state_the_player_cannot_tell_apart(services: Services) -> None:
    delivery = await _casual_solo(services)
    delivery = await services.tables.act(delivery.table.id, ANN, tok(delivery, ANN), _mine(delivery)[1][0])
    table_id = delivery.table.id
    seat = _mine(delivery)[0]
    hint = await services.hints.hint(table_id, ANN)
    ruleset = registry.get("clashofdecks")
    loaded = await services.runtime.load(table_id)
    differing = 0
    for draw in range(4):
        twin = ruleset.twin(loaded.state, seat, Rng(draw))
        assert twin is not None
        differing += ruleset.encode(twin) != ruleset.encode(loaded.state)
        twin.seq = loaded.state.seq + 1 + draw  # the move count includes hidden moves
        # the service reads the planted twin from its cache, as if the game had dealt it
        services.runtime.remember(dataclasses.replace(loaded, state=twin))
        assert await services.hints.hint(table_id, ANN) == hint
    assert differing == 4
    services.runtime.forget(table_id)


def test_hints_match_on_twins_through_a_game_though_the_move_count_differs() -> None:
    ruleset = registry.get("clashofdecks")
    match = Match(ruleset, GameConfig("duel", 2), 11)
    player = bot_for(ruleset, "normal")
    compared = 0
    for _ in range(12):
        asked = match.asked()
        if not asked:
            break
        seat = asked[0]
        own = sum(1 for _, s, _ in match.log if s == seat)
        if len(match.log) % 4 == 0:
            twin = ruleset.twin(match.state, seat, Rng(len(match.log)))
            assert twin is not None
            twin.seq += 3  # the move count includes hidden moves: the hint must not read it
            original = hint_for(ruleset, match.state, seat, 11, own)
            assert hint_for(ruleset, twin, seat, 11, own) == original
            assert original.action_key in {a.key for a in match.choices(seat)}
            compared += 1
        match.apply(seat, match.bot_choice(seat, player))
    assert compared >= 3


async def test_a_tutorial_hints_the_move_its_note_would_name(services: Services) -> None:
    begun = await services.tutorials.begin(ANN, DM, "clashofdecks", name="Ann")
    delivery = begun.delivery
    table_id = delivery.table.id
    hint = await services.hints.hint(table_id, ANN)
    assert isinstance(hint, Hint) and hint.action_key in _mine(delivery)[1]
    # the note after a different move names the same choice: one bot, one way to its dice
    ruleset = registry.get("clashofdecks")
    loaded = await services.runtime.load(table_id)
    other = next(k for k in _mine(delivery)[1] if k != hint.action_key)
    said = note(ruleset, loaded.state, other, loaded.table.seed or 0, "en", 0)
    assert said.startswith(f"Also possible: {hint.label}.")
    assert _mine(delivery)[0] == LEARNER
