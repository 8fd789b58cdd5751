"""Turning command-line words (``--option KEY=VALUE``, ``--seat-option SEAT:KEY=VALUE``) into a GameConfig."""

from __future__ import annotations

from collections.abc import Sequence

from bot.words import parse_pair
from engines.core import AnyRuleset, GameConfig, SetupError
from engines.core.types import OptionValue


def parse_seat_pair(text: str, players: int) -> tuple[int, str, str]:
    """Split ``SEAT:KEY=VALUE`` (seats count from 1) and check the seat exists."""
    seat_text, sep, rest = text.partition(":")
    if not sep or not seat_text.strip().isdigit():
        raise SetupError(f"--seat-option takes SEAT:KEY=VALUE (e.g. 1:deck=fire), not {text!r}.")
    seat = int(seat_text)
    if not 1 <= seat <= players:
        raise SetupError(f"--seat-option names seat {seat}, but this game has seats 1 to {players}.")
    key, value = parse_pair(rest, "--seat-option")
    return seat - 1, key, value


def default_players(ruleset: AnyRuleset, mode: str) -> int:
    """The seat count used when none is given: the smallest the mode allows."""
    return min(ruleset.mode(mode).players)


def build_config(
    ruleset: AnyRuleset,
    mode: str | None,
    players: int | None,
    options: Sequence[str] = (),
    seat_options: Sequence[str] = (),
) -> GameConfig:
    """Build and validate a config; every refusal is a ``SetupError`` with a readable message."""
    mode_name = mode if mode is not None else ruleset.modes[0].name
    count = players if players is not None else default_players(ruleset, mode_name)
    table: dict[str, OptionValue] = dict(parse_pair(item) for item in options)
    seats: list[dict[str, OptionValue]] = [{} for _ in range(max(count, 0))]
    for item in seat_options:
        seat, key, value = parse_seat_pair(item, count)
        seats[seat][key] = value
    while seats and not seats[-1]:
        seats.pop()
    return ruleset.resolve_config(GameConfig(mode_name, count, table, tuple(seats)))
