"""Deck codes already shared keep decoding after the move to the kit's codec."""

from __future__ import annotations

from engines.arclash.decks import decode_deck, encode_deck, starters

#: the serpent starter's code as the encoder wrote it before the kit's codec existed
SERPENT = "ARC1-QGBIGBEFQYDQRCIKBMGI3DUPSAIREEYUB3CA"


def test_a_code_issued_before_the_kit_codec_decodes_to_the_same_deck() -> None:
    deck = dict(starters()["serpent"].cards)
    assert decode_deck(SERPENT) == deck
    assert encode_deck(deck) == SERPENT
