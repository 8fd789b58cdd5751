"""Formats: preconstructed decks, the draft (with the book's pick orders) and Constructed decks."""

from __future__ import annotations

from engines.clashofdecks.content import Catalog
from engines.clashofdecks.ctx import Ctx
from engines.clashofdecks.deckcode import parse_deck
from engines.clashofdecks.state import ClashState, Draft
from engines.core.errors import SetupError
from engines.core.rng import Rng
from engines.core.types import GameConfig, counted, listed

#: pick orders per round; letters are kingdoms (A = kingdom 0), '*' hands the card to the AI pool
DRAFT_PATTERNS: dict[str, tuple[str, ...]] = {
    "duel": ("ABBA", "BAAB") * 2,  # 4 rounds give each player 8 cards; 16 stay in the box
    "ffa": ("ABCDDCBA", "BCDAADCB", "CDABBADC", "DABCCBAD"),
    "2v2": ("ABCDDCBA", "BCDAADCB", "CDABBADC", "DABCCBAD"),
    "solo": ("A***",) * 8,
    "coop": ("AB******", "BA******") * 4,
}
#: cards in the draft pile: 32 for two or four players and solo, 64 for co-op
DRAFT_PILE = {"duel": 32, "ffa": 32, "2v2": 32, "solo": 32, "coop": 64}


def check_seat(cat: Catalog, config: GameConfig, seat: int, fmt: str) -> None:
    """Refuse ``seat``'s deck choices that the format ignores or forbids, or that break the deck rules.

    The one check of a seat's deck, run for every seat before a deal and for one seat in the lobby.
    """
    code = str(config.seat_option(seat, "deck_code", "") or "")
    pick = config.seat_option(seat, "deck", "auto")
    # A per-player choice the format would ignore is refused, so nobody thinks their deck is in play.
    if fmt != "constructed" and code.strip():
        raise SetupError(
            f"Seat {seat + 1} gave a deck code, but deck codes are for the Constructed format "
            f"(this table plays {fmt}).",
            option="deck_code",
            seat=seat,
        )
    if fmt != "precon" and pick not in (None, "auto"):
        raise SetupError(
            f"Seat {seat + 1} chose a preconstructed deck, but this table plays {fmt}.",
            option="deck",
            seat=seat,
        )
    if fmt == "precon" and pick not in (None, "auto"):
        # Every deck exists once: the seat taking one another seat holds is refused.
        seats = [s for s in range(config.players) if config.seat_option(s, "deck", "auto") == pick]
        if len(seats) > 1:
            raise SetupError(
                f"Seats {listed([str(s + 1) for s in seats])} {'both' if len(seats) == 2 else 'all'} chose "
                f"{cat.deck(str(pick)).name}; "
                "each preconstructed deck can be used by one player only.",
                option="deck",
                seat=seat,
            )
    if fmt == "constructed":
        constructed_deck(cat, config, seat)


#: modes whose "auto" seats are dealt the free decks at random (see ``precon_decks``)
DEALT_DECK_MODES = ("ffa", "2v2")


def precon_decks(cat: Catalog, config: GameConfig, players: int, rng: Rng | None = None) -> list[list[str]]:
    """Each player's preconstructed deck (card ids); choices were checked by ``check_seat``.

    Seats left on "auto" take the decks nobody chose: in catalogue order, or dealt at random when
    ``rng`` is given. The four-kingdom games deal them: with a fixed order a seat would always hold
    the same deck and always sit between the same two decks, so a seat's chances would be that
    deck's chances in that one seating (in bot play seat 4 won 1-6% of free-for-alls that way).
    """
    chosen: list[str | None] = []
    for seat in range(players):
        pick = config.seat_option(seat, "deck", "auto")
        chosen.append(None if pick in (None, "auto") else str(pick))
    taken = [d for d in chosen if d]
    free = [d.id for d in cat.decks if d.id not in taken]
    if rng is not None:
        rng.shuffle(free)
    result = []
    for pick in chosen:
        deck_id = pick if pick else free.pop(0)
        result.append(list(cat.deck(deck_id).cards))
    return result


def constructed_deck(cat: Catalog, config: GameConfig, seat: int) -> list[str]:
    """One player's own deck from their deck code (or list of names); refusals name the seat."""
    code = str(config.seat_option(seat, "deck_code", "") or "")
    if not code.strip():
        raise SetupError(
            f"Seat {seat + 1} needs a deck code for the Constructed format (per-player option deck_code).",
            option="deck_code",
            seat=seat,
        )
    try:
        return parse_deck(cat, code, f"Seat {seat + 1}'s deck")
    except SetupError as error:
        raise SetupError(error.message, option=error.option, seat=seat) from None


def constructed_decks(cat: Catalog, config: GameConfig, players: int) -> list[list[str]]:
    """Each player's own deck from their deck code (or list of names)."""
    return [constructed_deck(cat, config, seat) for seat in range(players)]


def start_draft(state: ClashState, pile: list[str]) -> None:
    """Put the shuffled draft pile on the table; the first round is revealed by ``advance_draft``."""
    state.draft = Draft(
        pile=pile,
        row=[],
        patterns=list(DRAFT_PATTERNS[state.mode]),
        round=-1,
        picks=[[] for _ in state.kingdoms],
    )


def _picker(letter: str) -> int:
    """Kingdom index for a pattern letter ('*' = AI pool)."""
    return -1 if letter == "*" else ord(letter) - ord("A")


def advance_draft(ctx: Ctx) -> bool:
    """Make automatic picks and reveal rounds until a player must pick; True when the draft is done."""
    draft = ctx.state.draft
    assert draft is not None
    while True:
        if not draft.order:
            if draft.round + 1 >= len(draft.patterns):
                return True
            draft.round += 1
            pattern = draft.patterns[draft.round]
            draft.row = [draft.pile.pop() for _ in range(len(pattern))]
            draft.order = [_picker(ch) for ch in pattern]
            names = ", ".join(ctx.card(i).name for i in draft.row)
            ctx.report("draft_row", f"Draft round {draft.round + 1}: revealed {names}.")
        who = draft.order[0]
        if who == -1:
            draft.ai_pool.extend(draft.row)
            ctx.report("draft_ai", f"The AI takes the remaining {counted(len(draft.row), 'card')}.")
            draft.row = []
            draft.order = []
            continue
        if len(draft.row) == 1:
            take(ctx, who, draft.row[0])
            continue
        return False


def take(ctx: Ctx, k: int, iid: str) -> None:
    """Kingdom ``k`` takes card ``iid`` from the row (picks stay face up for everyone)."""
    draft = ctx.state.draft
    assert draft is not None
    draft.row.remove(iid)
    draft.picks[k].append(iid)
    draft.order.pop(0)
    ctx.report("draft_pick", f"{ctx.name(k)} takes {ctx.card(iid).name}.", kingdom=k)
