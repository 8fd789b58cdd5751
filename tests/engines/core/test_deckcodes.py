"""The kit's deck-code codec: one prefix, payload and check for every game, refusals naming the option."""

from __future__ import annotations

import pytest

from engines.core.deckcodes import Base32Crc, Base36, DeckCodec, Scheme, Wording
from engines.core.errors import SetupError

SCHEMES: dict[str, Scheme] = {
    "characters": Base36(width=3),
    "entries": Base36(width=2, weigh="entries", count=4),
    "crc": Base32Crc(),
}


@pytest.mark.parametrize("name", sorted(SCHEMES))
def test_every_scheme_reads_back_what_it_wrote_ignoring_case_and_spaces(name: str) -> None:
    codec = DeckCodec("T1-", SCHEMES[name])
    entries = [1, 37, 200, 5]
    code = codec.encode(entries)
    assert code.startswith("T1-")
    assert codec.decode(code) == entries
    assert codec.decode(" " + code.lower().replace("-", "- ") + "\n") == entries


@pytest.mark.parametrize("name", sorted(SCHEMES))
def test_a_changed_character_is_caught_by_the_check(name: str) -> None:
    codec = DeckCodec("T1-", SCHEMES[name])
    code = codec.encode([1, 37, 200, 5])
    # The first card's last character, one letter on: a typo the check must catch.
    typo = code[:4] + ("B" if code[4] == "A" else "A") + code[5:]
    with pytest.raises(SetupError) as refused:
        codec.decode(typo, "Seat 2's deck")
    assert refused.value.option == "deck_code"
    assert refused.value.message.startswith("Seat 2's deck: ")


def test_refusals_name_the_fault_in_the_default_words() -> None:
    codec = DeckCodec("T1-", Base36(width=2, weigh="entries", count=4))
    code = codec.encode([1, 2, 3, 4])
    cases = {
        "XX" + code: "Deck code: a deck code starts with 'T1-' (got 'XXT1-010').",
        code[:-2]: "Deck code: the code is cut short or has extra characters "
        "(a code has 9 characters after 'T1-', this one has 7).",
        code[:-1] + "!": "Deck code: only letters A-Z and digits may follow 'T1-'.",
        code[:-1] + ("0" if code[-1] != "0" else "1"): "Deck code: the check character does not match; "
        "the code was mistyped.",
    }
    for bad, message in cases.items():
        with pytest.raises(SetupError) as refused:
            codec.decode(bad)
        assert refused.value.message == message


def test_a_game_may_keep_its_own_words_and_option() -> None:
    codec = DeckCodec("Z-", Base32Crc(), Wording(letters="{code!r} is garbled."), option="deck")
    with pytest.raises(SetupError) as refused:
        codec.decode("Z-!!")
    assert (refused.value.message, refused.value.option) == ("'Z-!!' is garbled.", "deck")


def test_is_code_tells_a_code_from_a_list_of_names() -> None:
    codec = DeckCodec("T1-", Base36(width=3))
    assert codec.is_code(" t1-abc") and not codec.is_code("Ogre, Troll")


def test_an_entry_too_large_for_its_width_is_refused_when_written() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        DeckCodec("T1-", Base36(width=2)).encode([36 * 36])
