"""``SetupError`` names the seat whose own choice was refused; ``check_seat`` checks one seat alone."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core import GameConfig, SetupError

IRONCLAD = "CD1-0102030405060708O"


def _refusal(slug: str, config: GameConfig, seat: int | None = None) -> SetupError:
    """The refusal of ``config``: by ``setup`` (``seat`` None) or by ``check_seat(config, seat)``."""
    ruleset = registry.get(slug)
    with pytest.raises(SetupError) as refused:
        if seat is None:
            ruleset.setup(config, 1)
        else:
            ruleset.check_seat(config, seat)
    return refused.value


def test_per_seat_options_that_do_not_parse_name_their_seat() -> None:
    bad = _refusal("clashofdecks", GameConfig("duel", 2, {}, ({}, {"deck": "nonsense"})))
    assert (bad.seat, bad.option) == (1, "deck")
    unknown = _refusal("clashofdecks", GameConfig("duel", 2, {}, ({"colour": "red"},)))
    assert (unknown.seat, unknown.option) == (0, "colour")
    table = _refusal("clashofdecks", GameConfig("duel", 2, {"format": "sealed"}, ({},)), seat=0)
    assert (table.seat, table.option) == (None, "format")


def test_clash_of_decks_deck_refusals_name_their_seat() -> None:
    constructed = {"format": "constructed"}
    code = _refusal(
        "clashofdecks", GameConfig("duel", 2, constructed, ({"deck_code": IRONCLAD}, {"deck_code": "Dragon"}))
    )
    assert code.seat == 1 and code.message == "Seat 2's deck: there is no card called 'Dragon'."
    missing = _refusal("clashofdecks", GameConfig("duel", 2, constructed, ({}, {"deck_code": IRONCLAD})))
    assert missing.seat == 0
    ignored = _refusal("clashofdecks", GameConfig("duel", 2, {}, ({}, {"deck_code": IRONCLAD})))
    assert ignored.seat == 1 and ignored.option == "deck_code"
    # Two seats taking one preconstructed deck: the seat being checked is the one refused.
    both = GameConfig("duel", 2, {}, ({"deck": "ironclad"}, {"deck": "ironclad"}))
    assert _refusal("clashofdecks", both).seat == 0
    assert _refusal("clashofdecks", both, seat=1).seat == 1
    # The table's own fault is nobody's seat.
    solo = _refusal("clashofdecks", GameConfig("solo", 1, constructed, ({"deck_code": IRONCLAD},)), seat=0)
    assert solo.seat is None and solo.option == "format"


def test_arclash_and_hackclad_refusals_name_their_seat() -> None:
    arc = _refusal("arclash", GameConfig("standard", 2, {}, ({}, {"deck_code": "ARC1-NOPE"})))
    assert arc.seat == 1 and arc.message.startswith("Seat 2: ")
    witch = _refusal("hackclad", GameConfig("team", 4, {}, ({}, {}, {"witch2": "mia"})))
    assert (witch.seat, witch.option) == (2, "witch2")


def test_another_seats_choices_are_never_refused_by_this_seats_check() -> None:
    config = GameConfig(
        "duel", 2, {"format": "constructed"}, ({"deck_code": "Dragon"}, {"deck_code": IRONCLAD})
    )
    registry.get("clashofdecks").check_seat(config, 1)
    garbled = GameConfig("duel", 2, {}, ({"deck": "nonsense"}, {"deck": "ironclad"}))
    registry.get("clashofdecks").check_seat(garbled, 1)
