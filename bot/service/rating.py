"""How one finished game moves ratings: sides, places and openskill's PlackettLuce update.

Pure: no database. The final commit (``bot.service.pipeline``) and ``ratings rebuild``
(``bot.service.ratings``) both call :func:`rate` with the game and the ratings it touches, so an
incremental update and a rebuild compute the very same floats.

Who is rated: every person (by Discord id), every bot level of the game ("bot:hard") and every
automaton the rules play ("auto:the Clad (solo)", per difficulty where there is one). The sides
come from the game's ``Ruleset.teams`` (a team is rated as a team) and the places from the outcome
ranking; a person who forfeited, left or timed out leaves their team and takes last place alone.
The automaton is placed by ``Ruleset.automaton_result``: above every side when it won, level
with the best side on a tie, below the sides that finished otherwise.

Each game is rated on the board "everywhere" (``*``) and, in a server, on that server's current
season ("g<server>:s<season>"), each for the game as a whole (mode "") and for its mode.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import msgspec
from openskill.models import PlackettLuce

from engines import registry
from engines.core import GameConfig, Outcome

#: openskill's PlackettLuce with its defaults (μ 25, σ 25/3, β σ/2, τ σ/100)
MODEL = PlackettLuce()
#: the shown number is openskill's ordinal, Z × (μ − 3σ) + TARGET: a newcomer (μ 25, σ 8.33) shows
#: 1000 and climbs as games make the estimate surer; a settled average player (σ about 1.5) sits
#: near 1500, and each point of μ is worth 24.
Z, ALPHA, TARGET = 3.0, 24.0, 1000.0
EVERYWHERE = "*"
WHOLE_GAME = ""
PERSON, BOT, AUTO = "person", "bot", "auto"
#: the place given to a seat that gave up: after every side that played on
_GAVE_UP = 1_000_000


def shown(mu: float, sigma: float) -> int:
    """The number players see for a rating (see ``ALPHA``/``TARGET``)."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(z=Z, alpha=ALPHA, target=TARGET))


def season_board(guild_id: int, season: int) -> str:
    """The board key of a server's season."""
    return f"g{guild_id}:s{season}"


def boards(guild_id: int | None, season: int) -> tuple[str, ...]:
    """The boards a game finished in ``guild_id`` (None: in DMs) counts on."""
    return (EVERYWHERE,) if guild_id is None else (EVERYWHERE, season_board(guild_id, season))


def person_key(user_id: int) -> str:
    """The entity key of a person."""
    return f"u{user_id}"


@dataclass(frozen=True)
class SeatResult:
    """One ``results`` row, as rating needs it."""

    seat: int
    user_id: int | None
    bot: str | None
    name: str
    rank: int
    won: bool
    forfeit: bool


@dataclass(frozen=True)
class RatedGame:
    """A finished game to rate: what ``rated_games``, ``tables`` and ``results`` say about it."""

    table_id: int
    guild_id: int | None
    season: int
    game: str
    mode: str
    at: float  # when it was rated (``rated_games.rated_at``)
    config: Mapping[str, Any]
    outcome: Mapping[str, Any]
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True)
class Entity:
    """Someone rated: a person, a bot level or an automaton."""

    key: str
    kind: str
    user_id: int | None
    name: str


#: (board, game, mode, entity key): one ``ratings`` row
Key = tuple[str, str, str, str]


@dataclass(frozen=True)
class Standing:
    """One ``ratings`` row's values."""

    kind: str
    user_id: int | None
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    updated_at: float

    @property
    def shown(self) -> int:
        """The number players see."""
        return shown(self.mu, self.sigma)


@dataclass(frozen=True)
class Moved:
    """What a game did to one rating: the shown number before and after, and whether it won."""

    key: Key
    user_id: int | None
    before: int
    after: int
    won: bool


def fresh(entity: Entity, at: float) -> Standing:
    """The rating of someone never rated on a board."""
    start = MODEL.rating()
    return Standing(entity.kind, entity.user_id, entity.name, start.mu, start.sigma, 0, 0, at)


def _entity(row: SeatResult) -> Entity:
    # A person who left is still the person (a bot only finished their seat): they take the result.
    if row.user_id is not None:
        return Entity(person_key(row.user_id), PERSON, row.user_id, row.name)
    level = row.bot or "bot"
    return Entity(f"bot:{level}", BOT, None, f"{level.capitalize()} bot")


@dataclass(frozen=True)
class Side:
    """Who played on one side and the place it took (lower is better)."""

    members: tuple[Entity, ...]
    place: int
    won: bool


def sides(game: RatedGame) -> list[Side]:
    """The sides of ``game`` with their places; fewer than two (or no person) means it is not rated."""
    ruleset = registry.get(game.game)
    config = msgspec.convert(dict(game.config), GameConfig)
    outcome = msgspec.convert(dict(game.outcome), Outcome, strict=False)
    by_seat = {row.seat: row for row in game.seats}
    out: list[Side] = []
    seen: set[str] = set()

    def add(rows: Sequence[SeatResult], place: int) -> None:
        # The same entity twice at one table (two "hard" bots) is rated once, from its first seat.
        members = []
        for row in rows:
            entity = _entity(row)
            if entity.key not in seen:
                seen.add(entity.key)
                members.append(entity)
        if members:
            out.append(Side(tuple(members), place, any(r.won for r in rows)))

    gave_up: list[SeatResult] = []
    for team in ruleset.teams(config):
        rows = [by_seat[s] for s in team if s in by_seat]
        playing = [r for r in rows if not r.forfeit]
        gave_up += [r for r in rows if r.forfeit]
        if playing:
            add(playing, 2 * min(r.rank for r in playing))
    name = ruleset.automaton(config)
    if name:
        result = ruleset.automaton_result(config, outcome)
        places = [side.place for side in out]
        place = 0 if result > 0 else min(places, default=2) if result == 0 else max(places, default=0) + 1
        out.append(Side((Entity(f"auto:{name}", AUTO, None, name),), place, result > 0))
    for row in gave_up:
        add([row], _GAVE_UP)
    if len(out) < 2 or not any(m.kind == PERSON for side in out for m in side.members):
        return []
    return out


def keys(game: RatedGame, entities: Sequence[Entity]) -> list[Key]:
    """Every rating row ``game`` touches, sorted (the order rows are locked in)."""
    modes = (WHOLE_GAME, game.mode)
    return sorted(
        (board, game.game, mode, e.key)
        for board in boards(game.guild_id, game.season)
        for mode in modes
        for e in entities
    )


def rate(
    game: RatedGame, played: Sequence[Side], current: Mapping[Key, Standing]
) -> tuple[dict[Key, Standing], list[Moved]]:
    """The new standings of everyone in ``played`` on every board and mode, and what moved.

    ``current`` holds the standings before the game (someone missing starts fresh).
    """
    new: dict[Key, Standing] = {}
    moved: list[Moved] = []
    ranks = [float(side.place) for side in played]
    for board in boards(game.guild_id, game.season):
        for mode in (WHOLE_GAME, game.mode):
            before = [
                [current.get((board, game.game, mode, m.key)) or fresh(m, game.at) for m in side.members]
                for side in played
            ]
            teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in before]
            after = MODEL.rate(teams, ranks=ranks)
            for side, olds, news in zip(played, before, after, strict=True):
                for member, old, rating in zip(side.members, olds, news, strict=True):
                    key = (board, game.game, mode, member.key)
                    standing = replace(
                        old,
                        name=member.name,
                        mu=rating.mu,
                        sigma=rating.sigma,
                        games=old.games + 1,
                        wins=old.wins + (1 if side.won else 0),
                        updated_at=game.at,
                    )
                    new[key] = standing
                    moved.append(Moved(key, member.user_id, old.shown, standing.shown, side.won))
    return new, moved
