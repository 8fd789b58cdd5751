"""The seating rules as plain functions: no database, just rows of a table."""

from __future__ import annotations

import dataclasses

import pytest

from bot.service import LOBBY, PLAYING, ServiceError
from bot.service.game import Game, resolve
from bot.service.records import SeatRow, TableRow
from bot.service.runtime import Loaded
from bot.service.seating import (
    acting_seat,
    bot_level,
    counts,
    empty_seat,
    mode_name,
    need_host,
    need_lobby,
    need_playing,
    need_room,
    own_seat,
    person,
    reclaimable,
)
from engines.core import Code

ANN, BOB = 11, 22


def _table(status: str = LOBBY, host: int = ANN) -> TableRow:
    return TableRow(
        id=1, guild_id=5, channel_id=7, thread_id=None, host_id=host, solo=False, game="tiny",
        mode="race", options={}, status=status, config=None, seed=None, seq=0, outcome=None,
        version=1, public_message_id=None,
    )  # fmt: skip


def _loaded(*seats: SeatRow, status: str = LOBBY) -> Loaded:
    rows = tuple(dataclasses.replace(s, seat=i) for i, s in enumerate(seats))
    return Loaded(_table(status), rows, None)


@pytest.fixture
def tiny() -> Game:
    return resolve("tiny")


def test_resolve_gives_one_handle_and_refuses_an_unknown_game() -> None:
    game = resolve(" Tiny ")
    assert (game.slug, game.ruleset.slug) == ("tiny", "tiny")
    with pytest.raises(ServiceError) as caught:
        resolve("no-such-game")
    assert caught.value.code == Code.NOT_FOUND


def test_new_seats_clean_their_names() -> None:
    assert person(0, ANN, "  Ann   the\tgreat ").name == "Ann the great"
    assert person(2, ANN, "   ").name == "Player 3"
    assert len(person(0, ANN, "x" * 300).name) == 100
    bot = empty_seat(1, "Bot 1 (easy)", None, "easy")
    assert (bot.user_id, bot.bot, bot.human) == (None, "easy", False)


def test_host_and_phase_checks(tiny: Game) -> None:
    lobby = _loaded(person(0, ANN, "Ann"))
    need_host(lobby, ANN)
    need_lobby(lobby)
    with pytest.raises(ServiceError) as caught:
        need_host(lobby, BOB)
    assert caught.value.code == Code.NOT_HOST
    with pytest.raises(ServiceError) as caught:
        need_playing(lobby)
    assert caught.value.code == Code.NOT_STARTED
    with pytest.raises(ServiceError) as caught:
        need_lobby(_loaded(person(0, ANN, "Ann"), status=PLAYING))
    assert caught.value.code == Code.ALREADY_STARTED


def test_counts_and_a_full_table(tiny: Game) -> None:
    low, high = counts(_loaded(person(0, ANN, "Ann")))
    assert low <= high
    full = _loaded(*(person(0, 100 + i, f"P{i}") for i in range(high)))
    with pytest.raises(ServiceError) as caught:
        need_room(full)
    assert caught.value.code == Code.FULL


def test_modes_and_bot_levels(tiny: Game) -> None:
    assert mode_name(tiny, None) == tiny.ruleset.modes[0].name
    with pytest.raises(ServiceError) as caught:
        mode_name(tiny, "no-such-mode")
    assert caught.value.code == Code.BAD_OPTION
    assert bot_level(tiny, None, "easy") == "easy"
    with pytest.raises(ServiceError) as caught:
        bot_level(tiny, "grandmaster-9000", "easy")
    assert caught.value.code == Code.BAD_OPTION


def test_own_seat_picks_the_asked_one_and_refuses_others() -> None:
    loaded = _loaded(person(0, ANN, "Ann"), person(0, BOB, "Bob"), person(0, ANN, "Ann 2"))
    assert own_seat(loaded, ANN, None, allow_bot=False).seat == 0
    assert own_seat(loaded, ANN, 2, allow_bot=False).seat == 2
    with pytest.raises(ServiceError) as caught:
        own_seat(loaded, ANN, 1, allow_bot=False)
    assert caught.value.code == Code.NOT_PLAYER


def test_acting_seat_explains_a_seat_a_bot_plays(tiny: Game) -> None:
    taken = dataclasses.replace(person(0, ANN, "Ann"), bot="easy")
    loaded = _loaded(taken, person(0, BOB, "Bob"), status=PLAYING)
    with pytest.raises(ServiceError) as caught:
        acting_seat(loaded, ANN, None)
    assert "Take my seat back" in caught.value.message
    assert reclaimable(loaded, ANN) == {0}
    with pytest.raises(ServiceError) as caught:
        reclaimable(loaded, BOB)
    assert caught.value.code == Code.ALREADY_SEATED
    left = _loaded(dataclasses.replace(taken, has_left=True), person(0, BOB, "Bob"), status=PLAYING)
    with pytest.raises(ServiceError) as caught:
        acting_seat(left, ANN, None)
    assert "You left this game" in caught.value.message
