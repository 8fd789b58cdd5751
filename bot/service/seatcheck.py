"""Early check of a player's per-seat choices: a throwaway deal tells them now, not at start.

Many choices (a deck code, a list of card names) are only checked by the game's ``setup``, so
without this a typo would surface when the host presses Start. The trial deal uses the lobby as
it stands, and only refusals about the options this seat just changed are reported: a gap or
fault elsewhere (another seat's missing deck, a table option) is for ``start`` to explain.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from engines.core import GameConfig, ModeSpec, Ruleset, SetupError
from engines.core.types import OptionValue

log = logging.getLogger("tablekeeper.service")

#: engines name a seat at the start of a message ("Seat 2: ...", "Seat 2's deck: ...")
_SEAT_PREFIX = re.compile(r"^Seat (\d+)\b")
TRIAL_SEED = 0


def trial_players(mode: ModeSpec, seated: int) -> int:
    """The seat count of the trial deal: the lobby's own, or the nearest the mode allows."""
    if seated in mode.players:
        return seated
    bigger = [n for n in mode.players if n >= seated]
    return min(bigger) if bigger else max(mode.players)


def trial_seats(
    mode: ModeSpec,
    seats: Sequence[Mapping[str, OptionValue]],
    seat: int,
    changed: Collection[str],
    players: int,
) -> tuple[list[dict[str, OptionValue]], set[int]]:
    """Every seat's options for the trial, and the seats that borrowed this seat's text choices.

    A seat that has not filled in a text option (e.g. its deck code yet) borrows this seat's
    value, so its gap cannot stop the trial before it reaches this seat's choice.
    """
    mine = seats[seat]
    texts = [
        name
        for name in changed
        if (spec := mode.option_spec(name)) is not None
        and spec.kind == "text"
        and str(mine.get(name, "") or "").strip()
    ]
    trial: list[dict[str, OptionValue]] = []
    borrowed: set[int] = set()
    for index in range(players):
        own = dict(seats[index]) if index < len(seats) else {}
        if index != seat:
            for name in texts:
                if not str(own.get(name, "") or "").strip():
                    own[name] = mine[name]
                    borrowed.add(index)
        trial.append(own)
    return trial, borrowed


def check_seat_choices(
    ruleset: Ruleset[Any, Any],
    mode_name: str,
    table_options: Mapping[str, OptionValue],
    seats: Sequence[Mapping[str, OptionValue]],
    seat: int,
    changed: Collection[str],
) -> None:
    """Deal a throwaway game; raise the game's ``SetupError`` if it refuses ``seat``'s ``changed`` options."""
    mode = ruleset.mode(mode_name)
    players = trial_players(mode, len(seats))
    if seat >= players:
        return  # more seats than any deal allows: start() explains that
    trial, borrowed = trial_seats(mode, seats, seat, changed, players)
    try:
        ruleset.setup(GameConfig(mode_name, players, dict(table_options), tuple(trial)), TRIAL_SEED)
    except SetupError as error:
        if error.option not in changed:
            return
        message = error.message
        named = _SEAT_PREFIX.match(message)
        if named is not None:
            other = int(named[1]) - 1
            if other in borrowed:
                # The refused value is this seat's, lent to another seat for the trial.
                message = f"Seat {seat + 1}" + message[named.end() :]
            elif other != seat:
                return  # another seat's own choice: not this player's to fix
        raise SetupError(message, option=error.option) from None
    except Exception as exc:  # a fault in a trial deal must not block the lobby; start() meets it
        log.warning("trial deal of %s failed: %s", ruleset.slug, type(exc).__name__)
