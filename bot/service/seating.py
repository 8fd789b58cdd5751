"""The seating rules: who may do what at a table, as plain functions of a loaded table.

Who holds a seat, which seat acts for a click, who is host, how many seats a mode allows, what a
new seat looks like, whether a table is still a lobby or a running game, and which options and
bot levels a game accepts. None of them touches the database or the cache, so every room
(lobby, playing, reads) shares them and tests can call them on plain rows. Each raises
:class:`ServiceError` with the user's message, or returns a value; none changes anything.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.service.game import Game
from bot.service.ratings import RATED_OPTION
from bot.service.records import SeatRow
from bot.service.runtime import Loaded
from bot.service.values import ABORTED, FINISHED, LOBBY, PLAYING, ServiceError
from engines.core import Code, GameConfig, ModeSpec, OptionSpec, SetupError
from engines.core.driver import bot_for
from engines.core.ruleset import LANGUAGE_OPTION
from engines.core.types import OptionValue

MAX_NAME = 100


# ---------------------------------------------------------------------- the game's own limits
def mode_name(game: Game, mode: str | None) -> str:
    """The mode ``mode`` names (the first mode when none is given); ``bad_option`` if unknown."""
    if mode is None or not mode.strip():
        return game.ruleset.modes[0].name
    try:
        return game.ruleset.mode(mode.strip().lower()).name
    except SetupError as error:
        raise ServiceError(Code.BAD_OPTION, error.message) from None


#: the table option every game has: off makes a casual table, one that changes no rating
RATED = OptionSpec(
    RATED_OPTION, "Whether the game counts for ratings (off: a casual game)", True, kind="bool"
)
#: the table option that lets a finished game's players see every hand in its replay
REVEAL_OPTION = "reveal"
REVEAL = OptionSpec(
    REVEAL_OPTION,
    "Whether the players may see every hand when they replay the game after it ends",
    True,
    kind="bool",
)
#: the table option that marks a guided first game (``/learn``; see :mod:`bot.service.tutorials`)
TUTORIAL_OPTION = "tutorial"
TUTORIAL = OptionSpec(
    TUTORIAL_OPTION, "Whether the game is a guided first game, with the rules explained", False, kind="bool"
)
#: the options every table has besides its game's own: the platform reads them, the rules never do
PLATFORM_OPTIONS = {spec.name: spec for spec in (RATED, REVEAL, TUTORIAL)}


def reveals(options: Mapping[str, object]) -> bool:
    """Whether a table's options let its players see every hand once the game is over (the default)."""
    return options.get(REVEAL_OPTION, True) is not False


def game_options(options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """The table options the game itself reads (the platform's own left out)."""
    return {name: value for name, value in options.items() if name not in PLATFORM_OPTIONS}


def check_options(game: Game, mode: str, options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """Validate table options; keep the parsed values of the ones given."""
    spec = game.ruleset.mode(mode)
    try:
        resolved = game.ruleset.resolve_config(GameConfig(mode, min(spec.players), game_options(options)))
        platform = {
            name: PLATFORM_OPTIONS[name].parse(value)
            for name, value in options.items()
            if name in PLATFORM_OPTIONS
        }
    except SetupError as error:
        raise ServiceError(Code.BAD_OPTION, error.message) from None
    return {**{name: resolved.options[name] for name in options if name not in PLATFORM_OPTIONS}, **platform}


def speaks_several(game: Game, mode: str) -> bool:
    """Whether ``mode`` of ``game`` takes its language from a table option (it has more than one)."""
    spec = game.ruleset.mode(mode).option_spec(LANGUAGE_OPTION)
    return len(game.ruleset.languages) > 1 and spec is not None and not spec.per_seat


def with_language(
    game: Game,
    mode: str,
    options: Mapping[str, OptionValue],
    setting: str | None,
    locale: str | None,
) -> dict[str, OptionValue]:
    """``options`` with the table's language filled in, unless the game has one or it was chosen.

    The server's ``/config language`` wins over ``locale`` (the server's or the person's Discord
    locale, as the adapter knows it) when the game speaks it; with neither, the game's first.
    """
    if LANGUAGE_OPTION in options or not speaks_several(game, mode):
        return dict(options)
    ruleset = game.ruleset
    spoken = [w for w in (setting, locale) if w and ruleset.language(w) == w.split("-")[0].lower()]
    return {**options, LANGUAGE_OPTION: ruleset.language(spoken[0] if spoken else None)}


def is_text(mode: ModeSpec, name: str) -> bool:
    """Whether ``name`` is a free-text option of ``mode`` (an empty one means "not chosen")."""
    spec = mode.option_spec(name)
    return spec is not None and spec.kind == "text"


def bot_level(game: Game, difficulty: str | None, default: str) -> str:
    """The bot level ``difficulty`` names (``default`` when none); ``bad_option`` if the game has none."""
    level = (difficulty or default).strip().lower()
    try:
        bot_for(game.ruleset, level)
    except ValueError as error:
        raise ServiceError(Code.BAD_OPTION, str(error)) from None
    return level


def counts(loaded: Loaded) -> tuple[int, int]:
    """The fewest and most seats the table's mode allows."""
    players = loaded.game.ruleset.mode(loaded.table.mode).players
    return min(players), max(players)


def need_room(loaded: Loaded) -> None:
    """Refuse another seat when the lobby is full (``full``)."""
    _, high = counts(loaded)
    if len(loaded.seats) >= high:
        raise ServiceError(Code.FULL, f"This table is full ({high} seats).")


# ---------------------------------------------------------------------- new seats
def empty_seat(seat: int, name: str, user_id: int | None, bot: str | None) -> SeatRow:
    """A fresh seat row for a person (``user_id``) or a bot (``bot`` is its level)."""
    clean = " ".join(name.split())[:MAX_NAME] or f"Player {seat + 1}"
    return SeatRow(
        seat=seat,
        user_id=user_id,
        bot=bot,
        name=clean,
        dm_open=True,
        dm_message_id=None,
        seat_options={},
        prompted_at=None,
        deadline=None,
        remind_at=None,
        reminded=False,
        has_left=False,
    )


def person(seat: int, user_id: int, name: str) -> SeatRow:
    """A fresh seat row for the person ``user_id``."""
    return empty_seat(seat, name, user_id, None)


# ---------------------------------------------------------------------- the table's phase
def need_lobby(loaded: Loaded) -> None:
    """Refuse unless the table is still a lobby (``already_started`` or ``game_over``)."""
    status = loaded.table.status
    if status != LOBBY:
        if status == PLAYING:
            raise ServiceError(Code.ALREADY_STARTED, "This game has already started.")
        raise ServiceError(Code.GAME_OVER, "This table has already closed.")


def need_playing(loaded: Loaded) -> None:
    """Refuse unless the game is running (``not_started`` or ``game_over``)."""
    status = loaded.table.status
    if status == LOBBY:
        raise ServiceError(Code.NOT_STARTED, "The game has not started yet.")
    if status == FINISHED:
        raise ServiceError(Code.GAME_OVER, "This game is over.")
    if status == ABORTED:
        raise ServiceError(Code.GAME_OVER, "This game was aborted.")


def need_started(loaded: Loaded) -> None:
    """Refuse when there is no game state yet (``not_started``)."""
    if loaded.state is None:
        raise ServiceError(Code.NOT_STARTED, "This table has not started yet.")


# ---------------------------------------------------------------------- who may act
def need_host(loaded: Loaded, user_id: int) -> None:
    """Refuse unless ``user_id`` is the table's host (``not_host``)."""
    if loaded.table.host_id != user_id:
        raise ServiceError(Code.NOT_HOST, "Only the table's host can do that.")


def own_seat(loaded: Loaded, user_id: int, seat: int | None, *, allow_bot: bool) -> SeatRow:
    """``user_id``'s seat (``seat`` if given, else their first); ``allow_bot``: also one a bot plays."""
    mine = [s for s in loaded.seats if s.user_id == user_id and (allow_bot or s.bot is None)]
    if not mine:
        raise ServiceError(Code.NOT_PLAYER, "You don't have a seat at this table.")
    if seat is None:
        return mine[0]
    for row in mine:
        if row.seat == seat:
            return row
    raise ServiceError(Code.NOT_PLAYER, f"Seat {seat + 1} is not yours.")


def acting_seat(loaded: Loaded, user_id: int, seat: int | None) -> SeatRow:
    """The seat a click of ``user_id`` acts for: ``seat`` if given, else the one being asked."""
    mine = [s for s in loaded.seats if s.user_id == user_id]
    if not mine:
        raise ServiceError(Code.NOT_PLAYER, "You are not playing at this table; only its players can choose.")
    people = [s for s in mine if s.bot is None]
    if not people:
        if any(s.has_left for s in mine):
            raise ServiceError(Code.NOT_PLAYER, "You left this game; a bot is playing your seat now.")
        raise ServiceError(
            Code.NOT_PLAYER,
            "A bot took over your seat after your time ran out; "
            "press **Take my seat back** or use /table rejoin to play on.",
        )
    if seat is not None:
        for row in people:
            if row.seat == seat:
                return row
        raise ServiceError(Code.NOT_PLAYER, f"Seat {seat + 1} is not yours.")
    asked = loaded.facts.prompts()
    for row in people:
        if row.seat in asked:
            return row
    return people[0]


def reclaimable(loaded: Loaded, user_id: int) -> set[int]:
    """The seats of ``user_id`` a bot took over on timeout (which they may take back)."""
    mine = [s for s in loaded.seats if s.user_id == user_id]
    if not mine:
        raise ServiceError(Code.NOT_PLAYER, "You don't have a seat at this table.")
    taken = {s.seat for s in mine if s.bot is not None and not s.has_left}
    if not taken:
        if all(s.has_left for s in mine):
            raise ServiceError(
                Code.NOT_PLAYER, "You left this game, so your seat stays with the bot until it ends."
            )
        raise ServiceError(Code.ALREADY_SEATED, "You are already playing your seat yourself.")
    return taken
