"""Early check of a player's per-seat choices: the game tells them now, not when the host starts.

Many choices (a deck code, a list of card names) are only understood by the game, so without this
a typo would surface when the host presses Start. ``Ruleset.check_seat`` runs the game's own seat
check, the one ``setup`` runs for every seat, without dealing a game. Only refusals of this seat's
own choices (the error's ``seat``) about the options it just changed are reported: a gap or fault
elsewhere (another seat's missing deck, a table option) is for ``start`` to explain.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping, Sequence

from engines.core import AnyRuleset, ContentError, GameConfig, ModeSpec, SetupError
from engines.core.types import OptionValue

log = logging.getLogger("tablekeeper.service")


def lobby_players(mode: ModeSpec, seated: int) -> int:
    """The seat count to check against: the lobby's own, or the nearest the mode allows."""
    if seated in mode.players:
        return seated
    bigger = [n for n in mode.players if n >= seated]
    return min(bigger) if bigger else max(mode.players)


def check_seat_choices(
    ruleset: AnyRuleset,
    mode_name: str,
    table_options: Mapping[str, OptionValue],
    seats: Sequence[Mapping[str, OptionValue]],
    seat: int,
    changed: Collection[str],
) -> None:
    """Raise the game's ``SetupError`` if it refuses ``seat``'s ``changed`` options."""
    players = lobby_players(ruleset.mode(mode_name), len(seats))
    if seat >= players:
        return  # more seats than any game allows: start() explains that
    config = GameConfig(mode_name, players, dict(table_options), tuple(dict(s) for s in seats[:players]))
    try:
        ruleset.check_seat(config, seat)
    except SetupError as error:
        if error.seat == seat and error.option in changed:
            raise
    except Exception as exc:  # a fault in a game's check must not block the lobby; start() meets it
        # a broken data file says where it is broken; other faults only their kind (no game state)
        reason = str(exc.for_game(ruleset.title)) if isinstance(exc, ContentError) else type(exc).__name__
        log.warning("seat check of %s failed: %s", ruleset.slug, reason)
