"""The custom_id formats of every persistent component (Discord allows at most 100 characters).

Each id names everything its handler needs to reload from the service: the table, the token of
what the player was shown (so a stale or repeated click is refused), the seat and the action
key. Nothing in an id is secret: the action keys a seat is offered are already on that seat's
own message, and a token is a fingerprint of what its message shows (never a move number, which
would count hidden moves; see ``bot.service.projection``).
"""

from __future__ import annotations

MAX_ID = 100

#: An action button: table, token seen, seat, action key (last, so the key may itself hold colons).
ACTION = r"tk:a:(?P<table>\d+):(?P<token>[0-9a-z]+):(?P<seat>\d+):(?P<key>.+)"
#: A select whose option values are action keys: table, token, seat, page shown.
ACTION_SELECT = r"tk:s:(?P<table>\d+):(?P<token>[0-9a-z]+):(?P<seat>\d+):(?P<page>\d+)"
#: Prev/Next over a long list of choices: table, token, seat, page to show, where (d=DM/table, e=ephemeral).
PAGE = r"tk:p:(?P<table>\d+):(?P<token>[0-9a-z]+):(?P<seat>\d+):(?P<page>\d+):(?P<where>[de])"
#: Lobby buttons: table and verb (join, leave, bot, options, start, abort).
LOBBY = r"tk:l:(?P<table>\d+):(?P<verb>[a-z]+)"
#: Lobby select for a per-seat choice (e.g. a deck): table and option name.
SEAT_CHOICE = r"tk:c:(?P<table>\d+):(?P<option>[a-z_]+)"
#: The host's choice of bot strength when adding a bot to a lobby.
BOT_SELECT = r"tk:b:(?P<table>\d+)"
#: "Show my hand": answers ephemerally with the clicker's hand and private choices.
HAND = r"tk:h:(?P<table>\d+)"
#: "Hint" beside a seat's choices (unrated games): table, token shown, seat ("-" on the table
#: message: whichever of the clicker's seats is asked).
HINT = r"tk:i:(?P<table>\d+):(?P<token>[0-9a-z]+):(?P<seat>\d+|-)"
#: "Take my seat back" after a bot took a timed-out player's seat.
RECLAIM = r"tk:j:(?P<table>\d+)"
#: Lobby select for a table option the host picks from a short list (the table's language).
TABLE_CHOICE = r"tk:o:(?P<table>\d+):(?P<option>[a-z_]+)"
#: /leaderboard's Prev/Next: game, mode ("" for the whole game), scope (s: a server season, e:
#: everywhere), season number, people or bots (p/b), and the page to show (from 0).
LEADERBOARD = (
    r"tk:lb:(?P<slug>[a-z0-9_]+):(?P<mode>[a-z0-9_-]*):(?P<scope>[se]):(?P<season>\d+)"
    r":(?P<kind>[pb]):(?P<page>\d+)"
)
#: How a page button names its game: the slug, then ``@lang`` for a game with several languages.
#: Ids made before languages have no ``@lang``; they still work and mean the reader's default.
GAME = r"(?P<slug>[a-z0-9_]+)(?:@(?P<lang>[a-z]{2,3}))?"
#: Rules pages: game (and language) and page to show.
RULES = rf"tk:r:{GAME}:(?P<page>\d+)"


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_ID:
        raise ValueError(f"custom_id longer than {MAX_ID} characters: {custom_id!r}")
    return custom_id


def leaderboard_id(slug: str, mode: str, everywhere: bool, season: int, bots: bool, page: int) -> str:
    """The custom_id of a /leaderboard page button."""
    scope, kind = "e" if everywhere else "s", "b" if bots else "p"
    return _checked(f"tk:lb:{slug}:{mode}:{scope}:{season}:{kind}:{page}")


def action_id(table: int, token: str, seat: int, key: str) -> str:
    """The custom_id of an action button."""
    if not key:
        raise ValueError("an action key may not be empty")
    return _checked(f"tk:a:{table}:{token}:{seat}:{key}")


def action_select_id(table: int, token: str, seat: int, page: int) -> str:
    """The custom_id of a select listing one page of action keys."""
    return _checked(f"tk:s:{table}:{token}:{seat}:{page}")


def page_id(table: int, token: str, seat: int, page: int, where: str) -> str:
    """The custom_id of a Prev/Next button."""
    return _checked(f"tk:p:{table}:{token}:{seat}:{page}:{where}")


def lobby_id(table: int, verb: str) -> str:
    """The custom_id of a lobby button."""
    return _checked(f"tk:l:{table}:{verb}")


def seat_choice_id(table: int, option: str) -> str:
    """The custom_id of a lobby select for a per-seat option."""
    return _checked(f"tk:c:{table}:{option}")


def bot_select_id(table: int) -> str:
    """The custom_id of the bot-strength select."""
    return _checked(f"tk:b:{table}")


def hand_id(table: int) -> str:
    """The custom_id of the "Show my hand" button."""
    return _checked(f"tk:h:{table}")


def game_part(slug: str, lang: str = "") -> str:
    """A page button's game: ``slug``, or ``slug@lang`` when the page shows one of several languages."""
    return f"{slug}@{lang}" if lang else slug


def rules_id(slug: str, page: int, lang: str = "") -> str:
    """The custom_id of a rules page button."""
    return _checked(f"tk:r:{game_part(slug, lang)}:{page}")


def table_choice_id(table: int, option: str) -> str:
    """The custom_id of a lobby select for a table option (the host's)."""
    return _checked(f"tk:o:{table}:{option}")


def hint_id(table: int, token: str, seat: int | None) -> str:
    """The custom_id of a "Hint" button (``seat`` None: the clicker's asked seat)."""
    return _checked(f"tk:i:{table}:{token}:{'-' if seat is None else seat}")


def reclaim_id(table: int) -> str:
    """The custom_id of the "Take my seat back" button."""
    return _checked(f"tk:j:{table}")


#: "Replay" on a finished table message: opens a private viewer of that game.
REPLAY_OPEN = r"tk:v:(?P<table>\d+)"
#: The viewer's First/Back/Forward/Last and jump-menu page buttons: table, verb (f, b, n, l, p;
#: it keeps two buttons that lead to one step apart; r and t are the review page's way back to
#: the replay and to a turning point), step to show, seat shown ("-" for the viewer's own or the
#: public view) and the jump menu's page.
REPLAY_STEP = r"tk:vs:(?P<table>\d+):(?P<verb>[fbnlprt]):(?P<step>\d+):(?P<seat>\d+|-):(?P<page>\d+)"
#: The viewer's jump menu (option values are step numbers): table and seat shown.
REPLAY_JUMP = r"tk:vj:(?P<table>\d+):(?P<seat>\d+|-)"
#: The viewer's seat menu (option values are seats): table and step shown.
REPLAY_SEAT = r"tk:vw:(?P<table>\d+):(?P<step>\d+)"
#: /stats' menu of a player's last games (option values are table ids).
REPLAY_PICK = r"tk:vp"
#: "Review" in a finished game's viewer: table, and the step and seat to come back to.
REVIEW_OPEN = r"tk:vr:(?P<table>\d+):(?P<step>\d+):(?P<seat>\d+|-)"
#: /stats' menu of a player's last games that can be reviewed (option values are table ids).
REVIEW_PICK = r"tk:vq"


def replay_open_id(table: int) -> str:
    """The custom_id of the "Replay" button on a finished table message."""
    return _checked(f"tk:v:{table}")


def _seat_part(seat: int | None) -> str:
    return "-" if seat is None else str(seat)


def replay_step_id(table: int, verb: str, step: int, seat: int | None, page: int) -> str:
    """The custom_id of a replay viewer's step or jump-page button."""
    return _checked(f"tk:vs:{table}:{verb}:{step}:{_seat_part(seat)}:{page}")


def replay_jump_id(table: int, seat: int | None) -> str:
    """The custom_id of a replay viewer's jump menu."""
    return _checked(f"tk:vj:{table}:{_seat_part(seat)}")


def replay_seat_id(table: int, step: int) -> str:
    """The custom_id of a replay viewer's seat menu."""
    return _checked(f"tk:vw:{table}:{step}")


def replay_pick_id() -> str:
    """The custom_id of /stats' menu of games to replay."""
    return REPLAY_PICK


def review_open_id(table: int, step: int, seat: int | None) -> str:
    """The custom_id of a finished game's "Review" button in its viewer."""
    return _checked(f"tk:vr:{table}:{step}:{_seat_part(seat)}")


def review_pick_id() -> str:
    """The custom_id of /stats' menu of games to review."""
    return REVIEW_PICK
