"""What each game's renderer module exports as ``RENDERER``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Renderer(Protocol):
    """Turns a game's View into pictures and text. Reads Views only, never states.

    ``names[seat]`` is the display name of that seat for pictures; a missing or empty entry is
    drawn as "Player N". Text from :meth:`describe` keeps ``{P1}`` placeholders for adapters.
    """

    slug: str

    def board(self, view: Any, names: Sequence[str] = ()) -> bytes:
        """The public table image (PNG) for a spectator view."""
        ...

    def hand(self, view: Any, names: Sequence[str] = ()) -> bytes | None:
        """The private image (PNG) for a seat's view, or None if the seat holds nothing secret."""
        ...

    def describe(self, view: Any) -> str:
        """A plain-text account of the view for terminals and embeds (at most ~1500 chars)."""
        ...
