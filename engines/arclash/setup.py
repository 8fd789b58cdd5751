"""Setting up a game: each seat's deck (a deck code, a named starter, or one by seat) and the deal."""

from __future__ import annotations

from engines.arclash.decks import check_deck, decode_deck, starters
from engines.arclash.state import ArclashState, SeatState
from engines.core.errors import SetupError
from engines.core.rng import seed_state
from engines.core.types import GameConfig


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
