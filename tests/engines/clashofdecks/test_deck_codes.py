"""Constructed deck codes already shared keep decoding after the move to the kit's codec."""

from __future__ import annotations

from engines.clashofdecks.content import catalog
from engines.clashofdecks.deckcode import decode_deck, encode_deck

#: the stormwing deck's code as the encoder wrote it before the kit's codec existed
STORMWING = "CD1-0H0I0J0K0L0M0N0OO"


def test_a_code_issued_before_the_kit_codec_decodes_to_the_same_deck() -> None:
    deck = list(catalog().deck("stormwing").cards)
    assert decode_deck(catalog(), STORMWING) == deck
    assert encode_deck(catalog(), deck) == STORMWING
