"""Setting up a game: the mode and its options, each seat's deck (a code, a starter, or by seat), the deal."""

from __future__ import annotations

from engines.arclash.decks import check_deck, decode_deck, starters
from engines.arclash.state import ArclashState, SeatState
from engines.core.errors import SetupError
from engines.core.rng import seed_state
from engines.core.types import GameConfig, ModeSpec, OptionSpec

SCORE_HELP = (
    "Points needed to win. 10 is a short game, 15 the usual, 20 a long one; "
    "any whole number from 3 to 100 may be agreed instead."
)


def mode_specs() -> tuple[ModeSpec, ...]:
    """The one mode, its score target and each seat's deck choice (a starter or a deck code)."""
    names = ("auto", *starters())
    return (
        ModeSpec(
            "standard",
            "Standard",
            (2, 3, 4, 5, 6),
            "Everyone plays at once: seal advancements, back your character with supports, "
            "and the strongest character in each battle scores.",
            (
                OptionSpec("score", SCORE_HELP, 15, kind="int", minimum=3, maximum=100),
                OptionSpec(
                    "deck",
                    "Your starter deck: "
                    + ", ".join(f"{d.name} ({d.title})" for d in starters().values())
                    + "; auto gives each seat a different one.",
                    "auto",
                    kind="choice",
                    choices=names,
                    per_seat=True,
                ),
                OptionSpec(
                    "deck_code",
                    "A shared deck code (ARC1-...) for a deck of your own; it takes the place of deck.",
                    "",
                    kind="text",
                    per_seat=True,
                ),
            ),
        ),
    )


def deck_for(config: GameConfig, seat: int) -> tuple[str, dict[str, int]]:
    """The deck name and card counts a seat plays with (code, named starter, or by seat).

    The one check of a seat's deck: the deal and the lobby (``check_seat``) both come here.
    """
    code = str(config.seat_option(seat, "deck_code", "") or "")
    if code:
        try:
            return "custom", decode_deck(code)
        except SetupError as exc:
            raise SetupError(f"Seat {seat + 1}: {exc.message}", option="deck_code", seat=seat) from exc
    name = str(config.seat_option(seat, "deck", "auto"))
    decks = list(starters().values())
    deck = decks[seat % len(decks)] if name == "auto" else starters()[name]
    try:
        check_deck(deck.cards, f"Seat {seat + 1}'s deck")
    except SetupError as exc:
        raise SetupError(exc.message, option=exc.option, seat=seat) from exc
    return deck.name, deck.cards


def deal(config: GameConfig, seed: int) -> ArclashState:
    """The state before the opening: every seat's 30 cards numbered in its deck, nothing drawn yet."""
    seats: list[SeatState] = []
    ids: dict[str, str] = {}
    for seat in range(config.players):
        name, counts = deck_for(config, seat)
        deck: list[str] = []
        for card_id in sorted(counts):
            for _ in range(counts[card_id]):
                iid = f"c{seat}-{len(deck):02d}"
                ids[iid] = card_id
                deck.append(iid)
        seats.append(SeatState(deck_name=name, deck=deck, deck_list=dict(counts)))
    return ArclashState(
        players=config.players,
        target=int(config.option("score")),
        seats=seats,
        ids=ids,
        rng=seed_state(seed),
    )
