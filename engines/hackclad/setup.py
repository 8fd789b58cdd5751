"""Setting up a game (book 4): witches and seats, decks, the Clad deck, missions, then the start.

``deal`` makes the state the mission draft (or the first-game missions) starts from; ``begin`` runs
once everyone has chosen their missions and enhanced cards.
"""

from __future__ import annotations

from engines.core.errors import SetupError
from engines.core.rng import Rng
from engines.core.types import GameConfig
from engines.hackclad import grid
from engines.hackclad.cards import card_id
from engines.hackclad.content import content
from engines.hackclad.ctx import Ctx
from engines.hackclad.rounds import clad_pool, entry_facing
from engines.hackclad.seats import team_owners
from engines.hackclad.state import HackState, SeqSlot, Task, WitchState

WITCHES = ("rosette", "flare", "luna", "mia", "amelia")


def check_seat(config: GameConfig, seat: int) -> None:
    """A second witch is one person running two: only a two-player team match has them."""
    if (
        config.seat_option(seat, "witch2") is not None
        and len(team_owners(config.mode, config.players)) == config.players
    ):
        raise SetupError(
            "witch2 is only for a two-player team match (one person, two witches).",
            option="witch2",
            seat=seat,
        )


#: the witches the book recommends for a first game; "auto" seats are dealt these before Amelia
FIRST_GAME_WITCHES = ("rosette", "flare", "luna", "mia")


def auto_witches(taken: set[str], witches: int, rng: Rng) -> list[str]:
    """The witches left for seats on "auto", in the order those seats take them.

    With one witch (solo) it is the first free one in the book's order. With several they are dealt
    at random from the free witches the book recommends for a first game (Amelia, the technical
    one, comes after them). Handed out in a fixed order, seat 1 always played Rosette and seat 2
    Flare, so a seat's share of wins was one witch's share (seat 2 won 15% of four-player games).
    """
    spare = [w for w in WITCHES if w not in taken]
    if witches < 2:
        return spare
    recommended = [w for w in spare if w in FIRST_GAME_WITCHES]
    rng.shuffle(recommended)
    return recommended + [w for w in spare if w not in FIRST_GAME_WITCHES]


def deal(config: GameConfig, seed: int) -> HackState:
    """Witches, entry points, decks, the Clad deck (book 4; solo 11.2.1) and the missions on offer."""
    n = config.players
    owners = team_owners(config.mode, n)
    chosen = []
    for witch, seat in enumerate(owners):
        second = witch >= n  # a two-player team match: witches 3 and 4 are the seats' second witches
        chosen.append(config.seat_option(seat, "witch2" if second else "witch", "auto"))
    taken = {w for w in chosen if w != "auto"}
    # The deal has its own generator, so every other draw of the game stays what the seed made it.
    spare = auto_witches(taken, len(owners), Rng(seed).fork())
    witches = []
    for w in chosen:
        if w == "auto":
            if not spare:
                raise SetupError("Not enough witches left to assign automatically.", option="witch")
            w = spare.pop(0)
        witches.append(w)
    st = HackState(
        mode=config.mode,
        players=n,
        owners=owners,
        expert=bool(config.option("expert")),
        rng=seed,
        witches=[WitchState(witch=w) for w in witches],
        field=[0] * grid.CELLS,
        turn_slots=[SeqSlot() for _ in range(4)],
        standby=[SeqSlot() for _ in range(4)],
        markers=[False] * 4 if config.mode == "solo" else [],
    )
    rng = Rng(seed)
    for seat, w in enumerate(st.witches):
        w.deck = [card_id(seat, i) for i in range(8)]
        w.enhanced = [card_id(seat, i) for i in range(8, 16)]
        w.pos = grid.ENTRIES[seat]
        w.facing = entry_facing(w.pos)
    if st.mode == "solo":
        # Solo change 1: voltage 1 and 2 together, three set aside unseen, six make the deck.
        pool = clad_pool(st, 1) + clad_pool(st, 2)
        rng.shuffle(pool)
        st.clad_reserve, st.clad_deck = pool[:3], pool[3:]
    else:
        st.clad_deck = clad_pool(st, 1)
        rng.shuffle(st.clad_deck)
    if config.option("missions") == "first_game":
        for w in st.witches:
            w.missions = list(content().witches[w.witch].first_game)
        st.phase = "enhanced"
    else:
        offer = list(content().mission_order)
        rng.shuffle(offer)
        st.offer = sorted(offer[:10], key=content().mission_order.index)
        st.draft_order = list(range(len(owners))) + list(reversed(range(len(owners))))
    st.rng = rng.state
    return st


def begin(ctx: Ctx) -> None:
    """Everyone has chosen: shuffle decks, put the first turn cards on standby, start round 1."""
    st = ctx.state
    st.phase = "play"
    for seat, w in enumerate(st.witches):
        ctx.rng.shuffle(w.deck)
        st.standby[seat] = SeqSlot(seat=seat, card=w.deck.pop(0))
    ctx.say("start", "The witches take their places; the Clad stirs in the middle of the field.")
    ctx.push(Task(kind="round"))
