"""Deck codes for the Constructed format: 8 distinct cards in a short string a player can paste.

Format ``CD1-`` followed by eight 2-character base-36 card numbers and one base-36 check character
(the sum of the numbers weighted by position, modulo 36). Example: ``CD1-0102030405060708X``.
``parse_deck`` also accepts a comma-separated list of card names, for people typing by hand.
"""

from __future__ import annotations

from engines.clashofdecks.content import Catalog
from engines.core.errors import SetupError

PREFIX = "CD1-"
DECK_SIZE = 8
_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _check(numbers: list[int]) -> str:
    """The check character guarding against typos and swapped pairs."""
    return _DIGITS[sum((i + 1) * n for i, n in enumerate(numbers)) % 36]


def encode_deck(cat: Catalog, card_ids: list[str]) -> str:
    """The deck code of 8 distinct collection cards (validated first)."""
    validate(cat, card_ids, "deck")
    numbers = [cat.card(cid).num for cid in card_ids]
    body = "".join(_DIGITS[n // 36] + _DIGITS[n % 36] for n in numbers)
    return PREFIX + body + _check(numbers)


def decode_deck(cat: Catalog, code: str, who: str = "deck code") -> list[str]:
    """The card ids in a deck code; ``SetupError`` says exactly what is wrong."""
    text = code.strip().upper().replace(" ", "")
    if not text.startswith(PREFIX):
        raise SetupError(
            f"{who}: a deck code starts with {PREFIX!r} (got {code.strip()[:8]!r}).", option="deck_code"
        )
    body = text[len(PREFIX) :]
    if len(body) != DECK_SIZE * 2 + 1:
        raise SetupError(
            f"{who}: a deck code has {DECK_SIZE * 2 + 1} characters after {PREFIX!r}, "
            f"this one has {len(body)}.",
            option="deck_code",
        )
    numbers: list[int] = []
    for i in range(DECK_SIZE):
        pair = body[2 * i : 2 * i + 2]
        if any(ch not in _DIGITS for ch in pair):
            raise SetupError(f"{who}: card {i + 1} ({pair!r}) is not a card number.", option="deck_code")
        numbers.append(_DIGITS.index(pair[0]) * 36 + _DIGITS.index(pair[1]))
    if body[-1] != _check(numbers):
        raise SetupError(
            f"{who}: the check character does not match; the code was mistyped.", option="deck_code"
        )
    card_ids = []
    for i, number in enumerate(numbers):
        card = cat.by_num.get(number)
        if card is None or card.kind == "champion":
            raise SetupError(
                f"{who}: card {i + 1} has number {number}, which is not a deck card.", option="deck_code"
            )
        card_ids.append(card.id)
    validate(cat, card_ids, who)
    return card_ids


def parse_deck(cat: Catalog, text: str, who: str = "deck code") -> list[str]:
    """A deck from a code or from a comma-separated list of card names."""
    if text.strip().upper().startswith(PREFIX):
        return decode_deck(cat, text, who)
    names = [part.strip() for part in text.split(",") if part.strip()]
    by_name = {c.name.lower(): c.id for c in cat.cards.values() if c.kind != "champion"}
    by_name.update({cid: cid for cid in cat.collection})
    card_ids = []
    for name in names:
        cid = by_name.get(name.lower())
        if cid is None:
            raise SetupError(f"{who}: there is no card called {name!r}.", option="deck_code")
        card_ids.append(cid)
    validate(cat, card_ids, who)
    return card_ids


def validate(cat: Catalog, card_ids: list[str], who: str = "deck") -> None:
    """A deck holds exactly 8 different cards from the collection."""
    if len(card_ids) != DECK_SIZE:
        raise SetupError(
            f"{who}: a deck holds exactly {DECK_SIZE} cards, not {len(card_ids)}.", option="deck_code"
        )
    seen: set[str] = set()
    for cid in card_ids:
        if cid not in cat.collection:
            raise SetupError(f"{who}: {cid!r} is not a deck card.", option="deck_code")
        if cid in seen:
            raise SetupError(
                f"{who}: {cat.card(cid).name} appears twice; every card in a deck must differ.",
                option="deck_code",
            )
        seen.add(cid)
