"""The five modes: seat counts, options, and the table layout (kingdoms, lines, turn order, teams)."""

from __future__ import annotations

import msgspec

from engines.clashofdecks.content import catalog
from engines.core.types import ModeSpec, OptionSpec

FORMAT = OptionSpec(
    "format",
    "Deck format: preconstructed decks, a draft, or your own 8-card decks",
    "precon",
    choices=("precon", "draft", "constructed"),
)
SUDDEN_DEATH = OptionSpec(
    "sudden_death",
    "House rule, not in the book (0 = off, the default): from this turn on, every turn starts with "
    "1 damage to the active Stronghold",
    0,
    kind="int",
    minimum=0,
    maximum=500,
)
CHAMPION = OptionSpec("champion", "Play with the Champion module (Draft or Constructed)", False, kind="bool")


def _seat_options() -> tuple[OptionSpec, ...]:
    """Per-player choices: a preconstructed deck, a deck code, a Champion."""
    cat = catalog()
    return (
        OptionSpec(
            "deck",
            "Your preconstructed deck (auto: one nobody chose; at four players dealt at random)",
            "auto",
            choices=("auto", *(d.id for d in cat.decks)),
            per_seat=True,
        ),
        OptionSpec(
            "deck_code",
            "Your Constructed deck: a code (CD1-...) or 8 card names",
            "",
            kind="text",
            per_seat=True,
        ),
        OptionSpec(
            "champion_card",
            "Your Champion (Champion module)",
            "auto",
            choices=("auto", *cat.champions),
            per_seat=True,
        ),
    )


def _ai_options() -> tuple[OptionSpec, ...]:
    """Custom play: the difficulty level and how its points are spent."""
    return (
        OptionSpec(
            "difficulty",
            "AI level: 0 quick play, 1-10 custom play (spend exactly that many points; "
            "a Champion makes the game count 2 levels lower)",
            0,
            kind="int",
            minimum=0,
            maximum=10,
        ),
        OptionSpec(
            "ai_fixed_mana",
            "AI fixed mana each turn (1 point per mana above 6)",
            6,
            kind="int",
            minimum=6,
            maximum=10,
        ),
        OptionSpec(
            "ai_mana_per_creature",
            "AI mana per creature you have in play (2 costs 2 points)",
            1,
            kind="int",
            minimum=1,
            maximum=2,
        ),
        OptionSpec("ai_first", "The AI plays first (1 point)", False, kind="bool"),
        OptionSpec(
            "ai_resistance", "Attacks on the AI deck pile mill only 1 card (2 points)", False, kind="bool"
        ),
        OptionSpec(
            "ai_abilities",
            "Abilities every AI creature gains, comma-separated (priced per ability)",
            "",
            kind="text",
        ),
    )


def mode_specs() -> tuple[ModeSpec, ...]:
    """The ModeSpecs the Ruleset publishes."""
    seats = _seat_options()
    ai = _ai_options()
    return (
        ModeSpec(
            "solo",
            "Solo",
            (1,),
            "You against the AI kingdom (quick or custom play).",
            (FORMAT, CHAMPION, SUDDEN_DEATH, *ai, *seats),
            automata="the AI kingdom",
        ),
        ModeSpec(
            "duel", "Duel", (2,), "Two Lord-Sorcerers, two lines.", (FORMAT, CHAMPION, SUDDEN_DEATH, *seats)
        ),
        ModeSpec(
            "coop",
            "Co-op",
            (2,),
            "Two players side by side against two AI kingdoms.",
            (FORMAT, CHAMPION, SUDDEN_DEATH, *ai, *seats),
            automata="two AI kingdoms",
        ),
        ModeSpec(
            "ffa",
            "Free-for-all",
            (4,),
            "Four kingdoms, a line to each neighbour; whoever fells a Fort wins.",
            (FORMAT, CHAMPION, SUDDEN_DEATH, *seats),
        ),
        ModeSpec(
            "2v2",
            "2 vs 2",
            (4,),
            "Two teams; partners sit opposite each other.",
            (FORMAT, CHAMPION, SUDDEN_DEATH, *seats),
        ),
    )


class Layout(msgspec.Struct, frozen=True):
    """Where everyone sits: seat per kingdom (-1 AI), teams, turn ring and lines between kingdoms."""

    seats: tuple[int, ...]
    teams: tuple[int, ...]
    ring: tuple[int, ...]
    lines: tuple[tuple[int, int], ...]  # (left kingdom, right kingdom) per line
    kingdom_lines: tuple[tuple[int, int], ...]  # (upper, lower) per kingdom


def layout(mode: str) -> Layout:
    """The table for ``mode``. Four kingdoms sit in a ring: each one's upper line is shared with the
    next kingdom in turn order and its lower line with the previous one (as the book places A-B, A-D,
    C-D, C-B); co-op alternates players and AI kingdoms so each player faces both AIs."""
    seats: tuple[int, ...]
    teams: tuple[int, ...]
    ring: tuple[int, ...]
    if mode in ("solo", "duel"):
        seats = (0, -1) if mode == "solo" else (0, 1)
        return Layout(seats, (0, 1), (0, 1), ((0, 1), (0, 1)), ((0, 1), (0, 1)))
    if mode == "coop":
        seats, teams, ring = (0, 1, -1, -1), (0, 0, 1, 1), (0, 2, 1, 3)
    else:
        seats, ring = (0, 1, 2, 3), (0, 1, 2, 3)
        teams = (0, 1, 0, 1) if mode == "2v2" else (0, 1, 2, 3)
    lines = tuple((ring[i], ring[(i + 1) % 4]) for i in range(4))
    per: dict[int, tuple[int, int]] = {ring[i]: (i, (i - 1) % 4) for i in range(4)}
    return Layout(seats, teams, ring, lines, tuple(per[k] for k in range(4)))
