"""Typed errors every engine raises, each carrying a message a player can read."""

from __future__ import annotations


class SetupError(ValueError):
    """A game configuration was refused (wrong mode, player count, option, deck...)."""

    def __init__(self, message: str, *, option: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.option = option


class Rejected(Exception):
    """An action was refused; the state is unchanged.

    ``code`` is stable and machine-readable (``not_your_turn``, ``illegal``, ``stale``,
    ``game_over``, ``unknown_action``); ``message`` is for the player.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class ContentError(ValueError):
    """A content data file is malformed; names the file, the entry and the field."""

    def __init__(self, file: str, entry: str, field: str, problem: str) -> None:
        where = f"{file}: entry {entry!r}" if entry else file
        if field:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")
        self.file = file
        self.entry = entry
        self.field = field
        self.problem = problem
