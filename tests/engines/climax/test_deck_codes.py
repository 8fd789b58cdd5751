"""B2.2-5 deck codes already shared keep decoding after the move to the kit's codec."""

from __future__ import annotations

from engines.climax.content import catalog
from engines.climax.deckcode import decode_deck, encode_deck

#: the wildfire deck's code as the encoder wrote it before the kit's codec existed
WILDFIRE = "CX1-0J20O20P10R10T10W10X20Z21041121231321431531631721821911A21B21C11D21E41F2E"


def test_a_code_issued_before_the_kit_codec_decodes_to_the_same_deck() -> None:
    deck = catalog().deck("wildfire").card_ids()
    assert sorted(decode_deck(catalog(), WILDFIRE)) == sorted(deck)
    assert encode_deck(catalog(), deck) == WILDFIRE
