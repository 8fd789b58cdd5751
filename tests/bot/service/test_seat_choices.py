"""Per-player text choices (Constructed deck codes) checked when entered, not only at start."""

from __future__ import annotations

import pytest

from bot.service import PLAYING, ServiceError, Services
from bot.service.seatcheck import check_seat_choices, lobby_players
from engines import registry
from engines.core import ContentError, GameConfig, SetupError
from tests.bot.service.helpers import ANN, BOB, CAT, GUILD

IRONCLAD = "CD1-0102030405060708O"
TIDECALLERS = "CD1-090A0B0C0D0E0F0GO"
TIDECALLER_NAMES = "Abomination, Alpha, Combustion, Lieutenant, Microctopus, Ogre, Scribe, Shaman"


async def _constructed_lobby(services: Services) -> int:
    table = await services.tables.open_table(
        GUILD, 41, ANN, "Ann", "clashofdecks", "duel", {"format": "constructed"}
    )
    await services.tables.join(table.id, BOB, "Bob")
    return table.id


async def test_a_mistyped_code_is_refused_in_the_games_words_and_the_old_one_kept(
    services: Services,
) -> None:
    table_id = await _constructed_lobby(services)
    await services.tables.set_seat_option(table_id, BOB, "deck_code", TIDECALLERS)
    with pytest.raises(ServiceError) as refused:
        await services.tables.set_seat_option(table_id, BOB, "deck_code", IRONCLAD[:-1] + "Z")
    # Bob sits second, and the message is the engine's: it names his seat and the fault.
    assert (
        refused.value.message == "Seat 2's deck: the check character does not match; the code was mistyped."
    )
    table = await services.tables.get(table_id)
    assert table.seats[1].options == {"deck_code": TIDECALLERS}


async def test_a_bad_card_name_is_refused_even_before_the_other_seat_has_a_deck(
    services: Services,
) -> None:
    table_id = await _constructed_lobby(services)
    # Ann (seat 1) has no code yet; that gap must not hide Bob's own mistake.
    with pytest.raises(ServiceError, match=r"Seat 2's deck: there is no card called 'Dragon'\.$"):
        await services.tables.set_seat_option(table_id, BOB, "deck_code", "Dragon, Ogre")
    # ...nor refuse Bob's good list because Ann has none.
    table = await services.tables.set_seat_option(table_id, BOB, "deck_code", TIDECALLER_NAMES)
    assert table.seats[1].options == {"deck_code": TIDECALLER_NAMES}


async def test_only_the_player_sets_their_own_seat(services: Services) -> None:
    table_id = await _constructed_lobby(services)
    with pytest.raises(ServiceError, match="don't have a seat") as refused:
        await services.tables.set_seat_options(table_id, CAT, {"deck_code": IRONCLAD})
    assert refused.value.code == "not_player"
    with pytest.raises(ServiceError, match="Seat 2 is not yours"):
        await services.tables.set_seat_options(table_id, ANN, {"deck_code": IRONCLAD}, seat=1)


async def test_an_empty_value_clears_the_choice(services: Services) -> None:
    table_id = await _constructed_lobby(services)
    await services.tables.set_seat_options(table_id, ANN, {"deck_code": IRONCLAD})
    table = await services.tables.set_seat_options(table_id, ANN, {"deck_code": "  "})
    assert table.seats[0].options == {}


async def test_a_code_outside_the_constructed_format_is_refused_when_given(services: Services) -> None:
    table = await services.tables.open_table(GUILD, 42, ANN, "Ann", "clashofdecks", "duel")
    with pytest.raises(
        ServiceError, match=r"Seat 1 gave a deck code, but deck codes are for the Constructed"
    ):
        await services.tables.set_seat_option(table.id, ANN, "deck_code", IRONCLAD)


async def test_codes_and_names_reach_the_game_at_start(services: Services) -> None:
    table_id = await _constructed_lobby(services)
    await services.tables.set_seat_options(table_id, ANN, {"deck_code": IRONCLAD})
    await services.tables.set_seat_options(table_id, BOB, {"deck_code": TIDECALLER_NAMES})
    delivery = await services.tables.start(table_id, ANN)
    assert delivery.table.status == PLAYING
    loaded = await services.runtime.load(table_id, fresh=True)
    assert loaded.table.config is not None
    assert loaded.table.config["seat_options"] == [{"deck_code": IRONCLAD}, {"deck_code": TIDECALLER_NAMES}]


async def test_start_still_names_a_seat_without_a_deck(services: Services) -> None:
    table_id = await _constructed_lobby(services)
    await services.tables.set_seat_options(table_id, BOB, {"deck_code": TIDECALLERS})
    with pytest.raises(ServiceError, match="Seat 1 needs a deck code for the Constructed format"):
        await services.tables.start(table_id, ANN)


def test_the_check_takes_the_lobbys_seat_count_and_deals_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset = registry.get("clashofdecks")
    mode = ruleset.mode("duel")
    assert lobby_players(mode, 1) == 2 and lobby_players(mode, 2) == 2

    def no_deal(*args: object) -> None:
        raise AssertionError("a seat check must not deal a game")

    monkeypatch.setattr(ruleset, "_setup", no_deal)
    lobby = GameConfig("duel", 2, {"format": "constructed"}, ({"deck_code": TIDECALLER_NAMES},))
    ruleset.check_seat(lobby, 0)  # seat 2 has no deck yet: not seat 1's fault
    with pytest.raises(SetupError, match="Seat 2 needs a deck code") as refused:
        ruleset.check_seat(lobby, 1)
    assert refused.value.seat == 1 and refused.value.option == "deck_code"


def test_another_seats_own_fault_is_left_for_start() -> None:
    ruleset = registry.get("clashofdecks")
    # Seat 1's own code is broken, seat 2's is fine: seat 2 is not told about seat 1.
    seats = [{"deck_code": "Dragon"}, {"deck_code": IRONCLAD}]
    check_seat_choices(ruleset, "duel", {"format": "constructed"}, seats, 1, {"deck_code"})
    with pytest.raises(SetupError, match="Seat 1's deck: there is no card called 'Dragon'"):
        check_seat_choices(ruleset, "duel", {"format": "constructed"}, seats, 0, {"deck_code"})


def test_a_broken_data_file_met_in_a_seat_check_is_logged_with_its_file(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    ruleset = registry.get("clashofdecks")
    fault = ContentError("engines/clashofdecks/data/cards.toml", "boom", "power", "Expected `int` >= 0")

    def broken(config: GameConfig, seat: int) -> None:
        raise fault

    monkeypatch.setattr(ruleset, "check_seat", broken)
    check_seat_choices(ruleset, "duel", {}, [{}, {}], 0, {"deck"})  # the lobby is not blocked
    assert (
        "seat check of clashofdecks failed: Clash of Decks content: engines/clashofdecks/data/cards.toml: "
        "entry 'boom', field 'power'" in caplog.text
    )


async def test_arclash_codes_are_checked_when_entered(services: Services) -> None:
    table = await services.tables.open_table(GUILD, 43, ANN, "Ann", "arclash")
    with pytest.raises(ServiceError, match=r"Seat 1: Deck codes start with ARC1-"):
        await services.tables.set_seat_option(table.id, ANN, "deck_code", "CD1-0102030405060708O")
    code = next(d.code for d in registry.get("arclash").decks() if d.code)
    table = await services.tables.set_seat_option(table.id, ANN, "deck_code", code)
    assert table.seats[0].options["deck_code"] == code
