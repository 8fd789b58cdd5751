"""Typed errors every engine raises, each carrying a message a player can read."""

from __future__ import annotations

from enum import StrEnum
from typing import Any


def _restored(kind: type[BaseException], args: tuple[Any, ...]) -> BaseException:
    """An error of ``kind`` holding ``args``, made without its constructor (its fields come next)."""
    error = kind.__new__(kind)
    error.args = args
    return error


class Picklable(BaseException):
    """Pickles an error whose constructor takes other arguments than the ``args`` it stores.

    Why: pickle rebuilds an exception by calling its class with ``args``, which a custom
    constructor refuses; errors cross to worker and drawing processes, so they are rebuilt
    from their ``args`` and fields instead, subclasses and their extra fields included.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restored, (type(self), self.args), self.__dict__)


class Code(StrEnum):
    """Every stable, machine-readable refusal code: engine rejections and service errors alike.

    A member equals its plain string (``Code.STALE == "stale"``), so adapters may compare either.
    """

    # -- raised by the engines (``Rejected``) and passed on unchanged by the service
    GAME_OVER = "game_over"  # the game, or the table, is already over or closed
    NOT_YOUR_TURN = "not_your_turn"  # the seat is not being asked to decide anything now
    ILLEGAL = "illegal"  # the action is not one of the seat's legal choices now
    # -- raised by the service layer (``ServiceError``)
    STALE = "stale"  # the click was for an earlier state, or another writer won the race
    NOT_FOUND = "not_found"  # no such table, seat, game or text (rules, catalogue)
    NOT_HOST = "not_host"  # only the table's host (or an admin) may do that
    NOT_PLAYER = "not_player"  # the user has no seat here, or not that seat, or a bot plays it
    NOT_ADMIN = "not_admin"  # a server setting needs Manage Server
    FULL = "full"  # the lobby has as many seats as the mode allows
    ALREADY_ACTIVE = "already_active"  # the channel already has an open or running table
    ALREADY_SEATED = "already_seated"  # the user already sits (or plays their seat) here
    ALREADY_STARTED = "already_started"  # a lobby-only change to a game that has started
    NOT_STARTED = "not_started"  # a play-only request to a table still in its lobby
    NOT_ENOUGH_PLAYERS = "not_enough_players"  # Start with fewer seats than the mode needs
    CHANNEL_NOT_ALLOWED = "channel_not_allowed"  # the server keeps tables to other channels
    GAME_DISABLED = "game_disabled"  # the server switched that game off
    BAD_OPTION = "bad_option"  # a refused setting or choice (a ``SetupError``'s message)
    UNAVAILABLE = "unavailable"  # the database (or Discord) failed; safe to retry


class SetupError(ValueError):
    """A game configuration was refused (wrong mode, player count, option, deck...).

    ``option`` names the option at fault; ``seat`` is the seat (from 0) whose own per-player
    choice was refused, or None when the fault is the table's (a table option, the seat count).
    """

    def __init__(self, message: str, *, option: str | None = None, seat: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.option = option
        self.seat = seat


class Rejected(Picklable, Exception):
    """An action was refused; the state is unchanged.

    ``code`` is a :class:`Code` (stable, machine-readable); ``message`` is for the player.
    """

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class ContentError(Picklable, ValueError):
    """A content data file is malformed; names the game, the file, the entry and the field.

    ``file`` is the path from the repository root (``engines/<game>/data/cards.toml``); ``game``
    is the game's title, filled in by the start-up check when the loader did not know it.
    """

    def __init__(self, file: str, entry: str, field: str, problem: str, *, game: str = "") -> None:
        where = f"{file}: entry {entry!r}" if entry else file
        if field:
            where += f", field {field!r}"
        head = f"{game} content: " if game else ""
        super().__init__(f"{head}{where}: {problem}" if where else f"{head}{problem}")
        self.file = file
        self.entry = entry
        self.field = field
        self.problem = problem
        self.game = game

    def for_game(self, game: str) -> ContentError:
        """The same fault with ``game`` named (unchanged when a game is already named)."""
        if self.game:
            return self
        return ContentError(self.file, self.entry, self.field, self.problem, game=game)
