"""The values the service layer hands to its adapters (Discord, the terminal, benchmarks).

The service layer never imports discord; adapters never touch the database or the engines'
states directly. Everything an adapter must show after a change arrives as a :class:`Delivery`:
one :class:`PublicTable` for everyone at the table, and one :class:`SeatUpdate` per person for
their eyes only. ``PublicTable`` is the secret filter's output (see ``bot.service.projection``):
it holds no state, no prompt and no seat's private text, so code that draws public output from
it cannot show a secret even by mistake.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# the table statuses belong to the schema; re-exported here for the adapters
from bot.store.schema import ABORTED as ABORTED
from bot.store.schema import ACTIVE as ACTIVE
from bot.store.schema import FINISHED as FINISHED
from bot.store.schema import LOBBY as LOBBY
from bot.store.schema import PLAYING as PLAYING
from engines.core import Action, AnyRuleset, Code, ModeSpec, Outcome, Prompt, SetupError
from engines.core.errors import Picklable


class ServiceError(Picklable, Exception):
    """A request was refused; nothing changed. ``message`` is shown to the user as is.

    ``code`` is a :class:`engines.core.Code` (the one list of codes, shared with the engines'
    ``Rejected``); it is checked at once, so a code that is not one fails where it is raised.
    It and its subclasses pickle with their fields, as they cross to other processes.
    """

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = Code(code)
        self.message = message


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a Discord user (``user_id``) or a bot (``bot`` is its name).

    A seat with both a ``user_id`` and a ``bot`` is a person's seat a bot plays for now: after
    they left the game (``has_left``) or after their time ran out (they may take it back).
    """

    seat: int
    name: str
    user_id: int | None = None
    bot: str | None = None
    dm_open: bool = True
    has_left: bool = False
    #: the per-player options this seat chose in the lobby (e.g. ``deck_code``), parsed by the game
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def taken_over(self) -> bool:
        """A bot plays this person's seat because their time ran out (they may reclaim it)."""
        return self.user_id is not None and self.bot is not None and not self.has_left


@dataclass(frozen=True)
class TableInfo:
    """A table (one game in one channel) as adapters see it."""

    id: int
    game: str
    mode: str
    status: str
    host_id: int
    channel_id: int
    guild_id: int | None = None
    thread_id: int | None = None
    solo: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    seats: tuple[SeatInfo, ...] = ()
    min_players: int = 1
    max_players: int = 1
    public_message_id: int | None = None
    #: the table's rules, from its loaded game handle (None when its game no longer loads):
    #: adapters read the title, the mode and its options here rather than look the slug up again
    rules: AnyRuleset | None = field(default=None, compare=False, repr=False)

    @property
    def title(self) -> str:
        """The game's display name (its slug when the game no longer loads)."""
        return self.rules.title if self.rules is not None else self.game

    @property
    def spec(self) -> ModeSpec | None:
        """The table's mode as its rules declare it (None when the game or the mode is gone)."""
        if self.rules is None:
            return None
        try:
            return self.rules.mode(self.mode)
        except SetupError:
            return None

    def seat_of(self, user_id: int) -> int | None:
        """The first seat ``user_id`` holds, if any."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def seats_of(self, user_id: int) -> list[int]:
        """Every seat ``user_id`` holds (a person may control two seats in some modes)."""
        return [s.seat for s in self.seats if s.user_id == user_id]


@dataclass(frozen=True)
class SeatUpdate:
    """What one human seat must be shown privately after a change (its owner's eyes only).

    ``token`` names what this seat was shown; its choices carry it, and a click whose token is
    no longer the seat's is stale. It changes only with what the seat itself can see or do.
    """

    seat: int
    user_id: int
    view: Any
    text: str
    narration: tuple[str, ...]
    prompt: Prompt | None
    actions: tuple[Action, ...]
    image: bytes | None
    token: str
    deadline_ts: float | None = None


@dataclass(frozen=True)
class PublicPrompt:
    """What everyone may know of one seat's pending decision: its public line, never its text."""

    seat: int
    line: str
    private: bool
    sealed: bool


@dataclass(frozen=True)
class PublicTable:
    """Everything anyone at the table may be shown, built from the spectator view alone.

    ``asked`` lists the pending decisions by their public lines; ``actions`` the choices of the
    public ones (the table's buttons); ``token`` names this public picture, and the table's
    buttons carry it. ``digest`` fingerprints what the table message shows, so a change nobody
    else can see (a hidden move) leaves the message, its edits and its buttons untouched.
    """

    table: TableInfo
    token: str
    text: str
    narration: tuple[str, ...]
    board_png: bytes
    asked: tuple[PublicPrompt, ...]
    actions: dict[int, tuple[Action, ...]]
    outcome: Outcome | None = None
    waiting_on: tuple[int, ...] = ()
    sealed_done: tuple[int, ...] = ()
    deadline_ts: float | None = None
    digest: str = ""


@dataclass(frozen=True)
class Delivery:
    """Everything an adapter needs to show after a state change, already rendered.

    ``public`` goes to everyone; each of ``seats`` goes to its own player only.
    """

    public: PublicTable
    seats: tuple[SeatUpdate, ...]
    #: seats this change handed to a bot because their player's time ran out
    taken_over: tuple[int, ...] = ()
    #: what the table's messages showed when the change was committed, read in its transaction
    #: (None: not read; ask :meth:`TableService.shown`)
    shown: Shown | None = None

    @property
    def table(self) -> TableInfo:
        """The table this delivery shows."""
        return self.public.table

    @property
    def outcome(self) -> Outcome | None:
        """The result, once the game is over."""
        return self.public.outcome


@dataclass(frozen=True)
class DmRef:
    """The DM message showing a seat's hand, and the adapter's fingerprint of what it shows."""

    message_id: int | None
    digest: str | None = None


@dataclass(frozen=True)
class PublicRef:
    """The table message, and the fingerprint of what it last showed (None: not recorded)."""

    message_id: int | None
    digest: str | None = None


@dataclass(frozen=True)
class Shown:
    """What a table's messages show: the table message and each seat's DM (seats with a record).

    ``mention``: whether the table's server mentions whoever must act, when read with them.
    """

    public: PublicRef
    dms: dict[int, DmRef] = field(default_factory=dict)
    mention: bool | None = None


@dataclass(frozen=True)
class Reminder:
    """A seat whose deadline is near: tell its player."""

    table: TableInfo
    seat: int
    user_id: int
    deadline_ts: float


@dataclass(frozen=True)
class GuildSettings:
    """One server's table settings, as ``/config show`` presents them.

    ``channels`` empty means every channel may host tables. ``disabled_games`` lists the games an
    admin switched off; ``enabled_games`` is every registered game that is not disabled.
    ``language`` ("en", "ja"...) is what new tables, ``/rules`` and ``/cards`` default to in games
    that speak it; None follows the server's Discord locale.
    """

    guild_id: int
    channels: tuple[int, ...] = ()
    enabled_games: tuple[str, ...] = ()
    disabled_games: tuple[str, ...] = ()
    turn_timeout_seconds: int = 0
    timeout_action: str = "bot"
    thread_per_game: bool = False
    mention_on_turn: bool = True
    language: str | None = None
    #: ratings: whether /leaderboard answers here, games before a player is ranked, the season
    leaderboard: bool = True
    provisional_games: int = 5
    season: int = 1

    def allows_channel(self, channel_id: int) -> bool:
        """Whether tables may be opened in ``channel_id``."""
        return not self.channels or channel_id in self.channels


@dataclass(frozen=True)
class GameStats:
    """Finished games of one game for one player (or a whole server, ``user_id`` None)."""

    game: str
    played: int
    won: int
    user_id: int | None = None

    @property
    def win_rate(self) -> float:
        """Won / played, 0.0 when nothing was played."""
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True)
class LeaderRow:
    """One line of a server's per-game leaderboard."""

    rank: int
    user_id: int
    name: str
    played: int
    won: int

    @property
    def win_rate(self) -> float:
        """Won / played."""
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True)
class BoardRow:
    """One entry of a rating ladder (``rank`` None: provisional, not ranked yet)."""

    rank: int | None
    entity: str
    user_id: int | None
    name: str
    rating: int
    games: int
    wins: int


@dataclass(frozen=True)
class Board:
    """A page of a rating ladder: people (or bots and automata), best first, and the caller's line."""

    game: str
    mode: str  # "" for the game as a whole
    scope: str  # what the board covers, in words ("this server, season 1", "everywhere")
    page: int  # from 0
    pages: int
    ranked: int
    provisional_games: int
    rows: tuple[BoardRow, ...]
    mine: BoardRow | None = None
    season: int = 0  # the server season shown (0: the board everywhere)


@dataclass(frozen=True)
class RatingChange:
    """One rated game of a player: when, which mode, won or not, and the rating before and after."""

    table_id: int
    mode: str
    won: bool
    before: int
    after: int
    at: float
    #: the game's review can be shown (it is stored, or its log is still here to work it out)
    review: bool = False


@dataclass(frozen=True)
class GameRecord:
    """A player's record at one game: rating, rank, games per mode and seat, streak, last games."""

    game: str
    rating: int | None  # None: never rated at this game
    rank: int | None  # on the board everywhere; None while provisional or hidden
    provisional: bool
    games: int
    wins: int
    by_mode: tuple[tuple[str, int, int], ...]  # (mode, played, won)
    by_seat: tuple[tuple[int, int, int], ...]  # (seat from 0, played, won)
    streak: int  # wins in a row (positive) or losses in a row (negative), newest first
    last: tuple[RatingChange, ...]  # newest first
    history: tuple[int, ...]  # the rating after each rated game, oldest first
    server_rating: int | None = None  # on this server's current season board
    server_rank: int | None = None
    versus: tuple[int, int, int] | None = None  # (games together, this player placed better, worse)
