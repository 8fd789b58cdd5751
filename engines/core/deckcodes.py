"""One deck-code codec: a prefix, a payload of numbered entries, a check, and the refusal.

Why one codec: three games let a player paste a deck as a short code, and each wrote its own
reader with its own check. Here the parts every code has are written once (the prefix, reading
and writing the entries, the check that catches a mistyped code, and a refusal that names the
per-player option); a game keeps only its card mapping (which number is which card, and what a
legal deck is). As ``engines.core.keywords.Registry`` is the one registry, ``DeckCodec`` is the
one codec.

Codes already issued must keep decoding: replays re-run setup from the stored config, codes
are pasted from chat logs. So the check is part of the game's ``Scheme`` and a game keeps the
scheme its codes were made with. A new game takes ``Base36(width)``, which checks characters.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engines.core.errors import SetupError

DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Fault(Exception):
    """What is wrong with a code's payload: ``kind`` picks the wording, ``params`` fill it."""

    def __init__(self, kind: str, **params: object) -> None:
        super().__init__(kind)
        self.kind = kind
        self.params = params


class Scheme(Protocol):
    """How a game writes its entries and their check after the prefix."""

    def write(self, entries: Sequence[int]) -> str:
        """The payload and check for ``entries``."""
        ...

    def read(self, body: str) -> list[int]:
        """The entries behind a payload; raises :class:`Fault` ("length", "letters" or "check")."""
        ...


@dataclass(frozen=True)
class Base36:
    """Each entry as ``width`` base-36 characters, then one base-36 check character.

    The check is the position-weighted sum, modulo 36, of every character's value
    (``weigh="characters"``) or of the entries themselves (``weigh="entries"``, which misses a
    typo in the first entry's high digit: kept for codes issued with it). Both catch most typos
    and swapped neighbours. ``count`` fixes the number of entries.
    """

    width: int
    weigh: str = "characters"
    count: int | None = None

    def write(self, entries: Sequence[int]) -> str:
        """The entries' characters followed by their check character."""
        body = "".join(_base36(entry, self.width) for entry in entries)
        return body + self._check(body)

    def read(self, body: str) -> list[int]:
        """The entries of ``body`` (entries, then the check character)."""
        if self.count is not None and len(body) != self.count * self.width + 1:
            size = self.count * self.width + 1
            raise Fault(
                "length", why=f"a code has {size} characters after {{prefix!r}}, this one has {len(body)}"
            )
        payload, check = body[:-1], body[-1:]
        if not payload or len(payload) % self.width:
            raise Fault("length", why=f"each card takes {self.width}")
        if any(ch not in DIGITS for ch in body):
            raise Fault("letters", letters="letters A-Z and digits")
        if self._check(payload) != check:
            raise Fault("check")
        return [int(payload[at : at + self.width], 36) for at in range(0, len(payload), self.width)]

    def _check(self, payload: str) -> str:
        if self.weigh == "entries":
            values = [int(payload[at : at + self.width], 36) for at in range(0, len(payload), self.width)]
        else:
            values = [DIGITS.index(ch) for ch in payload]
        return DIGITS[sum((i + 1) * v for i, v in enumerate(values)) % 36]


def _base36(value: int, width: int) -> str:
    """``value`` in exactly ``width`` base-36 digits (refused when it does not fit)."""
    if not 0 <= value < 36**width:
        raise ValueError(f"{value} does not fit in {width} base-36 characters")
    digits = ""
    for _ in range(width):
        value, digit = divmod(value, 36)
        digits = DIGITS[digit] + digits
    return digits


@dataclass(frozen=True)
class Base32Crc:
    """Each entry as one byte, then the first two bytes of their CRC-32, in base 32 without padding."""

    def write(self, entries: Sequence[int]) -> str:
        """The bytes and their check, base-32 encoded."""
        payload = bytes(entries)
        return base64.b32encode(payload + _crc(payload)).decode().rstrip("=")

    def read(self, body: str) -> list[int]:
        """The entry bytes of ``body``."""
        try:
            raw = base64.b32decode(body + "=" * (-len(body) % 8))
        except (binascii.Error, ValueError):
            raise Fault("letters", letters="letters A-Z and digits 2-7") from None
        payload, crc = raw[:-2], raw[-2:]
        if len(raw) < 3 or _crc(payload) != crc:
            raise Fault("check")
        return list(payload)


def _crc(payload: bytes) -> bytes:
    return zlib.crc32(payload).to_bytes(4, "big")[:2]


@dataclass(frozen=True)
class Wording:
    """The refusal of each fault, a ``str.format`` template.

    Fields it may use: ``who`` (whose code, "Seat 2's deck"), ``prefix``, ``got`` (how the text
    starts), ``code`` (the text as given), ``why`` (the length rule broken) and ``letters``. The
    defaults read "who: what is wrong."; a game whose players already know other words keeps them.
    """

    prefix: str = "{who}: a deck code starts with {prefix!r} (got {got!r})."
    length: str = "{who}: the code is cut short or has extra characters ({why})."
    letters: str = "{who}: only {letters} may follow {prefix!r}."
    check: str = "{who}: the check character does not match; the code was mistyped."


@dataclass(frozen=True)
class DeckCodec:
    """A game's deck codes: its ``prefix``, its ``scheme``, the ``option`` a refusal names."""

    prefix: str
    scheme: Scheme
    wording: Wording = Wording()
    option: str = "deck_code"

    def encode(self, entries: Sequence[int]) -> str:
        """The code of ``entries`` (the game has checked the deck first)."""
        return self.prefix + self.scheme.write(entries)

    def is_code(self, text: str) -> bool:
        """True when ``text`` is meant as a code (it starts with the prefix) rather than card names."""
        return _plain(text).startswith(self.prefix)

    def decode(self, code: str, who: str = "Deck code") -> list[int]:
        """The entries of ``code``; spaces and case are ignored; ``SetupError`` names the fault."""
        text = _plain(code)
        if not text.startswith(self.prefix):
            raise self.refuse(self._say("prefix", who, code, got=code.strip()[:8]))
        try:
            return self.scheme.read(text[len(self.prefix) :])
        except Fault as fault:
            raise self.refuse(self._say(fault.kind, who, code, **fault.params)) from None

    def refuse(self, message: str) -> SetupError:
        """The refusal of a code, naming this codec's option (raise it)."""
        return SetupError(message, option=self.option)

    def _say(self, kind: str, who: str, code: str, **params: object) -> str:
        template: str = getattr(self.wording, kind)
        why = str(params.pop("why", "")).format(prefix=self.prefix)
        return template.format(who=who, prefix=self.prefix, code=code, why=why, **params)


def _plain(code: str) -> str:
    """A code as written down: no spaces or line breaks, upper case."""
    return "".join(code.split()).upper()
